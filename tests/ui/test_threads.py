"""A worker thread still busy at quit (a slow import on a loaded machine) must not abort the app."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
    from app.ui.threads import start_thread, stop_thread, wait_for_busy_threads

    class Slow(QObject):
        go = Signal()

        def __init__(self):
            super().__init__()
            self.go.connect(self.work)

        @Slot()
        def work(self):
            time.sleep(1.5)

    app = QCoreApplication(sys.argv)
    worker = Slow()
    thread = start_thread(worker, "slow-worker")
    worker.go.emit()
    time.sleep(0.2)
    stopped = stop_thread(thread, timeout_ms=100)
    del thread  # the app's own list lets go of it at shutdown, as here
    print("stopped in time:", stopped, "all done:", wait_for_busy_threads(10_000), flush=True)
    """
)


@pytest.mark.slow
def test_a_thread_busy_past_the_stop_timeout_is_waited_for_not_destroyed_running() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "stopped in time: False all done: True" in out.stdout
    assert "Destroyed while thread" not in out.stderr
