"""The shared half of a team memory's journal on the server: the append-only `vda.changes`, words, seen texts.

Changes are only ever inserted (the roles have no other privilege on them); who made each is
the server's `current_user` and when is the server's clock. The user's words sit beside a change
in `vda.words`, so blanking them after a while deletes those rows and never touches history.
What a session was shown is kept per role in `vda.seen`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC
from typing import Any

from app.core.memory.journal import Change, NewChange, OpContext, last_text_change
from app.core.memory.lines import Confirmation, LineKey, LineRecord, records_from
from app.core.memory.sqlite_journal import SEEN_KEEP_SECONDS
from app.core.team.pending import TeamPendingLog
from app.core.team.server import Connection

_SELECT = (
    "SELECT c.seq, c.op, c.at, c.author, c.session, c.command, c.path, c.old_text, c.new_text,"
    " coalesce(w.words, ''), c.head, c.old_path, c.undoes, c.by"
    " FROM vda.changes c LEFT JOIN vda.words w ON w.change = c.seq"
)


def change_of(row: Sequence[Any]) -> Change:
    seq, op, at, author, session, command, path, old, new, words, head, old_path, undoes, by = row
    return Change(
        id=int(seq),
        op=int(op),
        at=at.astimezone(UTC),
        by="person" if author == "person" else "agent",
        session_id=str(session),
        command=str(command),
        path=str(path),
        old=old,
        new=new,
        user_words=str(words),
        head=str(head),
        old_path=str(old_path),
        undoes=int(undoes),
        role=str(by),
    )


def history_of(changes: list[Change], path: str) -> list[Change]:
    """The changes of `path`, and before its newest move into that name, those of where it came from."""
    found: list[Change] = []
    before = float("inf")
    wanted = path
    for _ in range(64):  # a chain of renames; bounded so a cycle cannot spin
        mine = [c for c in changes if c.path == wanted and c.id < before]
        source = next((c for c in reversed(mine) if c.old_path and c.old_path != wanted), None)
        if source is not None:
            mine = [c for c in mine if c.id >= source.id]
        found[:0] = mine
        if source is None:
            break
        before, wanted = source.id, source.old_path
    return found


class TeamChangeLog(TeamPendingLog):
    """One repository's change log on the team server; `active()` gives the command's (connection, repository id)."""

    def __init__(
        self, active: Callable[[], tuple[Connection, int]], batch: Callable[[], contextlib.AbstractContextManager[None]]
    ) -> None:
        self._active = active
        self._batch = batch

    def batch(self, *, create: bool) -> contextlib.AbstractContextManager[None]:
        return self._batch()

    # --- changes -----------------------------------------------------------------------------------

    def append(self, ctx: OpContext, changes: Sequence[NewChange]) -> int:
        if not changes:
            return 0
        conn, repo = self._active()
        row = conn.execute("SELECT nextval('vda.ops')").fetchone()
        assert row is not None
        op = int(row[0])
        for c in changes:
            inserted = conn.execute(
                "INSERT INTO vda.changes (repo, op, author, session, command, path, old_path, old_text, new_text,"
                " head, undoes) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) RETURNING seq",
                (repo, op, ctx.by, ctx.session_id, c.command, c.path, c.old_path, c.old, c.new, ctx.head, c.undoes),
            ).fetchone()
            if ctx.user_words and inserted is not None:
                conn.execute(
                    "INSERT INTO vda.words (change, repo, words) VALUES (%s, %s, %s)",
                    (inserted[0], repo, ctx.user_words),
                )
        return op

    def _rows(self, where: str = "true", args: tuple[object, ...] = ()) -> list[Change]:
        conn, repo = self._active()
        rows = conn.execute(f"{_SELECT} WHERE c.repo = %s AND {where} ORDER BY c.seq", (repo, *args)).fetchall()
        return [change_of(r) for r in rows]

    def all_changes(self) -> list[Change]:
        return self._rows()

    def history(self, path: str) -> list[Change]:
        return history_of(self._rows(), path)

    def last_changes(self, paths: Iterable[str]) -> dict[str, Change]:
        wanted = list(paths)
        if not wanted:
            return {}
        everything = self._rows()
        result: dict[str, Change] = {}
        for path in wanted:
            change = last_text_change(history_of(everything, path))
            if change is not None:
                result[path] = change
        return result

    def undoable(self) -> list[Change]:
        conn, repo = self._active()
        row = conn.execute(
            "SELECT max(op) FROM vda.changes WHERE repo = %s AND undoes = 0"
            " AND op NOT IN (SELECT undoes FROM vda.changes WHERE repo = %s AND undoes != 0)"
            # A redacted change's text is gone: it cannot be put back or taken back (`redact`).
            " AND op NOT IN (SELECT op FROM vda.changes WHERE repo = %s AND redacted_at IS NOT NULL)",
            (repo, repo, repo),
        ).fetchone()
        if row is None or row[0] is None:
            return []
        return self._rows("c.op = %s", (int(row[0]),))

    def drop_words_before(self, moment: float) -> int:
        conn, repo = self._active()
        done = conn.execute("DELETE FROM vda.words WHERE repo = %s AND at < to_timestamp(%s)", (repo, moment))
        return int(done.rowcount)

    # --- what each session was shown -----------------------------------------------------------------

    def seen(self, session_id: str, path: str) -> str | None:
        conn, repo = self._active()
        row = conn.execute(
            "SELECT digest FROM vda.seen WHERE repo = %s AND by = current_user AND session = %s AND path = %s",
            (repo, session_id, path),
        ).fetchone()
        return None if row is None else str(row[0])

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        if not digests:
            return
        conn, repo = self._active()
        for path, digest in digests.items():
            if digest is None:
                conn.execute(
                    "DELETE FROM vda.seen WHERE repo = %s AND by = current_user AND session = %s AND path = %s",
                    (repo, session_id, path),
                )
            else:
                conn.execute(
                    "INSERT INTO vda.seen (repo, session, path, digest) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT (repo, by, session, path) DO UPDATE SET digest = excluded.digest",
                    (repo, session_id, path, digest),
                )
        conn.execute(
            "DELETE FROM vda.seen WHERE repo = %s AND by = current_user AND at < to_timestamp(%s)",
            (repo, time.time() - SEEN_KEEP_SECONDS),
        )

    def move_seen(self, old: str, new: str) -> None:
        """Carry what sessions saw, and the lines' records, of `old` and everything below it over to `new`."""
        conn, repo = self._active()
        for table, keys, mine in (
            ("seen", ("by", "session"), " AND t.by = current_user"),
            ("line_sessions", ("key", "session"), ""),
            ("line_marks", ("key",), ""),
            ("citations", ("key",), ""),
        ):
            same = " AND ".join(f"o.{k} = t.{k}" for k in keys)
            # A moved row replaces one already at its new path (as SQLite's UPDATE OR REPLACE does).
            conn.execute(
                f"DELETE FROM vda.{table} t WHERE t.repo = %s{mine} AND EXISTS (SELECT 1 FROM vda.{table} o"
                f" WHERE o.repo = t.repo AND {same} AND (o.path = %s OR starts_with(o.path, %s))"
                " AND t.path = %s || substr(o.path, %s))",
                (repo, old, old + "/", new, len(old) + 1),
            )
            conn.execute(
                f"UPDATE vda.{table} t SET path = %s || substr(t.path, %s)"
                f" WHERE t.repo = %s{mine} AND (t.path = %s OR starts_with(t.path, %s))",
                (new, len(old) + 1, repo, old, old + "/"),
            )
        self.move_lines(old, new)  # a held line and a line's origin go where their file goes

    # --- citations (`memory.citations`): per line, what it cites ----------------------------------------

    def citations(self, paths: Iterable[str] | None = None) -> dict[str, dict[str, str]]:
        conn, repo = self._active()
        if paths is None:
            rows = conn.execute("SELECT path, key, cites FROM vda.citations WHERE repo = %s", (repo,)).fetchall()
        else:
            rows = conn.execute(
                "SELECT path, key, cites FROM vda.citations WHERE repo = %s AND path = ANY(%s)",
                (repo, list(set(paths))),
            ).fetchall()
        found: dict[str, dict[str, str]] = {}
        for path, key, cites in rows:
            found.setdefault(str(path), {})[str(key)] = str(cites)
        return found

    def set_citations(self, path: str, rows: Mapping[str, str | None]) -> None:
        conn, repo = self._active()
        for key, cites in rows.items():
            if cites is None:
                conn.execute("DELETE FROM vda.citations WHERE repo = %s AND path = %s AND key = %s", (repo, path, key))
            else:
                conn.execute(
                    "INSERT INTO vda.citations (repo, path, key, cites) VALUES (%s, %s, %s, %s)"
                    " ON CONFLICT (repo, path, key) DO UPDATE SET cites = excluded.cites",
                    (repo, path, key, cites),
                )

    # --- per-line records ------------------------------------------------------------------------------

    def line_records(self) -> dict[LineKey, LineRecord]:
        conn, repo = self._active()
        sessions = conn.execute(
            "SELECT path, key, session, author, at FROM vda.line_sessions WHERE repo = %s ORDER BY at, session",
            (repo,),
        ).fetchall()
        marks = conn.execute(
            "SELECT path, key, standing, restored_at FROM vda.line_marks WHERE repo = %s", (repo,)
        ).fetchall()
        return records_from(sessions, marks)

    def confirm_line(self, path: str, key: str, confirmation: Confirmation) -> None:
        conn, repo = self._active()
        conn.execute(
            "INSERT INTO vda.line_sessions (repo, path, key, session, author, at) VALUES (%s,%s,%s,%s,%s,%s)"
            " ON CONFLICT DO NOTHING",
            (repo, path, key, confirmation.session_id, confirmation.by, confirmation.at),
        )

    def set_line(self, path: str, key: str, *, standing: bool | None = None, restored_at: float | None = None) -> None:
        conn, repo = self._active()
        conn.execute(
            "INSERT INTO vda.line_marks (repo, path, key) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING", (repo, path, key)
        )
        if standing is not None:
            conn.execute(
                "UPDATE vda.line_marks SET standing = %s WHERE repo = %s AND path = %s AND key = %s",
                (standing, repo, path, key),
            )
        if restored_at is not None:
            conn.execute(
                "UPDATE vda.line_marks SET restored_at = %s WHERE repo = %s AND path = %s AND key = %s",
                (restored_at, repo, path, key),
            )
