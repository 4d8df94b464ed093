"""The per-machine half of a local memory's journal (use counts, running sizes, git answers), in its SQLite file.

Beside the shared half (`sqlite_journal`) in the same file and the same connection, so the
local format is what it always was.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from app.core.memory import journal_file
from app.core.memory.journal import Usage, UseKind
from app.core.memory.sqlite_journal import move_rows
from app.core.memory.sqlite_lines import SqliteLineUses


def _when(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


class SqliteMachineLog(SqliteLineUses):
    """Use counts (of files and lines), the running size total and the git cache of one memory folder's journal."""

    def __init__(self, file: journal_file.JournalFile) -> None:
        self._file = file

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        return self._file.batch(create=create)

    def _connect(self, *, create: bool) -> contextlib.AbstractContextManager[sqlite3.Connection | None]:
        return self._file.connection(create=create)

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
        move_rows(self._file, ("uses", "sizes", "line_uses"), old, new)

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
