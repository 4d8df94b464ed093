"""The shared half of a team memory's journal on the server: the append-only `vda.changes`, words, seen texts.

Changes are only ever inserted (the roles have no other privilege on them); who made each is
the server's `current_user` and when is the server's clock. The user's words sit beside a change
in `vda.words`, so blanking them after a while deletes those rows and never touches history.
What a session was shown is kept per role in `vda.seen`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC
from typing import Any

from app.core.memory.journal import Change, NewChange, OpContext
from app.core.memory.sqlite_journal import SEEN_KEEP_SECONDS
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


def _below(path: str) -> tuple[str, tuple[object, ...]]:
    return "(path = %s OR starts_with(path, %s))", (path, path + "/")


class TeamChangeLog:
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
            history = [c for c in history_of(everything, path) if not c.moves_only]
            change = history[-1] if history else None
            if change is not None and change.undoes:
                # An undo brings back an earlier text: its age and commit are that change's.
                change = next((c for c in reversed(history) if not c.undoes and c.new == change.new), change)
            if change is not None:
                result[path] = change
        return result

    def undoable(self) -> list[Change]:
        conn, repo = self._active()
        row = conn.execute(
            "SELECT max(op) FROM vda.changes WHERE repo = %s AND undoes = 0"
            " AND op NOT IN (SELECT undoes FROM vda.changes WHERE repo = %s AND undoes != 0)",
            (repo, repo),
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
        conn, repo = self._active()
        where, args = _below(old)
        # A moved row replaces one already at its new path (as SQLite's UPDATE OR REPLACE does).
        conn.execute(
            f"DELETE FROM vda.seen s WHERE repo = %s AND by = current_user AND EXISTS (SELECT 1 FROM vda.seen o"
            f" WHERE o.repo = s.repo AND o.by = s.by AND o.session = s.session AND {where.replace('path', 'o.path')}"
            f" AND s.path = %s || substr(o.path, %s))",
            (repo, *args, new, len(old) + 1),
        )
        conn.execute(
            f"UPDATE vda.seen SET path = %s || substr(path, %s) WHERE repo = %s AND by = current_user AND {where}",
            (new, len(old) + 1, repo, *args),
        )


@contextlib.contextmanager
def nothing() -> Iterator[None]:
    yield
