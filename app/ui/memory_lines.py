"""The memory window's lines box: each line of a file with how it stands, "Make standing" for a candidate, "Restore".

Each row is the line's text with tags (`memory_line_rows`): what its citations are now (holds, changed
since PATH, no longer exists PATH), its trust and where it came from. A line the agent wrote in three
separate sessions is a promotion candidate; only here (or with `memory standing` on the command line)
does a person make it standing. An archived line (unused for 60 days) is listed so it can be
restored. The box only asks; the editor does the change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core.memory.lines import normalise
from app.ui.counts import COUNTS
from app.ui.memory_line_rows import ROLE_LINE, LineRows, row_parts


def describe(line: dict[str, Any]) -> str:
    """One line in a few words, then its text: the item's text (type-ahead finds it); the row paints its tags."""
    text = str(line["text"]).strip()
    if line["standing"]:
        return QCoreApplication.translate(
            "memory_lines", "★ Standing (yours; the agent cannot change it): {text}"
        ).format(text=text)
    if line["archived"]:
        return QCoreApplication.translate(
            "memory_lines", "⏸ Archived (60 days neither used nor confirmed; not loaded): {text}"
        ).format(text=text)
    if line["promotion_candidate"]:
        return QCoreApplication.translate(
            "memory_lines", "↑ Confirmed in {line} sessions; can be made standing: {text}"
        ).format(line=line["confirmed_sessions"], text=text)
    if line["by"] == "person":
        return QCoreApplication.translate("memory_lines", "✎ Yours: {text}").format(text=text)
    sessions = int(line["confirmed_sessions"])
    return QCoreApplication.translate("memory_lines", "Agent's note, confirmed in {sessions}: {text}").format(
        sessions=COUNTS.sessions(sessions), text=text
    )


class MemoryLines(QWidget):
    """The selected file's lines; a candidate can be made standing and an archived line restored."""

    standing_requested = Signal(str, str)  # file path, line text
    restore_requested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Lines of this file"))
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # rows wrap again to a new width
        self.list.setItemDelegate(LineRows(self.list))
        self.list.currentItemChanged.connect(lambda *_: self._selected())
        self.standing_button = QPushButton(self.tr("Make standing"))
        self.standing_button.setToolTip(
            self.tr("Load this line as your own instruction in every session; the agent can no longer change it")
        )
        self.standing_button.clicked.connect(lambda: self._ask(self.standing_requested))
        self.restore_button = QPushButton(self.tr("Restore"))
        self.restore_button.setToolTip(self.tr("Load this archived line in sessions again"))
        self.restore_button.clicked.connect(lambda: self._ask(self.restore_requested))
        title = QHBoxLayout()
        title.addWidget(QLabel(self.tr("<b>Lines</b>")), 1)
        title.addWidget(self.standing_button)
        title.addWidget(self.restore_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(title)
        layout.addWidget(self.list, 1)
        self._path = ""
        self.show_lines("", [])

    def show_lines(self, path: str, lines: list[dict[str, Any]]) -> None:
        # The same file shown again (after Make standing, Restore, a reload): the selection stays on the line
        # it was on. Jumping to the next candidate left Restore enabled for a line the person never chose.
        kept = self.selected_line() if path == self._path else None
        kept_key = normalise(str(kept["text"])) if kept is not None else None
        self._path = path
        self.list.blockSignals(True)
        self.list.clear()
        for line in lines:
            item = QListWidgetItem(describe(line))
            item.setData(ROLE_LINE, line)
            parts = row_parts(line)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, parts.sentence())
            item.setToolTip("\n".join([parts.text, *(f"{t.text}{f' ({t.tip})' if t.tip else ''}" for t in parts.tags)]))
            self.list.addItem(item)
        self.list.blockSignals(False)
        # A candidate or an archived line is what a person comes here for: it is selected first.
        wanted = next((i for i, line in enumerate(lines) if line["promotion_candidate"] or line["archived"]), 0)
        if kept_key is not None:
            wanted = next((i for i, line in enumerate(lines) if normalise(str(line["text"])) == kept_key), wanted)
        if lines:
            self.list.setCurrentRow(wanted)
        self.setVisible(bool(lines))
        self._selected()

    def selected_line(self) -> dict[str, Any] | None:
        item = self.list.currentItem()
        data = item.data(ROLE_LINE) if item is not None else None
        return data if isinstance(data, dict) else None

    def _selected(self) -> None:
        line = self.selected_line()
        self.standing_button.setEnabled(line is not None and bool(line["promotion_candidate"]))
        self.restore_button.setEnabled(line is not None and bool(line["archived"]))

    def _ask(self, signal: Any) -> None:
        line = self.selected_line()
        if line is not None:
            signal.emit(self._path, str(line["text"]))
