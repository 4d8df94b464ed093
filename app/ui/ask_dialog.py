"""The "Ask by typing…" dialog: a box as wide as a spoken question is long, Enter to ask, Shift+Enter for a new line.

Qt's QInputDialog gave a one-line field about 200 px wide: a question of a sentence or two scrolled
out of sight while it was typed. This box shows several lines at a width taken from the screen, and
never wider than the screen it opens on.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from app.ui.titles import window_title

WIDTH = 640  # about 90 characters of the default font: a long spoken question, whole
LINES = 4


class QuestionBox(QPlainTextEdit):
    """Enter asks (as in a chat box); Shift+Enter starts a new line."""

    def __init__(self, on_enter: Callable[[], None]) -> None:
        super().__init__()
        self._on_enter = on_enter

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self._on_enter()
            return
        super().keyPressEvent(event)


class AskDialog(QDialog):
    """Asks for a typed question; `question()` is what was typed, without surrounding space."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(self.tr("Ask")))
        self.box = QuestionBox(self._ask)
        self.box.setAccessibleName(self.tr("Your question"))
        self.box.setPlaceholderText(self.tr("Ask about this repository… (Enter asks, Shift+Enter for a new line)"))
        self.box.setTabChangesFocus(True)
        margins = self.box.contentsMargins()
        frame = margins.top() + margins.bottom() + 2 * int(self.box.document().documentMargin())
        self.box.setMinimumHeight(self.box.fontMetrics().lineSpacing() * LINES + frame)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Ask"))
        self.buttons.accepted.connect(self._ask)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Your question:")))
        layout.addWidget(self.box, 1)
        layout.addWidget(self.buttons)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().width() - 48 if screen is not None else WIDTH
        self.resize(max(320, min(WIDTH, room)), self.sizeHint().height())

    def question(self) -> str:
        return self.box.toPlainText().strip()

    def _ask(self) -> None:
        if self.question():
            self.accept()


def ask_question(parent: QWidget | None = None) -> str | None:
    """Open the dialog and wait; the question typed, or None when cancelled or empty."""
    dialog = AskDialog(parent)
    asked = dialog.exec() == QDialog.DialogCode.Accepted
    return dialog.question() if asked else None
