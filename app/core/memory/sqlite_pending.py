"""The held lines and line origins of a local memory, in its journal's SQLite file (its tables: step 6).

Part of the shared half (`pending.PendingLog`): `SqliteChangeLog` takes these methods in, so a team
backend keeps the same records beside its changes.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from app.core.memory import text
from app.core.memory.pending import HeldLine, LineOrigin, PendingLine, State, line_key, sources_from

if TYPE_CHECKING:
    from app.core.memory import journal_file

_PENDING_COLUMNS = "id, path, line, after, replaces, origin, reason, sources, session, words, at, state"


class SqlitePendingLog:
    """Held lines and line origins over a `journal_file.JournalFile` (mixed into `SqliteChangeLog`)."""

    _file: journal_file.JournalFile

    def _lines_connection(self, *, create: bool) -> contextlib.AbstractContextManager[sqlite3.Connection | None]:
        return self._file.connection(create=create)

    def hold(self, session_id: str, user_words: str, lines: Iterable[HeldLine]) -> None:
        rows = list(lines)
        if not rows:
            return
        with self._lines_connection(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            for line in rows:
                key = line_key(line.text)
                waiting = conn.execute(
                    "SELECT 1 FROM pending WHERE path = ? AND key = ? AND state = 'pending'", (line.path, key)
                ).fetchone()
                if waiting:
                    continue
                conn.execute(
                    "INSERT INTO pending (path, key, line, after, replaces, origin, reason, sources, session, words,"
                    " at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        line.path, key, line.text, line.after, line.replaces, line.origin, line.reason,
                        json.dumps(list(line.sources)), session_id, user_words, time.time(),
                    ),
                )  # fmt: skip
            conn.execute("COMMIT")

    def pending(self, state: State = "pending") -> list[PendingLine]:
        with self._lines_connection(create=False) as conn:
            if conn is None:
                return []
            rows = conn.execute(
                f"SELECT {_PENDING_COLUMNS} FROM pending WHERE state = ? ORDER BY id", (state,)
            ).fetchall()
        return [
            PendingLine(
                int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5]), str(r[6]), sources_from(r[7]),
                str(r[8]), str(r[9]), float(r[10]), "kept" if r[11] == "kept" else "discarded" if r[11] == "discarded"
                else "pending",
            )
            for r in rows
        ]  # fmt: skip

    def settle(self, line_id: int, state: State) -> None:
        with self._lines_connection(create=True) as conn:
            assert conn is not None
            conn.execute("UPDATE pending SET state = ?, settled_at = ? WHERE id = ?", (state, time.time(), line_id))

    def set_origins(self, path: str, text_now: str | None, origins: Mapping[str, LineOrigin]) -> None:
        with self._lines_connection(create=True) as conn:
            assert conn is not None
            conn.execute("BEGIN IMMEDIATE")
            if text_now is None:
                conn.execute("DELETE FROM line_origins WHERE path = ?", (path,))
            else:
                present = {line_key(line) for line in text.split_lines(text_now)}
                stored = [str(r[0]) for r in conn.execute("SELECT key FROM line_origins WHERE path = ?", (path,))]
                gone = [(path, key) for key in stored if key not in present]
                conn.executemany("DELETE FROM line_origins WHERE path = ? AND key = ?", gone)
            now = time.time()
            conn.executemany(
                "INSERT OR IGNORE INTO line_origins (path, key, origin, sources, session, at) VALUES (?,?,?,?,?,?)",
                [(path, key, o.origin, json.dumps(list(o.sources)), o.session_id, now) for key, o in origins.items()],
            )
            conn.execute("COMMIT")

    def origins(self) -> dict[tuple[str, str], LineOrigin]:
        with self._lines_connection(create=False) as conn:
            if conn is None:
                return {}
            rows = conn.execute("SELECT path, key, origin, sources, session FROM line_origins").fetchall()
        return {(str(p), str(k)): LineOrigin(str(o), sources_from(s), str(sess)) for p, k, o, s, sess in rows}

    def move_lines(self, old: str, new: str) -> None:
        with self._lines_connection(create=False) as conn:
            if conn is None:
                return
            conn.execute("BEGIN IMMEDIATE")
            for table in ("line_origins", "pending"):
                # Whole components only (no LIKE wildcards); a moved origin replaces one at its new path.
                conn.execute(
                    f"UPDATE OR REPLACE {table} SET path = ? || substr(path, ?)"
                    " WHERE path = ? OR substr(path, 1, ?) = ?",
                    (new, len(old) + 1, old, len(old) + 1, old + "/"),
                )
            conn.execute("COMMIT")
