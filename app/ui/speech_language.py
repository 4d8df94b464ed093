"""Settings → Speech → Language: Detect or a fixed language, and a line when the model hears English only."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from app.core.errors import ModelLoadError
from app.core.languages import CODES, SpeechLanguage, name_of
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, translation
from app.voice import models
from app.voice.model_store import folder_for

ENGLISH_ONLY = QT_TRANSLATE_NOOP(
    "speech_language", "This speech model hears English only, so it transcribes English whatever is chosen here."
)


def english_only(settings: Settings) -> bool:
    """Whether the model these settings load is an English-only one (read from its folder, not loaded)."""
    try:
        return models.english_only(models.whisper_dir(folder_for(settings)))
    except ModelLoadError:
        return True  # no loadable model: the bundled tiny.en takes over, English only


class SpeechLanguageRow(QWidget):
    """The language box; `chosen()` is the code to save as `Settings.speech_language` ("" = Detect)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QComboBox()
        for code in CODES:
            self.box.addItem(translation.shown(name_of(code)), code)
        self.box.setAccessibleName(self.tr("Language of speech"))
        self.box.setToolTip(
            self.tr("Detect hears which language was spoken; a fixed language is never mistaken for another")
        )
        self.notice = QLabel(QCoreApplication.translate("speech_language", ENGLISH_ONLY))
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(colours.CAUTION_TEXT)
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addRow(self.tr("Language:"), self.box)
        layout.addRow(self.notice)

    def load(self, language: str) -> None:
        self.box.setCurrentIndex(max(0, self.box.findData(language)))

    def chosen(self) -> SpeechLanguage:
        code = self.box.currentData()
        return next((known for known in CODES if known == code), "")

    def show_model(self, settings: Settings) -> None:
        """Say so beside the box when the model these settings load cannot hear another language."""
        self.notice.setVisible(english_only(settings))
