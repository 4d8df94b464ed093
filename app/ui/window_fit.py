"""Keeping a window on its screen: the screen's free area, a size bounded by it, a size kept between openings.

A window laid out from its contents' wishes can ask for more than the screen has (the answer panel was
931 px wide for a long question; Settings filled a 1280x800 desktop). Every bound here comes from the
available geometry of the screen the window is on (the desktop without its panels), never a fixed width.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

FRAME_ROOM = 40  # what a window manager's title bar and borders may add around a framed window


def screen_of(window: QWidget, near: QPoint | None = None) -> QScreen | None:
    """The screen at `near` (a tray icon), else the window's own, else the primary one."""
    found = QGuiApplication.screenAt(near) if near is not None else None
    return found or window.screen() or QGuiApplication.primaryScreen()


def available_area(window: QWidget, near: QPoint | None = None) -> QRect:
    screen = screen_of(window, near)
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 768)


def bounded(size: QSize, area: QRect, *, room: int = 0) -> QSize:
    """`size`, no larger than `area` less `room` on each axis (for a frame the window manager draws)."""
    return QSize(min(size.width(), area.width() - room), min(size.height(), area.height() - room))


def fit_to_screen(window: QWidget) -> None:
    """Shrink a framed window to its screen's free area and move it wholly onto it."""
    area = available_area(window)
    window.resize(bounded(window.size(), area, room=FRAME_ROOM))
    frame = window.frameGeometry()
    window.move(_onto(frame.left(), frame.width(), area.left(), area.width()),
                _onto(frame.top(), frame.height(), area.top(), area.height()))  # fmt: skip


def _onto(start: int, length: int, area_start: int, area_length: int) -> int:
    """Where a span starts to lie within the area's span; centred when its contents cannot shrink to fit."""
    if length > area_length:
        return area_start + (area_length - length) // 2
    return min(max(start, area_start), area_start + area_length - length)


class SizeKeeper(QObject):
    """Gives a window back the size it had when it was hidden, within its screen, each time it is shown.

    Without it, a window whose contents changed while hidden came back at whatever its layout asked
    for, which grew between openings until Settings filled the screen.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._kept: QSize | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window:
            if event.type() == QEvent.Type.Hide and not self._window.isMinimized():
                self._kept = self._window.size()
            elif event.type() == QEvent.Type.Show:
                if self._kept is not None:
                    self._window.resize(self._kept)
                fit_to_screen(self._window)
            elif event.type() == QEvent.Type.Move and self._window.isVisible() and not _on_its_screen(self._window):
                # At its first showing the frame is not known until the window manager has drawn it: placed
                # by its inside, the frame's bottom lay 2 px under the taskbar of a 1280x800 desktop.
                fit_to_screen(self._window)
        return False


def _on_its_screen(window: QWidget) -> bool:
    """Whether the window's frame lies within its screen's free area, or cannot (it is larger)."""
    area, frame = available_area(window), window.frameGeometry()
    return area.contains(frame) or frame.width() > area.width() or frame.height() > area.height()
