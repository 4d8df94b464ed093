"""Logging to owner-only rotating files under the log folder, with secrets masked and API traffic kept out.

The log never holds what the user said, what the tools returned or what the memory
holds. Those travel in request bodies, which the Anthropic SDK and its HTTP client
write at DEBUG level when ANTHROPIC_LOG=debug is set; their records below INFO are
dropped unless the user turns on the diagnostic setting `diagnostic_log_api_traffic`
(read when logging starts).
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import re

from app.core import paths

# Anthropic keys and anything shaped like a bearer token never reach the log file,
# whoever logged them (the SDK's debug logging included).
_SECRET = re.compile(r"(sk-ant-[A-Za-z0-9_\-]{8,}|sk-[A-Za-z0-9_\-]{20,}|Bearer\s+[A-Za-z0-9._\-]{16,})")
# The SDK and the HTTP clients it has shipped with; their DEBUG records carry request and response bodies.
API_LOGGERS = ("anthropic", "httpx", "httpx2", "httpcore", "httpcore2")


class RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return _SECRET.sub("[redacted]", super().format(record))


class ApiTrafficFilter(logging.Filter):
    """Drops the API client's records below INFO (request and response bodies) unless diagnostics are on."""

    def __init__(self, allow: bool = False) -> None:
        super().__init__()
        self.allow = allow

    def filter(self, record: logging.LogRecord) -> bool:
        if self.allow or record.levelno >= logging.INFO:
            return True
        return record.name.split(".", 1)[0] not in API_LOGGERS


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files are readable by the owner only, whatever the umask."""

    def _open(self) -> io.TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        if os.name == "posix":
            os.fchmod(fd, 0o600)  # a file left by an older version may be wider
        return io.TextIOWrapper(io.FileIO(fd, "a"), encoding=self.encoding, errors=self.errors)


def setup(level: int = logging.INFO, *, api_traffic: bool | None = None) -> None:
    """Send the app's log records to the log file; safe to call more than once.

    `api_traffic` None reads the diagnostic setting from the settings file.
    """
    root = logging.getLogger()
    if any(getattr(h, "_voice_dev_agent", False) for h in root.handlers):
        return
    if api_traffic is None:
        from app.core import settings  # settings logs through this module: imported late

        # Read quietly: a damaged file stays for the command's own load to keep aside and report.
        api_traffic = settings.read_quietly().diagnostic_log_api_traffic
    traffic = ApiTrafficFilter(api_traffic)
    try:
        folder = paths.ensure_private_dir(paths.log_dir())
        handler: logging.Handler = PrivateRotatingFileHandler(
            folder / paths.log_file().name,
            maxBytes=2_000_000,
            backupCount=3,
            encoding="utf-8",
            errors="backslashreplace",  # a lone surrogate from the model must not break logging
        )
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    handler._voice_dev_agent = True  # type: ignore[attr-defined]
    # ANTHROPIC_LOG may have given the root a console handler before this ran: it gets the same filter.
    for existing in [*root.handlers, handler]:
        existing.addFilter(traffic)
    root.addHandler(handler)
    root.setLevel(level)
    if not api_traffic:
        # The HTTP client logs every request URL at INFO; keep the file about the app.
        for name in API_LOGGERS[1:]:
            logging.getLogger(name).setLevel(logging.WARNING)
        logging.getLogger("anthropic").setLevel(logging.INFO)
    if os.environ.get("VDA_STAMPS") == "1":  # app.core.stamps: the turn's timing breakdown for bench --turn
        logging.getLogger("app.stamps").setLevel(logging.DEBUG)
