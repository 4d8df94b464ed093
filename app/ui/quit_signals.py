"""Ctrl+C in a terminal and SIGTERM quit the desktop app through Qt, so shutdown runs in order."""

from __future__ import annotations

import signal

from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication


def quit_on_signals(app: QApplication) -> QSocketNotifier:
    """Ctrl+C in a terminal and SIGTERM quit cleanly, without a timer ticking while idle.

    Python runs a signal handler only when the interpreter runs; Qt's event loop is C++,
    so the signal's byte on a socket (set_wakeup_fd) wakes the loop, and the handler runs.
    """
    import socket

    receive, send = socket.socketpair()
    receive.setblocking(False)
    send.setblocking(False)
    signal.set_wakeup_fd(send.fileno())
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    signal.signal(signal.SIGTERM, lambda *_: app.quit())
    notifier = QSocketNotifier(receive.fileno(), QSocketNotifier.Type.Read, app)
    sockets = (receive, send)  # the closure keeps both open as long as the notifier lives
    notifier.activated.connect(lambda *_: sockets[0].recv(64))
    return notifier
