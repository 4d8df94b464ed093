"""Rate conversion and the level meter, on tones and espeak-ng speech (no sound device needed)."""

from __future__ import annotations

import wave

import numpy as np
import pytest

from app.voice.audio import level_of
from app.voice.resampler import Resampler, resample
from tests.voice.audio_fixtures import wav

OUT = 16_000


def tone(freq: float, rate: int, seconds: float = 1.0, amplitude: float = 0.5) -> np.ndarray:
    return (amplitude * np.sin(2 * np.pi * freq * np.arange(int(rate * seconds)) / rate)).astype(np.float32)


def amplitude_at(samples: np.ndarray, freq: float, rate: int = OUT) -> float:
    """Amplitude of one frequency, measured away from the edges."""
    middle = samples[rate // 10 : -rate // 10]
    t = np.arange(middle.size) / rate
    return float(2 * abs(np.mean(middle * np.exp(-2j * np.pi * freq * t))))


@pytest.mark.parametrize("rate", [48_000, 44_100, 22_050, 8_000])
def test_speech_band_tone_keeps_its_pitch_and_loudness(rate: int) -> None:
    out = resample(tone(1000, rate), rate)
    assert out.dtype == np.float32
    assert out.size == pytest.approx(OUT, abs=2)
    assert amplitude_at(out, 1000) == pytest.approx(0.5, rel=0.01)


@pytest.mark.parametrize("rate", [48_000, 44_100])
def test_tones_above_8khz_do_not_fold_back_into_speech(rate: int) -> None:
    # Without the low-pass, 10 kHz would come out as a loud 6 kHz whistle.
    out = resample(tone(10_000, rate), rate)
    assert amplitude_at(out, OUT - 10_000) < 0.5 * 10 ** (-50 / 20)


def test_block_by_block_equals_all_at_once() -> None:
    rate = 44_100
    signal = np.random.default_rng(1).standard_normal(rate * 2).astype(np.float32)
    whole = resample(signal, rate)
    resampler = Resampler(rate)
    pieces = [resampler.process(signal[i : i + 441]) for i in range(0, signal.size, 441)]
    blocks = np.concatenate([*pieces, resampler.flush()])
    assert blocks.size == whole.size
    assert np.allclose(blocks, whole, atol=1e-6)


@pytest.mark.slow
def test_espeak_speech_resampled_matches_whisper_loader() -> None:
    """The same WAV through our resampler and through faster-whisper's own decoder agree."""
    from app.voice.transcriber import read_audio

    path = wav("why is the build red")
    with wave.open(str(path)) as handle:
        rate = handle.getframerate()
        pcm = np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2")
    ours = resample(pcm.astype(np.float32) / 32768.0, rate)
    reference = read_audio(path)
    n = min(ours.size, reference.size)
    assert abs(ours.size - reference.size) <= 2
    correlation = float(np.corrcoef(ours[:n], reference[:n])[0, 1])
    assert correlation > 0.99


def test_same_rate_passes_through() -> None:
    signal = tone(440, OUT)
    assert np.array_equal(resample(signal, OUT), signal)


def test_bad_rates_are_refused() -> None:
    with pytest.raises(ValueError):
        Resampler(0)


def test_level_meter_spans_silence_to_full_scale() -> None:
    assert level_of(np.zeros(1600, np.float32)) == 0.0
    assert level_of(np.ones(1600, np.float32)) == pytest.approx(1.0)
    talking = level_of(tone(300, OUT, 0.1, amplitude=0.1))
    assert 0.5 < talking < 0.9
    assert level_of(np.zeros(0, np.float32)) == 0.0
