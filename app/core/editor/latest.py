"""The last editor context the app received, with when it arrived; written on the main thread, read anywhere."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.core.editor.report import EditorReport, parse
from app.core.errors import ReportRefused

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Received:
    report: EditorReport
    at: float  # time.monotonic() when it arrived: compared with the last key press
    wall: datetime  # the same moment on the clock, for a person reading `context`


class LatestContext:
    """Holds one report at a time: a newer one replaces it (an editor reports what it shows now)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._received: Received | None = None
        self._watchers: list[Callable[[Received], object]] = []

    def watch(self, callback: Callable[[Received], object]) -> None:
        """Call `callback` with each report kept, on the thread that put it (the app's main thread)."""
        self._watchers.append(callback)

    def put(self, report: EditorReport, at: float | None = None) -> Received:
        received = Received(report, time.monotonic() if at is None else at, datetime.now().astimezone())
        with self._lock:
            self._received = received
        for callback in self._watchers:
            try:
                callback(received)
            except Exception:  # one broken watcher must not refuse the report or stop the others
                log.exception("an editor context watcher failed")
        return received

    def get(self) -> Received | None:
        with self._lock:
            return self._received

    def accept(self, raw: object) -> tuple[bool, str]:
        """An editor's `editor_context` value: kept when it passes the protocol, else refused with the reason logged.

        A refused report leaves the last good one in place: one bad line must not blank what the person sees.
        """
        try:
            report = parse(raw)
        except ReportRefused as exc:
            log.warning("editor context refused: %s", exc)
            return False, f"Refused: {exc}."
        self.put(report)
        return True, "Noted."

    def describe(self) -> dict[str, Any]:
        """What `voice-dev-agent context --json` prints: the report, when it arrived and how long ago."""
        received = self.get()
        if received is None:
            return {"context": None}
        return {
            "context": received.report.as_json(),
            "received": received.wall.isoformat(timespec="seconds"),
            "age_seconds": round(time.monotonic() - received.at, 1),
        }
