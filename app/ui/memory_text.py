"""One memory file's text in the memory window: the editor, its size against the cap, a warning, one outcome line.

The pane shows and counts; what its buttons do (save, revert, new, rename, delete) is the memory
window's, which connects them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.core.memory import FILE_CAP
from app.ui import colours, translation
from app.ui.memory_warning import StateLineWarning


class MemoryText(QWidget):
    """The text of the chosen memory file with its character counter, state-line warning and buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName(self.tr("Text of the memory file"))
        self.editor.setPlaceholderText(self.tr("The memory file's text"))
        self.editor.setTabChangesFocus(True)  # the window stays usable without a mouse
        self.editor.textChanged.connect(self.update_counter)
        self.warning = StateLineWarning(self.editor)
        self.counter = QLabel()
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setStyleSheet(f"{colours.ERROR_TEXT} font-weight: bold;")
        self.refusal.hide()
        self.save_button = _button(self.tr("Save"), self.tr("Save this file (Ctrl+S); read in the next session"))
        self.revert_button = _button(self.tr("Revert"), self.tr("Drop your unsaved edit"))
        self.new_button = _button(self.tr("New file…"), self.tr("Start a new memory file"))
        self.rename_button = _button(self.tr("Rename…"), self.tr("Give this file another name"))
        self.delete_button = _button(self.tr("Delete…"), self.tr("Delete this file (Delete in the list)"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.counter, 1)
        for button in (self.new_button, self.rename_button, self.delete_button, self.revert_button, self.save_button):
            buttons.addWidget(button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.editor, 1)
        column.addWidget(self.warning)
        column.addWidget(self.refusal)
        column.addLayout(buttons)

    def update_counter(self) -> None:
        length = len(self.editor.toPlainText())
        over = length > FILE_CAP
        self.counter.setText(
            self.tr("{length} / {cap} characters").format(
                length=translation.number(length), cap=translation.number(FILE_CAP)
            )
            + (self.tr("  — over the cap") if over else "")
        )
        self.counter.setStyleSheet(colours.ERROR_TEXT if over else "")

    def say(self, text: str, *, error: bool = True) -> None:
        """One line under the text: why something was not done (in red), or what was done."""
        self.refusal.setStyleSheet(f"{colours.ERROR_TEXT} font-weight: bold;" if error else "color: palette(text);")
        self.refusal.setText(translation.shown(text))  # a refusal made in app/core is marked: the person's language
        self.refusal.setVisible(bool(text))


def _button(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    return button
