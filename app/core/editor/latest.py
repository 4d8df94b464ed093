"""The last editor context the app received, with when it arrived; written on the main thread, read anywhere."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from datetime import datetime

from app.core.editor.report import EditorReport


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

    def put(self, report: EditorReport, at: float | None = None) -> Received:
        received = Received(report, time.monotonic() if at is None else at, datetime.now().astimezone())
        with self._lock:
            self._received = received
        return received

    def get(self) -> Received | None:
        with self._lock:
            return self._received
