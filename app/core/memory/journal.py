"""The journal: every change to a memory (old and new text, who, why, at which commit), its use, what each session saw.

`Journal` is the one small interface the store talks to, with the records it deals in;
`sqlite_journal.SqliteJournal` keeps it in a hidden SQLite file beside the memory files, where
the model can neither see nor address it. A shared team store would be another implementation
of the same protocol.

Changes are grouped in operations (one memory command, an undo, a person's save): undo reverts
the newest operation that is neither an undo nor undone, so repeated undos walk back through
history. A delete keeps its history (the text is in the change), so it can be undone; only
`forget` (removing the whole folder) ends it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

Author = Literal["agent", "person"]
UseKind = Literal["loaded", "used"]


class JournalError(Exception):
    """The journal cannot be used; the message says so in words a person can act on."""


@dataclass(frozen=True)
class NewChange:
    """One file's change inside an operation, before it is journaled."""

    command: str  # create, str_replace, insert, delete, rename, save, undo
    path: str  # virtual path the change leaves the text at (the new path of a rename)
    old: str | None  # text before (None: the file did not exist)
    new: str | None  # text after (None: the file no longer exists)
    old_path: str = ""  # a move's source
    undoes: int = 0  # the operation an undo reverts


@dataclass(frozen=True)
class Change:
    """One journaled change of one file."""

    id: int
    op: int
    at: datetime
    by: Author
    session_id: str
    command: str
    path: str
    old: str | None
    new: str | None
    user_words: str
    head: str  # the repository's HEAD commit when it was written ("" outside git)
    old_path: str = ""
    undoes: int = 0

    kind = "write"  # every change writes; kept for readers of the earlier write/read journal

    @property
    def moves_only(self) -> bool:
        """A rename (or the undo of one): the file moved, its text did not change."""
        return bool(self.old_path) and self.old is None and self.new is None

    @property
    def detail(self) -> str:
        return f"from {self.old_path}" if self.old_path else ""


JournalEntry = Change  # the name the rest of the app already uses


@dataclass(frozen=True)
class Usage:
    """How often a file was loaded into a session and how often a session actually used it."""

    loaded_count: int = 0
    used_count: int = 0
    last_loaded: datetime | None = None
    last_used: datetime | None = None


@dataclass
class OpContext:
    """Who makes an operation, in which session, from which words, at which commit."""

    by: Author
    session_id: str = ""
    user_words: str = ""
    head: str = ""
    at: float = field(default_factory=time.time)


class Journal(Protocol):
    """What the store needs from a journal, whatever keeps it."""

    def append(self, ctx: OpContext, changes: Sequence[NewChange]) -> int:
        """Journal one operation (its changes in order); returns its number."""

    def history(self, path: str) -> list[Change]:
        """The changes of `path` oldest first, following it back through renames."""

    def all_changes(self) -> list[Change]:
        """Every change, oldest first."""

    def last_changes(self, paths: Iterable[str]) -> dict[str, Change]:
        """The newest change that set each path's text (not a move), by path."""

    def undoable(self) -> list[Change]:
        """The changes of the newest operation that is neither an undo nor already undone."""

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        """Record that a session loaded or used files (once per session and file, latest time kept)."""

    def usage(self) -> dict[str, Usage]:
        """Loaded and used counts per path."""

    def seen(self, session_id: str, path: str) -> str | None:
        """The digest of the text `session_id` was last shown of `path`, or None."""

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        """Remember what a session was shown; None forgets (the file is gone)."""

    def sizes(self) -> dict[str, int] | None:
        """The running size cost of each file as last written or counted; None when never counted."""

    def set_sizes(self, sizes: Mapping[str, int | None], *, replace: bool = False) -> None:
        """Update the running sizes (None removes a path); `replace` starts the count afresh."""

    def move(self, old: str, new: str) -> None:
        """Carry use, seen and size records of `old` and everything below it over to `new`."""

    def drop_words_before(self, moment: float) -> int:
        """Blank the user's words of changes older than `moment`; returns how many."""

    def cached(self, name: str) -> str | None:
        """A value kept to save work next time (what git said about earlier commits), or None."""

    def keep(self, name: str, value: str) -> None:
        """Keep a value for `cached`."""

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        """A block in which the calls may share one connection or transaction."""
