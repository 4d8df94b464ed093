"""Identifier accuracy on spoken questions about the scenario repository, with and without its vocabulary."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.voice.transcriber import Transcriber
from app.voice.vocabulary import Vocabulary
from tests.scenario import make_scenario_repo
from tests.voice.audio_fixtures import speech

pytestmark = pytest.mark.slow

QUESTIONS: list[tuple[str, tuple[str, ...]]] = [
    ("Why does the review orchestrator fail to import?", ("ReviewOrchestrator",)),
    ("Rename changed file to changed path everywhere.", ("ChangedFile", "ChangedPath")),
    ("Does the long line rule ignore comments?", ("LongLineRule",)),
    ("Run pie test and tell me why the todo rule misses fix me.", ("pytest", "TodoRule")),
    ("Where is parse diff called?", ("parse_diff",)),
    ("Make format report print a table.", ("format_report",)),
    ("What does review file return?", ("review_file",)),
]


def test_the_vocabulary_gets_identifiers_right_that_plain_transcription_misses(
    transcriber: Transcriber, tmp_path: Path
) -> None:
    vocabulary = Vocabulary.for_repository(make_scenario_repo(tmp_path))
    total = sum(len(expected) for _said, expected in QUESTIONS)
    plain_hits = aware_hits = 0
    for said, expected in QUESTIONS:
        samples = speech(said)
        plain = transcriber.transcribe(samples)
        aware = transcriber.transcribe(samples, vocabulary)
        plain_hits += sum(name in plain for name in expected)
        aware_hits += sum(name in aware for name in expected)
    with_vocabulary, without = aware_hits / total, plain_hits / total
    print(f"identifier accuracy: without {without:.0%}, with {with_vocabulary:.0%}")
    assert with_vocabulary >= without
    assert with_vocabulary >= 0.5


def test_streaming_uses_the_vocabulary_too(transcriber: Transcriber, tmp_path: Path) -> None:
    vocabulary = Vocabulary.for_repository(make_scenario_repo(tmp_path))
    stream = transcriber.stream(vocabulary)
    stream.feed(speech("Why does the review orchestrator fail to import?"))
    assert "ReviewOrchestrator" in stream.finish()
