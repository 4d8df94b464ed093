"""What the team server and libpq say when they refuse, as a phrase marked for the person's language.

PostgreSQL's and libpq's messages are English whatever the app's language. A person reads a marked phrase
instead, chosen by the error's SQLSTATE where the server sends one (a refused statement), else by libpq's own
words, which are the same in every libpq this app runs with (a connection that failed has no SQLSTATE). The
server's words stay in the log; a message this module does not know is shown as the server said it.
"""

from __future__ import annotations

import logging
import re

from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

INSUFFICIENT_PRIVILEGE = "42501"

# A statement the server refused for want of a privilege: row-level security, or no grant on the table.
_ROW_RULES = QT_TRANSLATE_NOOP("team_server", "the team's rules do not let your role write this there")
_NO_PRIVILEGE = QT_TRANSLATE_NOOP("team_server", "your role lacks the privilege for this")

# libpq's words for a connection that failed, longest match first where one contains another.
_CONNECTION: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"password authentication failed|no password supplied|password is required"),
        QT_TRANSLATE_NOOP("team_server", "the password is wrong or missing"),
    ),
    (re.compile(r'role "[^"]*" does not exist'), QT_TRANSLATE_NOOP("team_server", "there is no such role")),
    (
        re.compile(r"no pg_hba\.conf entry|is not permitted to log in|permission denied for database"),
        QT_TRANSLATE_NOOP("team_server", "the server does not let this role connect from here"),
    ),
    (re.compile(r'database "[^"]*" does not exist'), QT_TRANSLATE_NOOP("team_server", "there is no such database")),
    (
        re.compile(r"is not currently accepting connections|the database system is (?:shutting down|starting up)"),
        QT_TRANSLATE_NOOP("team_server", "the server takes no connections now"),
    ),
    (
        re.compile(r"too many connections|remaining connection slots are reserved"),
        QT_TRANSLATE_NOOP("team_server", "the server has no connection to spare"),
    ),
    (re.compile(r"timeout expired"), QT_TRANSLATE_NOOP("team_server", "no answer in time")),
    (
        re.compile(r"Connection refused|No such file or directory|Network is unreachable|No route to host"),
        QT_TRANSLATE_NOOP("team_server", "nothing answers at that address"),
    ),
    (
        re.compile(r"could not translate host name|Name or service not known|Temporary failure in name resolution"),
        QT_TRANSLATE_NOOP("team_server", "the server's name is not known"),
    ),
    (
        re.compile(
            r"server closed the connection|terminating connection|connection is lost|the connection is closed|"
            r"consuming input failed|could not receive data|could not send data|SSL SYSCALL error"
        ),
        QT_TRANSLATE_NOOP("team_server", "the connection broke off"),
    ),
    (
        re.compile(r'invalid (?:integer )?value "[^"]*" for connection option|invalid connection option|missing "="'),
        QT_TRANSLATE_NOOP("team_server", "a setting in the connection string is not valid"),
    ),
)


def refused(sqlstate: str | None, said: str) -> str:
    """A statement the server refused, as a marked phrase; the server's words go to the log."""
    log.warning("the team server refused a statement (%s): %s", sqlstate or "no SQLSTATE", said)
    if sqlstate == INSUFFICIENT_PRIVILEGE:
        return _ROW_RULES if "row-level security" in said else _NO_PRIVILEGE
    return said


def connection(said: str) -> str:
    """Why a connection failed, as a marked phrase where libpq's words are known; else its words as they are."""
    log.warning("the team server connection failed: %s", said)
    return next((phrase for pattern, phrase in _CONNECTION if pattern.search(said)), said)
