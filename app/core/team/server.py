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
from app.core.team import server_words
from app.core.ui_text import QT_TRANSLATE_NOOP

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
        raise TeamServerError(
            QT_TRANSLATE_NOOP("errors", "The team server's connection string is not valid: {reason}").format(
                reason=server_words.connection(_first_line(exc))
            )
        ) from exc
    except psycopg.OperationalError as exc:
        text = _first_line(exc)
        if "password authentication failed" in text or "no password supplied" in text or "role" in text:
            raise TeamRefused(
                QT_TRANSLATE_NOOP("errors", "The team server {server} refused the login: {reason}").format(
                    server=describe(dsn), reason=server_words.connection(text)
                )
            ) from exc
        raise TeamUnreachable(_unreachable(describe(dsn), text)) from exc


@contextlib.contextmanager
def translated(where: str) -> Iterator[None]:
    """Turn a server error raised inside the block into the app's own kind, with one line for a person."""
    try:
        yield
    except pg_errors.InsufficientPrivilege as exc:
        raise TeamRefused(
            QT_TRANSLATE_NOOP("errors", "The team server refused this: {reason}").format(
                reason=server_words.refused(exc.sqlstate, _first_line(exc))
            )
        ) from exc
    except pg_errors.LockNotAvailable:
        raise
    except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
        raise TeamUnreachable(_unreachable(where, _first_line(exc))) from exc


def _unreachable(where: str, reason: str) -> str:
    # UNREACHABLE's words as a whole sentence, marked so the memory window shows it in the person's language
    return QT_TRANSLATE_NOOP("errors", "The team server is unreachable ({where}: {reason}).").format(
        where=where, reason=server_words.connection(reason)
    )


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
