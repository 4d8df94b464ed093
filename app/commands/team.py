"""`voice-dev-agent team init|grant|revoke|connect|history|redact`: set up a team memory server, say who reads and
writes what, and let a team's admin wipe a leaked change.

init, grant and revoke run as the database's owning role (no superuser needed, as on managed
services); history and redact as the person's own role (the connected DSN unless --dsn says).
A server that cannot be reached, a refusal or a schema this app cannot use is one line and exit code 2.
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
    connect = actions.add_parser("connect", help="use a team server for this repository's team memory")
    connect.add_argument(
        "--dsn",
        required=True,
        help="libpq connection string of your own role (a password in it goes to the keyring, never to settings)",
    )
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
    for name, text in (
        ("history", "list a repository's team memory changes: number, time, who, what"),
        ("redact", "as a team admin, wipe the text of one change that leaked something (the record stays)"),
        ("read-only", "as a team admin, make a repository's team memory read-only for everyone (--off: writable)"),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument("--dsn", help="libpq connection string of your role (default: the connected one)")
        action.add_argument("--repo", required=True, metavar="PATH_OR_ID", help="a checkout, or its identity")
        if name == "redact":
            action.add_argument("--change", required=True, type=int, metavar="N", help="the change's number (#N)")
        if name == "read-only":
            action.add_argument("--off", action="store_true", help="make it writable again")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.core.team import admin, schema
    from app.core.team.server import connect, describe

    if args.team_action == "connect":
        return _connect(args.dsn)
    if args.team_action in ("history", "redact", "read-only"):
        return _as_person(args)
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


def _as_person(args: argparse.Namespace) -> int:
    """`team history`, `team redact` and `team read-only`, as the person's own role: rights are the server's."""
    from app.core import settings as settings_store
    from app.core.team import config, redact
    from app.core.team.read_only import set_read_only
    from app.core.team.server import connect

    dsn = args.dsn or config.configured_dsn(settings_store.load().settings)
    if not dsn:
        raise UserFacingError(
            "No team server is connected.", hint="Connect with 'voice-dev-agent team connect --dsn DSN', or give --dsn."
        )
    identity = repository_id(args.repo)
    with connect(dsn, password=config.stored_password(dsn)) as conn:
        if args.team_action == "history":
            entries = redact.history(conn, identity)
            print("\n".join(e.describe() for e in entries) if entries else f"No team changes for {identity} yet.")
        elif args.team_action == "read-only":
            print(set_read_only(conn, identity, not args.off))
        else:
            print(redact.redact(conn, identity, args.change))
    return 0


def _connect(dsn: str) -> int:
    """Check the server as the developer's role, keep the DSN in settings and any password in the keyring."""
    import dataclasses
    import os

    from app.core import settings as settings_store
    from app.core.errors import TeamServerError
    from app.core.team import config
    from app.core.team.schema import check_version, usable
    from app.core.team.server import connect, describe, translated

    try:
        clean, password = config.without_password(dsn)
    except Exception as exc:
        raise TeamServerError(f"The team server's connection string is not valid: {exc}") from exc
    with connect(clean, password=password or config.stored_password(clean)) as conn, translated("team connect"):
        who = conn.info.user
        if usable(conn):
            version = check_version(conn)
            visible = conn.execute("SELECT count(*) FROM vda.repos").fetchone()
        else:  # connected, but no grant yet: the admin's `team grant` comes next
            version, visible = 0, (0,)
    if password:
        try:
            config.store_password(clean, password)
            if config.stored_password(clean) != password:  # keyring's null backend drops it without a word
                raise RuntimeError("the keyring did not keep it")
        except Exception as exc:
            raise UserFacingError(
                f"The password could not be kept in the system keyring ({exc}).",
                hint="Use ~/.pgpass or PGPASSWORD instead, and connect again with the DSN without its password.",
            ) from exc
    loaded = settings_store.load()
    settings_store.save(dataclasses.replace(loaded.settings, team_dsn=clean))
    count = int(visible[0]) if visible else 0
    where = f"Connected to {describe(clean)} as {who}"
    if version:
        print(f"{where} (schema version {version}); {count} repository(ies) shared with you.")
    else:
        print(f"{where}; no repository is shared with you yet (ask the team's admin for 'team grant').")
    if password:
        print("The password is in the system keyring; settings keep only the connection string.")
    if os.environ.get(config.ENV_DSN):
        print(f"Note: {config.ENV_DSN} is set and wins over this setting while it is.")
    return 0
