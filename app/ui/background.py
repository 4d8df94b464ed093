"""Slow checks off the main thread (the API key test, the voice test), their results back on it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.core.errors import UserFacingError

log = logging.getLogger(__name__)


class Background(QObject):
    """Runs a slow function on a plain thread and hands its result back on the main thread."""

    done = Signal(str, object, str)  # tag, result, error message ("" on success)

    def run(self, tag: str, work: Callable[[], object]) -> None:
        def target() -> None:
            try:
                result = work()
            except UserFacingError as exc:
                self.done.emit(tag, None, str(exc))
            except Exception as exc:
                log.info("%s failed: %s", tag, exc)
                self.done.emit(tag, None, short_error(exc))
            else:
                self.done.emit(tag, result, "")

        threading.Thread(target=target, name=f"settings-{tag}", daemon=True).start()


def short_error(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__
