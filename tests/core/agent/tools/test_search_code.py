"""search_code: git grep over tracked files, smart case, caps, path limits and secret files filtered out."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.agent.tools import search_code
from tests.conftest import git
from tests.scenario import SCENARIO_SECRET


def test_finds_a_class_with_file_and_line(scenario: Path) -> None:
    result = search_code(scenario, "ReviewOrchestrator")
    assert not result.is_error
    assert "case-sensitive" in result.text
    assert "reviewbot/orchestrator.py:10: class ReviewOrchestrator:" in result.text
    assert "tests/test_orchestrator.py:1: from reviewbot.orchestrator import ReviewOrchestrator" in result.text


def test_lower_case_pattern_ignores_case_and_capitals_do_not(scenario: Path) -> None:
    assert "reviewbot/orchestrator.py:10:" in search_code(scenario, "class revieworchestrator").text
    exact = search_code(scenario, "class reviewOrchestrator")
    assert not exact.is_error and exact.text.startswith("No matches")


def test_regular_expressions_work_and_bad_ones_are_errors(scenario: Path) -> None:
    result = search_code(scenario, r"class (LongLine|Todo)Rule")
    assert "reviewbot/rules.py:10:" in result.text and "reviewbot/rules.py:23:" in result.text
    bad = search_code(scenario, "parse_diff(")
    assert bad.is_error and "regular expression" in bad.text and "backslash" in bad.text
    assert "reviewbot/diff.py" in search_code(scenario, r"parse_diff\(text").text


def test_path_limits_the_search(scenario: Path) -> None:
    result = search_code(scenario, "ReviewOrchestrator", "tests")
    assert "under tests" in result.text
    matched = [line for line in result.text.splitlines()[1:] if ":" in line]
    assert matched and all(line.startswith("tests/") for line in matched)
    assert "reviewbot/rules.py" in search_code(scenario, "Finding", "reviewbot/rules.py").text


@pytest.mark.parametrize(
    "path", ["..", "../", "/etc", "~", ".git", ".env", "%2e%2e", "tests/../..", "a:b", 7, "missing_folder"]
)
def test_bad_paths_are_refused(scenario: Path, path: object) -> None:
    result = search_code(scenario, "import", path)
    assert result.is_error and result.text.startswith("Refused:")


@pytest.mark.parametrize("pattern", [None, "", "   ", 12, ["x"], "a\nb", "x" * 501])
def test_bad_patterns_are_refused(scenario: Path, pattern: object) -> None:
    assert search_code(scenario, pattern).is_error


def test_pattern_that_looks_like_an_option_is_just_text(scenario: Path) -> None:
    result = search_code(scenario, "--output=/tmp/x")
    assert not result.is_error and result.text.startswith("No matches")


def test_untracked_and_ignored_files_are_not_searched(scenario: Path) -> None:
    assert search_code(scenario, "FIXME as well").text.startswith("No matches")  # NOTES.md is untracked
    result = search_code(scenario, "REVIEWBOT_WEBHOOK")  # .env is ignored
    assert result.text.startswith("No matches") and SCENARIO_SECRET not in result.text


def test_tracked_secret_files_are_filtered_out(empty_repo: Path) -> None:
    value = "TOPSECRET-VALUE-42"
    files = {
        ".env": f"API_TOKEN={value}\n",
        "config/prod.env": f"API_TOKEN={value}\n",
        "deploy/server.key": f"API_TOKEN={value}\n",
        ".npmrc": f"API_TOKEN={value}\n",
        "src/settings.py": "API_TOKEN = os.environ['API_TOKEN']\n",
    }
    for name, content in files.items():
        (empty_repo / name).parent.mkdir(parents=True, exist_ok=True)
        (empty_repo / name).write_text(content)
    git(empty_repo, "add", "-f", ".")
    git(empty_repo, "commit", "-q", "-m", "oops, secrets committed")
    result = search_code(empty_repo, "API_TOKEN")
    assert not result.is_error
    assert "src/settings.py:1:" in result.text
    assert value not in result.text
    assert "4 tracked file(s) are never searched" in result.text
    # Nothing about the secret files depends on the pattern: a value only they hold reads like a miss.
    probe = search_code(empty_repo, f"^API_TOKEN={value[:5]}")
    miss = search_code(empty_repo, "^API_TOKEN=NOTHERE")
    assert probe.text.replace(value[:5], "X") == miss.text.replace("NOTHERE", "X")


def test_results_are_capped_and_say_so(empty_repo: Path) -> None:
    (empty_repo / "many.py").write_text("".join(f"needle_{n} = {'z' * 100}\n" for n in range(500)))
    (empty_repo / "wide.py").write_text("needle " + "w" * 5000 + "\n")
    git(empty_repo, "add", ".")
    result = search_code(empty_repo, "needle")
    assert len(result.text) <= 8_000
    assert "Results cut" in result.text
    assert "…[cut]" in result.text or "many.py" in result.text


def test_symlinked_tracked_file_is_not_shown(empty_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "outside.txt").write_text("needle outside\n")
    (empty_repo / "link.txt").symlink_to(tmp_path / "outside.txt")
    (empty_repo / "real.txt").write_text("needle inside\n")
    git(empty_repo, "add", ".")
    result = search_code(empty_repo, "needle")
    assert "real.txt:1: needle inside" in result.text
    assert "outside" not in result.text.replace("needle inside", "")
