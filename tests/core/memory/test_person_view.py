"""A person's view of staleness (the memory window) reuses what git already told a session, and changes no file."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

import app.core.git
from app.core.memory import open_store
from tests.conftest import git


def test_marks_ask_git_only_once_for_the_same_commits(empty_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "old.py").write_text("x = 1\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "start")
    store = open_store(empty_repo)
    store.execute({"command": "create", "path": "/memories/notes.md", "file_text": "- src/old.py holds the parser.\n"})
    git(empty_repo, "rm", "-q", "src/old.py")
    git(empty_repo, "commit", "-q", "-m", "gone")
    asked: list[tuple[str, ...]] = []
    real = app.core.git.git

    def counting(repo: Path, *args: str, **kwargs: object) -> object:
        asked.append(args)
        return real(repo, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.core.git, "git", counting)
    files = {f.path: f.text for f in store.files()}
    first = store.marks(store.written(), datetime.now(UTC))
    first_calls = len(asked)
    asked.clear()
    second = store.marks(store.written(), datetime.now(UTC))
    assert first["/memories/notes.md"].missing == ["src/old.py"] and first["/memories/notes.md"].commits_since == 1
    assert second["/memories/notes.md"].missing == first["/memories/notes.md"].missing
    assert not any(a[0] in ("rev-list", "diff-tree") for a in asked), asked  # the commits' answers were kept
    assert len(asked) < first_calls
    assert {f.path: f.text for f in store.files()} == files
