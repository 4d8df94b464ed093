"""The speech check that keeps silence and noise away from Whisper, on espeak-ng speech and made-up noise."""

from __future__ import annotations

import time

import numpy as np
import pytest

from app.voice import SAMPLE_RATE, vad
from tests.voice.audio_fixtures import speech

RATE = SAMPLE_RATE


def white_noise(seconds: float, level: float) -> np.ndarray:
    return (np.random.default_rng(7).standard_normal(int(seconds * RATE)) * level).astype(np.float32)


def hum(seconds: float) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    return (0.05 * np.sin(2 * np.pi * 50 * t)).astype(np.float32)  # mains hum through a cheap cable


@pytest.fixture(scope="module")
def question() -> np.ndarray:
    return speech("why is the build red")


def test_a_spoken_question_is_speech(question: np.ndarray) -> None:
    assert vad.has_speech(question)
    assert 0.6 < vad.speech_seconds(question) <= question.size / RATE


def test_a_long_recording_is_judged_by_its_first_speech_not_every_word(question: np.ndarray) -> None:
    # The release waits for this check: with words in the first seconds, the rest is not examined.
    long = np.concatenate([question, np.zeros(RATE, np.float32), white_noise(9.0, 0.05)])
    assert vad.MIN_SPEECH_SECONDS <= vad.speech_seconds(long, vad.MIN_SPEECH_SECONDS) <= vad.speech_seconds(long)
    started = time.process_time()
    for _ in range(5):
        vad.speech_seconds(long, vad.MIN_SPEECH_SECONDS)
    enough_cpu = time.process_time() - started
    started = time.process_time()
    for _ in range(5):
        vad.speech_seconds(long)
    assert enough_cpu < (time.process_time() - started) / 2
    # Speech only at the end of a long hold still counts.
    late = np.concatenate([np.zeros(RATE * 6, np.float32) + white_noise(6.0, 0.0005), question])
    assert vad.has_speech(late)


def test_quiet_speech_over_room_noise_is_still_speech(question: np.ndarray) -> None:
    quiet = question * 0.1 + white_noise(question.size / RATE, 0.003)
    assert vad.has_speech(quiet)


@pytest.mark.parametrize(
    "signal",
    [np.zeros(RATE * 2, np.float32), white_noise(2.0, 0.05), white_noise(2.0, 0.0005), hum(2.0)],
    ids=["digital silence", "hiss", "faint hiss", "hum"],
)
def test_silence_and_noise_are_not_speech(signal: np.ndarray) -> None:
    assert not vad.has_speech(signal)


def test_empty_and_broken_input_is_not_speech() -> None:
    assert vad.speech_seconds(np.zeros(0, np.float32)) == 0.0
    assert not vad.has_speech(np.full(RATE, np.nan, np.float32))


def test_energy_fallback_agrees_on_speech_and_noise(question: np.ndarray) -> None:
    """What decides when the Silero model cannot load."""
    assert vad.energy_speech_seconds(question) >= vad.MIN_SPEECH_SECONDS
    for signal in (np.zeros(RATE * 2, np.float32), white_noise(2.0, 0.05), white_noise(2.0, 0.0005), hum(2.0)):
        assert vad.energy_speech_seconds(signal) < vad.MIN_SPEECH_SECONDS


def test_a_quick_look_hears_where_the_voice_stops(question: np.ndarray) -> None:
    """What tells the streaming transcription that the speaker has just gone quiet."""
    last_sound = int(np.flatnonzero(np.abs(question) > 1e-3)[-1])
    end = vad.voiced_until(question)
    assert end is not None and abs(end - last_sound) < 0.1 * RATE, (end, last_sound)
    silence = np.zeros(RATE, np.float32)
    # Half a second after the last word, a look at the latest half second hears nothing.
    assert vad.voiced_until(np.concatenate([question[: last_sound + 1], silence])[-RATE // 2 :]) is None
    for signal in (silence, white_noise(1.0, 0.05), hum(1.0), np.zeros(0, np.float32)):
        assert vad.voiced_until(signal) is None
