"""Screenshots of each step of the setup window on the Xvfb desktop (test-artifacts/screenshots/setup-*.png)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ui.test_desktop_views import SHOTS, _distinct_colours

ROOT = Path(__file__).resolve().parents[2]


def test_the_setup_window_on_the_desktop(desktop: None, empty_repo: Path, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT), "VOICE_DEV_AGENT_HOME": str(tmp_path)}
    env.pop("ANTHROPIC_API_KEY", None)
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("setup_view.py")), str(SHOTS), str(empty_repo)],
        capture_output=True, text=True, env=env, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["platform"] == "xcb"
    assert seen["shots"] == [
        "setup-1-api-key.png", "setup-2-repository.png", "setup-3-microphone.png", "setup-4-hotkey.png",
        "setup-5-privacy.png",
    ]  # fmt: skip
    for name in seen["shots"]:
        assert _distinct_colours(SHOTS / name) > 8, f"{name} looks blank"
    assert "QXcb" not in out.stderr and "Warning" not in out.stderr, out.stderr
