"""The desktop's own notifications (org.freedesktop.Notifications on the session D-Bus), with actions.

A tray balloon is drawn by the app itself on desktops with an XEmbed tray and is missing on
most others; the notification service is what GNOME, KDE, XFCE and the rest show, keep in
their notification list and, where the server says "actions", give buttons. The memory
notice offers Undo there. Spoken with jeepney (pure Python, already a dependency for the
portal); where there is no session bus or no service, `notify` returns None and the caller
falls back to the tray balloon.

Threads: `notify` is a short blocking call on the main thread (a reply within a second, or
None). One listener thread, started with the first notification, waits for ActionInvoked and
NotificationClosed and only emits a signal, which Qt queues to the main thread.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from app import APP_DISPLAY_NAME, APP_NAME

log = logging.getLogger(__name__)

SERVICE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
REPLY_TIMEOUT = 1.0  # a notification server slower than this is treated as absent


class DesktopNotifications(QObject):
    action_invoked = Signal(int, str)  # notification id, action key
    closed = Signal(int)  # notification id

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._conn: Any = None
        self._listener: Any = None
        self._thread: threading.Thread | None = None
        self._capabilities: tuple[str, ...] | None = None
        self._broken = False  # no bus or no service: stop asking, the tray shows messages

    def _connect(self) -> Any:
        if self._conn is None and not self._broken:
            try:
                from jeepney.io.blocking import open_dbus_connection

                self._conn = open_dbus_connection(bus="SESSION")
            except Exception as exc:  # no DBUS_SESSION_BUS_ADDRESS, no daemon, refused
                log.info("no session bus for notifications: %s", exc)
                self._broken = True
        return self._conn

    def _call(self, method: str, signature: str | None = None, body: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        conn = self._connect()
        if conn is None:
            return None
        from jeepney import DBusAddress, MessageType, new_method_call

        address = DBusAddress(PATH, bus_name=SERVICE, interface=SERVICE)
        try:
            reply = conn.send_and_get_reply(new_method_call(address, method, signature, body), timeout=REPLY_TIMEOUT)
        except Exception as exc:  # timed out, or the connection went away
            log.info("the notification service did not answer %s: %s", method, exc)
            self._broken = True
            return None
        if reply.header.message_type is MessageType.error:
            log.info("the notification service refused %s: %s", method, reply.body)
            if method == "GetCapabilities":
                self._broken = True  # nobody owns the name
            return None
        return tuple(reply.body)

    @property
    def capabilities(self) -> tuple[str, ...]:
        """What the server offers ("actions", "body", ...); () without a server."""
        if self._capabilities is None and not self._broken:
            answer = self._call("GetCapabilities")
            self._capabilities = tuple(answer[0]) if answer else ()
        return self._capabilities or ()

    def notify(
        self, summary: str, body: str, actions: tuple[tuple[str, str], ...] = (), *, urgency: int = 1
    ) -> int | None:
        """Show a notification; its id, or None when there is no notification service (use the tray).

        `actions` are (key, label) pairs, offered only where the server shows actions.
        """
        if not self.capabilities:
            return None
        offered = [part for key, label in actions for part in (key, label)] if "actions" in self.capabilities else []
        hints = {"urgency": ("y", urgency), "desktop-entry": ("s", APP_NAME)}
        answer = self._call(
            "Notify", "susssasa{sv}i", (APP_DISPLAY_NAME, 0, APP_NAME, summary, body, offered, hints, -1)
        )
        if not answer:
            return None
        if offered:
            self._listen()
        return int(answer[0])

    # ---- the listener thread -----------------------------------------------------------------

    def _listen(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        try:
            from jeepney import MatchRule
            from jeepney.bus_messages import message_bus
            from jeepney.io.blocking import Proxy, open_dbus_connection

            conn = open_dbus_connection(bus="SESSION")
            rule = MatchRule(type="signal", interface=SERVICE, path=PATH)
            Proxy(message_bus, conn).AddMatch(rule)
        except Exception as exc:
            log.info("notification actions cannot be heard: %s", exc)
            return
        self._listener = conn
        self._thread = threading.Thread(target=self._run, args=(conn,), name="notifications", daemon=True)
        self._thread.start()

    def _run(self, conn: Any) -> None:
        from jeepney import HeaderFields

        while True:
            try:
                msg = conn.receive()
            except Exception:  # closed by stop(), or the bus went away
                return
            member = msg.header.fields.get(HeaderFields.member)
            if member == "ActionInvoked":
                self.action_invoked.emit(int(msg.body[0]), str(msg.body[1]))
            elif member == "NotificationClosed":
                self.closed.emit(int(msg.body[0]))

    def stop(self) -> None:
        """At shutdown: wake and end the listener, close both connections."""
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.sock.shutdown(socket.SHUT_RDWR)
            listener.close()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()
