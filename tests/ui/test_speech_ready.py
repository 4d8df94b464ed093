"""The speech worker says it is ready only once the transcriber has run once (app.voice.first_use)."""

from __future__ import annotations

import logging

import pytest

from tests.ui.speech_helpers import running_speech_worker


@pytest.mark.slow
def test_the_models_have_run_once_when_the_worker_says_ready(qapp: object, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="app.voice.first_use"), running_speech_worker():
        warmed = [r for r in caplog.records if r.name == "app.voice.first_use"]
    assert len(warmed) == 1 and "speech model warmed" in warmed[0].getMessage()
