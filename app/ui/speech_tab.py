"""Settings → Speech: which speech model transcribes and in which language, and the history of what was said.

One page so the settings window only has to load it, read it back and forward two signals.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui.combo import select_or_add
from app.ui.history_settings import HistorySettings
from app.ui.speech_language import SpeechLanguageRow
from app.ui.speech_models import SpeechModels
from app.ui.speech_voices import SpeechVoices

NO_FOLDER = QT_TRANSLATE_NOOP("speech_tab", "None: use the model chosen above")


class SpeechTab(QWidget):
    settings_changed = Signal(object)  # Settings changed at once (a learned alias removed): save them now
    open_history = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.models = SpeechModels()
        self.language = SpeechLanguageRow()
        self._loaded = Settings()  # what load() was given, under this page's unsaved choices
        self.models.choice_changed.connect(self._show_language)
        self.history = HistorySettings()
        self.history.settings_changed.connect(self.settings_changed.emit)
        self.history.open_history.connect(self.open_history.emit)
        # A faster-whisper folder of the person's own, in the same box as the list it overrides.
        self.own_folder = QComboBox()
        self.own_folder.addItem(QCoreApplication.translate("speech_tab", NO_FOLDER), "")
        self.own_folder.setAccessibleName(self.tr("Speech model folder of your own"))
        self.own_folder.setToolTip(
            self.tr("A faster-whisper model folder; when one is set it is used instead of the list")
        )
        self.own_folder.currentIndexChanged.connect(self._show_own_folder)
        browse = QPushButton(self.tr("Choose…"))
        browse.setToolTip(self.tr("Choose a faster-whisper model folder"))
        browse.clicked.connect(self._choose_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(QLabel(self.tr("Or a folder of your own:")))
        folder_row.addWidget(self.own_folder, 1)
        folder_row.addWidget(browse)
        models_box = QGroupBox(self.tr("Speech model"))
        models_layout = QVBoxLayout(models_box)
        models_layout.addWidget(self.models)
        models_layout.addLayout(folder_row)
        models_layout.addWidget(self.language)
        self.voices = SpeechVoices()
        models_layout.addWidget(self.voices)  # a row of the speech box: a group of its own outgrew small screens
        history_box = QGroupBox(self.tr("History"))
        QVBoxLayout(history_box).addWidget(self.history)
        layout = QVBoxLayout(self)
        layout.addWidget(models_box)
        layout.addWidget(history_box, 1)

    def load(self, settings: Settings) -> None:
        self.own_folder.blockSignals(True)
        select_or_add(self.own_folder, settings.whisper_model)
        self.own_folder.blockSignals(False)
        self.models.set_chosen(settings.speech_model, settings.whisper_model)
        self.language.load(settings.speech_language)
        self.history.load(settings)
        self._loaded = settings
        self._show_language()

    def apply_to(self, settings: Settings) -> Settings:
        """`settings` with this page's values."""
        return dataclasses.replace(
            self.history.apply_to(settings),
            speech_model=self.models.chosen(),
            whisper_model=self.own_folder.currentData() or "",
            speech_language=self.language.chosen(),
        )

    def _choose_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose a faster-whisper model folder"))
        if path:
            select_or_add(self.own_folder, path)

    def _show_own_folder(self) -> None:
        self.models.set_chosen(self.models.chosen(), self.own_folder.currentData() or "")
        self._show_language()

    def _show_language(self) -> None:
        self.language.show_model(self.apply_to(self._loaded))

    def shutdown(self) -> None:
        self.models.shutdown()
