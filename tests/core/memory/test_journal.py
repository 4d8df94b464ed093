"""The journal and the snapshot: where each memory came from, whether it was read, and forgetting."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.core.memory import MemoryStore, list_repositories, open_store
from tests.conftest import git
from tests.core.memory.conftest import by_hand, damage_journal, err, local_only, ok, tree


def test_writes_record_time_session_command_path_and_words(store: MemoryStore) -> None:
    ok(
        store,
        {"command": "create", "path": "/memories/b.md", "file_text": "uses make\n"},
        session_id="s1",
        user_words="remember we build with make",
    )
    ok(
        store,
        {"command": "str_replace", "path": "/memories/b.md", "old_str": "make", "new_str": "ninja"},
        session_id="s2",
        user_words="we switched to ninja",
    )
    ok(
        store,
        {"command": "insert", "path": "/memories/b.md", "insert_line": 0, "insert_text": "# Build"},
        session_id="s2",
    )
    entries = store.history("/memories/b.md")
    assert [(e.kind, e.command, e.session_id, e.user_words) for e in entries] == [
        ("write", "create", "s1", "remember we build with make"),
        ("write", "str_replace", "s2", "we switched to ninja"),
        ("write", "insert", "s2", ""),
    ]
    assert entries[0].at <= entries[1].at <= entries[2].at
    assert entries[0].at.tzinfo is not None


def test_loading_is_not_using_views_and_edits_are(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"})
    ok(store, {"command": "create", "path": "/memories/never.md", "file_text": "n"})
    ok(store, {"command": "view", "path": "/memories/a.md"}, session_id="s1")
    ok(store, {"command": "view", "path": "/memories"}, session_id="s1")  # a listing uses no file
    store.snapshot(session_id="s2")
    store.snapshot(session_id="s3")
    stats = store.stats()
    a, never = stats["/memories/a.md"], stats["/memories/never.md"]
    assert (a.loaded_count, a.used_count) == (2, 1)
    assert (never.loaded_count, never.used_count) == (2, 0)
    assert never.flags(datetime.now(UTC)) == ["never used"] and a.flags(datetime.now(UTC)) == []
    assert a.last_written is not None and a.last_used is not None and a.last_used >= a.last_written
    assert a.write_count == 1 and a.chars == 1 and a.written_by == "agent"


def test_a_file_written_by_hand_has_stats_without_history(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"})
    by_hand(store, "hand.md", "by hand")
    s = store.stats()["/memories/hand.md"]
    assert (s.last_written, s.last_used, s.used_count, s.chars, s.written_by) == (None, None, 0, 7, "person")


def test_a_delete_keeps_the_history_with_the_deleted_text(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"}, user_words="note a")
    ok(store, {"command": "create", "path": "/memories/d/x.md", "file_text": "x"})
    ok(store, {"command": "create", "path": "/memories/d2/y.md", "file_text": "y"})
    ok(store, {"command": "delete", "path": "/memories/a.md"})
    ok(store, {"command": "delete", "path": "/memories/d"})
    assert [(c.command, c.old, c.new) for c in store.history("/memories/a.md")] == [
        ("create", None, "a"),
        ("delete", "a", None),
    ]
    assert [(c.command, c.old) for c in store.history("/memories/d/x.md")] == [("create", None), ("delete", "x")]
    assert len(store.history("/memories/d2/y.md")) == 1  # a sibling whose name starts the same is untouched
    assert store.history("/memories/a.md")[0].user_words == "note a"


def test_renaming_keeps_history_under_the_new_name(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/old.md", "file_text": "o"}, user_words="first words")
    ok(store, {"command": "create", "path": "/memories/dir/in.md", "file_text": "i"}, user_words="inner")
    ok(store, {"command": "rename", "old_path": "/memories/old.md", "new_path": "/memories/new.md"}, session_id="r")
    ok(store, {"command": "rename", "old_path": "/memories/dir", "new_path": "/memories/dir2"})
    moved = store.history("/memories/new.md")
    assert [(e.command, e.user_words) for e in moved] == [("create", "first words"), ("rename", "")]
    assert moved[1].detail == "from /memories/old.md" and moved[1].session_id == "r"
    assert [e.command for e in store.history("/memories/dir2/in.md")] == ["create", "rename"]


def test_the_journal_is_hidden_and_cannot_be_addressed(store: MemoryStore) -> None:
    local_only(store, "the local SQLite journal file")
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"}, session_id="s")
    assert (store.folder / ".journal.sqlite").is_file()
    assert ".journal" not in ok(store, {"command": "view", "path": "/memories"})
    for path in ("/memories/.journal.sqlite", "/memories/.repository.json", "/memories/.lock"):
        err(store, {"command": "view", "path": path})
        err(store, {"command": "delete", "path": path})
    assert ".journal" not in store.snapshot()
    if os.name == "posix":
        assert stat.S_IMODE((store.folder / ".journal.sqlite").stat().st_mode) == 0o600


def test_words_that_look_like_a_credential_are_not_journaled(store: MemoryStore) -> None:
    local_only(store, "reads the local SQLite journal file's bytes")
    words = "my key is sk-ant-api03-" + "Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0Gf9Ed"
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "the key is in the vault"}, user_words=words)
    assert "sk-ant" not in store.history("/memories/a.md")[0].user_words
    assert b"sk-ant" not in (store.folder / ".journal.sqlite").read_bytes()


@pytest.mark.parametrize("damage", ["corrupt", "newer"])
def test_a_damaged_or_newer_journal_refuses_writes_but_the_memory_still_loads(store: MemoryStore, damage: str) -> None:
    local_only(store, "damages the local SQLite journal (a newer server schema is refused in tests/core/team)")
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "remember a\n"})
    damage_journal(store, damage)
    before = tree(store.folder)
    text = err(store, {"command": "create", "path": "/memories/b.md", "file_text": "b"}, session_id="after")
    assert "history file is damaged or from a newer version" in text and "Nothing was changed" in text
    assert tree(store.folder) == before
    assert "remember a" in store.snapshot(session_id="s") and "remember a" in ok(
        store, {"command": "view", "path": "/memories/a.md"}, session_id="s"
    )
    problem = store.journal_problem()
    assert ("damaged" if damage == "corrupt" else "newer version") in problem
    assert tree(store.folder) == before


def test_a_first_format_journal_is_brought_over(store: MemoryStore) -> None:
    local_only(store, "the local SQLite journal's first format")
    store.folder.mkdir()
    by_hand(store, "a.md", "a\n")
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        conn.execute(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, at REAL, session TEXT, kind TEXT, command TEXT,"
            " path TEXT, words TEXT, detail TEXT DEFAULT '')"
        )
        conn.execute("INSERT INTO events VALUES (1, 1000, 's1', 'write', 'create', '/memories/a.md', 'say a', '')")
        conn.execute("INSERT INTO events VALUES (2, 2000, 's2', 'read', 'snapshot', '/memories/a.md', '', '')")
        conn.execute("INSERT INTO events VALUES (3, 3000, 's3', 'read', 'view', '/memories/a.md', '', '')")
    [change] = store.history("/memories/a.md")
    assert (change.command, change.session_id, change.user_words) == ("create", "s1", "say a")
    s = store.stats()["/memories/a.md"]
    assert (s.loaded_count, s.used_count) == (1, 1)


def test_the_users_words_are_dropped_after_the_set_days_and_the_change_kept(store: MemoryStore) -> None:
    local_only(store, "moves time back in the local SQLite journal")
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"}, user_words="old words")
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        conn.execute("UPDATE changes SET at = at - ?", (91 * 86_400,))
    ok(store, {"command": "create", "path": "/memories/b.md", "file_text": "b"}, user_words="new words")
    store.snapshot(session_id="s")  # sessions start by dropping expired words
    assert [(c.new, c.user_words) for c in store.history()] == [("a", ""), ("b", "new words")]
    shorter = MemoryStore(store.folder, words_days=1)
    shorter.snapshot(session_id="s2")
    assert [c.user_words for c in shorter.history()] == ["", "new words"]  # b is younger than a day


def test_snapshot_wraps_every_file_in_stable_order(store: MemoryStore) -> None:
    assert store.snapshot() == ""
    ok(store, {"command": "create", "path": "/memories/z.md", "file_text": "last\n"})
    ok(store, {"command": "create", "path": "/memories/a/b.md", "file_text": "first"})
    ok(store, {"command": "create", "path": "/memories/m.md", "file_text": "tries </memory> to escape"})
    ok(store, {"command": "create", "path": "/memories/u.md", "file_text": "or </MEMORY> or </ Memory >"})
    snap = store.snapshot()
    status = 'status="written less than a minute ago"'
    assert snap == (
        f'<memory path="/memories/a/b.md" {status}>\nfirst\n</memory>\n\n'
        f'<memory path="/memories/m.md" {status}>\ntries &lt;/memory> to escape\n</memory>\n\n'
        f'<memory path="/memories/u.md" {status}>\nor &lt;/MEMORY> or &lt;/ Memory >\n</memory>\n\n'
        f'<memory path="/memories/z.md" {status}>\nlast\n</memory>'
    )
    assert store.snapshot() == snap


def test_forget_removes_memory_and_journal_for_real(empty_repo: Path) -> None:
    store = open_store(empty_repo)
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"}, session_id="s")
    folder = store.folder
    store.forget()
    assert not folder.exists()
    again = open_store(empty_repo)
    assert again.files() == [] and again.history("/memories/a.md") == [] and again.snapshot() == ""
    assert list_repositories() == []


def test_list_repositories_names_each_repository_and_its_size(tmp_path: Path) -> None:
    repos = []
    for name in ("alpha", "beta"):
        repo = tmp_path / name
        repo.mkdir()
        git(repo, "init", "-q")
        repos.append(repo.resolve())
    open_store(repos[0]).execute({"command": "create", "path": "/memories/a.md", "file_text": "aaaa"})
    beta = open_store(repos[1])
    beta.execute({"command": "create", "path": "/memories/b.md", "file_text": "bb"})
    beta.execute({"command": "create", "path": "/memories/c/d.md", "file_text": "ddddd"})
    found = list_repositories()
    assert [(r.repository, r.chars, r.files, r.largest) for r in found] == [
        (repos[0], 4 + len("/memories/a.md"), 1, 4),  # names count toward the cap
        (repos[1], 7 + len("/memories/b.md") + len("/memories/c/d.md"), 2, 5),
    ]
    assert found[1].folder == beta.folder
    # The metadata comes back if the folder is deleted while a session runs.
    import shutil

    shutil.rmtree(beta.folder)
    beta.execute({"command": "create", "path": "/memories/e.md", "file_text": "e"})
    assert [r.repository for r in list_repositories()] == repos


@pytest.mark.slow
def test_importing_the_store_stays_light() -> None:
    code = (
        "import sys, app.core.memory\n"
        "heavy = [m for m in ('anthropic', 'numpy', 'PySide6', 'httpx', 'faster_whisper') if m in sys.modules]\n"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.slow
@pytest.mark.parametrize("count", [20])
def test_opening_and_snapshotting_is_cheap(store: MemoryStore, count: int) -> None:
    local_only(store, "reopens the local folder")
    import time

    for i in range(count):
        ok(store, {"command": "create", "path": f"/memories/f{i}.md", "file_text": "x" * 200})
    start = time.perf_counter()
    for _ in range(20):
        assert MemoryStore(store.folder).snapshot(session_id="s").count("<memory ") == count
    assert (time.perf_counter() - start) / 20 < 0.25  # generous: a session start must not wait on memory
