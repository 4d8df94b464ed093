"""The real speech worker on its own thread, and a listener for its transcripts, shared by the UI speech tests."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from PySide6.QtCore import QObject, Slot
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.speech_worker import SpeechWorker
from app.ui.threads import start_thread, stop_thread


@contextlib.contextmanager
def running_speech_worker() -> Iterator[SpeechWorker]:
    """A speech worker with its models loaded, stopped at the end of the block."""
    speech_worker = SpeechWorker(Settings())
    thread = start_thread(speech_worker, "speech-worker")
    loaded = threading.Event()
    speech_worker.ready.connect(lambda *_: loaded.set())
    speech_worker.load(Settings())
    assert loaded.wait(120), "the models did not load"
    try:
        yield speech_worker
    finally:
        speech_worker.shutdown()
        stop_thread(thread)


class Heard(QObject):
    """Receives `transcribed` on the main thread (qtbot.waitSignal would handle it on the worker's thread)."""

    def __init__(self, worker: SpeechWorker) -> None:
        super().__init__()
        self.texts: dict[int, str] = {}
        self.languages: dict[int, object] = {}  # request id → languages.Heard, when the worker told one
        worker.transcribed.connect(self.on_transcribed)
        worker.heard_language.connect(self.on_language)

    @Slot(int, str)
    def on_transcribed(self, request_id: int, text: str) -> None:
        self.texts[request_id] = text

    @Slot(int, object)
    def on_language(self, request_id: int, heard: object) -> None:
        self.languages[request_id] = heard

    def wait(self, qtbot: QtBot, request_id: int) -> str:
        qtbot.waitUntil(lambda: request_id in self.texts, timeout=60_000)
        return self.texts[request_id]
