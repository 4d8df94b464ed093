"""The held lines and line origins of a team memory on the server (`memory.pending.PendingLog`).

A held line waits for someone on the team to keep or discard it, as a local one waits for its
developer; its origin is kept per line beside it. `MIGRATION` is the schema step that adds both
tables, with row-level security like every other table, and the privileges for the roles already
granted (a later `team grant` gives them with the rest).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping

from app.core.memory import text
from app.core.memory.pending import HeldLine, LineOrigin, PendingLine, State, line_key, sources_from
from app.core.team.server import Connection

TABLES = ("pending", "line_origins")
PRIVILEGES = "GRANT SELECT, INSERT, UPDATE, DELETE ON vda.pending, vda.line_origins TO {role}"

MIGRATION: tuple[str, ...] = (
    """CREATE TABLE vda.pending (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        repo bigint NOT NULL REFERENCES vda.repos,
        path text NOT NULL,
        key text NOT NULL,
        line text NOT NULL,
        after text NOT NULL DEFAULT '',
        replaces text NOT NULL DEFAULT '',
        origin text NOT NULL,
        reason text NOT NULL DEFAULT '',
        sources text NOT NULL DEFAULT '[]',
        session text NOT NULL DEFAULT '',
        words text NOT NULL DEFAULT '',
        at double precision NOT NULL,
        state text NOT NULL DEFAULT 'pending',
        by name NOT NULL DEFAULT current_user
    )""",
    "CREATE INDEX pending_repo ON vda.pending (repo, path, key)",
    """CREATE TABLE vda.line_origins (
        repo bigint NOT NULL REFERENCES vda.repos,
        path text NOT NULL,
        key text NOT NULL,
        origin text NOT NULL,
        sources text NOT NULL DEFAULT '[]',
        session text NOT NULL DEFAULT '',
        PRIMARY KEY (repo, path, key)
    )""",
    *(
        statement
        for table in TABLES
        for statement in (
            f"ALTER TABLE vda.{table} ENABLE ROW LEVEL SECURITY",
            f"ALTER TABLE vda.{table} FORCE ROW LEVEL SECURITY",
            f"CREATE POLICY readers ON vda.{table} FOR SELECT USING (vda.is_owner() OR vda.can_read(repo))",
            f"CREATE POLICY writers ON vda.{table} FOR ALL USING (vda.can_write(repo))"
            " WITH CHECK (vda.can_write(repo))",
            f"REVOKE ALL ON vda.{table} FROM PUBLIC",
        )
    ),
    # Roles granted before this step get these tables' privileges as `team grant` would give them.
    """DO $$
    DECLARE r name;
    BEGIN
        FOR r IN SELECT DISTINCT g.role FROM vda.grants g JOIN pg_roles p ON p.rolname = g.role LOOP
            EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON vda.pending, vda.line_origins TO %I', r);
        END LOOP;
    END $$""",
)


class TeamPendingLog:
    """Held lines and line origins of one repository on the team server (mixed into `TeamChangeLog`)."""

    _active: Callable[[], tuple[Connection, int]]

    def hold(self, session_id: str, user_words: str, lines: Iterable[HeldLine]) -> None:
        conn, repo = self._active()
        for line in lines:
            key = line_key(line.text)
            waiting = conn.execute(
                "SELECT 1 FROM vda.pending WHERE repo = %s AND path = %s AND key = %s AND state = 'pending'",
                (repo, line.path, key),
            ).fetchone()
            if waiting:
                continue
            conn.execute(
                "INSERT INTO vda.pending (repo, path, key, line, after, replaces, origin, reason, sources, session,"
                " words, at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s, extract(epoch FROM now()))",
                (
                    repo, line.path, key, line.text, line.after, line.replaces, line.origin, line.reason,
                    json.dumps(list(line.sources)), session_id, user_words,
                ),
            )  # fmt: skip

    def pending(self, state: State = "pending") -> list[PendingLine]:
        conn, repo = self._active()
        rows = conn.execute(
            "SELECT id, path, line, after, replaces, origin, reason, sources, session, words, at FROM vda.pending"
            " WHERE repo = %s AND state = %s ORDER BY id",
            (repo, state),
        ).fetchall()
        return [
            PendingLine(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5]), str(r[6]), sources_from(r[7]),
                        str(r[8]), str(r[9]), float(r[10]), state)
            for r in rows
        ]  # fmt: skip

    def settle(self, line_id: int, state: State) -> None:
        conn, repo = self._active()
        conn.execute("UPDATE vda.pending SET state = %s WHERE repo = %s AND id = %s", (state, repo, line_id))

    def set_origins(self, path: str, text_now: str | None, origins: Mapping[str, LineOrigin]) -> None:
        conn, repo = self._active()
        if text_now is None:
            conn.execute("DELETE FROM vda.line_origins WHERE repo = %s AND path = %s", (repo, path))
        else:
            present = [line_key(line) for line in text.split_lines(text_now)]
            conn.execute(
                "DELETE FROM vda.line_origins WHERE repo = %s AND path = %s AND NOT (key = ANY(%s))",
                (repo, path, present),
            )
        for key, found in origins.items():
            conn.execute(
                "INSERT INTO vda.line_origins (repo, path, key, origin, sources, session) VALUES (%s,%s,%s,%s,%s,%s)"
                " ON CONFLICT DO NOTHING",
                (repo, path, key, found.origin, json.dumps(list(found.sources)), found.session_id),
            )

    def origins(self) -> dict[tuple[str, str], LineOrigin]:
        conn, repo = self._active()
        rows = conn.execute(
            "SELECT path, key, origin, sources, session FROM vda.line_origins WHERE repo = %s", (repo,)
        ).fetchall()
        return {(str(p), str(k)): LineOrigin(str(o), sources_from(s), str(sess)) for p, k, o, s, sess in rows}

    def move_lines(self, old: str, new: str) -> None:
        conn, repo = self._active()
        below = "(path = %s OR starts_with(path, %s))"
        # A moved origin replaces one already at its new path (as SQLite's UPDATE OR REPLACE does).
        conn.execute(
            f"DELETE FROM vda.line_origins t WHERE t.repo = %s AND EXISTS (SELECT 1 FROM vda.line_origins o"
            f" WHERE o.repo = t.repo AND o.key = t.key AND {below.replace('path', 'o.path')}"
            " AND t.path = %s || substr(o.path, %s))",
            (repo, old, old + "/", new, len(old) + 1),
        )
        for table in TABLES:
            conn.execute(
                f"UPDATE vda.{table} SET path = %s || substr(path, %s) WHERE repo = %s AND {below}",
                (new, len(old) + 1, repo, old, old + "/"),
            )
