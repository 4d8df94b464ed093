"""The answer panel from the keyboard on the Xvfb desktop: Esc closes it without a click, Tab walks its
buttons, the show-answers hotkey brings it back, and it never covers the app's own windows."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.ui.test_desktop_views import SHOTS, _distinct_colours

ROOT = Path(__file__).resolve().parents[2]


def test_the_panel_from_the_keyboard_on_the_desktop(desktop: None, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT), "VDA_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("panel_keys_view.py")), str(SHOTS)],
        capture_output=True, text=True, env=env, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["platform"] == "xcb" and seen["editor_active"]
    assert seen["popped_up_over_editor"], "the answer popped up behind the window the person works in"
    assert seen["editor_kept_keys"], "popping up took the keyboard from the editor"
    assert seen["escape_in_editor_left_panel"], "Esc typed in the editor is the editor's"
    assert seen["panel_active"], "the panel the person asked for did not get the keyboard"
    # One page: Earlier and Later are disabled, so Tab cycles Copy → Close → the answer's text → Copy.
    cycle = ["Copy this answer as Markdown", "Close", "Answer text"]
    order = seen["tab_order"]
    assert all(cycle[(cycle.index(a) + 1) % 3] == b for a, b in itertools.pairwise(order)), order
    assert seen["escape_closed"], "Esc did not close the panel"
    assert seen["hotkey_showed_panel"], "the show-answers hotkey did not bring the panel back with the keyboard"
    assert seen["hotkey_panel_escape_closed"]
    assert seen["own_active"]
    assert seen["own_window_above_panel"], "the answer covered the app's own window"
    assert seen["own_kept_keys"]
    assert _distinct_colours(SHOTS / "panel-focus.png") > 8
    assert "QXcb" not in out.stderr and "Warning" not in out.stderr, out.stderr
