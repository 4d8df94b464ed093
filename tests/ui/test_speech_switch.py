"""Choosing another speech model: the real speech worker keeps transcribing with the current one
until the new one has loaded, and keeps it when the new one cannot load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.settings import Settings
from app.ui.speech_worker import SpeechWorker
from app.voice import models
from tests.ui.speech_helpers import Heard, running_speech_worker
from tests.voice.audio_fixtures import speech
from tests.voice.fakehub import install_model_folder, pin_catalogue

pytestmark = pytest.mark.slow


def ask(worker: SpeechWorker, request_id: int, samples: object) -> None:
    """One recording, as the controller hands it over: begin, the samples, finish."""
    worker.begin(request_id, None)
    worker.feed(request_id, samples)  # type: ignore[arg-type]
    worker.finish(request_id)


@pytest.fixture
def worker() -> Iterator[SpeechWorker]:
    with running_speech_worker() as speech_worker:
        yield speech_worker


def test_a_new_model_takes_over_once_loaded_and_a_broken_one_leaves_the_current_in_use(
    worker: SpeechWorker, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[messages.Message] = []
    messages.set_sink(said.append)
    heard = Heard(worker)
    question = speech("Run the tests.")
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())  # its files are tiny.en's
    try:
        assert worker.model_folder == ""
        base = install_model_folder("base.en")
        worker.load(Settings(speech_model="base.en"))
        ask(worker, 1, question)  # asked while the new model loads: answered all the same
        qtbot.waitUntil(lambda: 1 in heard.texts, timeout=60_000)
        assert "test" in heard.texts[1].lower()
        qtbot.waitUntil(lambda: worker.model_folder == str(base), timeout=60_000)
        ask(worker, 2, question)
        qtbot.waitUntil(lambda: 2 in heard.texts, timeout=60_000)
        assert "test" in heard.texts[2].lower()

        install_model_folder("small.en", broken=True)
        worker.load(Settings(speech_model="small.en"))
        qtbot.waitUntil(lambda: any("previous speech model stays in use" in m.text for m in said), timeout=60_000)
        assert worker.model_folder == str(base)
        ask(worker, 3, question)
        qtbot.waitUntil(lambda: 3 in heard.texts, timeout=60_000)
        assert "test" in heard.texts[3].lower()
    finally:
        messages.set_sink(None)
