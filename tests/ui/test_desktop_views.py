"""Screenshots of the tray menu, the panel, the memory editor and the "Remembered" lines on the Xvfb desktop."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"


def _distinct_colours(path: Path) -> int:
    image = QImage(str(path))
    assert not image.isNull(), f"{path} is not an image"
    seen = set()
    for y in range(0, image.height(), 7):
        for x in range(0, image.width(), 7):
            seen.add(image.pixel(x, y))
    return len(seen)


def test_views_on_the_desktop(desktop: None, empty_repo: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("desktop_views.py")), str(SHOTS), str(empty_repo)],
        capture_output=True, text=True, env=env, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["platform"] == "xcb"
    assert seen["tray_available"], "icewm provides a tray: the icon must be in it"
    assert seen["editor_active_before"]
    assert seen["panel_visible"]
    assert seen["focus_stayed"], "the panel took the keyboard from the editor"
    assert seen["memory_files"] == 3
    assert "⚠ 1 gone" in seen["memory_marks"] and "⚠ 1 changed" in seen["memory_marks"]  # sorted stalest first
    assert seen["memory_history"] == 2
    assert seen["remembered_lines"] == ["Remembered: “Ana reviews every parser change” in people.md"]
    assert seen["focus_stayed_for_memory"], "the panel with memory lines took the keyboard from the editor"
    for name in ("tray-menu.png", "panel.png", "memory-editor.png", "memory-remembered.png", "memory-notification.png"):
        assert _distinct_colours(SHOTS / name) > 8, f"{name} looks blank"
    assert "QXcb" not in out.stderr and "Warning" not in out.stderr, out.stderr
