"""Where the Anthropic API key comes from: the environment first, then the system keyring.

The key is never written to settings, logs or memory; this module is the only
place that touches it.
"""

from __future__ import annotations

import logging
import os

from app import APP_NAME

log = logging.getLogger(__name__)

ENV_VAR = "ANTHROPIC_API_KEY"
KEYRING_SERVICE = APP_NAME
KEYRING_USER = "anthropic-api-key"


def find_api_key() -> tuple[str, str]:
    """Return (key, where it came from); ("", "") when there is none."""
    value = os.environ.get(ENV_VAR, "").strip()
    if value:
        return value, "environment"
    try:
        import keyring

        stored = keyring.get_password(KEYRING_SERVICE, KEYRING_USER)
    except Exception as exc:  # any keyring backend failure means "no key here"
        log.info("keyring unavailable: %s", type(exc).__name__)
        return "", ""
    return (stored.strip(), "keyring") if stored and stored.strip() else ("", "")


def store_api_key(key: str) -> None:
    """Save the key in the system keyring (raises keyring's error when there is no keyring)."""
    import keyring

    keyring.set_password(KEYRING_SERVICE, KEYRING_USER, key.strip())




def mask(key: str) -> str:
    """A form of the key safe to show: its kind and last four characters."""
    if not key:
        return ""
    return f"{key[:7]}…{key[-4:]}" if len(key) > 12 else "…" + key[-2:]
