"""The shared half of a local memory's journal (changes, operations, seen texts), in its SQLite file.

The model can neither see nor address the file. Opening it, its schema and migrating older
formats are `journal_file`'s; the per-machine half in the same file is `sqlite_machine`'s.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from app.core.memory import journal_file
from app.core.memory.journal import Change, NewChange, OpContext, last_text_change
from app.core.memory.sqlite_citations import SqliteCitationLog
from app.core.memory.sqlite_lines import SqliteLineLog
from app.core.memory.sqlite_pending import SqlitePendingLog

SEEN_KEEP_SECONDS = 3 * 24 * 3600  # a session older than this cannot still be writing

_CHANGE_COLUMNS = "id, op, at, by, session, command, path, old_text, new_text, words, head, old_path, undoes"


def below(path: str) -> tuple[str, tuple[object, ...]]:
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


class SqliteChangeLog(SqliteLineLog, SqliteCitationLog, SqlitePendingLog):
    """The change log, seen texts and line records of one memory folder in its `.journal.sqlite`.

    A journal written by a newer version, or damaged, raises JournalError and is left as it is:
    the memory files stay readable, and nothing is written until the person decides.
    """

    def __init__(self, file: journal_file.JournalFile) -> None:
        self._file = file

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        return self._file.batch(create=create)

    def _connect(self, *, create: bool) -> contextlib.AbstractContextManager[sqlite3.Connection | None]:
        return self._file.connection(create=create)

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
                change = last_text_change(_history(conn, path))
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

    # --- what each session was shown -----------------------------------------------------------------

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

    def move_seen(self, old: str, new: str) -> None:
        move_rows(self._file, ("seen", "line_sessions", "line_marks", "citations"), old, new)
        self.move_lines(old, new)  # a held line and a line's origin go where their file goes


def move_rows(file: journal_file.JournalFile, tables: tuple[str, ...], old: str, new: str) -> None:
    """Give the rows of `old` and everything below it in `tables` the path they have under `new`."""
    where, args = below(old)
    with file.connection(create=False) as conn:
        if conn is None:
            return
        conn.execute("BEGIN IMMEDIATE")
        for table in tables:
            conn.execute(
                f"UPDATE OR REPLACE {table} SET path = ? || substr(path, ?) WHERE {where}",
                (new, len(old) + 1, *args),
            )
        conn.execute("COMMIT")
