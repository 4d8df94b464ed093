"""The memory window's file list: per file its age, commits since, stale marks and use, sortable three ways."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from app.core.memory import Change, MemoryFile, MemoryStore
from app.core.memory.report import FileReport
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, translation
from app.ui.memory_words import age, file_name

ROLE_PATH = Qt.ItemDataRole.UserRole
SORTS = (
    ("path", QT_TRANSLATE_NOOP("memory_list", "Path")),
    ("age", QT_TRANSLATE_NOOP("memory_list", "Age (oldest first)")),
    ("staleness", QT_TRANSLATE_NOOP("memory_list", "Staleness (most first)")),
)
COLUMNS = (
    QT_TRANSLATE_NOOP("memory_list", "File"),
    QT_TRANSLATE_NOOP("memory_list", "Age"),
    QT_TRANSLATE_NOOP("memory_list", "Commits since"),
    QT_TRANSLATE_NOOP("memory_list", "Marks"),
)
STALE_COLOUR = QColor(colours.ERROR)
DELETED_COLOUR = QColor(colours.MUTED)


@dataclass(frozen=True)
class FileRow:
    """What the list shows of one memory file."""

    path: str
    chars: int
    written_at: datetime | None
    commits_since: int | None = None
    missing: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    use: list[str] = field(default_factory=list)  # "never used" / "not used in 90 days"
    deleted: bool = False  # gone, with its history kept: listed so its delete can be undone
    last_text: str = ""  # a deleted file's text before the delete

    @classmethod
    def from_report(cls, report: FileReport) -> FileRow:
        written = datetime.fromisoformat(report.written_at) if report.written_at else None
        return cls(
            report.path,
            len(report.text),
            written,
            report.commits_since,
            list(report.paths_missing),
            list(report.paths_changed),
            list(report.flags),
        )

    @classmethod
    def from_file(cls, memory: MemoryFile) -> FileRow:
        """Without a readable journal: the file's own time, and nothing the history would tell."""
        return cls(memory.path, memory.chars, memory.modified)

    @classmethod
    def from_delete(cls, change: Change) -> FileRow:
        return cls(change.path, len(change.old or ""), change.at, deleted=True, last_text=change.old or "")

    @property
    def stale(self) -> bool:
        return bool(self.missing or self.changed)

    def marks(self) -> str:
        if self.deleted:
            return QCoreApplication.translate("FileRow", "deleted (its history can undo that)")
        parts = []
        if self.missing:
            parts.append(QCoreApplication.translate("FileRow", "⚠ {count} gone").format(count=len(self.missing)))
        if self.changed:
            parts.append(QCoreApplication.translate("FileRow", "⚠ {count} changed").format(count=len(self.changed)))
        parts.extend(translation.shown(use) for use in self.use)
        return " · ".join(parts)

    def tooltip(self) -> str:
        lines = [self.path]
        if self.deleted:
            lines.append(
                QCoreApplication.translate(
                    "FileRow", "Deleted: select it and undo the delete in its history to bring it back."
                )
            )
        if self.missing:
            lines.append(
                QCoreApplication.translate("FileRow", "Names paths that no longer exist: ") + ", ".join(self.missing)
            )
        if self.changed:
            lines.append(
                QCoreApplication.translate("FileRow", "Names paths changed since it was written: ")
                + ", ".join(self.changed)
            )
        if self.stale:
            lines.append(
                QCoreApplication.translate(
                    "FileRow", "Check these before trusting the note; edit or delete it if it is no longer true."
                )
            )
        for use in map(translation.shown, self.use):
            lines.append(
                QCoreApplication.translate(
                    "FileRow", "{upper}{use} by the agent in a session (loading it does not count)."
                ).format(upper=use[:1].upper(), use=use[1:])
            )
        return "\n".join(lines)

    def sort_key(self, how: str) -> tuple[object, ...]:
        """Deleted files last whatever the order; then by path, age (oldest first) or staleness (most first)."""
        if how == "age":
            moment = self.written_at or datetime.max.replace(tzinfo=UTC)
            return (self.deleted, moment.timestamp(), self.path)
        if how == "staleness":
            stale = len(self.missing) * 2 + len(self.changed)
            return (self.deleted, -stale, -(self.commits_since or 0), -len(self.use), self.path)
        return (self.deleted, self.path)


