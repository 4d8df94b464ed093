"""Starting and stopping the workers' long-lived QThreads."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QThread

log = logging.getLogger(__name__)


def start_thread(worker: QObject, name: str) -> QThread:
    """Move `worker` to a new named thread and start it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.start()
    return thread


def stop_thread(thread: QThread, timeout_ms: int = 5000) -> None:
    thread.quit()
    if not thread.wait(timeout_ms):
        log.warning("thread %s did not stop within %d ms", thread.objectName(), timeout_ms)
