"""Who reads and writes which repository's team memory: `team grant` and `team revoke`, run as the owning role.

A grant is a row of `vda.grants` (which the policies read) plus the table privileges the role
needs at all; the rows decide per repository. The privileges never include UPDATE or DELETE
of the history, whatever the grant. A role that bypasses row-level security (a superuser, or
BYPASSRLS) is refused: it would see every repository's memory whatever the grants say.
"""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import sql

from app.core.errors import TeamRefused
from app.core.team import pending
from app.core.team.schema import check_version
from app.core.team.server import Connection, translated

_READ = (
    "meta",
    "repos",
    "grants",
    "texts",
    "changes",
    "words",
    "seen",
    "line_sessions",
    "line_marks",
    "citations",
    *pending.TABLES,
)
_PRIVILEGES = (
    "GRANT USAGE ON SCHEMA vda TO {role}",
    "GRANT SELECT ON vda.meta, vda.repos, vda.grants, vda.texts, vda.changes, vda.words, vda.seen TO {role}",
    "GRANT INSERT, UPDATE, DELETE ON vda.texts TO {role}",
    "GRANT INSERT ON vda.changes TO {role}",  # history: append only
    "GRANT INSERT, DELETE ON vda.words TO {role}",
    "GRANT INSERT, UPDATE, DELETE ON vda.seen TO {role}",
    "GRANT USAGE ON SEQUENCE vda.ops TO {role}",
    # Per-line records (confirmations, marks, citations), not history: kept current like the texts.
    "GRANT SELECT, INSERT, UPDATE, DELETE ON vda.line_sessions, vda.line_marks, vda.citations TO {role}",
    "GRANT UPDATE (read_only) ON vda.repos TO {role}",  # the policy lets only the repository's admins use it
)


@dataclass(frozen=True)
class Grant:
    identity: str
    role: str
    write: bool
    admin: bool


def grant(conn: Connection, identity: str, role: str, *, write: bool, admin: bool, name: str = "") -> Grant:
    """Let `role` read (and with `write`, write; with `admin`, also switch read-only) `identity`'s team memory."""
    with translated("team grant"), conn.transaction():
        check_version(conn)
        _check_role(conn, role)
        conn.execute(
            "INSERT INTO vda.repos (identity, name) VALUES (%s, %s) ON CONFLICT (identity) DO NOTHING",
            (identity, name or identity.rsplit("/", 1)[-1]),
        )
        row = conn.execute("SELECT id FROM vda.repos WHERE identity = %s", (identity,)).fetchone()
        assert row is not None  # the owner sees every row
        conn.execute(
            "INSERT INTO vda.grants (repo, role, can_write, is_admin) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (repo, role) DO UPDATE SET can_write = excluded.can_write, is_admin = excluded.is_admin",
            (row[0], role, write or admin, admin),
        )
        # Held lines: readers see them, writers keep or discard them (the policies say which).
        for statement in (*_PRIVILEGES, pending.PRIVILEGES):
            conn.execute(sql.SQL(statement).format(role=sql.Identifier(role)))
    return Grant(identity, role, write or admin, admin)


def revoke(conn: Connection, identity: str, role: str) -> bool:
    """Take `role`'s grant on `identity` away; True when it had one. Its last grant gone, its privileges go too."""
    with translated("team revoke"), conn.transaction():
        check_version(conn)
        removed = conn.execute(
            "DELETE FROM vda.grants g USING vda.repos r WHERE g.repo = r.id AND r.identity = %s AND g.role = %s",
            (identity, role),
        ).rowcount
        left = conn.execute("SELECT count(*) FROM vda.grants WHERE role = %s", (role,)).fetchone()
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if left == (0,) and exists:
            ident = sql.Identifier(role)
            tables = sql.SQL(", ").join(sql.Identifier("vda", t) for t in _READ)
            conn.execute(sql.SQL("REVOKE ALL ON {tables} FROM {role}").format(tables=tables, role=ident))
            conn.execute(sql.SQL("REVOKE ALL ON SEQUENCE vda.ops FROM {role}").format(role=ident))
            conn.execute(sql.SQL("REVOKE ALL ON SCHEMA vda FROM {role}").format(role=ident))
    return removed > 0


def grants(conn: Connection, identity: str) -> list[Grant]:
    """Every grant on `identity`, as the connected role may see them."""
    with translated("team grants"):
        rows = conn.execute(
            "SELECT g.role, g.can_write, g.is_admin FROM vda.grants g JOIN vda.repos r ON r.id = g.repo"
            " WHERE r.identity = %s ORDER BY g.role",
            (identity,),
        ).fetchall()
    return [Grant(identity, str(role), bool(w), bool(a)) for role, w, a in rows]


def _check_role(conn: Connection, role: str) -> None:
    row = conn.execute("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    if row is None:
        raise TeamRefused(
            f"There is no role {role!r} on the team server.",
            hint=f"Create it first (CREATE ROLE {sql.Identifier(role).as_string(None)} LOGIN PASSWORD '...').",
        )
    if row[0] or row[1]:
        raise TeamRefused(
            f"The role {role!r} bypasses row-level security (superuser or BYPASSRLS), so it would see every "
            "repository's team memory whatever the grants say; grant a role without it."
        )
