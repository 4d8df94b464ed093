"""Corrected transcripts teach the repository's aliases: code names learned, ordinary words left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core import corrections
from app.core.history import History
from app.core.settings import Settings
from app.voice.vocabulary import Vocabulary

REPO = "/home/dev/rates"


@pytest.mark.parametrize(
    "heard, corrected, learned",
    [
        ("what does the rate cash hold", "what does the RateCache hold", {"rate cash": "RateCache"}),
        ("read fetch exchange raids", "read fetch_exchange_rates", {"fetch exchange raids": "fetch_exchange_rates"}),
        ("open the pie test config", "open the pytest config", {"pie test": "pytest"}),
        ("is cough car consumer healthy", "is KafkaConsumer healthy", {"cough car consumer": "KafkaConsumer"}),
        ("open settings dot pie", "open settings.py", {"settings dot pie": "settings.py"}),
        ("why is the build read", "why is the build red", {}),  # an ordinary word: never rewritten everywhere
        ("run the test", "run the tests", {}),
        ("what does the rate cash hold", "what does the rate cash hold", {}),
        ("", "RateCache", {}),
    ],
)
def test_what_a_correction_teaches(heard: str, corrected: str, learned: dict[str, str]) -> None:
    assert corrections.aliases_from_correction(heard, corrected) == learned


def test_a_correction_feeds_the_vocabulary_and_can_be_taken_back() -> None:
    history = History()
    turn_id = history.add(REPO, "what does the rate cash hold", "There is no rate cash.")
    assert turn_id is not None
    settings = Settings(repo_aliases={REPO: {"pie test": "pytest"}})

    settings, taught = corrections.learn(settings, history, turn_id, "what does the RateCache hold")

    assert taught == {"rate cash": "RateCache"}
    assert settings.repo_aliases[REPO] == {"pie test": "pytest", "rate cash": "RateCache"}
    assert [(a.spoken, a.written, a.turn_id) for a in history.learned(REPO)] == [("rate cash", "RateCache", turn_id)]
    vocabulary = Vocabulary(aliases=settings.repo_aliases[REPO])
    assert vocabulary.snap("is the rate cash warm") == "is the RateCache warm"

    settings = corrections.forget(settings, history, REPO, "rate cash")
    assert settings.repo_aliases[REPO] == {"pie test": "pytest"} and history.learned(REPO) == []
    assert Vocabulary(aliases=settings.repo_aliases[REPO]).snap("is the rate cash warm") == "is the rate cash warm"


def test_correcting_a_deleted_turn_learns_nothing(tmp_path: Path) -> None:
    settings, taught = corrections.learn(Settings(), History(), 12345, "the RateCache")
    assert taught == {} and settings == Settings()
