"""Speech for the voice tests: espeak-ng WAVs cached in one folder so every test shares them."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from app.bench.speech import espeak_wav
from app.voice import SAMPLE_RATE
from app.voice.transcriber import read_audio

CACHE = Path(os.environ.get("VDA_TEST_AUDIO_CACHE", Path(tempfile.gettempdir()) / "vda-test-audio"))


def wav(text: str, *, voice: str = "en-us", speed: int = 165) -> Path:
    """A WAV (22.05 kHz mono) of `text`, made once per content and reused."""
    return espeak_wav(text, CACHE, voice=voice, speed=speed)


def speech(text: str, *, pad: float = 0.3) -> np.ndarray:
    """`text` as 16 kHz mono float32, with `pad` seconds of silence either side like a real hold."""
    samples = read_audio(wav(text))
    silence = np.zeros(int(pad * SAMPLE_RATE), np.float32)
    return np.concatenate([silence, samples, silence])


def write_wav(path: Path, samples: np.ndarray, rate: int = SAMPLE_RATE) -> Path:
    import wave

    pcm = np.clip(samples * 32767.0, -32767, 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())
    return path


def words(text: str) -> set[str]:
    return {w.strip(".,!?;:'\"").lower() for w in text.split()}


class MonitorRecording:
    """Records a PulseAudio monitor source with parecord while the block runs."""

    def __init__(self, folder: Path, source: str = "speaker.monitor") -> None:
        if shutil.which("parecord") is None:
            raise RuntimeError("parecord is not installed")
        self.path = folder / f"{source}-{time.monotonic_ns()}.wav"
        self.source = source
        self._proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> MonitorRecording:
        self._proc = subprocess.Popen(
            [
                "parecord",
                f"--device={self.source}",
                "--rate=16000",
                "--channels=1",
                "--format=s16le",
                "--file-format=wav",
                "--latency-msec=20",
                str(self.path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        # Return once parecord really captures: its file grows past the header.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and (not self.path.exists() or self.path.stat().st_size < 4000):
            time.sleep(0.05)
        time.sleep(0.2)
        return self

    def __exit__(self, *_exc: object) -> None:
        assert self._proc is not None
        time.sleep(0.3)
        self._proc.terminate()
        self._proc.wait(timeout=10)

    def samples(self) -> np.ndarray:
        return read_audio(self.path)


def warm_up(player: object) -> None:
    """Start an output stream and wait until the sound server consumes it (0.6-2 s with pulse via ALSA),
    so the playback callback's clock matches what the monitor hears."""
    player.warm()  # type: ignore[attr-defined]
    time.sleep(2.5)


def sound_span(samples: np.ndarray, rate: int = SAMPLE_RATE, threshold: float = 0.02) -> tuple[float, float]:
    """(first, last) second at which 10 ms frames are louder than `threshold` RMS; (0, 0) if none."""
    frame = rate // 100
    count = samples.size // frame
    rms = np.sqrt(np.mean(np.square(samples[: count * frame].reshape(count, frame)), axis=1))
    loud = np.flatnonzero(rms > threshold)
    if loud.size == 0:
        return 0.0, 0.0
    return loud[0] / 100, (loud[-1] + 1) / 100


def likeness(audio: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """How closely each stretch of `audio` as long as `shape` matches it, from 0 to 1 (normalised
    cross-correlation, so the volume does not matter); index i is the stretch starting at sample i."""
    # The energies are differences of a running sum of squares: in float32 rounding would swamp quiet stretches.
    audio = np.asarray(audio, np.float64)
    shape = np.asarray(shape, np.float64)
    shape = shape - shape.mean()
    if audio.size < shape.size:
        return np.zeros(0)
    size = 1 << (audio.size + shape.size).bit_length()
    product = np.fft.irfft(np.fft.rfft(audio, size) * np.conj(np.fft.rfft(shape, size)), size)
    energy = np.concatenate([[0.0], np.cumsum(audio * audio)])
    windows = energy[shape.size :] - energy[: -shape.size]
    return product[: windows.size] / np.sqrt(np.maximum(windows, 1e-12) * np.dot(shape, shape))
