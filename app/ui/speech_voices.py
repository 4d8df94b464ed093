"""Settings → Speech → Voices: the Piper voices per language, each with its quality and size, and Download.

A reply is spoken with a voice of its language (`app.voice.reply_voice`); a language with no voice
downloaded has its replies shown instead, and the one-line notice that says so points here. A download
runs on its own thread through the models' path (resumed, verified); the next reply in that language
is spoken with it, without a restart.
"""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.errors import DownloadCancelled, UserFacingError
from app.core.languages import name_of
from app.ui import translation
from app.ui.background import Job
from app.voice import voice_catalog, voice_store
from app.voice.model_catalog import human_size


class SpeechVoices(QWidget):
    """One line: the voices in a box ("German · de_DE-thorsten-medium · medium · 63 MB · default"), and Download."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._job: Job | None = None
        self._cancel = threading.Event()
        self.box = QComboBox()
        self.box.setAccessibleName(self.tr("Voices"))
        # Sized by a short line, not the longest voice's: the box would otherwise widen the whole window.
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.box.setMinimumContentsLength(24)
        self.box.setToolTip(
            self.tr("A reply is spoken with a voice of its language; with none downloaded it is shown instead")
        )
        for voice in voice_catalog.VOICES:
            self.box.addItem(voice.name, voice.name)
        self.box.currentIndexChanged.connect(lambda _index: self.refresh())
        self.download_button = QPushButton(self.tr("Download"))
        self.download_button.clicked.connect(lambda: self.download(self.chosen()))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setVisible(False)  # only while a download has something to say: the page stays short
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Voices:")))
        row.addWidget(self.box, 1)
        row.addWidget(self.download_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.status)
        self.refresh()

    def chosen(self) -> str:
        return str(self.box.currentData())

    def detail(self, name: str) -> str:
        """The line the box shows for the voice `name`."""
        return self.box.itemText(self.box.findData(name))

    def select(self, name: str) -> None:
        self.box.setCurrentIndex(self.box.findData(name))

    def refresh(self) -> None:
        """Redraw each voice's line from what is on disk now, and the button for the one chosen."""
        for index, voice in enumerate(voice_catalog.VOICES):
            path = voice_store.installed(voice)
            size = human_size(path.stat().st_size if path is not None else voice.model.approx_bytes)
            state = (
                self.tr("bundled")
                if voice.bundled
                else self.tr("downloaded")
                if path is not None
                else self.tr("not downloaded")
            )
            quality = translation.shown(voice_catalog.QUALITY_WORDS.get(voice.quality, voice.quality))
            parts = [translation.shown(name_of(voice.language)), voice.name, quality, size, state]
            if voice.default:
                parts.append(self.tr("default"))
            self.box.setItemText(index, " · ".join(parts))
        voice = voice_catalog.get(self.chosen())
        there = voice_store.installed(voice) is not None
        self.download_button.setEnabled(self._job is None and not there)
        self.download_button.setToolTip(
            self.tr("{name} is on this computer").format(name=voice.name)
            if there
            else self.tr("Download {name} from {source}").format(
                name=voice.name, source=translation.shown(voice.model.source)
            )
        )

    def download(self, name: str) -> None:
        """Download the voice `name` in the background; the status line says how it went."""
        from app.voice import model_download

        if self._job is not None:
            return
        self._cancel = threading.Event()
        cancel = self._cancel
        self._say(self.tr("Downloading {name}…").format(name=name))
        done = self.tr("{name} is downloaded: replies in its language are spoken.").format(name=name)
        self._job = Job(
            lambda: model_download.download(name, cancel=cancel),
            name=f"download {name}",
            on_returned=lambda _folder: self._finished(done),
            on_errored=self._failed,
        )
        self.refresh()
        self._job.start()

    def cancel(self) -> None:
        self._cancel.set()

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, DownloadCancelled | UserFacingError):
            self._finished(translation.shown(str(exc)))
        else:
            self._finished(self.tr("The download failed ({kind}).").format(kind=type(exc).__name__))

    def _finished(self, message: str) -> None:
        self._job = None
        self._say(message)
        self.refresh()

    def _say(self, message: str) -> None:
        self.status.setText(message)
        self.status.setVisible(bool(message))
