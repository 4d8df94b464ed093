"""One instance per user session: the lock that says an instance runs, and the local socket it serves.

The first launch takes a lock file for its whole life (QLockFile: the lock of a crashed
instance, whose process is gone, is taken over) and then serves a QLocalServer at
`app.core.instance.server_name()`, after removing any socket file a crashed instance
left. A second launch finds the lock held and hands its arguments over the socket
(`app.core.instance.send`) instead of starting a second tray icon and hotkey.
Requests are answered on the main thread by the handler the app gives, one JSON line
in, one out; a client that sends nothing within a few seconds is dropped.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLockFile, QObject, QTimer
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app import APP_DISPLAY_NAME
from app.core import instance, messages, repos
from app.core.errors import UserFacingError
from app.ui.controller import Controller, State

log = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any]], tuple[bool, str]]
CLIENT_TIMEOUT_MS = 5000


def claim() -> QLockFile | None:
    """The instance lock, held until the returned object is unlocked; None when another instance holds it."""
    path = instance.lock_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # stale only when its process is gone, however long it has run
    if lock.tryLock(0):
        return lock
    # tryLock removes a lock whose process died only once it is older than the stale time;
    # with 0 that is checked here explicitly.
    if lock.removeStaleLockFile() and lock.tryLock(0):
        return lock
    return None


class InstanceServer(QObject):
    """Serves requests from later launches; `handler` runs on the main thread and returns (ok, text)."""

    def __init__(self, handler: Handler, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._handler = handler
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # only this user may connect
        self._server.newConnection.connect(self._on_connection)
        self._buffers: dict[QLocalSocket, bytes] = {}

    @property
    def name(self) -> str:
        return self._server.fullServerName()

    def listen(self) -> bool:
        """Serve the socket; the caller holds the lock, so a socket file there is a crashed instance's."""
        name = instance.server_name()
        QLocalServer.removeServer(name)
        if self._server.listen(name):
            log.info("single instance: serving %s", self._server.fullServerName())
            return True
        log.warning("single instance: cannot serve %s (%s)", name, self._server.errorString())
        return False

    def close(self) -> None:
        self._server.close()

    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            client = self._server.nextPendingConnection()
            if client is None:
                return
            self._buffers[client] = b""
            client.readyRead.connect(lambda c=client: self._on_ready(c))
            client.disconnected.connect(lambda c=client: self._forget(c))
            QTimer.singleShot(CLIENT_TIMEOUT_MS, client, lambda c=client: c.abort())

    def _on_ready(self, client: QLocalSocket) -> None:
        if client not in self._buffers:
            return
        data = self._buffers[client] + bytes(client.readAll().data())
        if b"\n" not in data:
            if len(data) > instance.REPLY_LIMIT:
                self._answer(client, False, "The request was too long.")
            else:
                self._buffers[client] = data
            return
        self._buffers.pop(client, None)
        request = instance.parse_request(data.split(b"\n", 1)[0])
        if isinstance(request, str):
            self._answer(client, False, request)
            return
        try:
            ok, text = self._handler(request)
        except Exception:  # a broken request must not take the running app down
            log.exception("single instance: handling %r failed", request)
            ok, text = False, "The running app could not do that; its log says why."
        self._answer(client, ok, text)

    def _answer(self, client: QLocalSocket, ok: bool, text: str) -> None:
        self._buffers.pop(client, None)
        client.write(instance.reply_line(ok, text))
        client.flush()
        client.disconnectFromServer()

    def _forget(self, client: QLocalSocket) -> None:
        self._buffers.pop(client, None)
        client.deleteLater()


def serve(
    app: QCoreApplication, controller: Controller, set_repository: Callable[[Path], None], show_menu: Callable[[], None]
) -> InstanceServer:
    """Answer later launches for the app's life; the caller holds the lock (`claim`)."""
    requests = LaunchRequests(controller, set_repository=set_repository, show_menu=show_menu)
    server = InstanceServer(requests.handle, app)
    server.listen()
    app.aboutToQuit.connect(server.close)  # a launch during shutdown starts afresh rather than waiting on us
    return server


def hand_off(repo: str | None) -> int:
    """Another instance holds the lock: it may still be starting, so give it a few seconds to serve."""
    reply = instance.hand_off(instance.open_request(repo), wait=15.0)
    if reply is None:
        print(
            f"{APP_DISPLAY_NAME} seems to be running (it holds {instance.lock_file()}) but does not answer; "
            "quit it, or end its process, and start again.",
            file=sys.stderr,
        )
        return 2
    print(reply.text, file=sys.stdout if reply.ok else sys.stderr)
    return 0 if reply.ok else 2


class LaunchRequests:
    """What a later launch asks of the running app: open a repository, show the menu, or listen."""

    def __init__(
        self, controller: Controller, *, set_repository: Callable[[Path], None], show_menu: Callable[[], None]
    ) -> None:
        self._controller = controller
        self._set_repository = set_repository
        self._show_menu = show_menu

    def handle(self, request: dict[str, Any]) -> tuple[bool, str]:
        if "listen" in request:
            return self.listen(str(request["listen"]))
        repo = (request.get("open") or {}).get("repo")
        if not repo:
            self._show_menu()  # what a second click on the menu entry wants: the app, now
            return True, f"{APP_DISPLAY_NAME} is already running; its menu is open."
        try:
            root = repos.find_root(Path(repo))
        except UserFacingError as exc:
            messages.error(str(exc), speak=False)
            return False, str(exc)
        self._set_repository(root)
        return True, f"Now asking about {root.name}."

    def listen(self, action: str) -> tuple[bool, str]:
        """`listen --toggle | --start | --stop | --cancel`: the controller's own press and release, as the hotkey's."""
        c = self._controller
        if action == "toggle":
            if c.state is State.LISTENING:
                c.release()
            else:
                c.press()
        elif action == "start":
            c.press()
        elif action == "stop":
            c.release()
        elif action == "cancel":
            c.cancel_listening()
        else:
            return False, f"Unknown listen action {action!r}."
        if c.state is State.LISTENING:
            return True, "Listening."
        return True, f"Not listening ({c.detail or c.state.value})."
