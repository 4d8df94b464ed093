"""Settings → Repositories: which repositories may run their own code; trust one (recent or added) or stop trusting.

Trusting here is the person's own click, as in the panel: a recent repository that is not trusted is
listed with "not trusted", and "Add repository…" picks any other folder. Both take effect at once:
the next build or test there runs without asking; "Stop trusting" makes the next one ask again.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Slot
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.core import messages, trust
from app.core.errors import UserFacingError
from app.core.repos import find_root
from app.ui import colours

ROLE_FOLDER = Qt.ItemDataRole.UserRole
ROLE_TRUSTED = Qt.ItemDataRole.UserRole + 1


class TrustList(QWidget):
    """One row per trusted repository and per recent one not trusted; Trust and Stop trusting act on the selected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._recent: tuple[str, ...] = ()
        self.dialog: QFileDialog | None = None  # "Add repository…" while it is open
        title = QLabel(self.tr("Trusted to build and test (run their own code):"))
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Repositories and whether they may run their code"))
        self.list.itemSelectionChanged.connect(self._update)
        self.none = QLabel(
            self.tr("None yet. The agent asks before it first builds or tests a repository; reading it needs no trust.")
        )
        self.none.setWordWrap(True)
        self.none.setStyleSheet("color: palette(mid);")
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.hide()
        self.add = QPushButton(self.tr("Add repository…"))
        self.add.setToolTip(self.tr("Choose a repository's folder and trust it to build and test (run its code)"))
        self.add.clicked.connect(self.choose_folder)
        self.grant = QPushButton(self.tr("Trust"))
        self.grant.setToolTip(self.tr("Let the agent build and test this repository (run its code) from now on"))
        self.grant.clicked.connect(self.trust_selected)
        self.revoke = QPushButton(self.tr("Stop trusting"))
        self.revoke.setToolTip(self.tr("The agent asks again before it builds or tests this repository"))
        self.revoke.clicked.connect(self.revoke_selected)
        row = QHBoxLayout()
        row.addWidget(self.add)
        row.addStretch(1)
        row.addWidget(self.grant)
        row.addWidget(self.revoke)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.list)
        layout.addWidget(self.none)
        layout.addWidget(self.status)
        layout.addLayout(row)
        self.fill()

    def set_recent(self, repos: Iterable[str]) -> None:
        """The repositories used lately (Settings' recent list), offered to trust when they are not."""
        self._recent = tuple(repos)
        self.fill()

    def fill(self) -> None:
        self.list.clear()
        trusted = trust.entries()
        for entry in trusted:
            when = datetime.datetime.fromtimestamp(entry.trusted_at).strftime("%d %b %Y")
            self._row(
                entry.folder,
                self.tr("{name}  ·  trusted {when}").format(name=entry.folder.name, when=when),
                trusted=True,
            )
        shown = {str(t.folder) for t in trusted}
        for repo in self._recent:
            folder = Path(repo).expanduser()
            key = str(folder.resolve()) if folder.is_dir() else ""
            if key and key not in shown:
                shown.add(key)
                self._row(Path(key), self.tr("{name}  ·  not trusted").format(name=folder.name), trusted=False)
        self.none.setVisible(not trusted)
        self.list.setVisible(self.list.count() > 0)
        self._update()

    def _row(self, folder: Path, label: str, *, trusted: bool) -> None:
        item = QListWidgetItem(label)
        item.setToolTip(str(folder))
        item.setData(ROLE_FOLDER, str(folder))
        item.setData(ROLE_TRUSTED, trusted)
        self.list.addItem(item)

    def trusted_folders(self) -> list[str]:
        return [f for f, trusted in self._rows() if trusted]

    def untrusted_folders(self) -> list[str]:
        return [f for f, trusted in self._rows() if not trusted]

    def _rows(self) -> list[tuple[str, bool]]:
        items = (self.list.item(i) for i in range(self.list.count()))
        return [(item.data(ROLE_FOLDER), bool(item.data(ROLE_TRUSTED))) for item in items]

    def _update(self) -> None:
        chosen = [bool(item.data(ROLE_TRUSTED)) for item in self.list.selectedItems()]
        self.grant.setEnabled(False in chosen)
        self.grant.setVisible(bool(self.untrusted_folders()))
        self.revoke.setEnabled(True in chosen)
        self.revoke.setVisible(bool(self.trusted_folders()))

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(colours.PROBLEM_BOX if error else "")
        self.status.setVisible(bool(text))

    @Slot()
    def trust_selected(self) -> None:
        for item in self.list.selectedItems():
            if not item.data(ROLE_TRUSTED):
                self._trust(Path(item.data(ROLE_FOLDER)))

    @Slot()
    def choose_folder(self) -> None:
        """Pick a folder in a dialog that does not block (so the window keeps painting); trusted once chosen."""
        dialog = QFileDialog(self, QCoreApplication.translate("TrustList", "Trust a repository to build and test it"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # the same dialog everywhere, and testable
        dialog.fileSelected.connect(lambda folder: self._trust(Path(folder)))
        dialog.finished.connect(lambda _result: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()

    def _trust(self, folder: Path) -> None:
        try:
            repo = find_root(folder)
            trust.grant(repo)
        except UserFacingError as exc:
            self._say(str(exc), error=True)
            return
        except OSError as exc:
            messages.error(self.tr("The repository could not be trusted: {exc}.").format(exc=exc))
            return
        self._say(
            self.tr("Trusted: {repo}. The agent may build and test it (run its code) from now on.").format(repo=repo)
        )
        self.fill()

    @Slot()
    def revoke_selected(self) -> None:
        for item in self.list.selectedItems():
            if not item.data(ROLE_TRUSTED):
                continue
            try:
                trust.revoke(Path(item.data(ROLE_FOLDER)))
            except OSError as exc:
                messages.error(
                    QCoreApplication.translate("TrustList", "Trust could not be taken back: {exc}.").format(exc=exc)
                )
        self._say("")
        self.fill()
