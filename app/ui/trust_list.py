"""Settings → Repositories: the repositories trusted to run their own code, each revocable at once."""

from __future__ import annotations

import datetime
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from app.core import messages, trust


class TrustList(QWidget):
    """One row per trusted repository; "Stop trusting" takes effect at once (the next build or test asks)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Trusted to build and test (run their own code):")
        self.list = QListWidget()
        self.list.setAccessibleName("Repositories trusted to run their code")
        self.list.itemSelectionChanged.connect(self._update)
        self.none = QLabel(
            "None yet. The agent asks before it first builds or tests a repository; reading it needs no trust."
        )
        self.none.setWordWrap(True)
        self.none.setStyleSheet("color: palette(mid);")
        self.revoke = QPushButton("Stop trusting")
        self.revoke.setToolTip("The agent asks again before it builds or tests this repository")
        self.revoke.clicked.connect(self.revoke_selected)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.revoke)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.list)
        layout.addWidget(self.none)
        layout.addLayout(row)
        self.fill()

    def fill(self) -> None:
        self.list.clear()
        for entry in trust.entries():
            when = datetime.datetime.fromtimestamp(entry.trusted_at).strftime("%d %b %Y")
            item = QListWidgetItem(f"{entry.folder.name}  ·  trusted {when}")
            item.setToolTip(str(entry.folder))
            item.setData(Qt.ItemDataRole.UserRole, str(entry.folder))
            self.list.addItem(item)
        self.none.setVisible(self.list.count() == 0)
        self.list.setVisible(self.list.count() > 0)
        self._update()

    def trusted_folders(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def _update(self) -> None:
        self.revoke.setEnabled(bool(self.list.selectedItems()))
        self.revoke.setVisible(self.list.count() > 0)

    @Slot()
    def revoke_selected(self) -> None:
        for item in self.list.selectedItems():
            try:
                trust.revoke(Path(item.data(Qt.ItemDataRole.UserRole)))
            except OSError as exc:
                messages.error(f"Trust could not be taken back: {exc}.")
        self.fill()
