"""The memory window's list of repositories: every one with memory, and the app's active one even before it has any."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.core.memory import STORE_CAP, MemoryKey, RepositoryMemory, list_repositories, memory_key
from app.ui import translation
from app.ui.counts import COUNTS

ROLE_KEY = Qt.ItemDataRole.UserRole
ROLE_REPO = Qt.ItemDataRole.UserRole + 1


class RepositoryList(QListWidget):
    """One row per store, keyed by its MemoryKey: the repository's name, how full its memory is, how many files."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Repositories with memory"))
        self.setToolTip(self.tr("Repositories with memory; the size counts against the whole-store cap"))

    def fill(self, active: Path | None, select: Path | None) -> None:
        """List every repository (signals blocked); select `select`'s row, else the one selected before."""
        current = self.selected_key()
        self.blockSignals(True)
        self.clear()
        # A row's second line ("265 / 6,000 characters · 1 file") was cut off at the pane's width, behind a
        # sideways scroll bar: it wraps instead.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        entries = list_repositories()
        known = {r.key for r in entries}
        if active is not None and (active_key := memory_key(active)) not in known:
            # Another clone of one repository shares its memory, so a row is found by key, not by path.
            entries.insert(0, RepositoryMemory.empty(active_key, active.resolve()))
        for entry in entries:
            name = entry.repository.name if entry.repository else entry.key.name
            files = COUNTS.files(entry.files)
            item = QListWidgetItem(
                self.tr("{name}\n{chars} / {STORE_CAP} characters · {files}").format(
                    name=name,
                    chars=translation.number(entry.chars),
                    STORE_CAP=translation.number(STORE_CAP),
                    files=files,
                )
            )
            item.setToolTip(str(entry.repository or self.tr("(unknown repository) {key}").format(key=entry.key)))
            item.setData(ROLE_KEY, str(entry.key))
            item.setData(ROLE_REPO, str(entry.repository) if entry.repository else "")
            self.addItem(item)
        target = memory_key(select) if select is not None else current
        keys = [self.item(i).data(ROLE_KEY) for i in range(self.count())]
        if keys:
            self.setCurrentRow(keys.index(str(target)) if str(target) in keys else 0)
        self.blockSignals(False)

    def selected_key(self) -> MemoryKey | None:
        item = self.currentItem()
        return MemoryKey.parse(item.data(ROLE_KEY)) if item is not None else None

    def selected_repository(self) -> Path | None:
        item = self.currentItem()
        return Path(item.data(ROLE_REPO)) if item is not None and item.data(ROLE_REPO) else None
