"""The journal: every change to a memory (old and new text, who, why, at which commit), its use, what each session saw.

It comes in two halves a backend provides: `ChangeLog`, which every copy of a store shares
(changes, operations, undo, what each session was shown), and `MachineLog`, which stays on each
machine (use counts, size accounting, the git cache). `Journal` holds one of each for the guards.
The local backend keeps both in one hidden SQLite file beside the memory files
(`sqlite_journal`, `sqlite_machine`), where the model can neither see nor address it.

Changes are grouped in operations (one memory command, an undo, a person's save): undo reverts
the newest operation that is neither an undo nor undone, so repeated undos walk back through
history. A delete keeps its history (the text is in the change), so it can be undone; only
`forget` (removing the whole folder) ends it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

from app.core.clock import wall
from app.core.memory.citations import CitationLog
from app.core.memory.lines import Confirmation, LineKey, LineLog, LineRecord, LineUses
from app.core.memory.pending import PendingLog

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
    role: str = ""  # the server's name for who made it, in a team memory ("" in a local one)

    kind = "write"  # every change writes; kept for readers of the earlier write/read journal

    @property
    def moves_only(self) -> bool:
        """A rename (or the undo of one): the file moved, its text did not change."""
        return bool(self.old_path) and self.old is None and self.new is None

    @property
    def detail(self) -> str:
        return f"from {self.old_path}" if self.old_path else ""


JournalEntry = Change  # the name the rest of the app already uses


def last_text_change(history: list[Change]) -> Change | None:
    """The change that set the text a path holds now (moves skipped), from its history oldest first.

    An undo brings back an earlier text: its age and commit are that change's, so that change is the answer.
    """
    writes = [c for c in history if not c.moves_only]
    change = writes[-1] if writes else None
    if change is not None and change.undoes:
        change = next((c for c in reversed(writes) if not c.undoes and c.new == change.new), change)
    return change


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
    at: float = field(default_factory=wall)  # the clock lines age by, which tests can move on


class ChangeLog(LineLog, CitationLog, PendingLog, Protocol):
    """The half of the journal every copy of a store must share: changes, operations, what sessions saw, line records
    and what each line cites.

    Undo and the lost-update check read it, so a shared store keeps it beside its texts; so are the
    lines held for the developer and each line's origin (`pending.PendingLog`).
    """

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

    def drop_words_before(self, moment: float) -> int:
        """Blank the user's words of changes older than `moment`; returns how many."""

    def seen(self, session_id: str, path: str) -> str | None:
        """The digest of the text `session_id` was last shown of `path`, or None."""

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        """Remember what a session was shown; None forgets (the file is gone)."""

    def move_seen(self, old: str, new: str) -> None:
        """Carry the seen records (and the lines' citations) of `old` and everything below it over to `new`."""

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        """A block in which the calls may share one connection or transaction."""


class MachineLog(LineUses, Protocol):
    """The half that stays on each machine: use counts (of files and lines), size accounting, git answers.

    Git answers are about this machine's checkout, and counts are cheap to redo, so nothing here
    is shared.
    """

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        """Record that a session loaded or used files (once per session and file, latest time kept)."""

    def usage(self) -> dict[str, Usage]:
        """Loaded and used counts per path."""

    def sizes(self) -> dict[str, int] | None:
        """The running size cost of each file as last written or counted; None when never counted."""

    def set_sizes(self, sizes: Mapping[str, int | None], *, replace: bool = False) -> None:
        """Update the running sizes (None removes a path); `replace` starts the count afresh."""

    def move(self, old: str, new: str) -> None:
        """Carry use and size records of `old` and everything below it over to `new`."""

    def cached(self, name: str) -> str | None:
        """A value kept to save work next time (what git said about earlier commits), or None."""

    def keep(self, name: str, value: str) -> None:
        """Keep a value for `cached`."""

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        """A block in which the calls may share one connection or transaction."""


class Journal:
    """The whole journal as the guards use it: the shared change log and this machine's records, held together."""

    def __init__(self, changes: ChangeLog, machine: MachineLog) -> None:
        self.changes = changes
        self.machine = machine

    @contextlib.contextmanager
    def batch(self, *, create: bool) -> Iterator[None]:
        # Two halves kept in one place (the local file) share one connection; nesting makes the second free.
        with self.changes.batch(create=create), self.machine.batch(create=create):
            yield

    def append(self, ctx: OpContext, changes: Sequence[NewChange]) -> int:
        return self.changes.append(ctx, changes)

    def history(self, path: str) -> list[Change]:
        return self.changes.history(path)

    def all_changes(self) -> list[Change]:
        return self.changes.all_changes()

    def last_changes(self, paths: Iterable[str]) -> dict[str, Change]:
        return self.changes.last_changes(paths)

    def undoable(self) -> list[Change]:
        return self.changes.undoable()

    def drop_words_before(self, moment: float) -> int:
        return self.changes.drop_words_before(moment)

    def seen(self, session_id: str, path: str) -> str | None:
        return self.changes.seen(session_id, path)

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        self.changes.mark_seen(session_id, digests)

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        self.machine.note_use(session_id, paths, kind)

    def usage(self) -> dict[str, Usage]:
        return self.machine.usage()

    def sizes(self) -> dict[str, int] | None:
        return self.machine.sizes()

    def set_sizes(self, sizes: Mapping[str, int | None], *, replace: bool = False) -> None:
        self.machine.set_sizes(sizes, replace=replace)

    def move(self, old: str, new: str) -> None:
        """Carry use, seen and size records of `old` and everything below it over to `new`."""
        self.machine.move(old, new)
        self.changes.move_seen(old, new)

    def cached(self, name: str) -> str | None:
        return self.machine.cached(name)

    def keep(self, name: str, value: str) -> None:
        self.machine.keep(name, value)

    # --- per-line records (`lines`) ------------------------------------------------------------------

    def line_records(self) -> dict[LineKey, LineRecord]:
        return self.changes.line_records()

    def confirm_line(self, path: str, key: str, confirmation: Confirmation) -> None:
        self.changes.confirm_line(path, key, confirmation)

    def set_line(self, path: str, key: str, *, standing: bool | None = None, restored_at: float | None = None) -> None:
        self.changes.set_line(path, key, standing=standing, restored_at=restored_at)

    def note_line_use(self, session_id: str, keys: Iterable[LineKey], at: float) -> None:
        self.machine.note_line_use(session_id, keys, at)

    def line_uses(self) -> dict[LineKey, float]:
        return self.machine.line_uses()


class QuietJournal(Journal):
    """The journal for a reading command: a damaged journal must not stop anyone reading the memory."""

    def __init__(self, journal: Journal) -> None:
        super().__init__(journal.changes, journal.machine)

    def seen(self, session_id: str, path: str) -> str | None:
        with contextlib.suppress(JournalError):
            return super().seen(session_id, path)
        return None

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        with contextlib.suppress(JournalError):
            super().mark_seen(session_id, digests)

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        with contextlib.suppress(JournalError):
            super().note_use(session_id, paths, kind)

    def note_line_use(self, session_id: str, keys: Iterable[LineKey], at: float) -> None:
        with contextlib.suppress(JournalError):
            super().note_line_use(session_id, keys, at)
