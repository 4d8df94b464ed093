"""The clocks that waiting and ageing read, which a bench or a test can move forward without waiting.

`bench --turn` asks a question "after a six-minute pause" of an app in another process:
it writes the seconds to skip into the file named by VDA_CLOCK_SKEW_FILE and moves the fake
API's clock by as much. The memory ages its lines by `wall` (a line unused for 60 days is
archived), so a test moves it two months on the same way. Without the variable these are
time.monotonic and time.time.
"""

from __future__ import annotations

import os
import time

SKEW_FILE = "VDA_CLOCK_SKEW_FILE"


def monotonic() -> float:
    return time.monotonic() + _skew()


def wall() -> float:
    """Seconds since the epoch, as time.time, moved on by the skew."""
    return time.time() + _skew()


def _skew() -> float:
    path = os.environ.get(SKEW_FILE, "")
    if not path:
        return 0.0
    try:
        with open(path, encoding="utf-8") as handle:
            return float(handle.read().strip() or 0.0)
    except (OSError, ValueError):  # no file yet, or half written: no skew
        return 0.0
