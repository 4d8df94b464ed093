"""How much a repository's vocabulary helps transcription: a sample repository and the measurement."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from app.bench.speech import padded, word_accuracy
from app.voice.transcriber import Transcriber
from app.voice.vocabulary import Vocabulary

# (what is said, identifiers a correct transcript contains) over the sample repository.
IDENTIFIER_SET: list[tuple[str, tuple[str, ...]]] = [
    ("Why does the review orchestrator skip the first file?", ("ReviewOrchestrator",)),
    ("Open the changed file class and explain it.", ("ChangedFile",)),
    ("Is the session manager thread safe?", ("SessionManager",)),
    ("Where is the token budget computed?", ("TokenBudget",)),
    ("Run pie test on the memory store.", ("pytest", "MemoryStore")),
    ("What does parse chord return for an empty string?", ("parse_chord",)),
    ("Explain the retry policy to me.", ("RetryPolicy",)),
    ("Does the hotkey listener ignore key repeats?", ("HotkeyListener",)),
    ("Why is load settings so slow?", ("load_settings",)),
    ("Who calls the sentence splitter?", ("SentenceSplitter",)),
]

SAMPLE_FILES = {
    "src/review/review_orchestrator.py": "class ReviewOrchestrator:\n    def run(self) -> None: ...\n",
    "src/review/changed_file.py": "from dataclasses import dataclass\n\n@dataclass\nclass ChangedFile:\n"
    "    path: str\n",
    "src/session/session_manager.py": "class SessionManager:\n    pass\n\nclass TokenBudget:\n    limit = 0\n",
    "src/memory/memory_store.py": "class MemoryStore:\n    pass\n\ndef load_settings() -> dict: ...\n",
    "src/input/hotkeys.py": "def parse_chord(text: str) -> list[str]: ...\n\nclass HotkeyListener:\n    pass\n",
    "src/net/retry.py": "class RetryPolicy:\n    attempts = 3\n",
    "src/speech/text.py": "class SentenceSplitter:\n    pass\n",
    "tests/test_review.py": "from review.review_orchestrator import ReviewOrchestrator\n\n"
    "def test_review_orchestrator_runs() -> None:\n    ReviewOrchestrator().run()\n",
    "README.md": "# Sample\nA sample project.\n",
}


def make_sample_repo(parent: Path) -> Path:
    """A small git repository whose identifiers the IDENTIFIER_SET mentions."""
    repo = parent / "sample-project"
    for rel, text in SAMPLE_FILES.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com", "HOME": str(parent)}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "sample"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)
    return repo


# Everyday questions with no identifier in them: the vocabulary must not make these worse.
ORDINARY_QUESTIONS = [
    "Why is the build red?",
    "What was I doing on Friday?",
    "Run the tests.",
    "What branch am I on?",
    "Show me the last commit.",
    "Which tests are failing?",
    "What changed since yesterday?",
    "Explain this error to me.",
    "Start a new session.",
    "Read me the notes from last week.",
]
PADS = (0.3, 0.6)  # seconds of silence before the speech: Whisper's reading shifts with the offset


def vocabulary_effect(
    transcriber: Transcriber,
    vocabulary: Vocabulary,
    identifier_set: list[tuple[str, tuple[str, ...]]],
    audio: Callable[[str], np.ndarray],
) -> dict[str, float]:
    """Without and with `vocabulary`, at each of PADS: word accuracy on ORDINARY_QUESTIONS,
    the share of expected identifiers spelled exactly on `identifier_set`, and the median
    seconds one transcription takes."""
    acc: dict[str, list[float]] = {"without": [], "with": []}
    hits = {"without": 0, "with": 0}
    seconds: dict[str, list[float]] = {"without": [], "with": []}
    total = 0

    def both(samples: np.ndarray) -> dict[str, str]:
        out = {}
        for key, vocab in (("without", None), ("with", vocabulary)):
            started = time.perf_counter()
            out[key] = transcriber.transcribe(samples, vocab)
            seconds[key].append(time.perf_counter() - started)
        return out

    for pad in PADS:
        for said in ORDINARY_QUESTIONS:
            for key, text in both(padded(audio(said), pad)).items():
                acc[key].append(word_accuracy(said, text))
        for said, expected in identifier_set:
            total += len(expected)
            for key, text in both(padded(audio(said), pad)).items():
                hits[key] += sum(name in text for name in expected)
    return {
        "ordinary_without": round(statistics.mean(acc["without"]), 3),
        "ordinary_with": round(statistics.mean(acc["with"]), 3),
        "identifiers_without": round(hits["without"] / total, 3),
        "identifiers_with": round(hits["with"] / total, 3),
        "seconds_without": round(statistics.median(seconds["without"]), 3),
        "seconds_with": round(statistics.median(seconds["with"]), 3),
    }
