"""git_status on the scenario, on odd repositories (no commits, detached, upstream), and its caps."""

from __future__ import annotations

import subprocess
from pathlib import Path

from app.core.agent.tools import git_status
from tests.conftest import git
from tests.scenario import SCENARIO_SECRET


def test_scenario_shows_branch_changes_and_history(scenario: Path) -> None:
    result = git_status(scenario)
    assert not result.is_error
    lines = result.text.splitlines()
    assert lines[0] == "Branch: main. No upstream branch."
    staged = lines.index("Staged (1):")
    assert lines[staged + 1] == "  modified: reviewbot/models.py"
    unstaged = lines.index("Not staged (1):")
    assert lines[unstaged + 1] == "  modified: reviewbot/diff.py"
    untracked = lines.index("Untracked (1):")
    assert lines[untracked + 1] == "  NOTES.md"
    commits = lines[lines.index("Recent commits (newest first):") + 1 :]
    assert [c.split(": ", 1)[1] for c in commits] == [
        "Add ReviewOrchestrator and Markdown report",
        "Add long-line and TODO rules",
        "Start reviewbot: models and diff parser",
    ]
    assert "2024-05-08 11:05" in commits[0]
    # The ignored .env is neither listed nor read.
    assert ".env" not in result.text and SCENARIO_SECRET not in result.text


def test_repository_without_commits(empty_repo: Path) -> None:
    (empty_repo / "first.py").write_text("x = 1\n")
    result = git_status(empty_repo)
    assert not result.is_error
    assert "Branch: main (no commits yet)." in result.text
    assert "  first.py" in result.text
    assert "Recent commits" not in result.text


def test_clean_tree_says_so(empty_repo: Path) -> None:
    (empty_repo / "a.txt").write_text("a\n")
    git(empty_repo, "add", "a.txt")
    git(empty_repo, "commit", "-q", "-m", "one")
    result = git_status(empty_repo)
    assert "Working tree clean" in result.text


def test_detached_head(scenario: Path) -> None:
    git(scenario, "checkout", "-q", "--detach", "HEAD~1")
    result = git_status(scenario)
    assert not result.is_error
    assert result.text.startswith("HEAD is detached at ")
    lines = result.text.splitlines()
    assert "Add long-line and TODO rules" in lines[lines.index("Recent commits (newest first):") + 1]


def test_upstream_ahead_and_behind(scenario: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(scenario), str(clone)], check=True)
    assert "Up to date with origin/main." in git_status(clone).text
    (clone / "mine.txt").write_text("mine\n")
    git(clone, "add", "mine.txt")
    git(clone, "commit", "-q", "-m", "local work")
    git(scenario, "commit", "-q", "-m", "finish rename in models")  # the staged change
    git(clone, "fetch", "-q")
    result = git_status(clone)
    assert "Upstream origin/main: 1 ahead, 1 behind." in result.text


def test_staged_rename_is_shown_with_both_names(scenario: Path) -> None:
    git(scenario, "mv", "reviewbot/report.py", "reviewbot/markdown.py")
    result = git_status(scenario)
    assert "renamed: reviewbot/report.py -> reviewbot/markdown.py" in result.text


def test_many_files_are_capped(empty_repo: Path) -> None:
    for n in range(300):
        (empty_repo / f"file_{n:03}_{'x' * 40}.txt").write_text("x\n")
    result = git_status(empty_repo)
    assert "Untracked (300):" in result.text
    assert "… and 260 more" in result.text
    assert len(result.text) <= 8_000


def test_not_a_repository_is_an_error(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    result = git_status(plain)
    assert result.is_error and "not a git repository" in result.text
    assert git_status(tmp_path / "missing").is_error


def test_merge_in_progress_is_reported(empty_repo: Path) -> None:
    (empty_repo / "f.txt").write_text("base\n")
    git(empty_repo, "add", "f.txt")
    git(empty_repo, "commit", "-q", "-m", "base")
    git(empty_repo, "checkout", "-q", "-b", "other")
    (empty_repo / "f.txt").write_text("other\n")
    git(empty_repo, "commit", "-q", "-am", "other")
    git(empty_repo, "checkout", "-q", "main")
    (empty_repo / "f.txt").write_text("main\n")
    git(empty_repo, "commit", "-q", "-am", "main")
    subprocess.run(["git", "-C", str(empty_repo), "merge", "-q", "other"], capture_output=True, check=False)
    result = git_status(empty_repo)
    assert "In the middle of a merge." in result.text
    assert "Conflicts (1):" in result.text and "both changed: f.txt" in result.text
