"""Loaded speech models shared by every voice test: CPU is scarce, so each loads once per session."""

from __future__ import annotations

import pytest

from app.voice.speaker import Speaker
from app.voice.transcriber import Transcriber


@pytest.fixture(scope="session")
def transcriber() -> Transcriber:
    model = Transcriber()
    model.load()
    return model


@pytest.fixture(scope="session")
def voice() -> Speaker:
    """The default Piper voice, loaded; tests that play audio make their own Speaker on top of it.

    It keeps its sentences' timings (and their audio), as a bench does: the tests below measure from them.
    """
    speaker = Speaker(keep_timings=True)
    speaker.load()
    return speaker
