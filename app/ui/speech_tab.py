"""Settings → Speech: which speech model transcribes, and the history of what was said.

One page so the settings window only has to load it, read it back and forward two signals.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from app.core.settings import Settings
from app.ui.history_settings import HistorySettings
from app.ui.speech_models import SpeechModels


class SpeechTab(QWidget):
    settings_changed = Signal(object)  # Settings changed at once (a learned alias removed): save them now
    open_history = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.models = SpeechModels()
        self.history = HistorySettings()
        self.history.settings_changed.connect(self.settings_changed.emit)
        self.history.open_history.connect(self.open_history.emit)
        models_box = QGroupBox("Speech model")
        QVBoxLayout(models_box).addWidget(self.models)
        history_box = QGroupBox("History")
        QVBoxLayout(history_box).addWidget(self.history)
        layout = QVBoxLayout(self)
        layout.addWidget(models_box)
        layout.addWidget(history_box, 1)

    def load(self, settings: Settings) -> None:
        self.models.set_chosen(settings.speech_model, settings.whisper_model)
        self.history.load(settings)

    def apply_to(self, settings: Settings) -> Settings:
        """`settings` with this page's values."""
        return dataclasses.replace(self.history.apply_to(settings), speech_model=self.models.chosen())

    def shutdown(self) -> None:
        self.models.shutdown()
