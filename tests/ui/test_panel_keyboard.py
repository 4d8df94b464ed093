"""The answer panel from the keyboard: its buttons are reached by Tab in reading order and say what they do."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.core.agent.events import Answer, ScreenContent
from app.ui.memory_notice import MemoryNotice
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


def test_the_remembered_line_belongs_to_its_turn_and_is_gone_on_the_next(qtbot: QtBot, tmp_path: Path) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_screen(ScreenContent("first page", "Plan"))
    panel.show_memory_notices((MemoryNotice("Remembered: “tabs” in notes.md", 1, 1, tmp_path),))
    panel.add_answer(Answer("what do we use", "Tabs.", ()))
    assert panel.memory_lines() == ["Remembered: “tabs” in notes.md"] and not panel.memory_box.isHidden()

    panel.add_answer(Answer("and the tests", "Pytest.", ()))  # a turn that remembered nothing
    assert panel.memory_lines() == [] and panel.memory_box.isHidden()

    panel.show_memory_notices((MemoryNotice("Remembered: “ruff” in notes.md", 2, 2, tmp_path),))
    panel.add_answer(Answer("lint", "Ruff.", ()))
    panel.add_screen(ScreenContent("a page of the next turn", "Next"))
    assert panel.memory_lines() == [] and panel.memory_box.isHidden()
