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


def test_answers_kept_in_the_panel_is_shown_and_saved(qtbot: QtBot) -> None:
    window = SettingsWindow(replace(Settings(), panel_pages=7))
    qtbot.addWidget(window)
    assert window.panel_pages.value() == 7 and "History" in window.panel_pages.toolTip()
    window.panel_pages.setValue(3)
    assert window.current().panel_pages == 3
