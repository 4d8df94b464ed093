"""The history's settings: on or off, how many days it keeps, and the aliases learned from corrections.

A learned alias can be removed here; that takes effect at once (the settings are saved and
the vocabulary rebuilt), like the correction that taught it.
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core import corrections
from app.core.history import History
from app.core.settings import MAX_HISTORY_DAYS, Settings


class HistorySettings(QWidget):
    settings_changed = Signal(object)  # Settings, already saved by the receiver's choice
    open_history = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = Settings()
        self.enabled = QCheckBox(self.tr("Keep a history of questions and replies (on this computer only)"))
        self.days = QSpinBox()
        self.days.setRange(1, MAX_HISTORY_DAYS)
        self.days.setSuffix(self.tr(" days"))
        self.days.setToolTip(self.tr("Older questions and replies are deleted"))
        self.enabled.toggled.connect(self.days.setEnabled)
        open_button = QPushButton(self.tr("Open History…"))
        open_button.clicked.connect(self.open_history.emit)
        keep_row = QHBoxLayout()
        keep_row.addWidget(self.days)
        keep_row.addStretch(1)
        keep_row.addWidget(open_button)
        form = QFormLayout()
        form.addRow("", self.enabled)
        form.addRow(self.tr("Keep for:"), keep_row)

        self.learned = QTableWidget(0, 4)
        self.learned.setHorizontalHeaderLabels(
            [self.tr("Repository"), self.tr("Heard as"), self.tr("Written as"), self.tr("Learned")]
        )
        self.learned.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.learned.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.learned.verticalHeader().setVisible(False)
        header = self.learned.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.learned.itemSelectionChanged.connect(self._update_remove)
        self.remove = QPushButton(self.tr("Remove"))
        self.remove.setToolTip(self.tr("Forget this spelling: the words are transcribed as heard again"))
        self.remove.clicked.connect(self.remove_selected)
        self.none_learned = QLabel(
            self.tr("Nothing learned yet. Correct a transcript in the History window to teach a name.")
        )
        self.none_learned.setWordWrap(True)
        self.none_learned.setStyleSheet("color: palette(mid);")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        title = QLabel(self.tr("Learned from your corrections:"))
        layout.addWidget(title)
        layout.addWidget(self.learned, 1)
        layout.addWidget(self.none_learned)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.remove)
        layout.addLayout(row)

    def load(self, settings: Settings) -> None:
        self._settings = settings
        self.enabled.setChecked(settings.history_enabled)
        self.days.setValue(settings.history_days)
        self.days.setEnabled(settings.history_enabled)
        self._fill_learned()

    def apply_to(self, settings: Settings) -> Settings:
        """`settings` with this page's values."""
        return dataclasses.replace(settings, history_enabled=self.enabled.isChecked(), history_days=self.days.value())

    def _fill_learned(self) -> None:
        # Only what is still in the aliases: one the user removed by hand is no longer "learned".
        aliases = self._settings.repo_aliases
        rows = [a for a in History.for_settings(self._settings).learned() if a.spoken in aliases.get(a.repo, {})]
        self.learned.setRowCount(len(rows))
        for row, alias in enumerate(rows):
            repo = QTableWidgetItem(Path(alias.repo).name)
            repo.setToolTip(alias.repo)
            repo.setData(Qt.ItemDataRole.UserRole, (alias.repo, alias.spoken))
            moment = datetime.datetime.fromtimestamp(alias.at).strftime("%d %b %Y")
            for column, item in enumerate(
                (repo, QTableWidgetItem(alias.spoken), QTableWidgetItem(alias.written), QTableWidgetItem(moment))
            ):
                self.learned.setItem(row, column, item)
        self.none_learned.setVisible(not rows)
        self.learned.setVisible(bool(rows))
        self._update_remove()

    def _update_remove(self) -> None:
        self.remove.setEnabled(bool(self.learned.selectionModel().selectedRows()))
        self.remove.setVisible(self.learned.rowCount() > 0)

    @Slot()
    def remove_selected(self) -> None:
        settings = self._settings
        history = History.for_settings(settings)
        for index in self.learned.selectionModel().selectedRows():
            item = self.learned.item(index.row(), 0)
            if item is None:
                continue
            repo, spoken = item.data(Qt.ItemDataRole.UserRole)
            settings = corrections.forget(settings, history, repo, spoken)
        if settings is not self._settings:
            self._settings = settings
            self._fill_learned()
            self.settings_changed.emit(settings)
