"""Where a new window opens: centred on the screen the tray is on, not at the screen's top-left corner."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import QWidget


def centre_on_screen(window: QWidget, near: QRect | None = None) -> None:
    """Centre `window` on the screen holding `near` (the tray icon); else the pointer's screen, else the primary."""
    screen = QGuiApplication.screenAt(near.center()) if near is not None and near.isValid() else None
    screen = screen or QGuiApplication.screenAt(QCursor.pos()) or QGuiApplication.primaryScreen()
    if screen is None:
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    frame.moveCenter(area.center())
    window.move(frame.topLeft())
