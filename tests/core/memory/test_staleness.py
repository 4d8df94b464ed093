"""Staleness from git: each file's age, commits since, and named paths gone or changed since it was written."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from app.core.memory import open_store, staleness
from tests.conftest import git
from tests.core.memory.conftest import ok


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


def _repo(root: Path) -> Path:
    repo = root / "project"
    (repo / "src").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    (repo / "src" / "old_parser.py").write_text("def parse(): ...\n")
    (repo / "src" / "Parser.cs").write_text("class Parser {}\n")
    (repo / "README.md").write_text("readme\n")
    with pytest.MonkeyPatch.context() as mp:  # the project is older than the notes about it
        mp.setenv("GIT_COMMITTER_DATE", f"@{int(time.time()) - 10 * 86_400} +0000")
        _commit(repo, "start")
    return repo


def _status(snapshot: str, path: str) -> str:
    line = next(line for line in snapshot.splitlines() if line.startswith(f'<memory path="{path}"'))
    return line.split('status="', 1)[1].split('"', 1)[0]


def test_the_block_names_age_commits_and_paths_gone_or_changed(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    store = open_store(repo)
    note = "Parsing lives in src/old_parser.py; Parser.cs wraps it. README.md is fine. Use make and/or ninja.\n"
    ok(store, {"command": "create", "path": "/memories/notes.md", "file_text": note}, session_id="s1")
    ok(store, {"command": "create", "path": "/memories/other.md", "file_text": "unrelated habit\n"}, session_id="s1")
    git(repo, "rm", "-q", "src/old_parser.py")
    _commit(repo, "drop the old parser")
    (repo / "src" / "Parser.cs").write_text("class Parser { int x; }\n")
    for i in range(11):
        _commit(repo, f"work {i}")
    snap = store.snapshot(session_id="s2")
    status = _status(snap, "/memories/notes.md")
    assert status.startswith("written less than a minute ago; 12 commits since")
    assert "no longer exists: src/old_parser.py" in status
    assert "changed since: Parser.cs" in status  # uncommitted edits count: the note may be stale already
    assert "README.md" not in status and "and/or" not in status
    assert _status(snap, "/memories/other.md") == "written less than a minute ago; 12 commits since"


def test_age_in_days_and_a_file_written_by_hand(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    store = open_store(repo)
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "seed\n"})
    hand = store.folder / "hand.md"
    hand.write_text("The parser is src/old_parser.py\n")
    three_days = time.time() - 3 * 86_400 - 60
    os.utime(hand, (three_days, three_days))
    git(repo, "rm", "-q", "src/old_parser.py")
    _commit(repo, "drop")
    status = _status(store.snapshot(), "/memories/hand.md")
    assert status.startswith("written 3 days ago by the developer; 1 commit since")
    assert "no longer exists: src/old_parser.py" in status


def test_outside_git_only_the_age_is_given(tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    store = open_store(folder)
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "src/x.py\n"})
    assert _status(store.snapshot(), "/memories/a.md") == "written less than a minute ago"


def _counting_git(mp: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Every git command staleness runs, as it runs it."""
    calls: list[tuple[str, ...]] = []
    real = staleness._Git.raw

    def counting(self: staleness._Git, *args: str, stdin: bytes | None = None) -> bytes | None:
        calls.append(args)
        return real(self, *args, stdin=stdin)

    mp.setattr(staleness._Git, "raw", counting)
    return calls


@pytest.mark.slow
def test_few_git_calls_for_a_full_store_however_many_commits_it_was_written_at(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    store = open_store(repo)
    for i in range(20):
        ok(store, {"command": "create", "path": f"/memories/n{i}.md", "file_text": f"note {i} on src/Parser.cs\n"})
        if i % 4 == 3:
            _commit(repo, f"c{i}")  # five write commits, none of them HEAD
    ok(store, {"command": "create", "path": "/memories/old.md", "file_text": "Parsing: src/old_parser.py\n"})
    git(repo, "rm", "-q", "src/old_parser.py")
    _commit(repo, "drop the old parser")
    with pytest.MonkeyPatch.context() as mp:
        calls = _counting_git(mp)
        snap = store.snapshot(session_id="s")
    # HEAD and commit times, one walk counting for every memory, one diff for all write commits; the
    # deleted path a memory names is looked for on the disk.
    assert [c[0] for c in calls] == ["cat-file", "rev-list", "diff-tree"], calls
    assert _status(snap, "/memories/n0.md") == "written less than a minute ago; 6 commits since"
    assert _status(snap, "/memories/n19.md") == "written less than a minute ago; 2 commits since"
    assert _status(snap, "/memories/old.md").endswith("1 commit since; no longer exists: src/old_parser.py")
    with pytest.MonkeyPatch.context() as mp:
        calls = _counting_git(mp)
        again = store.snapshot(session_id="t")
    assert [c[0] for c in calls] == ["cat-file"], calls  # the same HEAD: what git said is kept
    assert again == snap


def test_later_sessions_build_on_what_git_said_before_also_across_branches(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    store = open_store(repo)
    ok(store, {"command": "create", "path": "/memories/n.md", "file_text": "See src/Parser.cs\n"}, session_id="s")
    for i in range(3):
        _commit(repo, f"main {i}")
    assert "3 commits since" in _status(store.snapshot(session_id="a"), "/memories/n.md")
    (repo / "src" / "Parser.cs").write_text("class Parser { }\n")
    _commit(repo, "touch parser")  # extends the remembered answer by one commit and one change
    status = _status(store.snapshot(session_id="b"), "/memories/n.md")
    assert status.endswith("4 commits since; changed since: src/Parser.cs"), status
    git(repo, "checkout", "-q", "-b", "other", "HEAD~4")  # sideways: back to where the note was written
    _commit(repo, "other work")
    status = _status(store.snapshot(session_id="c"), "/memories/n.md")
    assert status.endswith("1 commit since"), status
    git(repo, "checkout", "-q", "main")
    status = _status(store.snapshot(session_id="d"), "/memories/n.md")
    assert status.endswith("4 commits since; changed since: src/Parser.cs"), status


def test_a_bare_file_name_is_gone_only_when_no_file_of_that_name_is_left(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo / "lib").mkdir()
    (repo / "src" / "helpers.py").write_text("x = 1\n")
    (repo / "lib" / "helpers.py").write_text("y = 1\n")
    _commit(repo, "helpers")
    store = open_store(repo)
    ok(store, {"command": "create", "path": "/memories/n.md", "file_text": "Shared code goes in helpers.py\n"})
    git(repo, "rm", "-q", "src/helpers.py")
    _commit(repo, "one helpers.py less")
    assert _status(store.snapshot(session_id="a"), "/memories/n.md") == "written less than a minute ago; 1 commit since"
    git(repo, "rm", "-q", "lib/helpers.py")
    _commit(repo, "no helpers.py at all")
    status = _status(store.snapshot(session_id="b"), "/memories/n.md")
    assert status == "written less than a minute ago; 2 commits since; no longer exists: helpers.py"
