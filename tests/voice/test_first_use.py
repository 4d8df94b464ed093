"""The transcriber runs once as it loads, so a fresh app's first question pays no first-run cost."""

from __future__ import annotations

import logging

import pytest

from app.voice import first_use
from app.voice.transcriber import Transcriber


@pytest.mark.slow
def test_the_warm_up_runs_both_decodes_on_the_bundled_question(transcriber: Transcriber) -> None:
    checks = transcriber.second_decodes

    heard = first_use.warm(transcriber)

    assert "build" in heard.lower()  # the bundled question ("Why is the build red?") came back as words
    assert transcriber.second_decodes == checks + 1  # the helped decode ran with its plain check beside it


def test_without_a_model_nothing_is_warmed() -> None:
    assert first_use.warm(None) == ""


def test_a_failing_model_does_not_stop_the_app_loading(caplog: pytest.LogCaptureFixture) -> None:
    class BrokenModel:
        def decode(self, *_args: object, **_kwargs: object) -> list[object]:
            raise RuntimeError("ctranslate2: bad model")

    with caplog.at_level(logging.DEBUG, logger="app.voice.first_use"):
        assert first_use.warm(BrokenModel()) == ""  # type: ignore[arg-type]
    assert "warming the speech model failed" in caplog.text
