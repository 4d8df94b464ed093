"""Render each step of the setup window on the real X display and save screenshots.

Run by test_setup_desktop.py in its own process; prints one JSON object with what it observed.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import keyring
from keyring.backends import fail
from PySide6.QtWidgets import QApplication

from app.ui.setup_window import STEPS, SetupWindow


def settle(app: QApplication, seconds: float = 0.4) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        QApplication.instance().thread().msleep(20)  # type: ignore[union-attr]


def main(out: Path, repo: Path) -> dict[str, object]:
    app = QApplication(sys.argv)
    keyring.set_keyring(fail.Keyring())  # a desktop without a Secret Service
    out.mkdir(parents=True, exist_ok=True)
    window = SetupWindow()
    window.show()
    window.activateWindow()
    settle(app)
    window.key_edit.setText("sk-ant-api03-screenshot-0000")
    window.next_button.click()  # refused by the missing keyring: the plain sentence and the way round it
    settle(app)
    shots = []
    for step, name in enumerate(STEPS):
        window.go(step)
        if name == "Repository":
            window.set_waiting_question("why is the build red")
        if name == "Hotkey":
            window.hotkey_pressed()
        settle(app)
        path = out / f"setup-{step + 1}-{name.lower().replace(' ', '-')}.png"
        window.grab().save(str(path))
        shots.append(path.name)
        if name == "Repository":
            window.set_repository(repo)
    return {"platform": app.platformName(), "shots": shots}


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
