"""How the memory window shares its room: the lines get most of it, no pane collapses, team memory when it is on.

Before, the team box took most of the height even with team memory off, the Lines box showed about
one line, and dragging a divider collapsed whole panes or clipped the "Lines" heading. Here every
splitter keeps each pane at a minimum of a heading and a few rows (`setChildrenCollapsible(False)`),
the stretch goes mostly to the lines and the file's text, and with team memory off its box gives way
to one line saying how to turn it on.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QSplitter, QVBoxLayout, QWidget

from app.ui.memory_lines import MemoryLines
from app.ui.memory_team import OFF, MemoryTeam
from app.ui.memory_text import MemoryText


def rows_high(view: QAbstractScrollArea, rows: float) -> int:
    """The height that shows `rows` lines of text in `view`, with its frame."""
    return int(view.fontMetrics().lineSpacing() * rows) + 2 * view.frameWidth() + 4


def panes(orientation: Qt.Orientation, *parts: tuple[QWidget, int, int]) -> QSplitter:
    """A splitter of (widget, stretch, first size) whose panes never collapse below their minimum size."""
    splitter = QSplitter(orientation)
    splitter.setChildrenCollapsible(False)
    for index, (widget, stretch, _size) in enumerate(parts):
        splitter.addWidget(widget)
        splitter.setStretchFactor(index, stretch)
    splitter.setSizes([size for _widget, _stretch, size in parts])
    return splitter


def arrange(
    files: QAbstractScrollArea,
    lines: MemoryLines,
    text: MemoryText,
    details: QWidget,  # the file's summary, history and diff
    empty: QWidget,
    team: MemoryTeam,
) -> tuple[QSplitter, QSplitter, QSplitter]:
    """The right side's splitters: (text | details), (files / lines / that), (the files or `empty` / team)."""
    # Each pane keeps a heading and a few rows; the lines and the file's text get most of the height.
    files.setMinimumHeight(rows_high(files, 4))  # the header and two files
    lines.list.setMinimumHeight(rows_high(lines.list, 4.5))  # two lines with their marks, under the heading
    text.editor.setMinimumHeight(rows_high(text.editor, 4))
    for view in details.findChildren(QAbstractScrollArea):  # its history and diff: a few rows each, not a pane
        view.setMinimumHeight(rows_high(view, 2.5))
    detail = panes(Qt.Orientation.Horizontal, (text, 2, 400), (details, 3, 600))
    # The lines run the full width: each line's marks fit on its row.
    files_and_detail = panes(Qt.Orientation.Vertical, (files, 1, 90), (lines, 3, 260), (detail, 3, 260))
    shown = QWidget()  # the files, or the sentence saying there are none
    column = QVBoxLayout(shown)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(files_and_detail, 1)
    column.addWidget(empty, 1)
    # The team box sits below the files, also when the repository has no memory of its own.
    return detail, files_and_detail, panes(Qt.Orientation.Vertical, (shown, 4, 520), (team, 1, 140))


class TeamPlace(QWidget):
    """Where the team box goes: the box itself while team memory is on, one muted line while it is off."""

    def __init__(self, team: MemoryTeam, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team = team
        self.off_line = QLabel(QCoreApplication.translate("memory_team", OFF))
        self.off_line.setWordWrap(True)
        self.off_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # the command, to copy
        self.off_line.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.off_line)
        self.update_place()

    @property
    def team_off(self) -> bool:
        # The box says OFF exactly when no team server is connected for the repository shown.
        return self.team.state.text() == QCoreApplication.translate("memory_team", OFF)

    def update_place(self) -> None:
        """Call after the team box was pointed at a repository: show the box or the one line."""
        off = self.team_off
        self.team.setVisible(not off)
        self.off_line.setVisible(off)
