"""The state icons (SVG files in resources/icons), and the listening icon with its level bar."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter

from app.core import paths

STATES = ("idle", "listening", "transcribing", "thinking", "speaking", "error")
APP_ICON = "voice-dev-agent"
_SIZE = 64


def icon_path(name: str) -> str:
    return str(paths.resources_dir() / "icons" / f"{name}.svg")


@cache
def icon(name: str) -> QIcon:
    """The named icon from resources/icons (cached: the tray changes icons often)."""
    return QIcon(icon_path(name))


@cache
def listening_icon(step: int) -> QIcon:
    """The listening icon with a bar on its right edge, `step` tenths tall (see `level_step`).

    Cached, one per step: Qt keeps every icon it scales for the tray in its pixmap cache (up
    to 10 MB) under the source pixmap's key, so an icon drawn afresh for each level change
    grew the app by about 100 KB a question until that cache was full.
    """
    pixmap = icon("listening").pixmap(_SIZE, _SIZE)
    level = min(10, max(0, step)) / 10
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    track = QRectF(_SIZE - 14, 6, 10, _SIZE - 12)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 110))
    painter.drawRoundedRect(track, 4, 4)
    filled = QRectF(track.left(), track.bottom() - track.height() * level, track.width(), track.height() * level)
    painter.setBrush(QColor("#ffe14d"))
    painter.drawRoundedRect(filled, 4, 4)
    painter.end()
    return QIcon(pixmap)


def level_step(level: float) -> int:
    """Levels rounded to tenths: the icon is redrawn only when the bar visibly moves."""
    return round(min(1.0, max(0.0, level)) * 10)
