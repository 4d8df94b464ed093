"""The app's instance server with the real request handler and editor context, served on the real socket."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent
from pytestqt.qtbot import QtBot

from app.core import instance
from app.core.editor.latest import LatestContext
from app.core.settings import Settings
from app.ui.controller import Controller
from app.ui.instance_server import InstanceServer, LaunchRequests
from tests.ui.fakes import FakeAgent, FakeMicrophone, FakeSpeech

T = TypeVar("T")


@dataclass
class Served:
    server: InstanceServer
    editor: LatestContext
    controller: Controller
    agent: FakeAgent
    opened: list[Path] = field(default_factory=list)


def serve(repo: Path) -> Iterator[Served]:
    editor = LatestContext()
    agent = FakeAgent()
    controller = Controller(
        speech=FakeSpeech(),
        agent=agent,
        microphone=FakeMicrophone(),
        settings=Settings(),
        repo=repo,
        editor=editor,
    )
    opened: list[Path] = []
    requests = LaunchRequests(controller, set_repository=opened.append, show_menu=lambda: None, editor=editor)
    served = Served(InstanceServer(requests.handle), editor, controller, agent, opened)
    assert served.server.listen()
    try:
        yield served
    finally:
        shut(served.server)


def shut(server: InstanceServer) -> None:
    """Close `server` and delete it and its connections now, inside the test, not in a later test's event loop."""
    server.close()
    server.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def off_thread(qtbot: QtBot, work: Callable[[], T], timeout: float = 30.0) -> T:
    """`work()` on a thread of its own while the Qt loop serves the socket; its result, or its exception."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # handed back to the test
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=int(timeout * 1000))
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def connect() -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(10)
    sock.connect(instance.server_name())
    return sock


def line(**request: Any) -> bytes:
    return (json.dumps(request) + "\n").encode()


def read_reply(sock: socket.socket) -> dict[str, Any]:
    received = b""
    while b"\n" not in received:
        chunk = sock.recv(65536)
        if not chunk:
            break
        received += chunk
    return json.loads(received.split(b"\n", 1)[0] or b"{}")  # type: ignore[no-any-return]


def latest() -> dict[str, Any]:
    """What `voice-dev-agent context --json` reads: the app's answer to {"context": "latest"}."""
    reply = instance.send({"context": "latest"}, limit=instance.CONTEXT_REPLY_LIMIT)
    assert reply is not None and reply.ok, reply
    return json.loads(reply.text)  # type: ignore[no-any-return]
