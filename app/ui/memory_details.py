"""The memory window's details pane: who wrote a file, from which words, its use, its lines and its history."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.core.memory import Change
from app.core.memory.report import FileReport
from app.ui import translation
from app.ui.counts import COUNTS
from app.ui.memory_lines import MemoryLines
from app.ui.memory_words import age, describe_change, diff_html, when, who

ROLE_OP = Qt.ItemDataRole.UserRole


def _plural(n: int, word: str) -> str:
    return COUNTS.sessions(n) if word == "session" else COUNTS.commits(n)


def summary(report: FileReport, now: datetime) -> str:
    """The plain-text lines above the history: origin, words, use, stale paths."""
    lines = []
    written = datetime.fromisoformat(report.written_at) if report.written_at else None
    if written is not None:
        ago = age(written, now)
        if ago != QCoreApplication.translate("memory_words", "just now"):
            ago = QCoreApplication.translate("memory_details", "{ago} ago").format(ago=ago)
        lines.append(
            QCoreApplication.translate("memory_details", "Written {ago} ({when}) by {who}.").format(
                ago=ago, when=when(written), who=who(report.written_by)
            )
        )
    if report.user_words:
        lines.append(
            QCoreApplication.translate("memory_details", "From your words: “{user_words}”").format(
                user_words=report.user_words
            )
        )
    # A session uses a note by reading, changing or relying on it; loading it into the prompt is not use.
    used = QCoreApplication.translate("memory_details", "used in {plural}").format(
        plural=_plural(report.used_count, "session")
    )
    if report.last_used:
        used += QCoreApplication.translate("memory_details", ", last {when}").format(
            when=when(datetime.fromisoformat(report.last_used))
        )
    lines.append(
        QCoreApplication.translate("memory_details", "Loaded into {plural}; {used}.").format(
            plural=_plural(report.loaded_count, "session"), used=used
        )
    )
    if report.commits_since is not None:
        lines.append(
            QCoreApplication.translate("memory_details", "{plural} since it was written.").format(
                plural=_plural(report.commits_since, "commit")
            )
        )
    if report.paths_missing:
        lines.append(
            QCoreApplication.translate("memory_details", "⚠ Names paths that no longer exist: ")
            + ", ".join(report.paths_missing)
        )
    if report.paths_changed:
        lines.append(
            QCoreApplication.translate("memory_details", "⚠ Names paths changed since: ")
            + ", ".join(report.paths_changed)
        )
    for flag in map(translation.shown, report.flags):
        lines.append(
            QCoreApplication.translate(
                "memory_details", "⚑ {upper}{flag} (loading it into a session does not count as use)."
            ).format(upper=flag[:1].upper(), flag=flag[1:])
        )
    return "\n".join(lines)


class MemoryDetails(QWidget):
    """Origin, use and the full history of one file; a chosen change can be undone (button or Ctrl+Z)."""

    revert_requested = Signal(int)  # the operation to revert

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.TextFormat.PlainText)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.history = QListWidget()
        self.history.setAccessibleName(self.tr("History of this file"))
        self.history.setWordWrap(True)
        self.history.setToolTip(self.tr("Every change to this file, newest first; Ctrl+Z undoes the selected one"))
        self.history.currentItemChanged.connect(lambda *_: self._show_diff())
        self.diff = QTextBrowser()
        self.diff.setAccessibleName(self.tr("Old and new text of the selected change"))
        self.diff.setOpenLinks(False)
        self.undo_button = QPushButton(self.tr("Undo this change"))
        self.undo_button.setToolTip(
            self.tr("Put back the text from before the selected change (Ctrl+Z in the history)")
        )
        self.undo_button.clicked.connect(self.undo_selected)
        QShortcut(QKeySequence.StandardKey.Undo, self.history, self.undo_selected,
                  context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip

        history_box = QWidget()
        column = QVBoxLayout(history_box)
        column.setContentsMargins(0, 0, 0, 0)
        title = QHBoxLayout()
        title.addWidget(QLabel(self.tr("<b>History</b> (newest first)")), 1)
        title.addWidget(self.undo_button)
        column.addLayout(title)
        column.addWidget(self.history, 1)
        # Each line with how it stands, filled here with the file; the window places it at full width.
        self.lines = MemoryLines()
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)  # a divider dragged to the end leaves the other pane its heading
        split.addWidget(history_box)
        split.addWidget(self.diff)
        split.setSizes([120, 200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.info)
        layout.addWidget(split, 1)
        self._changes: list[Change] = []
        self.show_file(None, [])

    def show_file(self, report: FileReport | None, changes: list[Change], *, problem: str = "") -> None:
        self._changes = list(reversed(changes))
        if problem:
            self.info.setText(problem)
        elif report is None:
            self.info.setText("")
        else:
            self.info.setText(summary(report, datetime.now(UTC)))
        self.lines.show_lines(report.path if report else "", report.lines if report and not problem else [])
        self.history.blockSignals(True)
        self.history.clear()
        for change in self._changes:
            item = QListWidgetItem(describe_change(change))
            item.setData(ROLE_OP, change.op)
            if change.user_words:
                item.setToolTip(self.tr("From your words: “{user_words}”").format(user_words=change.user_words))
            self.history.addItem(item)
        self.history.blockSignals(False)
        if self._changes:
            self.history.setCurrentRow(0)
        self._show_diff()

    def selected_change(self) -> Change | None:
        row = self.history.currentRow()
        return self._changes[row] if 0 <= row < len(self._changes) else None

    def _show_diff(self) -> None:
        change = self.selected_change()
        self.undo_button.setEnabled(change is not None)
        if change is None:
            self.diff.setHtml("")
            return
        if change.moves_only:
            self.diff.setHtml(
                self.tr("<p>Moved from {old_path} to {path}; the text did not change.</p>").format(
                    old_path=change.old_path, path=change.path
                )
            )
            return
        self.diff.setHtml(diff_html(change.old, change.new))

    def undo_selected(self) -> None:
        change = self.selected_change()
        if change is not None:
            self.revert_requested.emit(change.op)
