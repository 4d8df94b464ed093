"""Connecting to the team memory's PostgreSQL server, and what its errors mean to a person.

A connection string (DSN) is libpq's: `host=... dbname=... user=...` or `postgresql://...`,
so PGPASSWORD, `~/.pgpass` and service files work as they do for psql. Every connection
gives up after `CONNECT_TIMEOUT`: a session never waits longer than that for the team.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import psycopg
from psycopg import errors as pg_errors

from app.core.errors import TeamRefused, TeamServerError, TeamUnreachable

CONNECT_TIMEOUT = 1.0  # seconds; libpq counts whole seconds, so 1 is its least
UNREACHABLE = "the team server is unreachable"

Connection = psycopg.Connection[tuple[Any, ...]]


def describe(dsn: str) -> str:
    """Where a DSN points, for a person: `user@host/db`, never its password."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "the team server"
    host = str(info.get("host") or "localhost")
    return f"{info.get('user') or 'you'}@{host}/{info.get('dbname') or info.get('user') or ''}".rstrip("/")


def connect(
    dsn: str, *, password: str = "", autocommit: bool = True, options: Mapping[str, Any] | None = None
) -> Connection:
    """A connection to the team server, or TeamUnreachable / TeamRefused saying why in one line.

    `options` are more libpq connection parameters (the live listener's TCP keepalives).
    """
    extra: dict[str, Any] = {"connect_timeout": max(1, round(CONNECT_TIMEOUT)), "application_name": "voice-dev-agent"}
    extra.update(options or {})
    if password:
        extra["password"] = password
    try:
        return psycopg.connect(dsn, autocommit=autocommit, **extra)
    except psycopg.ProgrammingError as exc:  # a DSN libpq cannot parse
        raise TeamServerError(f"The team server's connection string is not valid: {_first_line(exc)}") from exc
    except psycopg.OperationalError as exc:
        text = _first_line(exc)
        if "password authentication failed" in text or "no password supplied" in text or "role" in text:
            raise TeamRefused(f"The team server {describe(dsn)} refused the login: {text}") from exc
        raise TeamUnreachable(f"{UNREACHABLE[0].upper()}{UNREACHABLE[1:]} ({describe(dsn)}: {text}).") from exc


@contextlib.contextmanager
def translated(where: str) -> Iterator[None]:
    """Turn a server error raised inside the block into the app's own kind, with one line for a person."""
    try:
        yield
    except pg_errors.InsufficientPrivilege as exc:
        raise TeamRefused(f"The team server refused this: {_first_line(exc)}") from exc
    except pg_errors.LockNotAvailable:
        raise
    except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
        raise TeamUnreachable(f"{UNREACHABLE[0].upper()}{UNREACHABLE[1:]} ({where}: {_first_line(exc)}).") from exc


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
