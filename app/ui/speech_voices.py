"""Settings → Speech → Voices: the Piper voices per language, each with its quality and size, and Download.

A reply is spoken with a voice of its language (`app.voice.reply_voice`); a language with no voice
downloaded has its replies shown instead, and the one-line notice that says so points here. A download
runs on its own thread through the models' path (resumed, verified); the next reply in that language
is spoken with it, without a restart.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.errors import DownloadCancelled, UserFacingError
from app.core.languages import name_of
from app.ui.background import Job
from app.voice import voice_catalog, voice_store
from app.voice.model_catalog import human_size


class SpeechVoices(QWidget):
    """One row per voice: "German · de_DE-thorsten-medium · medium · 63 MB · default", and its button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._job: Job | None = None
        self._cancel = threading.Event()
        self.details: dict[str, QLabel] = {}
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        grid.setColumnStretch(0, 1)
        for row, voice in enumerate(voice_catalog.VOICES):
            detail = QLabel()
            detail.setTextFormat(Qt.TextFormat.PlainText)
            action = QPushButton("Download")
            action.clicked.connect(lambda _c=False, name=voice.name: self.download(name))
            self.details[voice.name], self.buttons[voice.name] = detail, action
            grid.addWidget(detail, row, 0)
            grid.addWidget(action, row, 1)
        intro = QLabel("A reply is spoken with a voice of its language; with none downloaded it is shown instead.")
        intro.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(self.status)
        self.refresh()

    def refresh(self) -> None:
        """Redraw each row from what is on disk now."""
        for voice in voice_catalog.VOICES:
            path = voice_store.installed(voice)
            size = human_size(path.stat().st_size if path is not None else voice.model.approx_bytes)
            state = "bundled" if voice.bundled else "downloaded" if path is not None else "not downloaded"
            parts = [name_of(voice.language), voice.name, voice.quality, size, state]
            if voice.default:
                parts.append("default")
            self.details[voice.name].setText(" · ".join(parts))
            button = self.buttons[voice.name]
            button.setVisible(path is None)
            button.setEnabled(self._job is None)
            button.setToolTip(f"Download {voice.name} from {voice.model.source}")

    def download(self, name: str) -> None:
        """Download the voice `name` in the background; the status line says how it went."""
        from app.voice import model_download

        if self._job is not None:
            return
        self._cancel = threading.Event()
        cancel = self._cancel
        self.status.setText(f"Downloading {name}…")
        self._job = Job(
            lambda: model_download.download(name, cancel=cancel),
            name=f"download {name}",
            on_returned=lambda _folder: self._finished(f"{name} is downloaded: replies in its language are spoken."),
            on_errored=self._failed,
        )
        self.refresh()
        self._job.start()

    def cancel(self) -> None:
        self._cancel.set()

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, DownloadCancelled | UserFacingError):
            self._finished(str(exc))
        else:
            self._finished(f"The download failed ({type(exc).__name__}).")

    def _finished(self, message: str) -> None:
        self._job = None
        self.status.setText(message)
        self.refresh()
