"""The speech models run once as they load, so a fresh app's first question pays no first-run cost."""

from __future__ import annotations

import logging

import pytest

from app.voice import first_use
from app.voice.speaker import Speaker
from app.voice.transcriber import Transcriber


@pytest.mark.slow
def test_the_warm_up_runs_synthesis_and_both_decodes(transcriber: Transcriber, voice: Speaker) -> None:
    checks = transcriber.second_decodes

    heard = first_use.warm(transcriber, voice)

    assert "ready" in heard.lower()  # the sentence went through the voice and came back as words
    assert transcriber.second_decodes == checks + 1  # the helped decode ran with its plain check beside it


def test_without_both_models_nothing_is_warmed(transcriber: Transcriber, voice: Speaker) -> None:
    assert first_use.warm(None, voice) == ""
    assert first_use.warm(transcriber, None) == ""


def test_a_failing_model_does_not_stop_the_app_loading(
    transcriber: Transcriber, caplog: pytest.LogCaptureFixture
) -> None:
    class BrokenVoice:
        def synthesize(self, text: str) -> tuple[object, int]:
            raise RuntimeError("onnxruntime: bad model")

    with caplog.at_level(logging.DEBUG, logger="app.voice.first_use"):
        assert first_use.warm(transcriber, BrokenVoice()) == ""  # type: ignore[arg-type]
    assert "warming the speech models failed" in caplog.text
