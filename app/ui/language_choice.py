"""Settings → General → "Language of the app": System or a language the app has, applied at the next start."""

from __future__ import annotations

from typing import cast

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from app.core.settings import UiLanguage
from app.ui.translation import LANGUAGES


class LanguageChoice(QComboBox):
    """The choice of the app's language; `note` is the line under it that says when a change shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("app_language")
        self.addItem(self.tr("System"), "")
        for code, name in LANGUAGES:  # each in its own language: found by someone who cannot read the current one
            self.addItem(name, code)
        self.setToolTip(self.tr("The language of the app's windows, menus and notices"))
        self.note = QLabel(self.tr("Applies when the app starts again. The command line stays in English."))
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: palette(mid);")

    def load(self, language: str) -> None:
        self.setCurrentIndex(max(0, self.findData(language)))

    def value(self) -> UiLanguage:
        return cast(UiLanguage, self.currentData() or "")
