"""Windows on a screen of a given size, in a process of their own, and where their screenshots go.

Offscreen Qt takes its screen's size from a configuration file (`-platform offscreen:configfile=...`),
and a test process already has its QApplication, so each size runs a script in its own process. The
script prints one JSON object last; screenshots go to test-artifacts/screenshots/fit/ (git-ignored).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QWidget

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "fit"


def run_on_screen(
    script: Path, size: tuple[int, int], config: Path, *args: str, env: dict[str, str] | None = None
) -> dict[str, object]:
    """Run `script FOLDER ARGS... WxH` on an offscreen screen of `size`; what it printed last, as JSON."""
    width, height = size
    screen = {"name": "test", "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"screens": [screen]}))
    full = {**os.environ, **(env or {}), "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, str(script), str(SHOTS), *args, f"{width}x{height}"],
        capture_output=True, text=True, env=full, timeout=180, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return seen


def shot(window: QWidget, folder: Path, name: str) -> str:
    """Save what `window` shows (its inside: offscreen Qt draws no frame) as folder/name; the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    window.grab().save(str(path))
    return str(path)
