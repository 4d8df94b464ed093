"""Esc in Settings with unsaved changes asks Save / Discard / Cancel instead of dropping the edit."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from app.core import settings as settings_store
from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow


def _answer_next_dialog(button: QMessageBox.StandardButton, said: list[str]) -> None:
    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        said.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, press)


def test_escape_with_unsaved_changes_asks_and_each_answer_does_what_it_says(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.show()
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # nothing changed: closes without asking
    assert not window.isVisible()

    window.show()
    window.max_tokens.setValue(window.max_tokens.value() + 256)
    said: list[str] = []
    _answer_next_dialog(QMessageBox.StandardButton.Cancel, said)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert said and "Save" in said[0] and window.isVisible()
    assert window.max_tokens.value() == Settings().max_tokens + 256

    _answer_next_dialog(QMessageBox.StandardButton.Discard, said)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isVisible() and settings_store.load().settings.max_tokens == Settings().max_tokens

    window.show()
    window.max_tokens.setValue(Settings().max_tokens + 512)
    _answer_next_dialog(QMessageBox.StandardButton.Save, said)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isVisible() and settings_store.load().settings.max_tokens == Settings().max_tokens + 512


def test_each_page_has_one_save_button(qtbot: QtBot) -> None:
    """The Memory page saves its file with its own Save; the window's Save (for settings) is not a row below it."""
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.show()
    settings_save = window.buttons.button(QDialogButtonBox.StandardButton.Save)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        on_memory = window.tabs.currentWidget() is window.memory
        assert settings_save.isVisible() is not on_memory, window.tabs.tabText(index)
    window.tabs.setCurrentWidget(window.memory)
    assert not window.memory.pane.save_button.isHidden()  # the page's own Save stays, shown with a file open
