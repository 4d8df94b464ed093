"""The seam below the guards: what a place that keeps a memory must offer, whatever it is.

Path rules, caps, the credential filter, the write gate, conflict checks and what the journal
means all live above this line and are shared. A backend only keeps texts, runs one command at a
time (a lock or a transaction), and keeps the two halves of the journal. `local.LocalBackend` is
today's folder with its lock and SQLite file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Protocol, TypeVar

from app.core.memory.folder import Entry
from app.core.memory.journal import ChangeLog, MachineLog
from app.core.memory.key import MemoryKey

T = TypeVar("T")


class Texts(Protocol):
    """The memory's files, addressed by already-checked name parts below `/memories`.

    Problems are raised as `folder.FolderError` kinds (Missing, NotAFile, ...), which the
    handlers turn into the tool's messages.
    """

    def kind(self, parts: tuple[str, ...]) -> str:
        """ "file", "dir" or "missing"."""

    def read_bytes(self, parts: tuple[str, ...], limit: int) -> bytes: ...

    def write_bytes(self, parts: tuple[str, ...], data: bytes) -> None:
        """Replace the file's bytes as one step (never half written)."""

    def delete(self, parts: tuple[str, ...]) -> None: ...

    def rename(self, old: tuple[str, ...], new: tuple[str, ...]) -> None: ...

    def entries(self, parts: tuple[str, ...]) -> list[Entry]: ...

    def modified(self, parts: tuple[str, ...]) -> datetime: ...

    def dir_size(self, parts: tuple[str, ...]) -> int: ...

    def walk_files(self, parts: tuple[str, ...] = (), *, hidden: bool = False) -> Iterator[tuple[str, ...]]: ...


class MemoryBackend(Protocol):
    """One store's texts, its one-command-at-a-time rule, and its journal's two halves."""

    # Read-only members: a backend hands out its parts, nobody swaps them.
    @property
    def key(self) -> MemoryKey: ...

    @property
    def texts(self) -> Texts: ...

    @property
    def changes(self) -> ChangeLog:
        """The half of the journal shared by everyone who uses this store."""

    @property
    def machine(self) -> MachineLog:
        """This machine's own records (use counts, sizes, the git cache)."""

    @property
    def location(self) -> str:
        """Where the memory is kept, for a person (a folder, a server)."""

    def exists(self) -> bool:
        """Whether the store holds anything yet (reading an absent store finds nothing and creates nothing)."""

    def locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T]) -> T:
        """Run `work` as one command; a write first creates the store, a read of an absent one is `empty()`.

        Raises `lock.LockTimeout` when another command holds the store too long.
        """

    def forget(self) -> None:
        """Remove the whole store and its journal, for real."""
