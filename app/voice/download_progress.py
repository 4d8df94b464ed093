"""How far a model download is: bytes of all files together, the recent speed, and the time left.

The transfer adds bytes to a `Meter` as they arrive; the meter hands a `Progress` to the
listener (a progress bar, the command line's line) at most ten times a second.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from app.voice.model_catalog import human_size

SPEED_WINDOW = 3.0  # seconds of transfer the shown speed averages over


@dataclass(frozen=True)
class Progress:
    """How far a download is: bytes of all files together, and the recent speed."""

    done: int
    total: int
    bytes_per_second: float
    file: str

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    def describe(self) -> str:
        """'120 MB of 148 MB, 12 MB/s, 3 s left' for a progress bar's label."""
        text = f"{human_size(self.done)} of {human_size(self.total)}"
        if self.bytes_per_second > 0:
            left = max(0.0, (self.total - self.done) / self.bytes_per_second)
            text += f", {human_size(self.bytes_per_second)}/s, {_duration(left)} left"
        return text


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class Meter:
    """Counts bytes across files, works out a recent speed, and hands Progress to the listener."""

    def __init__(self, total: int, done: int, listener: Callable[[Progress], None] | None) -> None:
        self.total = total
        self.done = done
        self.file = ""
        self._listener = listener
        self._samples: deque[tuple[float, int]] = deque()
        self._last_report = 0.0

    def add(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        self._samples.append((now, self.done))
        while len(self._samples) > 2 and now - self._samples[0][0] > SPEED_WINDOW:
            self._samples.popleft()
        if now - self._last_report >= 0.1 or self.done >= self.total:
            self.report()

    def speed(self) -> float:
        if len(self._samples) < 2:
            return 0.0
        (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
        return (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0

    def report(self) -> None:
        self._last_report = time.monotonic()
        if self._listener is not None:
            self._listener(Progress(self.done, self.total, self.speed(), self.file))
