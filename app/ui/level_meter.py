"""The settings window's live microphone level: a bar and a line saying why it cannot move.

It reads the app's own microphone when that is open on the chosen device (a second
stream on a raw hardware device would be refused as busy), else it opens a stream of
its own for as long as it is shown. Its timer runs only while it is shown, and only
then does the stream deliver the short blocks a live bar needs (`watch_level`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from app.core.errors import UserFacingError
from app.ui import translation
from app.ui.microphone import Microphone
from app.voice.audio import Recorder

log = logging.getLogger(__name__)

INTERVAL_MS = 66  # about 15 updates a second: smooth enough, cheap


@dataclass(frozen=True)
class _Source:
    """Where the meter reads from, and how to let go of it."""

    read: Callable[[], float]
    close: Callable[[], None]


class LevelMeter(QWidget):
    """A level bar for one microphone; `watch(device)` starts it, `release()` lets the device go."""

    def __init__(self, microphone: Microphone | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._microphone = microphone
        self._source: _Source | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._show_level)
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(10)
        self.bar.setToolTip(self.tr("Live microphone level: speak and watch it move"))
        self.status = QLabel()
        self.status.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.status)

    @property
    def watching(self) -> bool:
        return self._source is not None

    def watch(self, device: str) -> None:
        """Show the level of `device` ("" = the system default) until `release()`."""
        if self._source is not None:
            return
        shared = self._microphone
        if shared is not None and shared.armed and shared.device == device:
            shared.watch_level(True)
            self._source = _Source(lambda: shared.current_level, lambda: shared.watch_level(False))
        else:
            recorder = Recorder(device)
            recorder.watch_level(True)  # short blocks from the start: the bar moves smoothly
            try:
                recorder.arm()  # only the level is wanted: the stream stays open, nothing is recorded
            except UserFacingError as exc:
                self.status.setText(translation.shown(str(exc)))
                return
            except Exception as exc:
                self.status.setText(
                    self.tr("The microphone cannot be opened ({name}).").format(name=type(exc).__name__)
                )
                return
            self._source = _Source(lambda: recorder.level, recorder.close)
        self.status.setText("")
        self._timer.start()

    def release(self) -> None:
        source, self._source = self._source, None
        self._timer.stop()
        self.bar.setValue(0)
        if source is not None:
            try:
                source.close()
            except Exception:
                log.info("stopping the level meter failed", exc_info=True)

    @Slot()
    def _show_level(self) -> None:
        if self._source is not None:
            self.bar.setValue(round(min(1.0, self._source.read()) * 100))
