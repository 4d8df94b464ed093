"""Starting and stopping the workers' long-lived QThreads."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QThread

log = logging.getLogger(__name__)

# Threads still busy when asked to stop (a slow import or a turn winding down on a loaded machine).
# Qt aborts the process when a running QThread is destroyed, so they are kept alive here until the
# app has waited for them once more at exit (see `wait_for_busy_threads`).
_busy: list[QThread] = []


def start_thread(worker: QObject, name: str) -> QThread:
    """Move `worker` to a new named thread and start it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.start()
    return thread


def stop_thread(thread: QThread, timeout_ms: int = 5000) -> bool:
    """Ask `thread` to stop and wait for it; False (and the thread kept alive) when it is still busy."""
    thread.quit()
    if thread.wait(timeout_ms):
        return True
    log.warning("thread %s did not stop within %d ms", thread.objectName(), timeout_ms)
    _busy.append(thread)
    return False


def wait_for_busy_threads(timeout_ms: int) -> bool:
    """Wait for the threads `stop_thread` left running; True when none is left."""
    for thread in list(_busy):
        if thread.wait(timeout_ms):
            _busy.remove(thread)
        else:
            log.warning("thread %s is still running at exit", thread.objectName())
    return not _busy
