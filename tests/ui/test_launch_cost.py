"""What the tray app loads at launch: nothing of a feature that is off (each costs resident memory all day)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_PROBE = """
import sys
import app.ui.application
print("psycopg" in sys.modules)
"""


def test_the_tray_app_loads_no_postgresql_driver_at_launch() -> None:
    # The memory window's team box brought psycopg with the app's modules: 10 MB resident without a team server.
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2]
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


_SDK_PREPARED = """
import linecache, os
import app.ui.application  # the tray app's modules, Qt first, as at launch: Qt's import hook is in place
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker

worker = AgentWorker()
worker.start_session(None, Settings(prepare_while_speaking=True))  # the launch's SDK preparation, here at once
assert worker.prepared
print(sum(f"{os.sep}anthropic{os.sep}" in name for name in linecache.cache))
"""


def test_the_sdk_prepared_at_launch_leaves_no_source_text_behind() -> None:
    # Qt's import hook read the source of each SDK module imported after it, and Python kept every line:
    # 3,269 SDK files (and 26 MB resident more for the SDK's import) all day.
    done = subprocess.run(
        [sys.executable, "-c", _SDK_PREPARED],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=Path(__file__).parents[2],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
