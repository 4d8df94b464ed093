"""The real speech worker transcribes a recording while the key is held, so release leaves only a tail."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from app.bench.speech import word_accuracy
from app.core.settings import Settings
from app.ui.speech_worker import SpeechWorker
from app.voice import SAMPLE_RATE
from tests.scenario import make_scenario_repo
from tests.ui.speech_helpers import Heard, running_speech_worker
from tests.voice.audio_fixtures import speech

pytestmark = pytest.mark.slow

LONG = (
    "Please open the review orchestrator and check why the build failed this morning. "
    "I think the rename of the changed file class broke the import, because the tests in the "
    "orchestrator module never run. Tell me which test fails first, and show the error on screen."
)


@pytest.fixture(scope="module")
def worker() -> Iterator[SpeechWorker]:
    with running_speech_worker() as speech_worker:
        yield speech_worker


def hold(worker: SpeechWorker, request_id: int, samples: np.ndarray, speed: float) -> None:
    """Feed `samples` the way the microphone's thread does while the key is held."""
    block = SAMPLE_RATE // 10
    for start in range(0, samples.size, block):
        worker.feed(request_id, samples[start : start + block])
        time.sleep(block / SAMPLE_RATE / speed)


def test_a_long_question_is_mostly_transcribed_before_release(
    worker: SpeechWorker, qtbot: QtBot, tmp_path: Path
) -> None:
    repo = make_scenario_repo(tmp_path)
    samples = speech(LONG)
    heard = Heard(worker)
    worker.begin(1, repo)
    feeder = threading.Thread(target=hold, args=(worker, 1, samples, 1.0))  # real time
    feeder.start()
    while feeder.is_alive():
        qtbot.wait(50)
    worker.finish(1)
    text = heard.wait(qtbot, 1)
    stream = worker.last_stream
    duration = samples.size / SAMPLE_RATE
    assert stream is not None
    assert stream.duration == pytest.approx(duration)
    assert stream.passes >= 1 and stream.tail_seconds < duration / 2, (stream.passes, stream.tail_seconds)
    assert word_accuracy(LONG, text) > 0.7, text
    assert "ReviewOrchestrator" in text, text


def test_a_dropped_recording_is_not_transcribed(worker: SpeechWorker, qtbot: QtBot, tmp_path: Path) -> None:
    repo = make_scenario_repo(tmp_path)
    heard = Heard(worker)
    worker.begin(2, repo)
    worker.feed(2, speech("Why is the build red?"))
    worker.drop(2)  # what the controller does with noise, or a press that gives up on the question
    worker.finish(2)  # a late finish of a dropped request has nothing to transcribe
    worker.last_stream = None
    samples = speech("Run the tests.")
    worker.begin(3, repo)
    worker.feed(3, samples)
    worker.finish(3)
    text = heard.wait(qtbot, 3)
    assert "test" in text.lower() and "build" not in text.lower(), text
    assert 2 not in heard.texts
    assert worker.last_stream is not None and worker.last_stream.duration == pytest.approx(samples.size / SAMPLE_RATE)


def test_a_changed_alias_is_heard_without_reloading_the_models(
    worker: SpeechWorker, qtbot: QtBot, tmp_path: Path
) -> None:
    repo = make_scenario_repo(tmp_path)
    reloads: list[bool] = []
    worker.ready.connect(lambda transcriber, _speaker: reloads.append(transcriber))
    heard = Heard(worker)
    settings = Settings(repo_aliases={str(repo): {"run the": "make"}})
    worker.load(settings)  # only the alias list changed: the worker rebuilds the vocabulary
    samples = speech("Run the tests.")
    worker.begin(4, repo)
    worker.feed(4, samples)
    worker.finish(4)
    text = heard.wait(qtbot, 4)
    assert text.lower().startswith("make"), text
    assert reloads == []  # the models stayed loaded
