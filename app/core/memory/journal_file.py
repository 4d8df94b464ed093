"""The journal's SQLite file: opened safely, its tables created, older formats migrated.

Never opened through a link; created owner-only. One connection per `connect`: `JournalFile`
hands the journal's two halves one per call, or one shared by every call of a batch. A file
written by a newer version, or damaged, raises JournalError and is left as it is.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

from app.core.memory.journal import JournalError

JOURNAL_NAME = ".journal.sqlite"
# 1: events without text (migrated); 2: changes with text; 3: a cache table; later formats: `_STEPS`.
BASE_VERSION = 3

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

# Each later format is one step of its own (its version and what it adds), so formats added side by side
# stay apart. A file is brought up by running every step above its version, in order.
_STEPS: dict[int, tuple[str, ...]] = {
    # 4: per-line records (`lines`): each session that wrote or confirmed a line, a person's decisions about it,
    # and (this machine's) when a session used it.
    4: (
        """CREATE TABLE IF NOT EXISTS line_sessions (
            path TEXT NOT NULL, key TEXT NOT NULL, session TEXT NOT NULL, by TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (path, key, session)
        )""",
        """CREATE TABLE IF NOT EXISTS line_marks (
            path TEXT NOT NULL, key TEXT NOT NULL, standing INTEGER NOT NULL DEFAULT 0, restored_at REAL,
            PRIMARY KEY (path, key)
        )""",
        """CREATE TABLE IF NOT EXISTS line_uses (
            session TEXT NOT NULL, path TEXT NOT NULL, key TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (session, path, key)
        )""",
    ),
    # 5: what each memory line cites (`line_cites`): the shared half, since it is about the line.
    5: (
        """CREATE TABLE IF NOT EXISTS citations (
            path TEXT NOT NULL, key TEXT NOT NULL, cites TEXT NOT NULL, PRIMARY KEY (path, key)
        )""",
    ),
    # 6: lines held for the developer until they keep them, and where each line came from (`sqlite_pending`).
    6: (
        """CREATE TABLE IF NOT EXISTS pending (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL,
            key TEXT NOT NULL,
            line TEXT NOT NULL,
            after TEXT NOT NULL DEFAULT '',
            replaces TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL,
            reason TEXT NOT NULL DEFAULT '',
            sources TEXT NOT NULL DEFAULT '[]',
            session TEXT NOT NULL DEFAULT '',
            words TEXT NOT NULL DEFAULT '',
            at REAL NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending',
            settled_at REAL
        )""",
        "CREATE INDEX IF NOT EXISTS pending_path ON pending (path, key)",
        """CREATE TABLE IF NOT EXISTS line_origins (
            path TEXT NOT NULL, key TEXT NOT NULL, origin TEXT NOT NULL, sources TEXT NOT NULL DEFAULT '[]',
            session TEXT NOT NULL DEFAULT '', at REAL NOT NULL,
            PRIMARY KEY (path, key)
        )""",
    ),
}
SCHEMA_VERSION = max(BASE_VERSION, *_STEPS)


@contextlib.contextmanager
def connect(path: Path, *, create: bool) -> Iterator[sqlite3.Connection | None]:
    """A connection to the journal at `path` with its schema current; None when there is none and not `create`.

    A database error inside the block becomes JournalError: the journal is damaged.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if not create:
            yield None
            return
        os.unlink(path)  # a link or other entry planted in place of the journal is never followed
        st = None
    if st is None and not create:
        yield None
        return
    try:
        conn = sqlite3.connect(path, timeout=15.0, isolation_level=None)
    except sqlite3.Error as exc:
        raise JournalError(_damaged(path)) from exc
    try:
        if st is None and os.name == "posix":
            os.chmod(path, 0o600)
        # The journal is history, not the memory itself: a rollback journal keeps it whole if the
        # app crashes, and skipping fsync keeps each command cheap.
        conn.execute("PRAGMA synchronous=OFF")
        _check_schema(conn, path)
        yield conn
    except sqlite3.DatabaseError as exc:
        raise JournalError(_damaged(path)) from exc
    finally:
        conn.close()


class JournalFile:
    """One journal file, and the connection a batch holds open for every call inside it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / JOURNAL_NAME
        self._held: sqlite3.Connection | None = None

    @contextlib.contextmanager
    def batch(self, *, create: bool) -> Iterator[None]:
        """Let every call inside the block share one connection (one command makes several)."""
        if self._held is not None:
            yield
            return
        with connect(self.path, create=create) as conn:
            self._held = conn
            try:
                yield
            finally:
                self._held = None

    @contextlib.contextmanager
    def connection(self, *, create: bool) -> Iterator[sqlite3.Connection | None]:
        """The batch's connection, or one of its own; None when there is no file and not `create`."""
        if self._held is not None:
            yield self._held
            return
        with connect(self.path, create=create) as conn:
            yield conn


def _damaged(path: Path) -> str:
    return (
        f"The memory journal {path} is damaged, so the memory's history cannot be read or written. "
        "The memory files are unchanged and still load; move the journal aside to start a new history."
    )


def _check_schema(conn: sqlite3.Connection, path: Path) -> None:
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"The memory journal {path} was written by a newer version of Voice Dev Agent "
            f"(format {version}; this version reads up to {SCHEMA_VERSION}). The memory files still load; "
            "update the app to see or change the history."
        )
    if version == SCHEMA_VERSION:
        return
    conn.execute("BEGIN IMMEDIATE")
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version != SCHEMA_VERSION:  # else another process won
        if version < BASE_VERSION:
            for statement in _SCHEMA:
                conn.execute(statement)
            _migrate_events(conn)
        for step in sorted(_STEPS):
            if step > version:
                for statement in _STEPS[step]:
                    conn.execute(statement)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    conn.execute("COMMIT")


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
                "INSERT INTO changes (op, at, by, session, command, path, old_path, words) VALUES (?,?,?,?,?,?,?,?)",
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
