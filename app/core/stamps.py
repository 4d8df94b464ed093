"""Debug stamps along a spoken turn (wall and process CPU time), for `bench --turn`'s breakdown.

Each stamp is one DEBUG line of the `app.stamps` logger: its name, the monotonic clock
(CLOCK_MONOTONIC, the same in every process of the machine, so a bench in another process
can line it up with its own clock) and the process's CPU seconds so far. The logger is
quiet unless VDA_STAMPS=1 is set when logging starts: a stamp costs one level check then.
Stamps carry no content, only a name and two numbers.
"""

from __future__ import annotations

import logging
import re
import time

log = logging.getLogger("app.stamps")
ENVIRONMENT = "VDA_STAMPS"
LINE = re.compile(r"stamp (\w+) at ([0-9.]+) cpu (-?[0-9.]+)")


def mark(name: str, at: float | None = None) -> None:
    """Stamp `name` now, or at the monotonic time `at` (a moment seen where logging is not allowed: no CPU time)."""
    if log.isEnabledFor(logging.DEBUG):
        if at is None:
            log.debug("stamp %s at %.4f cpu %.4f", name, time.monotonic(), time.process_time())
        else:
            log.debug("stamp %s at %.4f cpu -1", name, at)


def parse(text: str) -> list[tuple[str, float, float]]:
    """The (name, monotonic seconds, CPU seconds or -1) of every stamp in a log's text, in order."""
    return [(m.group(1), float(m.group(2)), float(m.group(3))) for m in LINE.finditer(text)]
