"""Show the app's windows on the real X display and print the titles the window manager sees.

Run by test_window_titles.py in its own process: only a real platform (xcb here)
appends the application's display name to window titles, offscreen does not.
"""

from __future__ import annotations

import json
import subprocess
import sys

from PySide6.QtWidgets import QApplication, QWidget

from app import APP_DISPLAY_NAME, APP_NAME
from app.core.agent.events import ScreenContent
from app.core.settings import Settings
from app.ui.app_menu import AppMenu
from app.ui.ask_dialog import AskDialog
from app.ui.panel import AnswerPanel
from app.ui.settings_window import SettingsWindow
from app.ui.tray import Tray


def x_title(window: QWidget) -> str:
    out = subprocess.run(
        ["xprop", "-id", str(int(window.winId())), "_NET_WM_NAME"], capture_output=True, text=True, check=True
    ).stdout
    return out.split(" = ", 1)[1].strip().strip('"')


def main() -> dict[str, object]:
    app = QApplication(sys.argv)
    app.setApplicationName(APP_NAME)  # as run_desktop_app does
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    panel = AnswerPanel()
    panel.add_screen(ScreenContent("# Hello", "Why the build is red"))
    settings = SettingsWindow(Settings())
    menu = AppMenu()
    status = Tray(menu, use_tray=False).status_window
    ask = AskDialog()  # the dialog application.py opens for "Ask by typing…"
    windows: dict[str, QWidget] = {"panel": panel, "settings": settings, "ask": ask}
    if status is not None:
        windows["status"] = status
    for window in windows.values():
        window.show()
    for _ in range(20):
        app.processEvents()
    return {"platform": app.platformName(), **{name: x_title(window) for name, window in windows.items()}}


if __name__ == "__main__":
    print(json.dumps(main()))
