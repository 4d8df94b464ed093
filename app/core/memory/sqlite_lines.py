"""Per-line records of a local memory in its SQLite journal: confirmations, a person's marks, uses.

`SqliteLineLog` is part of the shared half (`sqlite_journal.SqliteChangeLog` has it), `SqliteLineUses`
part of the machine's (`sqlite_machine.SqliteMachineLog`); the tables are `journal_file`'s step 4.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable

from app.core.memory import journal_file, lines
from app.core.memory.lines import Confirmation, LineKey, LineRecord


class _OnFile:
    _file: journal_file.JournalFile

    def _connect(self, *, create: bool) -> contextlib.AbstractContextManager[sqlite3.Connection | None]:
        return self._file.connection(create=create)


class SqliteLineLog(_OnFile):
    """Which sessions wrote or confirmed each line, and which lines a person made standing or restored."""

    def line_records(self) -> dict[LineKey, LineRecord]:
        with self._connect(create=False) as conn:
            if conn is None:
                return {}
            sessions = conn.execute(
                "SELECT path, key, session, by, at FROM line_sessions ORDER BY at, rowid"
            ).fetchall()
            marks = conn.execute("SELECT path, key, standing, restored_at FROM line_marks").fetchall()
        return lines.records_from(sessions, marks)

    def confirm_line(self, path: str, key: str, confirmation: Confirmation) -> None:
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute(
                "INSERT INTO line_sessions (path, key, session, by, at) VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING",
                (path, key, confirmation.session_id, confirmation.by, confirmation.at),
            )

    def set_line(self, path: str, key: str, *, standing: bool | None = None, restored_at: float | None = None) -> None:
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("INSERT INTO line_marks (path, key) VALUES (?, ?) ON CONFLICT DO NOTHING", (path, key))
            where = "WHERE path = ? AND key = ?"
            if standing is not None:
                conn.execute(f"UPDATE line_marks SET standing = ? {where}", (int(standing), path, key))
            if restored_at is not None:
                conn.execute(f"UPDATE line_marks SET restored_at = ? {where}", (restored_at, path, key))


class SqliteLineUses(_OnFile):
    """When this machine last saw a session use each line."""

    def note_line_use(self, session_id: str, keys: Iterable[LineKey], at: float) -> None:
        rows = [(session_id, path, key, at) for path, key in keys]
        if not rows:
            return
        with self._connect(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO line_uses (session, path, key, at) VALUES (?,?,?,?)"
                " ON CONFLICT DO UPDATE SET at = max(at, excluded.at)",
                rows,
            )
            conn.execute("COMMIT")

    def line_uses(self) -> dict[LineKey, float]:
        with self._connect(create=False) as conn:
            if conn is None:
                return {}
            rows = conn.execute("SELECT path, key, max(at) FROM line_uses GROUP BY path, key").fetchall()
        return {(str(p), str(k)): float(at) for p, k, at in rows}
