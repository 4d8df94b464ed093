"""The General page's switch for preparing the answer while the person speaks."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow


def test_prepare_the_answer_is_on_by_default_says_its_cost_and_can_be_turned_off(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    assert window.prepare.isChecked() and window.current().prepare_while_speaking
    assert "$" in window.prepare.toolTip() and "tokens" in window.prepare.toolTip()
    window.prepare.setChecked(False)
    assert window.current().prepare_while_speaking is False
    window.load(replace(Settings(), prepare_while_speaking=False))
    assert not window.prepare.isChecked()
