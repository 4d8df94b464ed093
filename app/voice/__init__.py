"""Hotkey, microphone, transcription and speech. Never imports Qt."""

from app.voice import pyav

# Every recording, transcription and speech check works on 16 kHz mono float32 audio: the rate
# Whisper and the Silero VAD were trained at. The microphone is resampled to it on capture.
SAMPLE_RATE = 16_000

# Before anything here imports faster-whisper, which imports PyAV for reading files alone.
pyav.defer()
