"""Fixtures for the memory store tests: a real store in a real temporary folder, with neighbours.

The `store` fixture runs every test that takes it once per backend in BACKENDS, so the memory
suite is the contract each backend passes: "team" is a repository of its own on the run's real
PostgreSQL server, written by a developer's role (no superuser, no BYPASSRLS). Tests that look at
the local folder or its SQLite journal (`store.folder`, `damage_journal`) are about the local
backend only: they take `local_store`, or skip the team backend with `local_only`.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from app.core.memory.local import LocalBackend
from app.core.tool_result import ToolResult


@pytest.fixture
def parent(tmp_path: Path) -> Path:
    """The folder holding the store, with a sibling whose name starts with the store's."""
    base = tmp_path / "memroot"
    base.mkdir()
    evil = base / "store-evil"
    evil.mkdir()
    (evil / "secret.txt").write_text("outside\n")
    (base / "outside.md").write_text("outside file\n")
    return base


BACKENDS = ("local", "team")


def make_store(backend: str, parent: Path, request: pytest.FixtureRequest | None = None) -> MemoryStore:
    """An empty store of `backend`, named "store" under `parent` (a folder, for the local backend)."""
    if backend == "local":
        return MemoryStore(LocalBackend(parent / "store"))
    if backend == "team" and request is not None:
        from tests.team_server import TeamDatabase, unique

        database: TeamDatabase = request.getfixturevalue("team_db")
        role = database.role()
        identity = f"origin:example.com/team/{unique('repo')}"
        database.grant(identity, role)
        team = database.backend(identity, role, machine_folder=parent / "team-machine")
        request.addfinalizer(team.close)
        return MemoryStore(team)
    raise ValueError(f"no such backend in the tests: {backend}")


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, parent: Path) -> MemoryStore:
    return make_store(str(request.param), parent, request)


@pytest.fixture
def local_store(parent: Path) -> MemoryStore:
    """A local store only: for tests of the folder, its files on disk and its SQLite journal."""
    return make_store("local", parent)


def local_only(store: MemoryStore, why: str = "") -> None:
    """Skip the team backend in a test about the local folder or SQLite journal, saying why."""
    if store.key.backend != "local":
        pytest.skip(why or "about the local folder and its SQLite journal")


def ok(store: MemoryStore, command: object, **kwargs: str) -> str:
    result = store.execute(command, **kwargs)
    assert isinstance(result, ToolResult)
    assert not result.is_error, result.text
    return result.text


def err(store: MemoryStore, command: object, **kwargs: str) -> str:
    result = store.execute(command, **kwargs)
    assert isinstance(result, ToolResult)
    assert result.is_error, result.text
    return result.text


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry below `folder` with its bytes (None for folders and links): to prove nothing changed."""
    found: dict[str, bytes | None] = {}
    if not folder.exists():
        return found
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        found[rel] = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    return found


def damage_journal(store: MemoryStore, damage: str) -> None:
    """Make the store's history file unreadable ("corrupt") or from a later app version ("newer")."""
    journal = store.folder / ".journal.sqlite"
    if damage == "corrupt":
        journal.write_bytes(b"this is not a database" * 100)
    else:
        with sqlite3.connect(journal) as conn:
            conn.execute("PRAGMA user_version=99")


def stored(store: MemoryStore, path: str) -> str | None:
    """The text the backend holds at `path` (below /memories), None when there is no such file.

    A local store's file is read straight from disk, so its tests still see the bytes the folder has.
    """
    if store.key.backend == "local":
        file = store.folder / path
        return file.read_text() if file.is_file() else None
    parts = tuple(path.split("/"))

    def read() -> str | None:
        texts = store._core.texts
        return texts.read_bytes(parts, 1 << 20).decode() if texts.kind(parts) == "file" else None

    return store._core.locked(read, write=False, empty=lambda: None)


def by_hand(store: MemoryStore, path: str, text: str) -> None:
    """Write `text` at `path` outside the app: an editor in the folder, or a teammate's SQL on the server."""
    if store.key.backend == "local":
        file = store.folder / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
        return
    parts = tuple(path.split("/"))
    store._core.locked(lambda: store._core.texts.write_bytes(parts, text.encode()), write=True, empty=lambda: None)


def top_names(store: MemoryStore) -> list[str]:
    """The visible names directly in the store's root, sorted."""
    if store.key.backend == "local":
        return sorted(p.name for p in store.folder.iterdir() if not p.name.startswith("."))
    entries = store._core.locked(lambda: store._core.texts.entries(()), write=False, empty=list)
    return sorted(e.name for e in entries if not e.name.startswith("."))
