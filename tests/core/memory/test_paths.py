"""Paths from the model: only /memories and below, checked by parts, no links followed, root protected."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from app.core.memory.vpath import is_inside
from tests.core.memory.conftest import err, local_only, ok, stored, tree

HOSTILE = [
    "/memories/../outside.md",
    "/memories/a/../../outside.md",
    "/memories/..",
    "/memories/../store-evil/secret.txt",
    "/memories_evil/x.md",
    "/memoriesx",
    "/memories-evil/x.md",
    "memories/x.md",
    "x.md",
    "",
    "/",
    "/etc/passwd",
    "../outside.md",
    "/memories/.hidden.md",
    "/memories/.journal.sqlite",
    "/memories/.lock",
    "/memories/.repository.json",
    "/memories/.tmp-123",
    "/memories/a\\..\\..\\outside.md",
    "/memories/..\\outside.md",
    "/memories/c:x.md",
    "C:/memories/x.md",
    "/memories/%2e%2e/outside.md",
    "/memories/%2e%2e%2foutside.md",
    "/memories/a\x00b.md",
    "/memories/a\nb.md",
    "/memories/a\tb.md",
    "/memories/a\x7fb.md",
    "/memories/a\u202eb.md",
    "/memories/a\u200bb.md",
    "/Memories/x.md",
    "/memories/NUL",
    "/memories/con.md",
    "/memories/JOURNA~1.SQL",
    "/memories/name. ",
    "/memories/" + "a" * 300,
    "/memories/" + "/".join(["d"] * 40) + "/x.md",
]


@pytest.mark.parametrize("path", HOSTILE)
def test_hostile_paths_are_refused_for_every_command(store: MemoryStore, parent: Path, path: str) -> None:
    ok(store, {"command": "create", "path": "/memories/keep.md", "file_text": "keep\n"})
    before = tree(parent)
    err(store, {"command": "view", "path": path})
    err(store, {"command": "create", "path": path, "file_text": "pwned"})
    err(store, {"command": "str_replace", "path": path, "old_str": "outside", "new_str": "pwned"})
    err(store, {"command": "insert", "path": path, "insert_line": 0, "insert_text": "pwned"})
    err(store, {"command": "delete", "path": path})
    err(store, {"command": "rename", "old_path": path, "new_path": "/memories/moved.md"})
    err(store, {"command": "rename", "old_path": "/memories/keep.md", "new_path": path})
    after = tree(parent)
    # Only the journal may change (nothing is journaled for refusals, but the WAL may be checkpointed).
    assert {k: v for k, v in after.items() if ".journal" not in k} == {
        k: v for k, v in before.items() if ".journal" not in k
    }


def test_refusals_name_the_reason(store: MemoryStore) -> None:
    assert "'..'" in err(store, {"command": "view", "path": "/memories/../x"})
    assert "must start with /memories/" in err(store, {"command": "view", "path": "/memories_evil/x"})
    assert "starting with '.'" in err(store, {"command": "view", "path": "/memories/.journal.sqlite"})


@pytest.mark.parametrize("spelling", ["/memories", "/memories/", "/memories/.", "/memories//", "/memories/./."])
def test_root_can_be_neither_deleted_nor_renamed(store: MemoryStore, spelling: str) -> None:
    ok(store, {"command": "create", "path": "/memories/keep.md", "file_text": "keep"})
    assert "cannot be deleted" in err(store, {"command": "delete", "path": spelling})
    assert "cannot be renamed" in err(store, {"command": "rename", "old_path": spelling, "new_path": "/memories/x"})
    err(store, {"command": "rename", "old_path": "/memories/keep.md", "new_path": spelling})
    assert stored(store, "keep.md") == "keep"


def test_root_spelled_with_dotdot_is_refused_too(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a/keep.md", "file_text": "keep"})
    err(store, {"command": "delete", "path": "/memories/a/.."})
    err(store, {"command": "rename", "old_path": "/memories/a/..", "new_path": "/memories/b"})
    assert stored(store, "a/keep.md") == "keep"


def test_paths_with_doubled_slashes_and_dots_mean_the_same_file(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories//a/./b.md", "file_text": "same"})
    assert "same" in ok(store, {"command": "view", "path": "/memories/a/b.md"})


def test_inside_compares_whole_components(tmp_path: Path) -> None:
    folder = tmp_path / "name"
    folder.mkdir()
    (tmp_path / "name-evil").mkdir()
    assert is_inside(folder, folder / "x.md")
    assert is_inside(folder, folder)
    assert not is_inside(folder, tmp_path / "name-evil" / "x.md")
    assert not is_inside(folder, tmp_path / "name-evil")
    assert not is_inside(folder, folder / ".." / "name-evil")
    assert not is_inside(folder, tmp_path)


@pytest.fixture
def planted(store: MemoryStore, parent: Path) -> Path:
    """Links placed inside the store by something other than the tool, pointing outside it."""
    local_only(store, "symbolic links planted in the local folder")
    ok(store, {"command": "create", "path": "/memories/real.md", "file_text": "real\n"})
    os.symlink(parent / "store-evil" / "secret.txt", store.folder / "link.md")
    os.symlink(parent / "store-evil", store.folder / "linkdir")
    (store.folder / "sub").mkdir()
    os.symlink(parent / "store-evil", store.folder / "sub" / "inner")
    return parent


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need privileges on Windows")
def test_planted_links_never_let_a_read_or_write_escape(store: MemoryStore, planted: Path) -> None:
    outside = tree(planted / "store-evil")
    for path in ("/memories/link.md", "/memories/linkdir/secret.txt", "/memories/sub/inner/secret.txt"):
        text = err(store, {"command": "view", "path": path})
        assert "outside" not in text
        err(store, {"command": "create", "path": path, "file_text": "pwned"})
        err(store, {"command": "str_replace", "path": path, "old_str": "outside", "new_str": "pwned"})
        err(store, {"command": "insert", "path": path, "insert_line": 0, "insert_text": "pwned"})
        err(store, {"command": "delete", "path": path})
        err(store, {"command": "rename", "old_path": path, "new_path": "/memories/stolen.md"})
    err(store, {"command": "create", "path": "/memories/linkdir/new.md", "file_text": "pwned"})
    err(store, {"command": "rename", "old_path": "/memories/real.md", "new_path": "/memories/linkdir/real.md"})
    err(store, {"command": "view", "path": "/memories/linkdir"})
    err(store, {"command": "delete", "path": "/memories/linkdir"})
    listing = ok(store, {"command": "view", "path": "/memories"})
    assert "link" not in listing and "inner" not in listing
    snapshot = store.snapshot()
    assert "outside" not in snapshot and "real" in snapshot
    assert [f.path for f in store.files()] == ["/memories/real.md"]
    ok(store, {"command": "delete", "path": "/memories/sub"})  # removes the link inside, never its target
    assert tree(planted / "store-evil") == outside
    assert (planted / "store-evil" / "secret.txt").read_text() == "outside\n"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need privileges on Windows")
def test_a_store_folder_that_is_a_link_is_not_followed(parent: Path) -> None:
    os.symlink(parent / "store-evil", parent / "linked-store")
    store = MemoryStore(parent / "linked-store")
    before = tree(parent / "store-evil")
    err(store, {"command": "create", "path": "/memories/x.md", "file_text": "pwned"})
    assert tree(parent / "store-evil") == before


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need privileges on Windows")
def test_a_journal_replaced_by_a_link_is_not_followed(store: MemoryStore, parent: Path) -> None:
    local_only(store, "a link in place of the local SQLite journal")
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"})
    for name in (".journal.sqlite", ".journal.sqlite-wal", ".journal.sqlite-shm"):
        if (store.folder / name).exists():
            (store.folder / name).unlink()
    target = parent / "store-evil" / "secret.txt"
    os.symlink(target, store.folder / ".journal.sqlite")
    ok(store, {"command": "create", "path": "/memories/b.md", "file_text": "b"}, session_id="s")
    assert target.read_text() == "outside\n"
    assert [e.command for e in store.history("/memories/b.md")] == ["create"]
