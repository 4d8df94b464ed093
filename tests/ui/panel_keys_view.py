"""The answer panel from the keyboard on the real X display (Xvfb + icewm), keys sent by xdotool.

Run by test_panel_keys_desktop.py in its own process (the in-process tests use the offscreen
platform). Prints one JSON object with what it observed, for the test to check, and saves
the panel with its keyboard focus as a screenshot.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from app.core.agent.events import Answer, ScreenContent
from app.core.settings import Settings
from app.ui.hotkey_bridge import HotkeyBridge
from app.ui.panel import AnswerPanel

PANEL_CHORD = "ctrl+alt+a"


def settle(app: QApplication, seconds: float = 0.5) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]


def wait_for(app: QApplication, check: object, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():  # type: ignore[operator]
            return True
        settle(app, 0.05)
    return bool(check())  # type: ignore[operator]


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, capture_output=True, timeout=10)


def stacking() -> list[int]:
    """The window manager's stacking order, bottom first (as the person sees it: later is in front)."""
    out = subprocess.run(["xprop", "-root", "_NET_CLIENT_LIST_STACKING"], capture_output=True, text=True).stdout
    return [int(word.strip(","), 16) for word in out.split("#", 1)[-1].split()]


def window_id(window: QWidget | int) -> int:
    return window if isinstance(window, int) else int(window.winId())


def above(top: QWidget | int, below: QWidget | int) -> bool:
    order = stacking()
    a, b = window_id(top), window_id(below)
    return a in order and b in order and order.index(a) > order.index(b)


def active_window() -> int:
    out = subprocess.run(["xdotool", "getactivewindow"], capture_output=True, text=True, timeout=10).stdout
    return int(out.strip() or 0)


# Another program's window, where the developer types: its own process, as an editor would be.
EDITOR = """
import sys
from PySide6.QtWidgets import QApplication, QLineEdit
app = QApplication(sys.argv)
editor = QLineEdit("typing here")
editor.setWindowTitle("the editor")
editor.resize(700, 500)
editor.move(300, 150)
editor.show()
editor.activateWindow()
print(int(editor.winId()), flush=True)
app.exec()
"""


def main(out: Path) -> dict[str, object]:
    app = QApplication(sys.argv)
    out.mkdir(parents=True, exist_ok=True)
    seen: dict[str, object] = {"platform": app.platformName()}

    editor_process = subprocess.Popen([sys.executable, "-c", EDITOR], stdout=subprocess.PIPE, text=True)
    try:
        return _observe(app, out, seen, int(editor_process.stdout.readline()))  # type: ignore[union-attr]
    finally:
        editor_process.kill()
        editor_process.wait()


def _observe(app: QApplication, out: Path, seen: dict[str, object], editor: int) -> dict[str, object]:
    seen["editor_active"] = wait_for(app, lambda: active_window() == editor)

    panel = AnswerPanel()
    panel.add_screen(ScreenContent("- `make build`, then `make test`\n- CI runs the same two", "How to build"))
    panel.add_answer(Answer("how do I build", "Make build, then make test.", ()))
    settle(app)
    seen["popped_up_over_editor"] = panel.isVisible() and above(panel, editor)
    seen["editor_kept_keys"] = active_window() == editor

    # Esc goes to the editor while the panel only popped up: the editor is the person's.
    xdotool("key", "--clearmodifiers", "Escape")
    settle(app)
    seen["escape_in_editor_left_panel"] = panel.isVisible()

    # The person asks for the answers (the tray's Show last answer): the keys go to the panel.
    panel.show_last(take_focus=True)
    seen["panel_active"] = wait_for(app, lambda: QApplication.activeWindow() is panel)
    order: list[str] = []
    for _ in range(4):
        xdotool("key", "--clearmodifiers", "Tab")
        settle(app, 0.2)
        widget = QApplication.focusWidget()
        order.append(widget.accessibleName() if widget is not None else "")
    seen["tab_order"] = order
    settle(app, 0.3)
    panel.grab().save(str(out / "panel-focus.png"))
    xdotool("key", "--clearmodifiers", "Escape")
    seen["escape_closed"] = wait_for(app, lambda: not panel.isVisible())

    # The show-answers hotkey, pressed as a person would, while the editor has the keys.
    xdotool("windowactivate", str(editor))
    wait_for(app, lambda: active_window() == editor)
    bridge = HotkeyBridge()
    bridge.show_panel.connect(lambda: panel.show_last(take_focus=True))
    bridge.start(dataclasses.replace(Settings(), panel_hotkey=PANEL_CHORD))
    settle(app, 0.5)
    xdotool("key", PANEL_CHORD)
    seen["hotkey_showed_panel"] = wait_for(app, lambda: panel.isVisible() and QApplication.activeWindow() is panel)
    xdotool("key", "--clearmodifiers", "Escape")
    seen["hotkey_panel_escape_closed"] = wait_for(app, lambda: not panel.isVisible())
    bridge.stop()

    # One of the app's own windows (Memory, Settings) is in front: an answer must not cover it.
    own = QLineEdit("the app's Memory window")
    own.setWindowTitle("Memory")
    own.resize(700, 500)
    own.move(500, 250)
    own.show()
    own.activateWindow()
    seen["own_active"] = wait_for(app, lambda: QApplication.activeWindow() is own)
    panel.add_screen(ScreenContent("Second answer", "More"))
    settle(app)
    seen["own_window_above_panel"] = panel.isVisible() and above(own, panel)
    seen["own_kept_keys"] = QApplication.activeWindow() is own
    return seen


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    print(json.dumps(main(Path(sys.argv[1]))))
