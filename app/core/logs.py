"""Logging to a rotating file under the log folder, with secrets masked on the way out."""

from __future__ import annotations

import logging
import logging.handlers
import re

from app.core import paths

# Anthropic keys and anything shaped like a bearer token never reach the log file,
# whoever logged them (the SDK's debug logging included).
_SECRET = re.compile(r"(sk-ant-[A-Za-z0-9_\-]{8,}|sk-[A-Za-z0-9_\-]{20,}|Bearer\s+[A-Za-z0-9._\-]{16,})")


class RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return _SECRET.sub("[redacted]", super().format(record))


def setup(level: int = logging.INFO) -> None:
    """Send the app's log records to the log file; safe to call more than once."""
    root = logging.getLogger()
    if any(getattr(h, "_voice_dev_agent", False) for h in root.handlers):
        return
    try:
        folder = paths.ensure_private_dir(paths.log_dir())
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            folder / paths.log_file().name, maxBytes=2_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    handler._voice_dev_agent = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    # The HTTP client logs every request URL at INFO; keep the file about the app.
    # (The SDK's client library has shipped under both names.)
    for name in ("httpx", "httpx2", "httpcore", "httpcore2"):
        logging.getLogger(name).setLevel(logging.WARNING)
