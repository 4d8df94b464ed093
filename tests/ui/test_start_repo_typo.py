"""A mistyped --repo on a fresh start: the person sees it once the app's tray (here its status window) is up.

The whole start runs (`desktop_start._run`: settings, DesktopApp, its start, the event loop) on the offscreen
platform, where the status window stands in for the tray; what it shows is what the person would read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.ui import desktop_start
from app.ui.tray import ERROR_SHOWN_MS, StatusWindow


def _shown() -> str:
    """The text of every label in the visible status window."""
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, StatusWindow) and w.isVisible()]
    return "\n".join(label.text() for window in windows for label in window.findChildren(QLabel))


def test_a_mistyped_repo_at_start_is_shown_and_not_covered_by_the_notices_after_it(
    qtbot: QtBot, empty_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(empty_repo)  # where it falls back to: the repository the person started it in
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-present-0000")  # no setup window over it
    typo = empty_repo.parent / f"{empty_repo.name}-typo"
    seen: dict[str, str] = {}

    def look(when: str) -> None:
        seen[when] = _shown()

    QTimer.singleShot(1500, lambda: look("at start"))
    QTimer.singleShot(ERROR_SHOWN_MS + 2500, lambda: look("later"))
    QTimer.singleShot(ERROR_SHOWN_MS + 2600, QApplication.quit)
    assert desktop_start._run(str(typo)) == 0
    assert f"The folder {typo} does not exist." in seen["at start"], seen
    assert f"Asking about {empty_repo.resolve()} instead." in seen["at start"]
    # What start-up said after it (the memory's first-use note) waited, and came: nothing was dropped.
    assert "Memory for" in seen["later"], seen
