"""The microphone as the controller sees it: app.voice.audio.Recorder behind the MicrophonePort.

One recorder serves the whole run. While armed (the app arms it for as long as the
hotkey listens) its stream stays open, so a recording begins with the 300 ms before
the press and the first syllable survives; unarmed, each press opens the device. Each
block of a recording goes to the sink the controller passes to `start()`; levels reach
the main thread as a throttled signal.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QCoreApplication

from app.core import messages
from app.core.errors import AudioDeviceError, NotAMicrophone, UserFacingError
from app.ui import translation
from app.ui.ports import AudioSink, MicrophonePort
from app.voice.audio import Recorder, Recording
from app.voice.devices import find_device
from app.voice.server_devices import described

log = logging.getLogger(__name__)

_LEVEL_INTERVAL = 1 / 15  # the tray cannot show more than this anyway


class Microphone(MicrophonePort):
    """The real microphone, chosen by device name ("" = the system default)."""

    def __init__(self, device: str = "") -> None:
        super().__init__()
        self._device = device
        self._using = device  # what is open: the chosen device, or "" (the default) while it is missing
        self._recorder: Recorder | None = None
        self._want_armed = False
        self._watching_level = False
        self._last_level_at = 0.0
        self._sink: AudioSink | None = None

    @property
    def device(self) -> str:
        return self._device

    @property
    def armed(self) -> bool:
        """The stream is open now (so its level is live)."""
        return self._recorder is not None and self._recorder.armed

    @property
    def current_level(self) -> float:
        """The input level now (0..1), for a meter that polls while no recording runs."""
        recorder = self._recorder
        return recorder.level if recorder is not None else 0.0

    def watch_level(self, watching: bool) -> None:
        """A meter shows `current_level` live: the stream delivers short blocks meanwhile."""
        self._watching_level = watching
        if self._recorder is not None:
            self._recorder.watch_level(watching)

    def set_device(self, device: str) -> None:
        if device == self._device:
            return
        self._device = device
        self._using = device
        recorder, self._recorder = self._recorder, None
        if recorder is not None:
            recorder.close()
        if self._want_armed:
            self.arm()

    def arm(self) -> bool:
        """Keep the stream open for pre-roll; False (logged) when the device cannot open now.

        A failure is not reported to the user here: the next press opens the device again
        and says what is wrong if it still fails.
        """
        self._want_armed = True
        try:
            self._open(lambda recorder: recorder.arm())
        except UserFacingError as exc:
            log.info("the microphone stays closed until a press: %s", exc)
            return False
        except Exception:  # an unforeseen driver failure: the press reports whatever is still wrong
            log.warning(
                "the microphone could not be opened ahead of a press",
                exc_info=True,
            )
            return False
        return True

    def disarm(self) -> None:
        self._want_armed = False
        if self._recorder is not None:
            self._recorder.disarm()

    def close(self) -> None:
        """Release the device (at shutdown)."""
        self._want_armed = False
        if self._recorder is not None:
            self._recorder.close()

    @property
    def using(self) -> str:
        """The device open now: the chosen one, or "" (the system default) while the chosen one is missing."""
        return self._using

    def start(self, on_audio: AudioSink) -> None:
        self._sink = on_audio  # set first: the sink must see the recording from its first block
        try:
            recorder = self._open(lambda r: r.start())
        except BaseException:
            self._sink = None
            raise
        if self._want_armed and not recorder.armed:
            # Arming failed earlier (no device at start-up); the device opened now, so keep it.
            try:
                recorder.arm()
            except UserFacingError:
                log.info("the microphone could not be kept open", exc_info=True)

    def stop(self, until: float = 0.0) -> Recording:
        recorder = self._recorder
        try:
            if recorder is None or not recorder.recording:
                return Recording(np.zeros(0, dtype=np.float32), 0.0, is_speech=False)
            return recorder.stop(until)  # every block has gone to the sink when this returns
        finally:
            self._sink = None

    def _open(self, action: Callable[[Recorder], None]) -> Recorder:
        """`action` on the recorder; a chosen device that is missing falls back to the default, with a notice.

        While fallen back, each call first tries the chosen device again, so it is used once it returns.
        """
        if self._using != self._device and not self._recording_now() and _present(self._device):
            self._switch(self._device)
            try:
                action(self._get())
            except AudioDeviceError:
                self._switch("")  # still missing: stay on the default, quietly
            else:
                messages.info(
                    QCoreApplication.translate(
                        "Microphone", "The microphone {described!r} is back and in use again."
                    ).format(described=described(self._device, "input"))
                )
                return self._get()
        try:
            action(self._get())
        except AudioDeviceError as exc:
            if not self._device or self._using != self._device:
                raise
            self._switch("")
            action(self._get())  # the default failing too is the error the caller reports
            if isinstance(exc, NotAMicrophone):  # it will not "return": the setting itself must change
                messages.warning(
                    QCoreApplication.translate(
                        "Microphone", "{message} Using the system default microphone instead. {hint}"
                    ).format(message=translation.shown(exc.message), hint=translation.shown(exc.hint))
                )
            else:
                messages.warning(
                    QCoreApplication.translate(
                        "Microphone", "{message} Using the system default microphone until it returns."
                    ).format(message=translation.shown(exc.message))
                )
        return self._get()

    def _recording_now(self) -> bool:
        return self._recorder is not None and self._recorder.recording

    def _switch(self, device: str) -> None:
        recorder, self._recorder = self._recorder, None
        if recorder is not None:
            recorder.close()
        self._using = device

    def _get(self) -> Recorder:
        if self._recorder is None:
            self._recorder = Recorder(device=self._using, on_level=self._on_level, on_audio=self._on_audio)
            self._recorder.watch_level(self._watching_level)
        return self._recorder

    def _on_audio(self, samples: np.ndarray) -> None:
        # The recorder's consumer thread: the sink only hands the block on (a queued signal).
        sink = self._sink
        if sink is not None:
            sink(samples)

    def _on_level(self, level: float) -> None:
        # The recorder's consumer thread: only a (throttled) signal leaves it.
        now = time.monotonic()
        if now - self._last_level_at >= _LEVEL_INTERVAL:
            self._last_level_at = now
            self.level.emit(float(level))


def _present(device: str) -> bool:
    """Whether the sound system lists `device` now (asked without opening it, so the default's pre-roll stays)."""
    try:
        find_device(device, "input")
    except AudioDeviceError:
        return False
    return True
