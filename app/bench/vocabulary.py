"""How much a repository's vocabulary helps transcription, and whether it ever costs words.

`python -m app bench --vocabulary`: four repositories of different languages and naming
styles (C# PascalCase, Python snake_case, TypeScript camelCase, and Go, held out from tuning;
defined in tests/voice/vocabulary_repos/*.toml) are made into real git repositories. Each question about
them is spoken by espeak-ng in two voices and transcribed by the real model with and without
the vocabulary, at two audio offsets (Whisper's reading shifts with where the speech starts).
Figures per repository and voice: identifiers spelled exactly as in the code, and word
accuracy of everyday questions (the vocabulary must not make them worse). Then, without
audio: how many everyday sentences snapping changes (false snaps), and how long a
50,000-file repository takes to build. `bench --voice` keeps its small sample repository.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from app.bench.speech import espeak_wav, padded, word_accuracy
from app.core import paths
from app.voice.transcriber import Transcriber, read_audio
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
    env = {
        "GIT_AUTHOR_NAME": "Dev",
        "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev",
        "GIT_COMMITTER_EMAIL": "dev@example.com",
        "HOME": str(parent),
    }
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


REPOS_DIR = Path(__file__).resolve().parents[2] / "tests" / "voice" / "vocabulary_repos"
VOICES = ("en-us", "en+m3")
BIG_REPO_FILES = 50_000

# Everyday things said to a developer's assistant; snapping must leave every one as it is.
EVERYDAY_SENTENCES = [
    *ORDINARY_QUESTIONS,
    "Why did the last commit break the build?",
    "Run the tests in the payments folder.",
    "Which file changed the most this week?",
    "Show me the error from the failing test.",
    "Can you check the rate of failures today?",
    "What's the exchange with the team about the release?",
    "Read the notes I left on Monday.",
    "Is the cache warm after a restart?",
    "How long does the build take on the server?",
    "Open the settings file and explain the options.",
    "The payment went through but the invoice is missing.",
    "Tell me what the user asked for in the issue.",
    "Fetch the latest changes and rebase my branch.",
    "What does the consumer do when the group is empty?",
    "Summarise the session so far.",
    "Are there any tests for the order flow?",
    "The customer says the account page is slow.",
    "Which service sends the reminder emails?",
    "What's the exchange rate of the euro today?",
    "Make the late fee smaller for small invoices.",
    "Who reviewed the pull request yesterday?",
    "Search the code for the word gateway.",
    "How many commits are ahead of the main branch?",
    "Start the app and tell me if it crashes.",
    "The shipping cost looks wrong for heavy parcels.",
    "What time is the standup tomorrow?",
    "Delete the temporary files in the build folder.",
    "Is the session token still valid?",
    "Please explain what a consumer group is in Kafka.",
    "What does the audit say about the refunds?",
    # Said in a run of words that may sound like a name: the sound-alike snapping must leave them.
    "Is the session token still valid after the store restarts?",
    "Put the orders in the order of their dates.",
    "Fetch the exchange of messages from yesterday.",
    "The invoice report for May is late.",
    "Check the order of my imports in that file.",
    "The customer account has a service charge.",
    "Can the rate change during a payment?",
    "Who wrote the audit log for the release?",
    "Send a reminder to the team about the invoices.",
    "Find the payment that failed on the gateway.",
    "Did the discount apply to the shipping costs?",
    "Is there a warehouse near the client?",
    "Load the config from the tenant folder.",
    "The settlement went through after the worker restarted.",
    "Compute the total of the late invoices.",
    "Read the ledger entries for last month.",
    "Convert the currency of the report to euros.",
    "What does the notification say about the dispatch?",
    "Refund the policy holder the full amount.",
    "Which inventory item is out of stock?",
    "Cache the rates for an hour.",
    "Validate the order before it ships.",
    "Fetch exchange data from the bank.",
    "The reported total for me looks wrong.",
    "Is the kafka cluster healthy?",
]


@dataclass(frozen=True)
class BenchRepo:
    """One repository of the bench: its files and the questions asked about it."""

    name: str
    language: str
    files: dict[str, str]
    questions: list[tuple[str, tuple[str, ...]]]

    def create(self, parent: Path) -> Path:
        """The repository as a committed git repository under `parent`."""
        repo = parent / self.name
        for rel, text in self.files.items():
            path = repo / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text.lstrip("\n"), encoding="utf-8")
        _commit_all(repo, parent)
        return repo


def _commit_all(repo: Path, home: Path) -> None:
    env = {
        "GIT_AUTHOR_NAME": "Dev",
        "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev",
        "GIT_COMMITTER_EMAIL": "dev@example.com",
        "HOME": str(home),
        "PATH": "/usr/bin:/bin",
    }
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "bench"]):
        # No automatic gc: a detached one still writing to .git made removing the folder fail.
        subprocess.run(["git", "-C", str(repo), "-c", "gc.auto=0", *args], check=True, capture_output=True, env=env)


def load_repos(folder: Path = REPOS_DIR) -> list[BenchRepo]:
    """The bench repositories defined in `folder` (*.toml), sorted by name."""
    repos = []
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        questions = [(q["said"], tuple(q["expect"])) for q in data["questions"]]
        repos.append(BenchRepo(data["name"], data["language"], dict(data["files"]), questions))
    return repos


def spelled(expected: tuple[str, ...], text: str) -> int:
    """How many of the `expected` identifiers `text` spells exactly (as a whole word)."""
    return sum(1 for name in expected if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text))


def measure(
    transcriber: Transcriber,
    vocabulary: Vocabulary,
    questions: list[tuple[str, tuple[str, ...]]],
    audio: Callable[[str], np.ndarray],
    pads: tuple[float, ...] = PADS,
    plain: dict[tuple[str, float], str] | None = None,
) -> dict[str, Any]:
    """Identifier accuracy and everyday word accuracy, without and with `vocabulary`, and the misses.

    `plain` keeps transcripts without a vocabulary by (what was said, offset) for the same
    voice, so the everyday questions are decoded plainly once for all repositories.
    """
    plain = {} if plain is None else plain
    hits = {"without": 0, "with": 0}
    accuracy: dict[str, list[float]] = {"without": [], "with": []}
    seconds: list[float] = []
    misses: list[str] = []
    worse: list[str] = []
    total = 0
    for pad in pads:
        for said, expected in questions:
            samples = padded(audio(said), pad)
            total += len(expected)
            without = transcriber.transcribe(samples)
            hits["without"] += spelled(expected, without)
            started = time.perf_counter()
            heard = transcriber.transcribe(samples, vocabulary)
            seconds.append(time.perf_counter() - started)
            found = spelled(expected, heard)
            hits["with"] += found
            if found < len(expected):
                missed = ", ".join(name for name in expected if not spelled((name,), heard))
                misses.append(f"{missed} at {pad} s: heard {heard!r}, without the vocabulary {without!r}")
        for said in ORDINARY_QUESTIONS:
            samples = padded(audio(said), pad)
            if (said, pad) not in plain:
                plain[(said, pad)] = transcriber.transcribe(samples)
            heard = transcriber.transcribe(samples, vocabulary)
            before, after = word_accuracy(said, plain[(said, pad)]), word_accuracy(said, heard)
            accuracy["without"].append(before)
            accuracy["with"].append(after)
            if after < before:
                worse.append(
                    f"{said!r} at {pad} s: {plain[(said, pad)]!r} became {heard!r} ({before:.2f} → {after:.2f})"
                )
    return {
        "identifiers_without": round(hits["without"] / max(1, total), 3),
        "identifiers_with": round(hits["with"] / max(1, total), 3),
        "ordinary_without": round(statistics.mean(accuracy["without"]), 3),
        "ordinary_with": round(statistics.mean(accuracy["with"]), 3),
        "seconds_with": round(statistics.median(seconds), 3) if seconds else None,
        "misses": misses,
        "worse": worse,
    }


def false_snaps(vocabulary: Vocabulary, sentences: list[str] = EVERYDAY_SENTENCES) -> list[tuple[str, str]]:
    """(sentence, what snapping made of it) for every everyday sentence snapping changed."""
    changed = []
    for sentence in sentences:
        snapped = vocabulary.snap(sentence)
        if snapped != sentence:
            changed.append((sentence, snapped))
    return changed


def make_big_repo(parent: Path, files: int = BIG_REPO_FILES) -> Path:
    """A committed repository of `files` small source files in nested folders, in four languages."""
    repo = parent / "big"
    suffixes = (".py", ".ts", ".cs", ".go")
    words = (
        "order",
        "invoice",
        "payment",
        "ledger",
        "customer",
        "shipping",
        "rate",
        "cache",
        "report",
        "session",
        "token",
        "search",
        "index",
        "audit",
        "refund",
        "coupon",
    )
    for n in range(files):
        a, b, c = words[n % 16], words[(n // 16) % 16], words[(n // 256) % 16]
        folder = repo / f"pkg{n // 2000}" / f"mod{(n // 100) % 20}"
        if n % 100 == 0:
            folder.mkdir(parents=True, exist_ok=True)
        suffix = suffixes[n % 4]
        name = f"{a}_{b}_{c}_{n}" if suffix == ".py" else f"{a.title()}{b.title()}{c.title()}{n}"
        body = {
            ".py": f"class {a.title()}{b.title()}{n}:\n    pass\n\n\ndef {a}_{c}_{n}() -> None:\n    pass\n",
            ".ts": f"export function {a}{c.title()}{n}(): void {{}}\nexport const {b}{a.title()}{n} = 1;\n",
            ".cs": f"public class {a.title()}{c.title()}{n}\n{{\n    public void Run{b.title()}() {{ }}\n}}\n",
            ".go": f"package mod\n\nfunc {a.title()}{b.title()}{n}() {{}}\n",
        }[suffix]
        (folder / f"{name}{suffix}").write_text(body, encoding="utf-8")
    _commit_all(repo, parent)
    return repo


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its git children) of `work()`."""
    before, started = os.times(), time.perf_counter()
    work()
    wall, after = time.perf_counter() - started, os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user + system, own and children's
    return round(wall, 3), round(cpu, 3)


