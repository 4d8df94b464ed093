"""`voice-dev-agent team init|grant|revoke`: set up a team memory server and say who reads and writes what.

Run as the database's owning role (no superuser needed, as on managed services). A server that
cannot be reached, a refusal or a schema this app cannot use is one line and exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import Any

from app.core.errors import TeamRefused, UserFacingError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("team", help="set up team memory on a PostgreSQL server; who reads and writes it")
    actions = parser.add_subparsers(dest="team_action", metavar="ACTION", required=True)
    init = actions.add_parser("init", help="create or migrate the team schema (safe to run again)")
    init.add_argument("--dsn", required=True, help="libpq connection string of the owning role")
    for name, text in (
        ("grant", "let a role read (or write) a repository's team memory"),
        ("revoke", "take a role's grant on a repository away"),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument("--dsn", required=True, help="libpq connection string of the owning role")
        action.add_argument(
            "--repo",
            required=True,
            metavar="PATH_OR_ID",
            help="a checkout of the repository, or its identity (origin:host/org/repo, root:COMMIT)",
        )
        action.add_argument("--role", required=True, help="the developer's (or a group's) database role")
        if name == "grant":
            action.add_argument("--write", action="store_true", help="may also promote, edit and delete lines")
            action.add_argument("--admin", action="store_true", help="may also switch it read-only (implies --write)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.core.team import admin, schema
    from app.core.team.server import connect, describe

    with connect(args.dsn) as conn:
        if args.team_action == "init":
            before, after = schema.init(conn)
            where = describe(args.dsn)
            if before == after:
                print(f"The team schema on {where} is at version {after}; nothing to do.")
            elif before == 0:
                print(f"Created the team schema (version {after}) on {where}, owned by {conn.info.user}.")
            else:
                print(f"Migrated the team schema on {where} from version {before} to {after}.")
            return 0
        identity = repository_id(args.repo)
        if args.team_action == "grant":
            done = admin.grant(conn, identity, args.role, write=args.write, admin=args.admin)
            right = (
                "admin (read, write, read-only switch)" if done.admin else "read and write" if done.write else "read"
            )
            print(f"{args.role} may now {right} the team memory of {identity}.")
            return 0
        if admin.revoke(conn, identity, args.role):
            print(f"{args.role} no longer sees the team memory of {identity}.")
        else:
            print(f"{args.role} had no grant on the team memory of {identity}; nothing changed.")
        return 0


def repository_id(text: str) -> str:
    """The identity a team memory is keyed by: from a checkout's origin or root commit, or given as is."""
    from app.core.errors import RepositoryError
    from app.core.repo_identity import repository_identity
    from app.core.repos import find_root

    if text.startswith(("origin:", "root:")):
        return text
    folder = Path(text).expanduser()
    if not folder.is_dir():
        raise UserFacingError(
            f"{text} is neither a folder nor a repository identity.",
            hint="Give a checkout's path, or an identity such as origin:github.com/org/repo.",
        )
    with contextlib.suppress(RepositoryError):  # a folder outside git: its identity says why it cannot be shared
        folder = find_root(folder)
    identity = repository_identity(folder)
    if identity.kind == "path":
        raise TeamRefused(
            f"{folder} has no origin remote and no commit, so no teammate's clone could be known as the same "
            "repository; commit (or add the origin remote) first."
        )
    return identity.key
