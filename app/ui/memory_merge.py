"""When a memory file changed while a person edited it: ask what to do, and a side-by-side view to merge."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from app.ui import translation
from app.ui.titles import window_title

RELOAD, OVERWRITE, MERGE, CANCEL = "reload", "overwrite", "merge", "cancel"


def ask_conflict(parent: QWidget, path: str, message: str) -> str:
    """Reload, overwrite or merge; CANCEL keeps editing. Nothing is lost whichever is chosen."""
    box = QMessageBox(parent)
    box.setWindowTitle(window_title(QCoreApplication.translate("memory_merge", "Memory changed")))
    box.setIcon(QMessageBox.Icon.Warning)
    box.setText(translation.shown(message))  # the store's sentence, marked in app/core
    box.setInformativeText(
        QCoreApplication.translate(
            "memory_merge",
            "Reload shows the saved text (your edit is dropped). Overwrite saves yours over it. Merge "
            "shows both side by side.",
        )
    )
    buttons = {
        box.addButton(QCoreApplication.translate("memory_merge", "Merge…"), QMessageBox.ButtonRole.AcceptRole): MERGE,
        box.addButton(
            QCoreApplication.translate("memory_merge", "Reload"), QMessageBox.ButtonRole.DestructiveRole
        ): RELOAD,
        box.addButton(
            QCoreApplication.translate("memory_merge", "Overwrite"), QMessageBox.ButtonRole.DestructiveRole
        ): OVERWRITE,
        box.addButton(QMessageBox.StandardButton.Cancel): CANCEL,
    }
    box.setDefaultButton(next(b for b, v in buttons.items() if v == MERGE))
    box.exec()
    return buttons.get(box.clickedButton(), CANCEL)  # type: ignore[call-overload]


class MergeDialog(QDialog):
    """The saved text on the left (read-only), the person's on the right to edit into the merged result."""

    def __init__(self, path: str, theirs: str | None, mine: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title(self.tr("Merge {path}").format(path=path)))
        self.theirs = QPlainTextEdit(theirs if theirs is not None else "")
        self.theirs.setReadOnly(True)
        self.theirs.setAccessibleName(self.tr("Saved meanwhile"))
        if theirs is None:
            self.theirs.setPlaceholderText(self.tr("(The file was deleted meanwhile.)"))
        self.mine = QPlainTextEdit(mine)
        self.mine.setAccessibleName(self.tr("Your text, to be saved"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        save = QPushButton(self.tr("Save merged"))
        save.setDefault(True)
        buttons.addButton(save, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        grid = QGridLayout(self)
        grid.addWidget(QLabel(self.tr("<b>Saved meanwhile</b> (copy what you want to keep)")), 0, 0)
        grid.addWidget(QLabel(self.tr("<b>Yours</b>: this is what will be saved")), 0, 1)
        grid.addWidget(self.theirs, 1, 0)
        grid.addWidget(self.mine, 1, 1)
        grid.addWidget(buttons, 2, 0, 1, 2)
        self.setTabOrder(self.mine, self.theirs)
        self.resize(860, 480)
        self.mine.setFocus()

    def merged(self) -> str:
        return self.mine.toPlainText()


def merge(parent: QWidget, path: str, theirs: str | None, mine: str) -> str | None:
    dialog = MergeDialog(path, theirs, mine, parent)
    return dialog.merged() if dialog.exec() == QDialog.DialogCode.Accepted else None
