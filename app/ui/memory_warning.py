"""The gentle note under a person's memory text when lines look like state the agent's write gate refuses."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QPlainTextEdit

from app.core.memory.judgement import state_lines
from app.ui import colours, translation
from app.ui.memory_words import short

DELAY_MS = 250  # judged once typing pauses, not at every key


class StateLineWarning(QLabel):
    """Names the lines that record repository state; a warning only: a person decides what they keep."""

    def __init__(self, editor: QPlainTextEdit) -> None:
        super().__init__()
        self._editor = editor
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(f"{colours.CAUTION_BOX} padding: 6px;")
        self.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.check)
        editor.textChanged.connect(self._timer.start)

    def check(self) -> None:
        self._timer.stop()
        found = [] if self._editor.isReadOnly() else state_lines(self._editor.toPlainText())
        if not found:
            self.hide()
            return
        # the gate's reasons are marked in app/core: in the person's language here
        shown = "; ".join(f"“{short(line, 60)}” ({translation.shown(reason)})" for line, reason in found[:3])
        more = self.tr(" and {count} more").format(count=len(found) - 3) if len(found) > 3 else ""
        self.setText(
            self.tr(
                "ⓘ {shown}{more}: this looks like repository state, which a tool can tell fresh each time "
                "and which goes stale in memory. You can still save it."
            ).format(shown=shown, more=more)
        )
        self.show()
