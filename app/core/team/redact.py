"""`team redact`: a team's admin wipes the text of one change that leaked something, keeping the record of it.

History stays append-only for every app role: nobody's role may UPDATE `vda.changes`. The one
way to change a row is `vda.redact(seq)`, a function that runs with the schema owner's rights
and first checks that the person calling it (`session_user`, the login role) holds the admin
right on that change's repository. It blanks the change's old and new text and the user's words
beside it, and stamps who redacted it and when: the change itself (its number, author, time,
command and path) stays in the history, so the team still sees that something was changed, and
by whom. A redacted change is never undone (its text is gone), so `undo` passes over it.

The leaked line must be gone from the team memory first (a delete, itself a change the admin may
redact too); redacting a change whose line is still there would leave the secret in place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from psycopg import errors as pg_errors

from app.core.errors import TeamRefused
from app.core.team.server import Connection, translated

MIGRATION: tuple[str, ...] = (
    "ALTER TABLE vda.changes ADD COLUMN redacted_at timestamptz, ADD COLUMN redacted_by name",
    # Only the owner's rights update history, and only inside vda.redact: the app roles have no UPDATE at all.
    "CREATE POLICY owner_redacts ON vda.changes FOR UPDATE USING ((SELECT vda.is_owner()))"
    " WITH CHECK ((SELECT vda.is_owner()))",
    "CREATE POLICY owner_blanks ON vda.words FOR DELETE USING ((SELECT vda.is_owner()))",
    """CREATE FUNCTION vda.redact(change_seq bigint) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
        r bigint;
        done timestamptz;
    BEGIN
        SELECT c.repo, c.redacted_at INTO r, done FROM vda.changes c WHERE c.seq = change_seq;
        IF r IS NULL OR NOT EXISTS (
            SELECT 1 FROM vda.grants g JOIN pg_roles p ON p.rolname = g.role
            WHERE g.repo = r AND pg_has_role(session_user, p.oid, 'MEMBER')
        ) THEN
            RAISE EXCEPTION 'no change % in a team memory you can see', change_seq USING ERRCODE = 'no_data_found';
        END IF;
        IF NOT EXISTS (
            SELECT 1 FROM vda.grants g JOIN pg_roles p ON p.rolname = g.role
            WHERE g.repo = r AND g.is_admin AND pg_has_role(session_user, p.oid, 'MEMBER')
        ) THEN
            RAISE EXCEPTION 'only a team admin of this repository may redact its changes'
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF done IS NOT NULL THEN
            RETURN false;
        END IF;
        UPDATE vda.changes SET old_text = NULL, new_text = NULL, redacted_at = now(), redacted_by = session_user
            WHERE seq = change_seq;
        DELETE FROM vda.words WHERE change = change_seq;
        RETURN true;
    END $$""",
)


@dataclass(frozen=True)
class HistoryEntry:
    """One change of a repository's team memory as `team history` lists it."""

    seq: int
    at: datetime
    by: str
    command: str
    path: str
    added: tuple[str, ...]
    removed: tuple[str, ...]
    redacted_by: str
    redacted_at: datetime | None

    def describe(self) -> str:
        head = f"#{self.seq}  {self.at.astimezone().strftime('%Y-%m-%d %H:%M')}  {self.by}  {self.command} {self.path}"
        if self.redacted_at is not None:
            when = self.redacted_at.astimezone().strftime("%Y-%m-%d %H:%M")
            return f"{head}\n    [text redacted by {self.redacted_by} at {when}]"
        body = [f"    + {x}" for x in self.added] + [f"    - {x}" for x in self.removed]
        return "\n".join([head, *body])


def _repository(conn: Connection, identity: str) -> int:
    row = conn.execute("SELECT id FROM vda.repos WHERE identity = %s", (identity,)).fetchone()
    if row is None:
        raise TeamRefused(f"The team server shows you no team memory of {identity}.")
    return int(row[0])


def _lines(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").splitlines() if x.strip()]


def history(conn: Connection, identity: str) -> list[HistoryEntry]:
    """Every change of `identity`'s team memory the connected role may read, oldest first."""
    with translated("team history"):
        repo = _repository(conn, identity)
        rows = conn.execute(
            "SELECT seq, at, by, command, path, old_text, new_text, coalesce(redacted_by, ''), redacted_at"
            " FROM vda.changes WHERE repo = %s ORDER BY seq",
            (repo,),
        ).fetchall()
    found = []
    for seq, at, by, command, path, old, new, redacted_by, redacted_at in rows:
        before, after = _lines(old), _lines(new)
        found.append(
            HistoryEntry(
                int(seq), at, str(by), str(command), str(path),
                tuple(x for x in after if x not in before), tuple(x for x in before if x not in after),
                str(redacted_by), redacted_at,
            )
        )  # fmt: skip
    return found


def redact(conn: Connection, identity: str, seq: int) -> str:
    """Wipe change `seq`'s text as the connected role (a team admin); the sentence to show. Raises TeamRefused."""
    with translated("team redact"), conn.transaction():
        repo = _repository(conn, identity)
        row = conn.execute(
            "SELECT path, old_text, new_text, by, command FROM vda.changes WHERE repo = %s AND seq = %s", (repo, seq)
        ).fetchone()
        if row is None:
            raise TeamRefused(f"The team memory of {identity} has no change #{seq}.")
        path, old, new, by, command = row
        current = conn.execute(
            "SELECT convert_from(body, 'UTF8') FROM vda.texts WHERE repo = %s AND path = %s AND NOT is_dir",
            (repo, str(path).removeprefix("/memories/")),
        ).fetchone()
        still = set(_lines(new)) - set(_lines(old))
        kept = still & set(_lines(current[0] if current else ""))
        if kept:
            raise TeamRefused(
                f"Change #{seq} added a line the team memory still holds: {sorted(kept)[0]}. Delete that line "
                "first (the memory window's team box), then redact both this change and the delete."
            )
        try:
            done = conn.execute("SELECT vda.redact(%s)", (seq,)).fetchone()
        except pg_errors.InsufficientPrivilege as exc:
            raise TeamRefused(
                f"Only a team admin of this repository may redact its changes; {conn.info.user} is not one.",
                hint="Ask the database's owner for 'team grant --admin'.",
            ) from exc
    if done and done[0]:
        return f"Redacted change #{seq} ({command} {path} by {by}): its text is wiped; the record of it stays."
    return f"Change #{seq} was redacted already; nothing changed."
