"""What the tray app loads at launch: nothing of a feature that is off (each costs resident memory all day)."""

from __future__ import annotations

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
