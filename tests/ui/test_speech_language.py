"""The language chosen in Settings reaches the real speech worker's decode without reloading its model."""

from __future__ import annotations

import dataclasses
import threading

import numpy as np
import pytest
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
