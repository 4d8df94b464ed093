"""Fixtures for the memory store tests: a real store in a real temporary folder, with neighbours.

The `store` fixture runs every test that takes it once per backend in BACKENDS, so the memory
suite is the contract each backend passes. Tests that look at the local folder or its SQLite
journal (`store.folder`, `damage_journal`) are about the local backend only.
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


BACKENDS = ("local",)  # the team backend adds itself here


def make_store(backend: str, parent: Path) -> MemoryStore:
    """An empty store of `backend`, named "store" under `parent` (a folder, for the local backend)."""
    if backend == "local":
        return MemoryStore(LocalBackend(parent / "store"))
    raise ValueError(f"no such backend in the tests: {backend}")


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, parent: Path) -> MemoryStore:
    return make_store(str(request.param), parent)


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

