"""New windows open centred on the screen the tray is on, not at its top-left corner."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.history_window import HistoryWindow
from app.ui.placement import centre_on_screen
from app.ui.settings_window import SettingsWindow


def test_settings_and_history_open_centred_on_the_trays_screen(qtbot: QtBot) -> None:
    screen = QGuiApplication.primaryScreen()
    area = screen.availableGeometry()
    tray = QRect(area.right() - 24, area.top(), 24, 24)  # an icon in the top-right corner
    for window in (SettingsWindow(Settings()), HistoryWindow(lambda: Settings())):
        qtbot.addWidget(window)
        centre_on_screen(window, tray)
        window.show()
        centre = window.frameGeometry().center()
        assert abs(centre.x() - area.center().x()) <= 2 and abs(centre.y() - area.center().y()) <= 2
        assert window.frameGeometry().topLeft() != area.topLeft()
