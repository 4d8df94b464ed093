"""The "Ask by typing…" dialog has room for a spoken-length question, fits the screen and asks with Enter."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.ui.ask_dialog import AskDialog

QUESTION = "why does the integration test for the payment webhook time out only on the CI runner and not locally"


def test_the_question_box_shows_a_long_question_whole_within_the_screen(qtbot: QtBot) -> None:
    dialog = AskDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    area = QGuiApplication.primaryScreen().availableGeometry()
    box = dialog.box
    metrics = box.fontMetrics()
    assert box.height() >= 3 * metrics.lineSpacing()  # several lines, not a one-line field
    assert box.viewport().width() >= min(metrics.horizontalAdvance("x" * 60), area.width() // 2)
    assert area.contains(dialog.frameGeometry()) or dialog.width() <= area.width()
    qtbot.keyClicks(box, QUESTION)
    rect = box.cursorRect()
    assert box.viewport().rect().contains(rect)  # the end of what was typed is in view, wrapped, not scrolled away
    assert box.horizontalScrollBar().maximum() == 0


def test_enter_asks_and_shift_enter_starts_a_new_line(qtbot: QtBot) -> None:
    dialog = AskDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog.box, Qt.Key.Key_Return)
    assert dialog.isVisible()  # nothing typed: nothing to ask
    qtbot.keyClicks(dialog.box, "why is the build red")
    qtbot.keyClick(dialog.box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(dialog.box, "and who broke it")
    assert dialog.isVisible()
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.keyClick(dialog.box, Qt.Key.Key_Return)
    assert dialog.question() == "why is the build red\nand who broke it"
