"""Which team server this machine uses: the environment, else settings; the password in the keyring, never in settings.

`VOICE_DEV_AGENT_TEAM_DSN` wins over the `team_dsn` setting (a CI job or a shell can point at
another server without touching settings). A DSN is stored without its password: `team connect`
moves a password it was given into the system keyring; libpq's own PGPASSWORD, `~/.pgpass` and
service files work as they do for psql, since the DSN goes to libpq as it is.
"""

from __future__ import annotations

import contextlib
import logging
import os

from app import APP_NAME
from app.core.settings import Settings

ENV_DSN = "VOICE_DEV_AGENT_TEAM_DSN"
_KEYRING_USER = "team-server:"  # + where the DSN points (user@host/db): one password per login

log = logging.getLogger(__name__)


def configured_dsn(settings: Settings) -> str:
    """The team server's DSN, or "" when team memory is off."""
    return os.environ.get(ENV_DSN, "").strip() or settings.team_dsn.strip()


def without_password(dsn: str) -> tuple[str, str]:
    """(the DSN with no password in it, the password it held or "")."""
    from psycopg import conninfo  # here, not at the top: a session with team memory off never loads psycopg (0.9 s)

    info = conninfo.conninfo_to_dict(dsn)
    password = str(info.pop("password", "") or "")
    return conninfo.make_conninfo(**{k: str(v) for k, v in info.items() if v is not None}), password


def _user(dsn: str) -> str:
    from app.core.team.server import describe

    return _KEYRING_USER + describe(dsn)


def stored_password(dsn: str) -> str:
    """The password kept for this DSN's login, or "" (none, or no keyring: libpq's own ways still work)."""
    try:
        import keyring

        return keyring.get_password(APP_NAME, _user(dsn)) or ""
    except Exception:  # any keyring problem means "no stored password", never a failed session
        log.info("no team server password from the keyring", exc_info=True)
        return ""


def store_password(dsn: str, password: str) -> None:
    """Keep the login's password in the system keyring; raises keyring's error when there is none."""
    import keyring

    keyring.set_password(APP_NAME, _user(dsn), password)


def forget_password(dsn: str) -> None:
    with contextlib.suppress(Exception):
        import keyring

        keyring.delete_password(APP_NAME, _user(dsn))
