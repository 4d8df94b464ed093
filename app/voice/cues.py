"""Short soft tones for "listening started", "listening stopped" and "nothing was heard".

The WAV files under resources/sounds/ are made by `python -m app.voice.cues`; when they
are missing (a trimmed install) the same tones are synthesised at run time.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from app.core import paths

CUES: dict[str, tuple[float, float]] = {  # name → (start Hz, end Hz) of a short glide
    "listen_start": (660.0, 880.0),
    "listen_stop": (880.0, 587.0),
    "nothing_heard": (392.0, 330.0),  # lower than both, after the stop cue: the key was held, no words came
}
DURATION = 0.12
LEVEL = 0.25  # soft: well below speech level


def synthesize(name: str, sample_rate: int) -> np.ndarray:
    """The cue `name` as float32 mono; raises KeyError for an unknown name."""
    start, end = CUES[name]
    count = int(DURATION * sample_rate)
    t = np.arange(count) / sample_rate
    freq = np.linspace(start, end, count)
    phase = 2 * np.pi * np.cumsum(freq) / sample_rate
    envelope = np.sin(np.pi * t / DURATION) ** 2  # no clicks at either end
    return (LEVEL * envelope * np.sin(phase)).astype(np.float32)


def load(name: str, sample_rate: int) -> np.ndarray:
    """The cue from resources/sounds/<name>.wav at `sample_rate`, or synthesised if unusable."""
    path = paths.resources_dir() / "sounds" / f"{name}.wav"
    try:
        with wave.open(str(path), "rb") as wav:
            if wav.getsampwidth() == 2 and wav.getnchannels() == 1 and wav.getframerate() == sample_rate:
                frames = wav.readframes(wav.getnframes())
                return (np.frombuffer(frames, dtype=np.int16).astype(np.float32) / 32768.0).copy()
    except (OSError, EOFError, wave.Error):
        pass
    return synthesize(name, sample_rate)


def write_all(folder: Path, sample_rate: int = 22050) -> list[Path]:
    """Write every cue as a 16-bit mono WAV into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in CUES:
        path = folder / f"{name}.wav"
        samples = np.clip(synthesize(name, sample_rate) * 32767, -32767, 32767).astype(np.int16)
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(sample_rate)
            wav.writeframes(samples.tobytes())
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_all(paths.resources_dir() / "sounds"):
        print(written_path)
