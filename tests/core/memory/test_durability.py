"""Writes are atomic, leftovers of a crash are cleaned, files are the owner's only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from app.core.memory import MemoryStore, open_store
from tests.core.memory.conftest import err, local_only, ok, stored


def test_leftover_temporary_files_are_removed_when_a_store_opens(store: MemoryStore) -> None:
    local_only(store, "temporary files are how the local folder writes atomically (the server: a transaction)")
    ok(store, {"command": "create", "path": "/memories/a/b.md", "file_text": "b"})
    (store.folder / ".tmp-crashed").write_text("half")
    (store.folder / "a" / ".tmp-abc123").write_text("half")
    MemoryStore(store.folder)
    assert stored(store, ".tmp-crashed") is None
    assert stored(store, "a/.tmp-abc123") is None
    assert stored(store, "a/b.md") == "b"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_files_are_0600_and_folders_0700_whatever_the_umask(store: MemoryStore) -> None:
    local_only(store, "file modes of the local folder")
    old = os.umask(0)
    try:
        ok(store, {"command": "create", "path": "/memories/d/e/f.md", "file_text": "f"}, session_id="s")
        ok(store, {"command": "rename", "old_path": "/memories/d/e/f.md", "new_path": "/memories/g/h.md"})
    finally:
        os.umask(old)
    for path in [store.folder, *store.folder.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    local_only(store, "temporary files are how the local folder writes atomically (the server: a transaction)")
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "old\n"})

    def power_cut(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", power_cut)
    text = err(store, {"command": "create", "path": "/memories/a.md", "file_text": "new\n"})
    monkeypatch.undo()
    assert "could not be read or written" in text
    assert stored(store, "a.md") == "old\n"
    assert [p.name for p in store.folder.iterdir() if p.name.startswith(".tmp-")] == []


def test_a_folder_deleted_during_a_session_starts_empty(store: MemoryStore) -> None:
    local_only(store, "deletes the local folder")
    import shutil

    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"})
    shutil.rmtree(store.folder)
    listing = ok(store, {"command": "view", "path": "/memories"})
    assert listing.count("\n") == 1
    assert store.snapshot() == ""
    err(store, {"command": "str_replace", "path": "/memories/a.md", "old_str": "a", "new_str": "b"})
    ok(store, {"command": "create", "path": "/memories/b.md", "file_text": "b"})
    assert [f.path for f in store.files()] == ["/memories/b.md"]


def test_a_store_for_a_repository_lives_outside_it(empty_repo: Path, app_home: Path) -> None:
    store = open_store(empty_repo)
    digest_part = store.folder.name.rsplit("-", 1)
    assert digest_part[0] == "project" and len(digest_part[1]) == 8
    assert store.folder.parent == app_home / "data" / "memory"
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a"})
    assert not any(p.name == "a.md" for p in empty_repo.rglob("*"))
