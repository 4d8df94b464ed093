"""Settings → Speech: the speech models to choose from, with their size, speed here and trade-off.

A model that is not on this computer has a Download button; the download runs on its own
thread with a progress bar (size, speed, time left) and Cancel, then measures the model's
speed here once. The app keeps transcribing with the current model all the while: the
choice takes effect on Save, and the speech worker swaps models only once the new one loaded.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.core.errors import DownloadCancelled, UserFacingError
from app.ui import colours, translation
from app.ui.background import Job
from app.voice import model_catalog, model_store
from app.voice.model_catalog import human_size

log = logging.getLogger(__name__)


MEASURING = "measuring"  # what a download job reports once the files are in and its speed is being measured


class _Download:
    """One download, then its speed measured here, as a background job; Cancel sets `cancel`.

    The job returns "" when the model is ready or the sentence saying why it does not load, and
    errs with DownloadCancelled, a user-facing error, or anything else (told as a one-line failure).
    """

    def __init__(
        self, name: str, on_progress: Callable[[object], None], on_finished: Callable[[str, bool], None]
    ) -> None:
        self.name = name
        self.cancel = threading.Event()
        self.job = Job(
            self._run, name=f"download {name}", daemon=False, on_progress=on_progress,
            on_returned=lambda problem: on_finished(str(problem), False),
            on_errored=lambda exc: on_finished(self._failure(exc), isinstance(exc, DownloadCancelled)),
        )  # fmt: skip

    def _run(self) -> str:
        from app.voice import model_download, model_speed

        model_download.download(self.name, on_progress=self.job.report, cancel=self.cancel)
        self.job.report(MEASURING)
        try:
            model_speed.measure(self.name)
        except UserFacingError as exc:  # downloaded and verified, but it does not load: say so
            return translation.shown(str(exc))
        return ""

    def _failure(self, exc: BaseException) -> str:
        if isinstance(exc, UserFacingError):  # DownloadCancelled is one
            return translation.shown(str(exc))
        return QCoreApplication.translate("_Download", "The download of {name} failed ({name2}).").format(
            name=self.name, name2=type(exc).__name__
        )


def _measure_bundled() -> None:
    from app.voice import model_speed

    model_speed.measure(model_catalog.BUNDLED)


class SpeechModels(QWidget):
    """The model list; `chosen()` is the name to save as `Settings.speech_model`."""

    download_done = Signal(str, str)  # name, message ("" when it worked)
    choice_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._job: _Download | None = None
        self._measure: Job | None = None
        self._chosen = model_catalog.BUNDLED
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.radios: dict[str, QRadioButton] = {}
        self.details: dict[str, QLabel] = {}
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setColumnStretch(1, 1)
        for row, model in enumerate(model_catalog.CATALOG):
            radio = QRadioButton(model.name)
            radio.toggled.connect(functools.partial(self._on_toggled, model.name))
            self.group.addButton(radio)
            detail = QLabel()
            detail.setWordWrap(True)
            detail.setTextFormat(Qt.TextFormat.PlainText)
            action = QPushButton()
            action.clicked.connect(lambda _c=False, name=model.name: self._on_action(name))
            self.radios[model.name], self.details[model.name], self.buttons[model.name] = radio, detail, action
            grid.addWidget(radio, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(detail, row, 1)
            grid.addWidget(action, row, 2, Qt.AlignmentFlag.AlignTop)

        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress_label = QLabel()
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the download; what arrived is kept and the next download resumes"))
        self.cancel_button.clicked.connect(self.cancel_download)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.own_folder_note = QLabel()
        self.own_folder_note.setWordWrap(True)
        self.own_folder_note.setStyleSheet(colours.CAUTION_TEXT)

        intro = QLabel(
            self.tr(
                "Speech models, transcribed on this computer: English ones, and multilingual ones that hear other "
                "languages too. Larger ones hear more words right and take longer. Speed is measured here once after "
                "download: seconds of work per second of speech."
            )
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addLayout(progress_row)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.status)
        layout.addWidget(self.own_folder_note)
        layout.addStretch(1)
        self._show_progress(False)
        self.refresh()

    # ---- state in and out -------------------------------------------------------------------

    def set_chosen(self, name: str, own_folder: str = "") -> None:
        """Show `name` as the model in use (the settings' speech_model), and the user's own folder if set."""
        self._chosen = name if name in self.radios else model_catalog.BUNDLED
        self.own_folder_note.setText(
            self.tr("A model folder of your own is set below ({own_folder}); it is used instead of these.").format(
                own_folder=own_folder
            )
            if own_folder
            else ""
        )
        self.own_folder_note.setVisible(bool(own_folder))
        self.refresh()

    def chosen(self) -> str:
        return self._chosen

    def refresh(self) -> None:
        """Redraw each row from what is on disk now."""
        from app.voice.model_download import partial_bytes
        from app.voice.model_speed import describe

        busy = self._job is not None
        for state in model_store.states():
            name = state.model.name
            radio, detail, action = self.radios[name], self.details[name], self.buttons[name]
            parts = [human_size(state.size_bytes)]
            if state.model.bundled:
                parts.append(self.tr("bundled, works offline"))
            elif state.installed:
                parts.append("downloaded")
            elif partial := partial_bytes(name):
                parts.append(self.tr("{size} downloaded, resumes").format(size=human_size(partial)))
            else:
                parts.append(self.tr("download to use"))
            if state.installed:
                measuring = state.speed is None and state.model.bundled and self.isVisible() and self._measure_bundled()
                parts.append(self.tr("measuring its speed here…") if measuring else describe(state.speed))
            detail.setText(" · ".join(parts) + "\n" + translation.shown(state.model.trade_off))
            radio.setEnabled(state.installed)
            radio.setToolTip("" if state.installed else self.tr("Download it first"))
            radio.blockSignals(True)
            radio.setChecked(name == self._chosen)
            radio.blockSignals(False)
            if state.model.bundled:
                action.setVisible(False)
            else:
                action.setVisible(True)
                action.setText(self.tr("Remove") if state.installed else self.tr("Download"))
                action.setToolTip(
                    self.tr("Delete {name} from this computer").format(name=name)
                    if state.installed
                    else self.tr("Download {name} from {source}").format(
                        name=name, source=translation.shown(state.model.source)
                    )
                )
                action.setEnabled(not busy)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()  # measures the bundled model the first time the list is seen

    def _measure_bundled(self) -> bool:
        """Start measuring the bundled model once per window; True while it runs."""
        if self._measure is None:
            # A speed figure is a nicety: the model list works without it (a failure is only logged).
            self._measure = Job(
                _measure_bundled, name="measure speech model", daemon=False,
                on_returned=lambda _none: self.refresh(), on_errored=lambda _exc: self.refresh(), owner=self,
            )  # fmt: skip
            self._measure.start()
        return self._measure.is_running()

    # ---- downloads ----------------------------------------------------------------------------

    @property
    def downloading(self) -> str:
        return self._job.name if self._job is not None else ""

    def start_download(self, name: str) -> None:
        if self._job is not None:
            return
        job = _Download(name, self._on_progress, functools.partial(self._on_finished, name))
        self._job = job
        self.progress.setValue(0)
        self.progress_label.setText(self.tr("Downloading {name}…").format(name=name))
        self._set_status("")
        self._show_progress(True)
        self.refresh()
        job.job.start()

    @Slot()
    def cancel_download(self) -> None:
        if self._job is not None:
            self._job.cancel.set()
            self.cancel_button.setEnabled(False)
            self.progress_label.setText(self.tr("Cancelling…"))

    def shutdown(self) -> None:
        """Stop a download when the app quits (its part is kept for next time) and wait for the threads.

        A thread still inside CTranslate2 when the interpreter exits aborts the process, so the
        speed measurement (a few seconds at most) is waited for too.
        """
        if self._job is not None:
            self._job.cancel.set()
            self._job.job.worker.join(timeout=60)
        if self._measure is not None:
            self._measure.worker.join(timeout=60)

    def _on_progress(self, progress: object) -> None:
        from app.voice.download_progress import Progress

        if self._job is None:
            return
        if progress == MEASURING:
            self.progress.setValue(1000)
            self.cancel_button.setEnabled(False)
            self.progress_label.setText(
                self.tr("Measuring {name}'s speed on this computer…").format(name=self._job.name)
            )
            return
        if not isinstance(progress, Progress) or self._job.cancel.is_set():
            return
        self.progress.setValue(round(progress.fraction * 1000))
        self.progress_label.setText(
            self.tr("Downloading {name}: {describe}").format(name=self._job.name, describe=progress.describe())
        )

    def _on_finished(self, name: str, message: str, cancelled: bool) -> None:
        self._job = None
        self._show_progress(False)
        if message:
            self._set_status(message, error=not cancelled)
        else:
            self._chosen = name
            self._set_status(
                self.tr(
                    "{name} is ready. Save to use it: the current model keeps working until {name} has loaded."
                ).format(name=name)
            )
            self.choice_changed.emit(name)
        self.refresh()
        self.download_done.emit(name, message)

    # ---- rows ---------------------------------------------------------------------------------

    def _on_toggled(self, name: str, on: bool) -> None:
        if on and name != self._chosen:
            self._chosen = name
            self.choice_changed.emit(name)

    def _on_action(self, name: str) -> None:
        model = model_catalog.get(name)
        if model_store.installed_folder(model) is None:
            self.start_download(name)
            return
        try:
            model_store.remove(name)
        except (UserFacingError, OSError) as exc:
            self._set_status(
                self.tr("{name} could not be removed: {exc}").format(name=name, exc=translation.shown(str(exc))),
                error=True,
            )
            return
        if self._chosen == name:
            self._chosen = model_catalog.BUNDLED
            self.choice_changed.emit(self._chosen)
            self._set_status(
                self.tr("Removed {name}. Save to go back to {BUNDLED}.").format(
                    name=name, BUNDLED=model_catalog.BUNDLED
                )
            )
        else:
            self._set_status(self.tr("Removed {name}.").format(name=name))
        self.refresh()

    def _show_progress(self, visible: bool) -> None:
        for widget in (self.progress, self.progress_label, self.cancel_button):
            widget.setVisible(visible)
        self.cancel_button.setEnabled(visible)

    def _set_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(colours.status(error))
