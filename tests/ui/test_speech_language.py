"""The language chosen in Settings reaches the real speech worker's decode without reloading its model."""

from __future__ import annotations

import dataclasses
import threading

import numpy as np
import pytest
from PySide6.QtCore import QObject, Slot
from pytestqt.qtbot import QtBot

from app.core import languages
from app.core.settings import Settings
from app.ui.speech_worker import SpeechWorker
from app.ui.threads import start_thread, stop_thread
from app.voice import SAMPLE_RATE
from app.voice.transcriber import read_audio
from tests.ui.speech_helpers import Heard
from tests.voice.audio_fixtures import wav, words
from tests.voice.multilingual import multilingual_folder

pytestmark = pytest.mark.slow


def test_a_language_set_while_running_is_what_the_next_question_is_heard_in(qtbot: QtBot) -> None:
    settings = Settings(whisper_model=str(multilingual_folder()))
    worker = SpeechWorker(settings)
    thread = start_thread(worker, "speech-worker")
    loaded = threading.Event()
    worker.ready.connect(lambda *_: loaded.set())
    try:
        worker.load(settings)
        assert loaded.wait(120), "the models did not load"
        heard = Heard(worker)
        silence = np.zeros(int(0.3 * SAMPLE_RATE), np.float32)
        spanish = read_audio(wav("¿Por qué falla la compilación en la rama principal?", voice="es"))
        question = np.concatenate([silence, spanish, silence])
        # Told German, Whisper spells the Spanish question with German sounds ("Kompilasionen").
        worker.load(dataclasses.replace(settings, speech_language="de"))  # Effect.IMMEDIATE: no reload
        worker.begin(1, None)
        worker.feed(1, question)
        worker.finish(1)
        assert "compilación" not in words(heard.wait(qtbot, 1))
        worker.load(dataclasses.replace(settings, speech_language="es"))
        worker.begin(2, None)
        worker.feed(2, question)
        worker.finish(2)
        assert {"compilación", "rama", "principal"} <= words(heard.wait(qtbot, 2))
        assert heard.languages[2] == languages.Heard("es", 1.0, False)

        worker.load(dataclasses.replace(settings, speech_language=""))  # Detect: the language comes with its odds
        worker.begin(3, None)
        worker.feed(3, question)
        worker.finish(3)
        assert {"rama", "principal"} <= words(heard.wait(qtbot, 3))
        detected = heard.languages[3]
        assert isinstance(detected, languages.Heard) and detected.code == "es" and detected.detected
        assert 0.0 < detected.probability < 1.0  # the odds Whisper gave, not the 1.0 of a told language
    finally:
        worker.shutdown()
        stop_thread(thread)


class _Replies(QObject):
    """The worker's reply signals, received on the main thread."""

    def __init__(self, worker: SpeechWorker) -> None:
        super().__init__()
        self.unspoken: list[tuple[int, str]] = []
        self.done: list[int] = []
        worker.unspoken.connect(self.on_unspoken)
        worker.utterance_done.connect(self.on_done)

    @Slot(int, str)
    def on_unspoken(self, utterance: int, language: str) -> None:
        self.unspoken.append((utterance, language))

    @Slot(int)
    def on_done(self, utterance: int) -> None:
        self.done.append(utterance)


def test_a_reply_in_a_language_with_no_voice_installed_is_not_spoken_and_ends(qtbot: QtBot) -> None:
    """No German Piper voice can be installed here (none on PyPI; the hub is out of reach): the notice path."""
    settings = Settings()
    worker = SpeechWorker(settings)
    thread = start_thread(worker, "speech-worker")
    loaded = threading.Event()
    worker.ready.connect(lambda *_: loaded.set())
    replies = _Replies(worker)
    try:
        worker.load(settings)
        assert loaded.wait(120), "the models did not load"
        assert worker.can_speak
        worker.reply_language(5, "de")
        worker.speak_delta(5, "Zwei Tests schlagen fehl, ")
        worker.speak_delta(5, "weil die Datei fehlt.")
        worker.speak_end(5)
        qtbot.waitUntil(lambda: 5 in replies.done, timeout=20_000)
        assert replies.unspoken == [(5, "de")]  # once, though the reply came in pieces
        # A typed question's Spanish reply: told by its first sentence, shown too.
        worker.say(6, "La compilación falla porque falta un import en el archivo.")
        qtbot.waitUntil(lambda: 6 in replies.done, timeout=20_000)
        assert replies.unspoken == [(5, "de"), (6, "es")]
    finally:
        worker.shutdown()
        stop_thread(thread)
