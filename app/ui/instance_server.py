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

import json
import logging
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLockFile, QObject, QTimer
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app import APP_DISPLAY_NAME
from app.core import instance, messages, repos
from app.core.editor.latest import LatestContext
from app.core.editor.report import LINE_LIMIT
from app.core.errors import UserFacingError
from app.ui.controller import Controller, State

log = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any]], tuple[bool, str]]
CLIENT_TIMEOUT_MS = 5000
MAX_EDITORS = 16  # open editor connections; one more closes the oldest


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


@dataclass
class _Client:
    """One connection: its unfinished line, and for an editor's connection the newest report not yet handled."""

    timeout: QTimer
    buffer: bytes = b""
    editor: bool = False  # the first line was an editor_context report: the connection stays open
    pending: bytes | None = None
    handled_at: float = -math.inf


class InstanceServer(QObject):
    """Serves requests from later launches; `handler` runs on the main thread and returns (ok, text)."""

    def __init__(self, handler: Handler, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._handler = handler
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # only this user may connect
        self._server.newConnection.connect(self._on_connection)
        self._clients: dict[QLocalSocket, _Client] = {}
        # One timer for every editor connection's next report: a flood arms it once, not once per line.
        self._tick = QTimer(self)
        self._tick.setSingleShot(True)
        self._tick.timeout.connect(self._handle_due)

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
        """Stop serving, and end the connections editors keep open (now, not when Qt tears the server down)."""
        self._tick.stop()
        self._server.close()
        for client in list(self._clients):
            # Unhooked first: a socket torn down with the server must not call back into it half-destroyed.
            self._clients.pop(client, None)
            client.readyRead.disconnect()
            client.disconnected.disconnect()
            client.abort()
            client.deleteLater()

    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            client = self._server.nextPendingConnection()
            if client is None:
                return
            # Qt would otherwise read a flood into memory as fast as it comes; a line past the limit is refused anyway.
            client.setReadBufferSize(2 * LINE_LIMIT)
            timeout = QTimer(client)
            timeout.setSingleShot(True)
            timeout.timeout.connect(lambda c=client: c.abort())
            timeout.start(CLIENT_TIMEOUT_MS)
            self._clients[client] = _Client(timeout)
            client.readyRead.connect(lambda c=client: self._on_ready(c))
            client.disconnected.connect(lambda c=client: self._forget(c))

    def _on_ready(self, client: QLocalSocket) -> None:
        state = self._clients.get(client)
        if state is None:
            return
        *lines, rest = (state.buffer + bytes(client.readAll().data())).split(b"\n")
        if len(rest) > LINE_LIMIT or any(len(line) > LINE_LIMIT for line in lines):
            log.warning("single instance: a request over %d KB was refused", LINE_LIMIT // 1024)
            self._answer(client, False, "The request was too long.")
            return
        state.buffer = rest
        for line in lines:
            if not line.strip():
                continue
            if state.editor:
                state.pending = line  # only the newest report matters; the ones it overtakes are dropped
                continue
            request = instance.parse_request(line)
            if isinstance(request, dict) and "editor_context" in request:
                state.editor = True
                state.timeout.stop()  # an editor keeps its connection for as long as it runs
                state.pending = line
                self._close_oldest_editor()
                continue
            if isinstance(request, str):
                self._answer(client, False, request)
            else:
                self._answer(client, *self._handle(request))
            return
        if state.pending is not None:
            self._schedule()

    def _schedule(self) -> None:
        """Handle each editor connection's newest report once EDITOR_INTERVAL has passed since its last one."""
        due = [state.handled_at + instance.EDITOR_INTERVAL for state in self._clients.values() if state.pending]
        if not due:
            return
        wait = max(0.0, min(due) - time.monotonic())
        if not self._tick.isActive() or self._tick.remainingTime() > wait * 1000:
            self._tick.start(math.ceil(wait * 1000))

    def _handle_due(self) -> None:
        now = time.monotonic()
        for client, state in list(self._clients.items()):
            if state.pending is None or now < state.handled_at + instance.EDITOR_INTERVAL:
                continue
            line, state.pending, state.handled_at = state.pending, None, now
            request = instance.parse_request(line)
            if isinstance(request, str):
                ok, text = False, request
            elif "editor_context" not in request:
                ok, text = False, "This connection carries editor reports only."
            else:
                ok, text = self._handle(request)
            client.write(instance.reply_line(ok, text))
            if client.bytesToWrite() > LINE_LIMIT:  # an editor that never reads its answers is not listening
                log.warning("single instance: an editor connection stopped reading; closed")
                client.abort()
        self._schedule()

    def _handle(self, request: dict[str, Any]) -> tuple[bool, str]:
        try:
            return self._handler(request)
        except Exception:  # a broken request must not take the running app down
            log.exception("single instance: handling %r failed", _shown(request))
            return False, "The running app could not do that; its log says why."

    def _close_oldest_editor(self) -> None:
        editors = [client for client, state in self._clients.items() if state.editor]
        if len(editors) > MAX_EDITORS:
            log.warning("single instance: more than %d editor connections; the oldest closed", MAX_EDITORS)
            editors[0].abort()

    def _answer(self, client: QLocalSocket, ok: bool, text: str) -> None:
        self._clients.pop(client, None)  # what the client sends after its answer is not read
        client.write(instance.reply_line(ok, text))
        client.flush()
        client.disconnectFromServer()

    def _forget(self, client: QLocalSocket) -> None:
        self._clients.pop(client, None)
        client.deleteLater()


def _shown(request: dict[str, Any]) -> str:
    """A request as the log may show it: a report's selection can hold a secret, so only its kinds are named."""
    return ", ".join(sorted(request))[:200]


def serve(
    app: QCoreApplication,
    controller: Controller,
    set_repository: Callable[[Path], None],
    show_menu: Callable[[], None],
    editor: LatestContext,
) -> InstanceServer:
    """Answer later launches and editors for the app's life; the caller holds the lock (`claim`)."""
    requests = LaunchRequests(controller, set_repository=set_repository, show_menu=show_menu, editor=editor)
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
    """What a later launch asks of the running app: open a repository, show the menu, or listen;
    and what an editor tells it (what it shows) or a script asks (the last thing an editor showed)."""

    def __init__(
        self,
        controller: Controller,
        *,
        set_repository: Callable[[Path], None],
        show_menu: Callable[[], None],
        editor: LatestContext,
    ) -> None:
        self._controller = controller
        self._set_repository = set_repository
        self._show_menu = show_menu
        self._editor = editor

    def handle(self, request: dict[str, Any]) -> tuple[bool, str]:
        if "editor_context" in request:
            return self._editor.accept(request["editor_context"])
        if "context" in request:
            return True, json.dumps(self._editor.describe())
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
