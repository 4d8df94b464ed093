"""The memory window's list of repositories: every one with memory, and the app's active one even before it has any."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.core.memory import STORE_CAP, MemoryStore, RepositoryMemory, list_repositories

ROLE_FOLDER = Qt.ItemDataRole.UserRole
ROLE_REPO = Qt.ItemDataRole.UserRole + 1


class RepositoryList(QListWidget):
    """One row per memory folder: the repository's name, how full its memory is, how many files."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Repositories with memory")
        self.setToolTip("Repositories with memory; the size counts against the whole-store cap")

    def fill(self, active: Path | None, select: Path | None) -> None:
        """List every repository (signals blocked); select `select`'s row, else the one selected before."""
        current = self.selected_folder()
        self.blockSignals(True)
        self.clear()
        entries = list_repositories()
        known = {r.repository for r in entries}
        if active is not None and active.resolve() not in known:
            empty = MemoryStore.for_repository(active)
            entries.insert(0, RepositoryMemory(empty.folder, empty.repository, 0, 0, 0))
        for entry in entries:
            name = entry.repository.name if entry.repository else entry.folder.name
            files = f"{entry.files} file{'s' if entry.files != 1 else ''}"
            item = QListWidgetItem(f"{name}\n{entry.chars:,} / {STORE_CAP:,} characters · {files}")
            item.setToolTip(str(entry.repository or f"(unknown repository) {entry.folder}"))
            item.setData(ROLE_FOLDER, str(entry.folder))
            item.setData(ROLE_REPO, str(entry.repository) if entry.repository else "")
            self.addItem(item)
        target = MemoryStore.for_repository(select).folder if select is not None else current
        folders = [self.item(i).data(ROLE_FOLDER) for i in range(self.count())]
        if folders:
            self.setCurrentRow(folders.index(str(target)) if str(target) in folders else 0)
        self.blockSignals(False)

    def selected_folder(self) -> Path | None:
        item = self.currentItem()
        return Path(item.data(ROLE_FOLDER)) if item is not None else None

    def selected_repository(self) -> Path | None:
        item = self.currentItem()
        return Path(item.data(ROLE_REPO)) if item is not None and item.data(ROLE_REPO) else None
