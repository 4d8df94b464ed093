"""The bench's spoken questions: what is played into the microphone ends with the last word."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from app.bench.speech import espeak_wav, without_trailing_silence


def _seconds(path: Path) -> float:
    with wave.open(str(path)) as audio:
        return audio.getnframes() / audio.getframerate()


def _write(path: Path, samples: np.ndarray, rate: int = 22050) -> Path:
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(rate)
        audio.writeframes((samples * 32767).astype(np.int16).tobytes())
    return path


def test_the_silence_after_the_last_word_is_cut(tmp_path: Path) -> None:
    tone = 0.5 * np.sin(2 * np.pi * 220 * np.arange(22050) / 22050)
    wav = _write(tmp_path / "q.wav", np.concatenate([np.zeros(2205), tone, np.zeros(11025)]))
    trimmed = without_trailing_silence(wav)
    assert abs(_seconds(trimmed) - (1.1 + 0.02)) < 0.002
    assert _seconds(wav) == 1.6  # the original is left as it was


def test_espeak_questions_end_with_their_last_word(tmp_path: Path) -> None:
    wav = espeak_wav("Why is the build red?", tmp_path)
    cut = _seconds(wav) - _seconds(without_trailing_silence(wav))
    assert 0.2 < cut < 0.5, cut  # espeak-ng ends its files with about a third of a second of quiet
