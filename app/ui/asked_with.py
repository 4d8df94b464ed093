"""The answer panel's line saying what the editor showed when the question was asked, with "Ask without it".

The person sees that "this" was read from the editor (and which file and line), and when that was not
what they meant, one click asks the same question again with no editor context in its turn.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton

from app.core.editor import block
from app.core.editor.report import EditorReport
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import translation
from app.ui.panel_fit import set_wrapping, wrapping_label

ASK_WITHOUT = QT_TRANSLATE_NOOP("asked_with", "Ask without it")


class AskedWith(QFrame):
    """Hidden unless the page shown was asked with editor context."""

    ask_without = Signal(str)  # the question, to be asked again without the editor's context

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("askedWith")
        self._question = ""
        self.label = wrapping_label()
        self.label.setStyleSheet("color: palette(mid);")
        self.button = QPushButton(translation.shown(ASK_WITHOUT))
        self.button.setToolTip(self.tr("Ask the same question again without what the editor shows"))
        self.button.clicked.connect(lambda: self.ask_without.emit(self._question))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        self.hide()

    def show_for(self, question: str, report: EditorReport | None) -> None:
        """The page's question and the editor context it was asked with (None: the line is hidden)."""
        self._question = question
        if report is None or not question:
            self.hide()
            return
        set_wrapping(
            self.label, self.tr("Asked with {summary}").format(summary=translation.shown(block.summary(report)))
        )
        self.label.setToolTip(
            self.tr("{root}/{path}, line {line}, as {editor} showed it").format(
                root=report.root, path=report.path, line=report.line, editor=report.editor
            )
        )
        self.show()
