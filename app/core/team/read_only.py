"""`team read-only`: a team admin makes a repository's team memory read-only for everyone, or writable again.

The server decides who may: the policy on vda.repos lets only the repository's admins update
it, and the column privilege limits them to `read_only`. A role without the right updates no
row, which is how it is told apart from a repository it cannot see at all.
"""

from __future__ import annotations

from psycopg import Connection

from app.core.errors import TeamRefused
from app.core.team.server import translated


def set_read_only(conn: Connection, identity: str, on: bool) -> str:
    """Switch `identity`'s team memory as the connected role; the sentence to show. Raises TeamRefused."""
    with translated("team read-only"), conn.transaction():
        row = conn.execute("SELECT read_only FROM vda.repos WHERE identity = %s", (identity,)).fetchone()
        if row is None:
            raise TeamRefused(f"The team server shows you no team memory of {identity}.")
        if bool(row[0]) == on:
            return f"The team memory of {identity} is {'read-only' if on else 'writable'} already; nothing changed."
        changed = conn.execute("UPDATE vda.repos SET read_only = %s WHERE identity = %s", (on, identity)).rowcount
    if changed != 1:
        raise TeamRefused(
            f"Only a team admin of this repository may switch it read-only; {conn.info.user} is not one.",
            hint="Ask the database's owner for 'team grant --admin'.",
        )
    if on:
        return f"The team memory of {identity} is read-only for everyone now; 'team read-only --off' opens it again."
    return f"The team memory of {identity} is writable again for those granted --write."