def build_speed(files: int = BIG_REPO_FILES) -> dict[str, Any]:
    """Seconds to build the vocabulary of a `files`-file repository: first time, and again from the cache.

    CPU seconds are reported beside wall seconds because the wall figure of a shared machine
    mostly measures the other processes.
    """
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        repo = make_big_repo(Path(tmp), files)
        cold = _timed(lambda: Vocabulary.for_repository(repo))
        cached = _timed(lambda: Vocabulary.for_repository(repo))
        hotwords = len(Vocabulary.for_repository(repo).hotword_names())
    return {
        "files": files,
        "cold_seconds": cold[0],
        "cold_cpu_seconds": cold[1],
        "cached_seconds": cached[0],
        "cached_cpu_seconds": cached[1],
        "hotwords": hotwords,
        "load_average": round(os.getloadavg()[0], 1),
    }


def run_vocabulary_bench(runs: int, echo: bool) -> dict[str, Any]:
    say: Callable[[str], None] = print if echo else (lambda _line: None)
    results: dict[str, Any] = {"voices": list(VOICES), "pads": list(PADS)}
    repos = load_repos()
    if not repos:
        say(f"vocabulary: no bench repositories in {REPOS_DIR} (they ship with the source tree)")
        return {"skipped": f"no bench repositories in {REPOS_DIR}"}
    audio_dir = paths.cache_dir() / "bench-audio"
    transcriber = Transcriber()
    transcriber.load()
    say(
        f"identifiers spelled as in the code / everyday questions' word accuracy, without → with the "
        f"vocabulary, tiny.en, {len(PADS)} audio offsets:"
    )
    plain: dict[str, dict[tuple[str, float], str]] = {voice: {} for voice in VOICES}
    with tempfile.TemporaryDirectory() as tmp:
        for bench_repo in repos:
            vocabulary = Vocabulary.for_repository(bench_repo.create(Path(tmp)))
            snaps = false_snaps(vocabulary)
            results[bench_repo.name] = {"false_snaps": len(snaps), "hotwords": vocabulary.hotwords()}
            for voice in VOICES:
                row = measure(
                    transcriber,
                    vocabulary,
                    bench_repo.questions,
                    lambda said, v=voice: read_audio(espeak_wav(said, audio_dir, voice=v)),  # type: ignore[misc]
                    plain=plain[voice],
                )
                results[bench_repo.name][voice] = row
                say(
                    f"  {bench_repo.name:16} {voice:6} identifiers {row['identifiers_without']:.0%} → "
                    f"{row['identifiers_with']:.0%}; everyday {row['ordinary_without']:.3f} → "
                    f"{row['ordinary_with']:.3f}; one transcription {row['seconds_with']} s"
                )
                for miss in row["misses"]:
                    say(f"      missed {miss}")
                for line in row["worse"]:
                    say(f"      everyday worse: {line}")
            say(
                f"  {bench_repo.name:16} false snaps on {len(EVERYDAY_SENTENCES)} everyday sentences: "
                f"{len(snaps)}" + "".join(f"\n      {a!r} → {b!r}" for a, b in snaps)
            )
    speed = build_speed()
    results["build"] = speed
    say(
        f"vocabulary of a {speed['files']}-file repository: {speed['cold_seconds']} s to build "
        f"({speed['cold_cpu_seconds']} s CPU), {speed['cached_seconds']} s from the cache, HEAD unchanged "
        f"({speed['cached_cpu_seconds']} s CPU); load average {speed['load_average']}"
    )
    return results
