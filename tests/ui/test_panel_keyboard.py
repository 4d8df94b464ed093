"""The answer panel from the keyboard: its buttons are reached by Tab in reading order and say what they do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.ui.panel import AnswerPanel


def test_the_panel_buttons_take_focus_in_order_and_have_names(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    buttons = [panel.prev_button, panel.next_button, panel.copy_button, panel.close_button]
    assert all(b.focusPolicy() & Qt.FocusPolicy.TabFocus for b in buttons)
    assert [b.accessibleName() for b in buttons] == [
        "Earlier answer",
        "Later answer",
        "Copy this answer as Markdown",
        "Close",
    ]

    reached: list[QWidget] = []
    widget: QWidget = panel.prev_button
    for _ in range(50):
        widget = widget.nextInFocusChain()
        if widget in buttons and widget not in reached:
            reached.append(widget)
    assert reached[: len(buttons) - 1] == buttons[1:]  # from Earlier: Later, Copy, Close
