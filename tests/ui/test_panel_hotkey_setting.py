"""Settings → Voice: the hotkey that shows the last answers again is chosen by pressing it, and can be none."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def test_the_show_answers_hotkey_is_pressed_in_saved_and_can_be_none(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    edit = window.voice.panel_hotkey
    assert edit.text() == "" and window.current().panel_hotkey == ""  # none until the person picks one
    qtbot.keyClick(edit, Qt.Key.Key_A, CTRL_ALT)
    assert edit.text() == "ctrl+alt+a" and window.current().panel_hotkey == "ctrl+alt+a"

    qtbot.keyClick(edit, Qt.Key.Key_Space, CTRL_ALT)  # the talk hotkey itself: refused, with the reason
    assert "hotkey for talking" in window.voice.hotkey_problem.text()
    assert window.current().panel_hotkey == ""  # the saved one stays

    window.load(replace(Settings(), panel_hotkey="ctrl+alt+a"))
    assert edit.text() == "ctrl+alt+a"
    window.voice.panel_hotkey_clear.click()
    assert edit.text() == "" and window.current().panel_hotkey == ""
