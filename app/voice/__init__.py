"""Hotkey, microphone, transcription and speech. Never imports Qt."""

# Every recording, transcription and speech check works on 16 kHz mono float32 audio: the rate
# Whisper and the Silero VAD were trained at. The microphone is resampled to it on capture.
SAMPLE_RATE = 16_000
