"""The answer panel stays on its screen whatever the question's or the held line's length (issue 43, point 1).

Geometry is asserted against the screen's available geometry (offscreen Qt's screen here; the same
checks run at 1280x800 and 1920x1080 in test_screen_fit.py), never against a fixed width.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.core.agent.events import Answer, ScreenContent
from app.ui.memory_held import HeldNotice
from app.ui.panel import AnswerPanel
from app.ui.panel_fit import shown_text

# 102 characters, as a person says it.
QUESTION = "why does the integration test for the payment webhook time out on the CI runner but never on my laptop"
UNBROKEN = "src/payments/webhooks/handlers/stripe_signature_verification_middleware_for_retries.py"
HELD = (
    "- The staging deploy reads its secrets from the vault path "
    "secret/data/payments/staging/webhook-signing-keys/current-and-previous, never from the repository."
)


def _on_screen(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def _assert_fits(panel: AnswerPanel) -> None:
    area = QGuiApplication.primaryScreen().availableGeometry()
    assert area.contains(panel.frameGeometry()), (panel.frameGeometry(), area)
    for button in (panel.close_button, panel.copy_button, panel.prev_button, panel.next_button):
        assert area.contains(_on_screen(button)), f"{button.accessibleName()} is off the screen"
        assert panel.rect().contains(QRect(button.mapTo(panel, QPoint(0, 0)), button.size()))
    for label in (panel.title, panel.caption):
        inside = QRect(label.mapTo(panel, QPoint(0, 0)), label.size())
        assert panel.rect().contains(inside), f"{shown_text(label)[:30]}… is cut at the panel's edge"


def test_a_long_spoken_question_wraps_its_title_and_the_panel_stays_on_screen(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_answer(Answer(QUESTION, "The webhook test waits for a real network call; the runner blocks it.", ()))
    panel.show_last()
    qtbot.waitExposed(panel)
    _assert_fits(panel)
    assert panel.title.height() > panel.title.fontMetrics().lineSpacing() * 1.5  # wrapped, not one long line
    assert QUESTION in panel.title.toolTip()  # the whole question, also when the title is cut


def test_long_unbroken_text_wraps_inside_the_panel(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_screen(ScreenContent(f"The failing file:\n\n{UNBROKEN * 2}", f"What is {UNBROKEN}?"))
    panel.add_answer(Answer(f"what is {UNBROKEN}", f"It is {UNBROKEN}{UNBROKEN}, the retry middleware.", ()))
    panel.show_last()
    qtbot.waitExposed(panel)
    _assert_fits(panel)
    assert shown_text(panel.caption) == f"It is {UNBROKEN}{UNBROKEN}, the retry middleware."  # said whole
    assert panel.browser.horizontalScrollBar().maximum() == 0  # the page's text wraps too


def test_a_held_memory_line_keeps_the_panel_and_its_buttons_on_screen(qtbot: QtBot, tmp_path: Path) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_answer(Answer(QUESTION, "Noted.", ()))
    notice = HeldNotice(1, HELD, "/memories/deploy.md", "it repeats text read from deploy.yml", tmp_path, "s1")
    panel.held_box.add((notice,))
    panel.show_last()
    qtbot.waitExposed(panel)
    _assert_fits(panel)
    area = QGuiApplication.primaryScreen().availableGeometry()
    buttons = panel.held_box.buttons(1)
    assert buttons is not None
    for button in buttons:
        assert button.isVisible() and area.contains(_on_screen(button)), f"{button.text()} is off the screen"
    assert panel.held_box.lines() == [notice.line]
