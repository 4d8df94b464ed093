"""Where the Anthropic API key comes from: the environment first, then the system keyring.

The key is never written to settings, logs or memory; this module is the only
place that touches it.
"""

from __future__ import annotations

import logging
import os

from app import APP_NAME
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

ENV_VAR = "ANTHROPIC_API_KEY"
KEYRING_SERVICE = APP_NAME
KEYRING_USER = "anthropic-api-key"

# A key the person chose to use "until the app quits" where no keyring could keep it: in this
# process's memory only, never in settings, logs or a file.
_session_key = ""


def find_api_key() -> tuple[str, str]:
    """Return (key, where it came from); ("", "") when there is none."""
    value = os.environ.get(ENV_VAR, "").strip()
    if value:
        return value, "environment"
    if _session_key:
        return _session_key, "session"
    try:
        import keyring

        stored = keyring.get_password(KEYRING_SERVICE, KEYRING_USER)
    except Exception as exc:  # any keyring backend failure means "no key here"
        log.info("keyring unavailable: %s", type(exc).__name__)
        return "", ""
    return (stored.strip(), "keyring") if stored and stored.strip() else ("", "")


class KeyNotStored(Exception):
    """The keyring took the key but does not give it back (keyring's null backend drops it silently)."""


def store_api_key(key: str) -> None:
    """Save the key in the system keyring; raises when it is not there afterwards.

    Keyring's own error when there is no keyring (NoKeyringError, KeyringLocked), or KeyNotStored
    when a backend accepted it and kept nothing.
    """
    import keyring

    keyring.set_password(KEYRING_SERVICE, KEYRING_USER, key.strip())
    if keyring.get_password(KEYRING_SERVICE, KEYRING_USER) != key.strip():
        raise KeyNotStored()


def use_for_session(key: str) -> None:
    """Use `key` until the app quits, without storing it anywhere (for a desktop with no keyring)."""
    global _session_key
    _session_key = key.strip()


NO_KEYRING = QT_TRANSLATE_NOOP(
    "api_key",
    "The key could not be saved because this desktop has no working keyring (Secret Service). "
    "Install or unlock one (GNOME Keyring or KWallet), set ANTHROPIC_API_KEY in the environment the app "
    "starts from, or use this key until the app quits.",
)


def mask(key: str) -> str:
    """A form of the key safe to show: its kind and last four characters."""
    if not key:
        return ""
    return f"{key[:7]}…{key[-4:]}" if len(key) > 12 else "…" + key[-2:]
