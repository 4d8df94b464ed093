"""One-off work off the main thread (a key test, a download, a model load), its outcome back on the main thread.

The one helper for it, after napari's thread workers: a `Job` runs a function on a plain thread and
says started / progress / returned / errored / finished, each delivered on the thread that made the
job (the main thread, or a long-lived worker's own event loop): the job lives there and relays what
its thread emits through queued connections, so a receiver never runs on the job's thread. An error
the caller does not handle goes to the message path (`messages.report_exception`: logged, then
shown); one it handles is logged first unless it is a `UserFacingError`, whose words are the
message. A job made for a window names it as its `owner`: when the window is gone before the work ends
(closed, its tab rebuilt), the outcome is logged and no callback runs on the deleted widgets.
Long-lived workers with a request queue (speech, agent) are not jobs: see threads.py.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal, Slot

from app.core import messages
from app.core.errors import UserFacingError
from app.ui import translation

log = logging.getLogger(__name__)

_running: set[Job] = set()  # a job's Python object must outlive its thread: queued signals still reach it


class Job(QObject):
    """`work()` on its own thread; `start()` runs it once. Callbacks and signals arrive on the maker's thread."""

    started = Signal()
    progress = Signal(object)  # what the work passed to `report`
    returned = Signal(object)  # what the work returned
    errored = Signal(object)  # the exception it raised
    finished = Signal()  # after returned or errored

    _reported = Signal(object)
    _ended = Signal(object, object)  # result, exception (None when it returned)

    def __init__(
        self,
        work: Callable[[], object],
        *,
        name: str,
        daemon: bool = True,
        on_returned: Callable[[Any], object] | None = None,  # the work's own result type
        on_errored: Callable[[BaseException], object] | None = None,
        on_progress: Callable[[object], object] | None = None,
        owner: QObject | None = None,
    ) -> None:
        super().__init__()
        self.name = name
        self._owner = owner
        self._work = work
        self._on_errored = on_errored
        # A daemon=False job (inside CTranslate2, say) is waited for by the interpreter at exit instead of killed.
        self.worker = threading.Thread(target=self._run, name=name, daemon=daemon)
        self._reported.connect(self._relay_progress, Qt.ConnectionType.QueuedConnection)
        self._ended.connect(self._end, Qt.ConnectionType.QueuedConnection)
        if on_returned is not None:
            self.returned.connect(on_returned)
        if on_progress is not None:
            self.progress.connect(on_progress)

    def start(self) -> Job:
        _running.add(self)
        self.started.emit()
        self.worker.start()
        return self

    def report(self, value: object) -> None:
        """Progress from the work's thread, delivered on the maker's thread (`progress`)."""
        self._reported.emit(value)

    def is_running(self) -> bool:
        return self.worker.is_alive()

    def _run(self) -> None:
        try:
            result = self._work()
        except Exception as exc:
            self._ended.emit(None, exc)
        else:
            self._ended.emit(result, None)

    def _orphaned(self) -> bool:
        return self._owner is not None and not shiboken6.isValid(self._owner)

    @Slot(object)
    def _relay_progress(self, value: object) -> None:
        if not self._orphaned():
            self.progress.emit(value)

    @Slot(object, object)
    def _end(self, result: object, exc: BaseException | None) -> None:
        try:
            if self._orphaned():
                # The window that asked is gone: its callbacks would touch deleted widgets.
                log.info("%s ended after its window closed%s", self.name, f" ({exc!r})" if exc else "")
                return
            if exc is None:
                self.returned.emit(result)
            else:
                if self._on_errored is None:
                    messages.report_exception(exc)
                else:
                    if not isinstance(exc, UserFacingError):
                        log.warning("%s failed", self.name, exc_info=exc)
                    self._on_errored(exc)
                self.errored.emit(exc)
            self.finished.emit()
        finally:
            _running.discard(self)


def error_text(exc: BaseException) -> str:
    """A failed job's one line for the window that asked: a user-facing error's words, else its type and first line."""
    if isinstance(exc, UserFacingError):
        return translation.shown(str(exc))  # its words marked in app/core: in the person's language
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__
