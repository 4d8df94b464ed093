"""The repository vocabulary: what it learns from a real git repository and how it rewrites speech."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from app.core import paths
from app.voice.vocabulary import HOTWORD_CHARS, Vocabulary, build_vocabulary, memory_words, split_identifier
from tests.conftest import git
from tests.scenario import make_scenario_repo


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    return make_scenario_repo(tmp_path)


@pytest.mark.parametrize(
    "name, parts",
    [
        ("ReviewOrchestrator", ["review", "orchestrator"]),
        ("review_orchestrator", ["review", "orchestrator"]),
        ("HTTPServer", ["http", "server"]),
        ("getHTTP2Client", ["get", "http", "2", "client"]),
        ("MAX_LINE_LENGTH", ["max", "line", "length"]),
        ("pytest", ["pytest"]),
    ],
)
def test_identifiers_split_into_spoken_words(name: str, parts: list[str]) -> None:
    assert split_identifier(name) == parts


def test_the_scenario_repository_names_become_hotwords_and_snap_targets(scenario: Path) -> None:
    vocabulary = Vocabulary.for_repository(scenario)
    hot = vocabulary.hotword_names()
    assert {"ReviewOrchestrator", "ChangedPath", "LongLineRule", "TodoRule", "parse_diff"} <= set(hot)
    assert len(hot) <= 30
    # Whisper is given the names as said: the words a speaker's audio decodes to, not a name's
    # letter tokens or underscores, which it hardly ever writes.
    said = vocabulary.hotwords().split(", ")
    assert {"review orchestrator", "changed path", "long line rule", "todo rule", "parse diff"} <= set(said)
    assert len(said) == len(hot) and len(vocabulary.hotwords()) <= HOTWORD_CHARS
    said = "Why does the review orchestrator still import changed path? Run pie test on the todo rule."
    assert vocabulary.snap(said) == (
        "Why does the ReviewOrchestrator still import ChangedPath? Run pytest on the TodoRule."
    )
    # Both words of ChangedFile are everyday words: "which changed file broke it" stays speech.
    assert vocabulary.snap("Which changed file broke it?") == "Which changed file broke it?"
    assert vocabulary.snap("Where is parse diff called, and what does format report print?") == (
        "Where is parse_diff called, and what does format_report print?"
    )
    assert vocabulary.snap("open orchestrator dot py") == "open orchestrator.py"
    assert vocabulary.snap("The Review-Orchestrator and revieworchestrator.") == (
        "The ReviewOrchestrator and ReviewOrchestrator."
    )


def test_ordinary_speech_is_left_alone(scenario: Path) -> None:
    vocabulary = Vocabulary({"is_valid": 5, "get_status": 5, "run_tests": 5, "to_do": 5, "FilePath": 1}, aliases={})
    for said in (
        "Is valid input rejected?",
        "Get status of the build.",
        "Run tests, please.",
        "What is there to do today?",
        "The review. Orchestrator was slow.",  # a sentence break is not an identifier
    ):
        assert vocabulary.snap(said) == said
    assert Vocabulary.for_repository(scenario).snap("the line is long and the rule is old") == (
        "the line is long and the rule is old"
    )


def test_aliases_from_settings_add_fixed_mappings(scenario: Path) -> None:
    vocabulary = Vocabulary.for_repository(scenario, aliases={"review bot": "reviewbot", "the dash": "--"})
    assert vocabulary.snap("Build review bot with the dash flag.") == "Build reviewbot with -- flag."


def test_memory_words_join_the_vocabulary(scenario: Path) -> None:
    memory = "The team calls the CI job DeployPipeline; release notes go in CHANGES.md."
    vocabulary = Vocabulary.for_repository(scenario, extra_text=memory)
    assert "DeployPipeline" in vocabulary.hotword_names()
    assert vocabulary.snap("Did the deploy pipeline run?") == "Did the DeployPipeline run?"


def test_the_scan_is_cached_and_refreshed_when_files_change(scenario: Path) -> None:
    Vocabulary.for_repository(scenario)
    cache = list((paths.cache_dir() / "vocabulary").glob("*.json"))
    assert len(cache) == 1
    first = cache[0].stat().st_mtime_ns
    time.sleep(0.01)
    Vocabulary.for_repository(scenario)
    assert cache[0].stat().st_mtime_ns == first  # nothing changed: read from the cache
    source = scenario / "reviewbot" / "report.py"
    source.write_text(source.read_text() + "\n\nclass SummaryWriter:\n    pass\n")
    os.utime(source, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    assert "SummaryWriter" in Vocabulary.for_repository(scenario).hotword_names(limit=100)
    git(scenario, "add", "-A")
    git(scenario, "commit", "-q", "-m", "summary")
    assert "SummaryWriter" in Vocabulary.for_repository(scenario).hotword_names(limit=100)


def test_hostile_and_odd_repositories_do_not_break_it(tmp_path: Path, empty_repo: Path) -> None:
    assert Vocabulary.for_repository(tmp_path).hotwords() == ""  # not a repository at all
    assert Vocabulary.for_repository(tmp_path).snap("run pie test") == "run pytest"
    (empty_repo / "big.py").write_text("class HugeThing:\n" + "x = 1\n" * 100_000 + "class TailThing:\n")
    (empty_repo / "blob.py").write_bytes(b"\x00\xff\xfe class Binary\x00Thing:\n")
    (empty_repo / "link.py").symlink_to("/etc/passwd")
    (empty_repo / "ok_module.py").write_text("def build_index(): ...\n")
    vocabulary = Vocabulary.for_repository(empty_repo)
    assert "build_index" in vocabulary.hotword_names()
    assert "HugeThing" in vocabulary.hotword_names()  # declarations sit at the head of a big file
    assert "TailThing" not in vocabulary.hotword_names()  # past the bytes read of one file


def test_the_memorys_names_come_from_the_memory_store(scenario: Path) -> None:
    from app.core.memory import open_store

    result = open_store(scenario).execute(
        {
            "command": "create",
            "path": "/memories/team.md",
            "file_text": "The team calls the CI job DeployPipeline and the nightly export ledger_snapshot.\n",
        }
    )
    assert not result.is_error, result
    words = memory_words(scenario)
    assert {"DeployPipeline", "ledger_snapshot"} <= set(words)
    vocabulary = build_vocabulary(scenario, words)
    assert "DeployPipeline" in vocabulary.hotword_names()
    assert vocabulary.snap("Did the deploy pipeline write the ledger snapshot?") == (
        "Did the DeployPipeline write the ledger_snapshot?"
    )


def test_names_people_say_rank_above_tests_privates_and_vendored_code(empty_repo: Path) -> None:
    (empty_repo / "shop").mkdir()
    (empty_repo / "shop" / "cart.py").write_text(
        "class CartService:\n    pass\n\ndef _merge_lines(): ...\n\nMAX_CART_LINES = 50\n"
    )
    (empty_repo / "tests").mkdir()
    (empty_repo / "tests" / "test_cart.py").write_text("def test_cart_service_adds(): ...\nclass CartFixture: ...\n")
    (empty_repo / "vendor").mkdir()
    (empty_repo / "vendor" / "lib.py").write_text("class VendoredHelper: ...\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "cart")
    ranked = build_vocabulary(empty_repo).terms
    assert ranked["CartService"] > ranked["CartFixture"] > ranked["test_cart_service_adds"]
    assert ranked["CartService"] > max(ranked["_merge_lines"], ranked["MAX_CART_LINES"], ranked["VendoredHelper"])
    assert build_vocabulary(empty_repo).hotword_names()[0] == "CartService"


def test_names_files_are_named_after_and_names_used_across_files_rank_above_parameter_types(
    empty_repo: Path,
) -> None:
    # A data shape written in every signature of its own file is mentioned often but rarely said;
    # the component its file is named after, and the function other files call, are.
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "ShippingAddressForm.tsx").write_text(
        "export interface PostalAddress { street: string; }\n"
        "export function ShippingAddressForm(a: PostalAddress, b: PostalAddress, c: PostalAddress) {}\n"
        "function checkPostalAddress(a: PostalAddress): PostalAddress { return a; }\n"
    )
    (empty_repo / "src" / "rates.ts").write_text("export function fetchExchangeRates(): number { return 1; }\n")
    for page in ("cart", "checkout"):
        (empty_repo / "src" / f"{page}.ts").write_text(
            'import { fetchExchangeRates } from "./rates";\nexport const total = () => fetchExchangeRates();\n'
        )
    (empty_repo / "tests").mkdir()
    (empty_repo / "tests" / "RatesTests.ts").write_text("export class RatesTests { fetchExchangeRates() {} }\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "shop")
    ranked = build_vocabulary(empty_repo).terms
    assert ranked["ShippingAddressForm"] > ranked["PostalAddress"]
    assert ranked["fetchExchangeRates"] > ranked["checkPostalAddress"] > ranked["RatesTests"]
    assert "RatesTests" not in build_vocabulary(empty_repo).hotword_names()  # run, not said
