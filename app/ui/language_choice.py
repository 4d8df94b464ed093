"""Settings → General → "Language of the app": System or a language the app has, applied at the next start."""

from __future__ import annotations

from typing import cast

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from app.core.settings import UiLanguage
from app.ui.translation import LANGUAGES


class LanguageChoice(QWidget):
    """The choice of the app's language, and a line that says when a change shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        self.combo.addItem(self.tr("System"), "")
        for code, name in LANGUAGES:  # each in its own language: found by someone who cannot read the current one
            self.combo.addItem(name, code)
        self.combo.setToolTip(self.tr("The language of the app's windows, menus and notices"))
        self.note = QLabel(self.tr("Applies when the app starts again. The command line stays in English."))
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.note)

    def load(self, language: str) -> None:
        self.combo.setCurrentIndex(max(0, self.combo.findData(language)))

    def value(self) -> UiLanguage:
        return cast(UiLanguage, self.combo.currentData() or "")
