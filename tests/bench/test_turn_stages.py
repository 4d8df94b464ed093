"""The turn's stage breakdown lines the app's stamps up with the bench's own moments."""

from __future__ import annotations

import logging

import pytest

from app.bench.turn_stages import describe, median_stages, turn_stages
from app.core import stamps


def _log(*lines: tuple[str, float, float]) -> str:
    return "\n".join(f"2026-01-01 INFO MainThread app.stamps: stamp {n} at {t:.4f} cpu {c:.4f}" for n, t, c in lines)


def test_stages_come_from_the_stamps_of_this_turn_only() -> None:
    text = _log(
        ("pressed", 90.0, 1.0),
        ("guess_begun", 95.0, 1.5),  # an earlier pause's guess
        ("guess_begun", 99.8, 2.0),  # the last one before the final text counts
        ("released", 100.2, 3.0),
        ("finish_sent", 100.25, 3.04),
        ("finish_begun", 100.26, 3.05),
        ("stream_joined", 100.9, 3.6),
        ("final_text", 101.0, 3.7),
        ("first_synthesized", 102.5, 4.0),
        ("first_audio", 102.52, -1),  # seen by the audio callback: no CPU figure
        ("released", 104.0, 5.0),  # the barge-in's release, after the turn
    )
    figures = turn_stages(text, 100.0, 103.0, {"key_up": 100.0, "speaker_onset": 102.6})
    assert figures["key up → app sees release"] == pytest.approx(200)
    assert figures["last speculative transcription began → key up"] == pytest.approx(200)
    assert figures["speech worker → final text"] == pytest.approx(740)
    assert figures["cpu:speech worker → final text"] == pytest.approx(650)
    assert figures["  of which: waiting for the pass in flight"] == pytest.approx(640)
    assert figures["device callback → sound at the speaker"] == pytest.approx(80)
    assert "cpu:synthesised → device callback takes it" not in figures
    assert figures["app CPU, release → first synthesis"] == pytest.approx(1000)
    summary = median_stages([figures, {**figures, "key up → app sees release": 400.0}])
    assert summary["key up → app sees release"] == 300
    assert "  speech worker → final text: 740 ms (app CPU 650 ms)" in describe(summary)


def test_stamps_are_silent_unless_asked_for(caplog: pytest.LogCaptureFixture) -> None:
    stamps.log.setLevel(logging.NOTSET)
    with caplog.at_level(logging.INFO):
        stamps.mark("released")
    assert not caplog.records
    with caplog.at_level(logging.DEBUG, logger="app.stamps"):
        stamps.mark("released")
        stamps.mark("first_audio", at=12.5)
    parsed = stamps.parse(caplog.text)
    assert [name for name, _, _ in parsed] == ["released", "first_audio"]
    assert parsed[1][1:] == (12.5, -1.0) and parsed[0][2] > 0