def deleted_files(store: MemoryStore, existing: set[str]) -> list[Change]:
    """The delete of every file that is gone but has history, newest text first kept in `old`."""
    last: dict[str, Change] = {}
    for change in store.history():
        if not change.moves_only:
            last[change.path] = change
    return [c for path, c in sorted(last.items()) if c.new is None and c.old is not None and path not in existing]


class _Item(QTreeWidgetItem):
    def __init__(self, row: FileRow, list_: MemoryList) -> None:
        super().__init__()
        self.row = row
        self._list = list_

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        if not isinstance(other, _Item):
            return super().__lt__(other)
        how = self._list.sort_by
        return self.row.sort_key(how) < other.row.sort_key(how)


class MemoryList(QTreeWidget):
    """Memory files with their marks; the order follows `set_sort` (path, age or staleness)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sort_by = "path"
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels([QCoreApplication.translate("memory_list", c) for c in COLUMNS])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAccessibleName(self.tr("Memory files"))
        self.setToolTip("")
        header = self.header()
        header.setStretchLastSection(True)
        header.setSectionsClickable(True)
        header.sectionClicked.connect(self._header_clicked)
        self.setColumnWidth(0, 200)
        self.setColumnWidth(1, 80)
        self.setColumnWidth(2, 100)

    def set_rows(self, rows: list[FileRow], *, select: str = "") -> None:
        now = datetime.now(UTC)
        self.blockSignals(True)
        self.clear()
        for row in rows:
            item = _Item(row, self)
            commits = "" if row.commits_since is None else translation.number(row.commits_since)
            for column, text in enumerate((file_name(row.path), age(row.written_at, now), commits, row.marks())):
                item.setText(column, text)
                item.setToolTip(column, row.tooltip())
            item.setData(0, ROLE_PATH, row.path)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if row.stale:
                item.setForeground(3, QBrush(STALE_COLOUR))
            if row.deleted:
                for column in range(len(COLUMNS)):
                    item.setForeground(column, QBrush(DELETED_COLOUR))
            self.addTopLevelItem(item)
        self._sort()
        self.blockSignals(False)
        items = self._items()
        if items:
            self.setCurrentItem(next((i for i in items if i.row.path == select), items[0]))

    def set_sort(self, how: str) -> None:
        self.sort_by = how if how in dict(SORTS) else "path"
        selected = self.selected_path()
        self._sort()
        if selected:
            self.select(selected)

    def _sort(self) -> None:
        self.sortItems(0, Qt.SortOrder.AscendingOrder)  # the order itself comes from FileRow.sort_key

    def _header_clicked(self, column: int) -> None:
        self.set_sort({0: "path", 1: "age", 2: "staleness", 3: "staleness"}[column])

    def _items(self) -> list[_Item]:
        """The rows' items in the order shown."""
        found = (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
        return [item for item in found if isinstance(item, _Item)]

    def paths(self) -> list[str]:
        return [item.row.path for item in self._items()]

    def rows(self) -> list[FileRow]:
        return [item.row for item in self._items()]

    def selected_path(self) -> str:
        item = self.currentItem()
        return str(item.data(0, ROLE_PATH)) if item is not None else ""

    def selected_row(self) -> FileRow | None:
        item = self.currentItem()
        return item.row if isinstance(item, _Item) else None

    def select(self, path: str) -> None:
        item = next((i for i in self._items() if i.row.path == path), None)
        if item is not None:
            self.setCurrentItem(item)
