"""Window titles on a real X display name the window, then the app exactly once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from app import APP_DISPLAY_NAME

ROOT = Path(__file__).resolve().parents[2]


def test_titles_carry_the_app_name_once(desktop: None, app_home: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("window_titles.py"))],
        capture_output=True, text=True, env=env, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen.pop("platform") == "xcb"
    assert seen == {
        "panel": f"Why the build is red — {APP_DISPLAY_NAME}",
        "settings": f"Settings — {APP_DISPLAY_NAME}",
        "ask": f"Ask — {APP_DISPLAY_NAME}",
        "status": APP_DISPLAY_NAME,
    }
