"""The journal: every change to a memory (old and new text, who, why, at which commit), its use, what each session saw.

`Journal` is the one small interface the store talks to; `SqliteJournal` keeps it in a hidden
SQLite file beside the memory files, where the model can neither see nor address it. A shared
team store would be another implementation of the same protocol.

Changes are grouped in operations (one memory command, an undo, a person's save): undo reverts
the newest operation that is neither an undo nor undone, so repeated undos walk back through
history. A delete keeps its history (the text is in the change), so it can be undone; only
`forget` (removing the whole folder) ends it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, Protocol

JOURNAL_NAME = ".journal.sqlite"
SCHEMA_VERSION = 3  # 1: events without text (migrated); 2: changes with text; 3: a cache table
SEEN_KEEP_SECONDS = 3 * 24 * 3600  # a session older than this cannot still be writing

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


_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS changes (
        id INTEGER PRIMARY KEY,
        op INTEGER NOT NULL,
        at REAL NOT NULL,
        by TEXT NOT NULL,
        session TEXT NOT NULL,
        command TEXT NOT NULL,
        path TEXT NOT NULL,
        old_path TEXT NOT NULL DEFAULT '',
        old_text TEXT,
        new_text TEXT,
        words TEXT NOT NULL DEFAULT '',
        head TEXT NOT NULL DEFAULT '',
        undoes INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS changes_path ON changes (path)",
    "CREATE INDEX IF NOT EXISTS changes_op ON changes (op)",
    """CREATE TABLE IF NOT EXISTS uses (
        session TEXT NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (session, path, kind)
    )""",
    """CREATE TABLE IF NOT EXISTS seen (
        session TEXT NOT NULL, path TEXT NOT NULL, digest TEXT NOT NULL, at REAL NOT NULL,
        PRIMARY KEY (session, path)
    )""",
    "CREATE TABLE IF NOT EXISTS sizes (path TEXT PRIMARY KEY, cost INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS counted (done INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS cache (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
)

_CHANGE_COLUMNS = "id, op, at, by, session, command, path, old_text, new_text, words, head, old_path, undoes"


def _when(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def _below(path: str) -> tuple[str, tuple[object, ...]]:
    """SQL matching `path` itself and everything under it (by whole components, no LIKE wildcards)."""
    return "(path = ? OR substr(path, 1, ?) = ?)", (path, len(path) + 1, path + "/")


def _change(row: Sequence[object]) -> Change:
    id_, op, at, by, session, command, path, old, new, words, head, old_path, undoes = row
    return Change(
        id=int(str(id_)),
        op=int(str(op)),
        at=datetime.fromtimestamp(float(str(at)), UTC),
        by="person" if by == "person" else "agent",
        session_id=str(session),
        command=str(command),
        path=str(path),
        old=None if old is None else str(old),
        new=None if new is None else str(new),
        user_words=str(words),
        head=str(head),
        old_path=str(old_path),
        undoes=int(str(undoes)),
    )


def _select(conn: sqlite3.Connection, where: str, args: tuple[object, ...]) -> list[Change]:
    rows = conn.execute(f"SELECT {_CHANGE_COLUMNS} FROM changes WHERE {where} ORDER BY id", args).fetchall()
    return [_change(r) for r in rows]


def _history(conn: sqlite3.Connection, path: str) -> list[Change]:
    """The changes of `path`, and before its newest move into that name, those of where it came from."""
    found: list[Change] = []
    before = float("inf")
    wanted = path
    for _ in range(64):  # a chain of renames; bounded so a cycle cannot spin
        mine = [c for c in _select(conn, "path = ?", (wanted,)) if c.id < before]
        source = next((c for c in reversed(mine) if c.old_path and c.old_path != wanted), None)
        if source is not None:
            mine = [c for c in mine if c.id >= source.id]
        found[:0] = mine
        if source is None:
            break
        before, wanted = source.id, source.old_path
    return found


class SqliteJournal:
    """The journal of one memory folder in `.journal.sqlite`; each call opens and closes its connection.

    A journal written by a newer version, or damaged, raises JournalError and is left as it is:
    the memory files stay readable, and nothing is written until the person decides.
    """

    def __init__(self, folder: Path) -> None:
        self.path = folder / JOURNAL_NAME
        self._held: sqlite3.Connection | None = None

    # --- connection --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def batch(self, *, create: bool) -> Iterator[None]:
        """Let every call inside the block share one connection (one command makes several)."""
        if self._held is not None:
            yield
            return
        with self._connect(create=create) as conn:
            self._held = conn
            try:
                yield
            finally:
                self._held = None

    @contextlib.contextmanager
    def _connect(self, *, create: bool) -> Iterator[sqlite3.Connection | None]:
        if self._held is not None:
            yield self._held
            return
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            if not create:
                yield None
                return
            os.unlink(self.path)  # a link or other entry planted in place of the journal is never followed
            st = None
        if st is None and not create:
            yield None
            return
        try:
            conn = sqlite3.connect(self.path, timeout=15.0, isolation_level=None)
        except sqlite3.Error as exc:
            raise JournalError(self._damaged()) from exc
        try:
            if st is None and os.name == "posix":
                os.chmod(self.path, 0o600)
            # The journal is history, not the memory itself: a rollback journal keeps it whole if the
            # app crashes, and skipping fsync keeps each command cheap.
            conn.execute("PRAGMA synchronous=OFF")
            self._check_schema(conn)
            yield conn
        except sqlite3.DatabaseError as exc:
            raise JournalError(self._damaged()) from exc
        finally:
            conn.close()

    def _damaged(self) -> str:
        return (
            f"The memory journal {self.path} is damaged, so the memory's history cannot be read or written. "
            "The memory files are unchanged and still load; move the journal aside to start a new history."
        )

    def _check_schema(self, conn: sqlite3.Connection) -> None:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"The memory journal {self.path} was written by a newer version of Voice Dev Agent "
                f"(format {version}; this version reads up to {SCHEMA_VERSION}). The memory files still load; "
                "update the app to see or change the history."
            )
        if version == SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        if int(conn.execute("PRAGMA user_version").fetchone()[0]) != SCHEMA_VERSION:  # another process won
            for statement in _SCHEMA:
                conn.execute(statement)
            self._migrate_events(conn)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")

    @staticmethod
    def _migrate_events(conn: sqlite3.Connection) -> None:
        """Bring over the first journal format (writes and reads, without text) as well as it allows."""
        exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='events'").fetchone()
        if not exists:
            return
        rows = conn.execute("SELECT at, session, kind, command, path, words, detail FROM events ORDER BY id").fetchall()
        op = 0
        for at, session, kind, command, path, words, detail in rows:
            if kind == "write":
                op += 1
                old_path = str(detail).removeprefix("from ") if command == "rename" else ""
                by = "person" if session == "editor" else "agent"
                conn.execute(
                    "INSERT INTO changes (op, at, by, session, command, path, old_path, words)"
                    " VALUES (?,?,?,?,?,?,?,?)",
                    (op, at, by, session, command, path, old_path, words),
                )
            else:
                use = "loaded" if command == "snapshot" else "used"
                conn.execute(
                    "INSERT INTO uses (session, path, kind, at) VALUES (?,?,?,?)"
                    " ON CONFLICT DO UPDATE SET at = max(at, excluded.at)",
                    (session, path, use, at),
                )
        conn.execute("DROP TABLE events")

    # --- changes -----------------------------------------------------------------------------------

    def append(self, ctx: OpContext, changes: Sequence[NewChange]) -> int:
        if not changes:
            return 0
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            op = int(conn.execute("SELECT coalesce(max(op), 0) + 1 FROM changes").fetchone()[0])
            conn.executemany(
                "INSERT INTO changes (op, at, by, session, command, path, old_path, old_text, new_text, words, head,"
                " undoes) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (op, ctx.at, ctx.by, ctx.session_id, c.command, c.path, c.old_path, c.old, c.new, *tail)
                    for c in changes
                    for tail in [(ctx.user_words, ctx.head, c.undoes)]
                ],
            )
            conn.execute("COMMIT")
            return op

    def _rows(self, where: str = "1", args: tuple[object, ...] = ()) -> list[Change]:
        with self._connect(create=False) as conn:
            return [] if conn is None else _select(conn, where, args)

    def all_changes(self) -> list[Change]:
        return self._rows()

    def history(self, path: str) -> list[Change]:
        with self._connect(create=False) as conn:
            return [] if conn is None else _history(conn, path)

    def last_changes(self, paths: Iterable[str]) -> dict[str, Change]:
        result: dict[str, Change] = {}
        with self._connect(create=False) as conn:
            if conn is None:
                return result
            for path in paths:
                history = [c for c in _history(conn, path) if not c.moves_only]
                change = history[-1] if history else None
                if change is not None and change.undoes:
                    # An undo brings back an earlier text: its age and commit are that change's.
                    change = next((c for c in reversed(history) if not c.undoes and c.new == change.new), change)
                if change is not None:
                    result[path] = change
        return result

    def undoable(self) -> list[Change]:
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            row = conn.execute(
                "SELECT max(op) FROM changes WHERE undoes = 0"
                " AND op NOT IN (SELECT undoes FROM changes WHERE undoes != 0)"
            ).fetchone()
        if row is None or row[0] is None:
            return []
        return self._rows("op = ?", (int(row[0]),))

    def drop_words_before(self, moment: float) -> int:
        with self._connect(create=False) as conn:
            if conn is None:
                return 0
            return int(conn.execute("UPDATE changes SET words = '' WHERE at < ? AND words != ''", (moment,)).rowcount)

    def cached(self, name: str) -> str | None:
        with self._connect(create=False) as conn:
            if conn is None:
                return None
            row = conn.execute("SELECT value FROM cache WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def keep(self, name: str, value: str) -> None:
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute(
                "INSERT INTO cache (name, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = excluded.value",
                (name, value),
            )

    # --- use, seen, sizes ----------------------------------------------------------------------------

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        now = time.time()
        rows = [(session_id, p, kind, now) for p in paths]
        if not rows:
            return
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")  # one transaction, not one per row: a session start loads every file
            conn.executemany(
                "INSERT INTO uses (session, path, kind, at) VALUES (?,?,?,?)"
                " ON CONFLICT DO UPDATE SET at = excluded.at",
                rows,
            )
            conn.execute("COMMIT")

    def usage(self) -> dict[str, Usage]:
        with self._connect(create=False) as conn:
            if conn is None:
                return {}
            rows = conn.execute(
                "SELECT path, SUM(kind = 'loaded'), SUM(kind = 'used'),"
                " MAX(CASE WHEN kind = 'loaded' THEN at END), MAX(CASE WHEN kind = 'used' THEN at END)"
                " FROM uses GROUP BY path"
            ).fetchall()
        return {r[0]: Usage(int(r[1] or 0), int(r[2] or 0), _when(r[3]), _when(r[4])) for r in rows}

    def seen(self, session_id: str, path: str) -> str | None:
        with self._connect(create=False) as conn:
            if conn is None:
                return None
            row = conn.execute("SELECT digest FROM seen WHERE session = ? AND path = ?", (session_id, path)).fetchone()
        return None if row is None else str(row[0])

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        if not digests:
            return
        now = time.time()
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            for path, digest in digests.items():
                if digest is None:
                    conn.execute("DELETE FROM seen WHERE session = ? AND path = ?", (session_id, path))
                else:
                    conn.execute(
                        "INSERT INTO seen (session, path, digest, at) VALUES (?,?,?,?)"
                        " ON CONFLICT DO UPDATE SET digest = excluded.digest, at = excluded.at",
                        (session_id, path, digest, now),
                    )
            conn.execute("DELETE FROM seen WHERE at < ?", (now - SEEN_KEEP_SECONDS,))
            conn.execute("COMMIT")

    def sizes(self) -> dict[str, int] | None:
        with self._connect(create=False) as conn:
            if conn is None or conn.execute("SELECT 1 FROM counted").fetchone() is None:
                return None
            return {str(p): int(c) for p, c in conn.execute("SELECT path, cost FROM sizes")}

    def set_sizes(self, sizes: Mapping[str, int | None], *, replace: bool = False) -> None:
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            if replace:
                conn.execute("DELETE FROM sizes")
                conn.execute("DELETE FROM counted")
                conn.execute("INSERT INTO counted (done) VALUES (1)")
            for path, cost in sizes.items():
                if cost is None:
                    conn.execute("DELETE FROM sizes WHERE path = ?", (path,))
                else:
                    conn.execute(
                        "INSERT INTO sizes (path, cost) VALUES (?, ?) ON CONFLICT DO UPDATE SET cost = excluded.cost",
                        (path, cost),
                    )
            conn.execute("COMMIT")

    def move(self, old: str, new: str) -> None:
        where, args = _below(old)
        with self._connect(create=False) as conn:
            if conn is None:
                return
            conn.execute("BEGIN IMMEDIATE")
            for table in ("uses", "seen", "sizes"):
                conn.execute(
                    f"UPDATE OR REPLACE {table} SET path = ? || substr(path, ?) WHERE {where}",
                    (new, len(old) + 1, *args),
                )
            conn.execute("COMMIT")
