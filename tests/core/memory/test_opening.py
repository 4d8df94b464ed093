"""One way to open a memory: clones of one repository share it, and a memory made by path is moved once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.core import paths
from app.core.memory import MemoryKey, MemoryStore, list_repositories, memory_key, open_key, open_store
from app.core.repos import memory_folder_name
from tests.conftest import git
from tests.core.memory.conftest import ok

NOTE = {"command": "create", "path": "/memories/notes.md", "file_text": "- Build with make ci, never make all.\n"}


def _repo_with_commit(folder: Path) -> Path:
    folder.mkdir(parents=True)
    git(folder, "init", "-q", "-b", "main")
    (folder / "README.md").write_text("hello\n")
    git(folder, "add", "README.md")
    git(folder, "commit", "-q", "-m", "first")
    return folder


def test_two_clones_of_one_remote_share_one_memory(tmp_path: Path) -> None:
    upstream = _repo_with_commit(tmp_path / "upstream")
    first, second = tmp_path / "work" / "app", tmp_path / "elsewhere" / "app-copy"
    for clone in (first, second):
        clone.parent.mkdir(parents=True, exist_ok=True)
        git(tmp_path, "clone", "-q", str(upstream), str(clone))
    ok(open_store(first), NOTE, session_id="s1")
    other = open_store(second)
    assert other.key == open_store(first).key == memory_key(second)
    assert [f.text for f in other.files()] == [NOTE["file_text"]]
    assert [c.session_id for c in other.history("/memories/notes.md")] == ["s1"]
    assert len(list_repositories()) == 1


def test_a_repository_without_a_remote_shares_its_memory_with_a_copy(tmp_path: Path) -> None:
    repo = _repo_with_commit(tmp_path / "solo")
    copy = tmp_path / "copy"
    git(tmp_path, "clone", "-q", str(repo), str(copy))
    git(copy, "remote", "remove", "origin")
    ok(open_store(repo), NOTE)
    assert open_store(copy).key == open_store(repo).key
    assert [f.text for f in open_store(copy).files()] == [NOTE["file_text"]]
    assert open_store(repo).key.name.startswith("commit-")


def test_a_plain_folder_keeps_its_own_memory_by_path(tmp_path: Path) -> None:
    plain, other = tmp_path / "notes", tmp_path / "other"
    plain.mkdir()
    other.mkdir()
    store = open_store(plain)
    ok(store, NOTE)
    assert store.key == MemoryKey("local", memory_folder_name(plain))
    assert (paths.memory_root() / memory_folder_name(plain) / "notes.md").is_file()  # the folder it always had
    assert open_store(other).files() == []


def _old_store(repo: Path) -> Path:
    """A memory as main made it before repositories had an identity: the folder named by the checkout's path."""
    old = paths.memory_root() / memory_folder_name(repo)
    store = MemoryStore(old, repository=repo.resolve())  # main's `MemoryStore.for_repository(repo)`, spelled out
    ok(store, NOTE, session_id="before", user_words="remember how to build")
    ok(store, {"command": "str_replace", "path": "/memories/notes.md", "old_str": "ci", "new_str": "check"},
       session_id="before")  # fmt: skip
    assert {p.name for p in old.iterdir()} >= {"notes.md", ".journal.sqlite", ".repository.json", ".lock"}
    return old


def test_a_memory_made_by_path_moves_to_the_repositorys_identity_once_with_its_journal(tmp_path: Path) -> None:
    repo = _repo_with_commit(tmp_path / "project")
    old = _old_store(repo)
    with sqlite3.connect(old / ".journal.sqlite") as conn:
        rows_before = conn.execute("SELECT * FROM changes ORDER BY id").fetchall()
    git(repo, "remote", "add", "origin", "git@github.com:Org/Project.git")
    store = open_store(repo)
    assert not old.exists()
    assert store.key == memory_key(repo) and store.key.name.startswith("project-")
    assert [f.text for f in store.files()] == ["- Build with make check, never make all.\n"]
    history = store.history("/memories/notes.md")
    assert [(c.command, c.session_id) for c in history] == [("create", "before"), ("str_replace", "before")]
    assert history[0].user_words == "remember how to build"
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        assert conn.execute("SELECT * FROM changes ORDER BY id").fetchall() == rows_before
    assert store.undo().startswith("edit of /memories/notes.md by the agent")  # undo walks the moved history
    assert [f.text for f in store.files()] == [NOTE["file_text"]]
    # Once: opening again finds it where it now is, and a second clone opens the same memory.
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    git(clone, "remote", "set-url", "origin", "https://github.com/org/project")
    assert open_store(clone).key == store.key and [f.text for f in open_store(clone).files()] == [NOTE["file_text"]]


def test_a_second_clones_own_old_memory_is_left_whole_beside_the_shared_one(tmp_path: Path) -> None:
    upstream = _repo_with_commit(tmp_path / "upstream")
    first, second = tmp_path / "a", tmp_path / "b"
    for clone in (first, second):
        git(tmp_path, "clone", "-q", str(upstream), str(clone))
    _old_store(first)
    theirs = paths.memory_root() / memory_folder_name(second)
    ok(MemoryStore(theirs, repository=second.resolve()), {**NOTE, "path": "/memories/b.md"})
    assert [f.path for f in open_store(first).files()] == ["/memories/notes.md"]
    assert [f.path for f in open_store(second).files()] == ["/memories/notes.md"]
    assert (theirs / "b.md").is_file()  # not merged by guesswork, not lost: still listed in the memory window
    assert {r.key for r in list_repositories()} == {open_store(first).key, MemoryKey("local", theirs.name)}


def test_open_key_opens_the_store_a_listed_row_names(tmp_path: Path) -> None:
    repo = _repo_with_commit(tmp_path / "listed")
    ok(open_store(repo), NOTE)
    (row,) = list_repositories()
    assert row.repository == repo.resolve()
    assert [f.text for f in open_key(row.key, row.repository).files()] == [NOTE["file_text"]]
    assert MemoryKey.parse(str(row.key)) == row.key
    for junk in ("", "local:", "team:x", "local:../x", "local:.hidden", "nonsense"):
        assert MemoryKey.parse(junk) is None
