"""The journal: a small SQLite database beside the memory files recording every write and read.

It answers where a memory came from (which session, which of the user's words), whether it was
ever read back, and how old it is. It lives in a hidden file the model can neither see nor address.
Entries are keyed by virtual path, so deleting or renaming a file moves or drops its history too.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

JOURNAL_NAME = ".journal.sqlite"

# The journal is history, not the memory itself: a rollback journal keeps it whole if the app
# crashes, and skipping fsync keeps each command cheap (a WAL would checkpoint on every close).
_SCHEMA = """
PRAGMA synchronous=OFF;
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    session TEXT NOT NULL,
    kind TEXT NOT NULL,
    command TEXT NOT NULL,
    path TEXT NOT NULL,
    words TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS events_path ON events (path);
"""


@dataclass(frozen=True)
class JournalEntry:
    """One write or read of one memory file."""

    at: datetime
    session_id: str
    kind: str  # "write" or "read"
    command: str  # create, str_replace, insert, rename, view, snapshot
    path: str
    user_words: str
    detail: str = ""


@dataclass(frozen=True)
class Usage:
    """What the journal knows about one file."""

    last_written: datetime | None = None
    last_read: datetime | None = None
    read_count: int = 0
    write_count: int = 0


def _when(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def _below(path: str) -> tuple[str, tuple[object, ...]]:
    """SQL matching `path` itself and everything under it (by whole components, no LIKE wildcards)."""
    return "(path = ? OR substr(path, 1, ?) = ?)", (path, len(path) + 1, path + "/")


class Journal:
    """The journal of one memory folder; each method opens, uses and closes its own connection."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / JOURNAL_NAME

    @contextlib.contextmanager
    def _connect(self, *, create: bool) -> Iterator[sqlite3.Connection | None]:
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            st = None
        except OSError:
            yield None
            return
        if st is not None and not stat.S_ISREG(st.st_mode):
            if not create:
                yield None
                return
            os.unlink(self.path)  # a link or other entry planted in place of the journal is never followed
            st = None
        if st is None and not create:
            yield None
            return
        conn = self._open(fresh=st is None)
        try:
            try:
                conn.executescript(_SCHEMA)
            except sqlite3.DatabaseError:
                conn.close()
                conn = sqlite3.connect(":memory:")  # closed by the finally below
                if not create:
                    yield None
                    return
                conn.close()
                os.unlink(self.path)  # corrupted (a power cut, say): history is lost, the memory is not
                conn = self._open(fresh=True)
                conn.executescript(_SCHEMA)
            yield conn
        finally:
            conn.close()

    def _open(self, *, fresh: bool) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=15.0, isolation_level=None)
        if fresh and os.name == "posix":
            os.chmod(self.path, 0o600)
        return conn

    def record(
        self,
        kind: str,
        command: str,
        paths: Iterable[str],
        *,
        session_id: str,
        user_words: str,
        detail: str = "",
    ) -> None:
        now = time.time()
        rows = [(now, session_id, kind, command, p, user_words, detail) for p in paths]
        if not rows:
            return
        with self._connect(create=True) as conn:
            if conn is not None:
                conn.executemany(
                    "INSERT INTO events (at, session, kind, command, path, words, detail) VALUES (?,?,?,?,?,?,?)",
                    rows,
                )

    def forget_path(self, path: str) -> None:
        """Drop the history of `path` and of everything below it."""
        where, args = _below(path)
        with self._connect(create=False) as conn:
            if conn is not None:
                conn.execute(f"DELETE FROM events WHERE {where}", args)

    def move(self, old: str, new: str) -> None:
        """Carry the history of `old` (and everything below it) over to `new`."""
        where, args = _below(old)
        with self._connect(create=False) as conn:
            if conn is not None:
                conn.execute(
                    f"UPDATE events SET path = ? || substr(path, ?) WHERE {where}",
                    (new, len(old) + 1, *args),
                )

    def history(self, path: str) -> list[JournalEntry]:
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT at, session, kind, command, path, words, detail FROM events WHERE path = ? ORDER BY id",
                (path,),
            ).fetchall()
        return [JournalEntry(datetime.fromtimestamp(r[0], UTC), *r[1:]) for r in rows]

    def usage(self) -> dict[str, Usage]:
        with self._connect(create=False) as conn:
            if conn is None:
                return {}
            rows = conn.execute(
                "SELECT path,"
                " MAX(CASE WHEN kind = 'write' THEN at END), MAX(CASE WHEN kind = 'read' THEN at END),"
                " SUM(kind = 'read'), SUM(kind = 'write') FROM events GROUP BY path"
            ).fetchall()
        return {r[0]: Usage(_when(r[1]), _when(r[2]), int(r[3] or 0), int(r[4] or 0)) for r in rows}
