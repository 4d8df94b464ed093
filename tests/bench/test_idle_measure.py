"""The idle bench's figures for a real process: CPU and wake-ups read from /proc."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.bench.idle import measure

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux only)")

# A thread that wakes every 2 ms for about a second, from 0.3 s after start, then ends.
BRIEF_BUSY_THREAD = """
import threading, time
def wake_often():
    for _ in range(500):
        time.sleep(0.002)
time.sleep(0.3)
worker = threading.Thread(target=wake_often)
worker.start()
worker.join()
time.sleep(30)
"""


@pytest.mark.slow
def test_a_thread_that_ends_within_the_window_keeps_its_wake_ups() -> None:
    child = subprocess.Popen([sys.executable, "-c", BRIEF_BUSY_THREAD])
    try:
        figures = measure(child.pid, 2.5)
    finally:
        child.kill()
        child.wait(timeout=10)
    # Its wake-ups count up to its last reading; summing only the threads alive at the end lost them
    # (and went below zero when the thread had existed at the start).
    assert figures["wakeups_per_s"] > 50, figures
    assert figures["sound_server_cpu_percent"] is None  # no server was asked for
