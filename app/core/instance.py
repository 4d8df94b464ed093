"""The running instance's address and the one-line requests other launches send it.

The desktop app serves a Qt local socket (`app.ui.instance_server`); a second launch
and `listen --toggle` reach it from here without importing Qt, so they answer within
a fraction of a second. The address is per user and per VOICE_DEV_AGENT_HOME, so test
runs with their own homes never reach each other's app. On Linux and macOS the socket
is a file in the user's runtime folder; on Windows it is a named pipe of the same name.

A request is one JSON line, `{"open": {"repo": ...}}`, `{"listen": "toggle"}` or
`{"context": "latest"}`; the reply is one JSON line `{"ok": bool, "text": str}`. An editor's
`{"editor_context": {...}}` (app.core.editor.report) keeps its connection open: each later line
is another report, the server handles at most one per EDITOR_INTERVAL (the newest; the ones
overtaken meanwhile are dropped unanswered) and answers each one it handles.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import APP_NAME
from app.core import paths

LISTEN_ACTIONS = ("toggle", "start", "stop", "cancel")
REPLY_LIMIT = 64 * 1024  # a reply is a sentence; anything longer is not our server
CONTEXT_REPLY_LIMIT = 1024 * 1024  # `context` answers with a whole report, escaped twice
EDITOR_INTERVAL = 0.1  # seconds between two reports handled on one editor connection


@dataclass(frozen=True)
class Reply:
    ok: bool
    text: str


def _user() -> str:
    if hasattr(os, "getuid"):
        return str(os.getuid())
    return os.environ.get("USERNAME", "user")


def server_name() -> str:
    """What the Qt server listens on: a socket path (POSIX) or a pipe name (Windows)."""
    home = str(paths.data_dir())
    digest = hashlib.sha256(f"{_user()}\0{home}".encode()).hexdigest()[:12]
    name = f"{APP_NAME}-{_user()}-{digest}"
    if sys.platform == "win32":
        return name
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    # The runtime folder is the user's own and cleared at logout; /tmp is the fallback Qt uses too.
    folder = Path(runtime) if runtime and Path(runtime).is_dir() else Path(tempfile.gettempdir())
    return str(folder / f"{name}.sock")


def lock_file() -> Path:
    """Held by the running instance for its whole life; a crashed one's lock is taken over."""
    return Path(server_name() + ".lock") if sys.platform != "win32" else paths.config_dir() / "instance.lock"


def send(request: dict[str, Any], timeout: float = 5.0, *, limit: int = REPLY_LIMIT) -> Reply | None:
    """Hand `request` to the running instance; None when none is listening (or its socket is stale)."""
    line = (json.dumps(request) + "\n").encode()
    try:
        if sys.platform == "win32":
            raw = _send_pipe(line, limit)
        else:
            raw = _send_socket(line, timeout, limit)
    except (FileNotFoundError, ConnectionRefusedError):
        return None
    except OSError as exc:
        if sys.platform == "win32":
            return None  # a pipe nobody serves cannot be opened: no instance
        return Reply(False, f"The running app did not answer ({exc.strerror or exc}).")
    try:
        reply = json.loads(raw.decode("utf-8", errors="replace") or "{}")
        return Reply(bool(reply["ok"]), str(reply.get("text", "")))
    except (ValueError, KeyError, TypeError):
        return Reply(False, "The running app gave an answer this version does not understand.")


def _send_socket(line: bytes, timeout: float, limit: int) -> bytes:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(server_name())
        sock.sendall(line)
        received = b""
        while b"\n" not in received and len(received) < limit:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
    return received.split(b"\n", 1)[0]


def _send_pipe(line: bytes, limit: int) -> bytes:
    with open(rf"\\.\pipe\{server_name()}", "r+b", buffering=0) as pipe:
        pipe.write(line)
        return pipe.readline(limit).rstrip(b"\n")


def open_request(repo: str | None) -> dict[str, Any]:
    """A launch's own arguments; a relative --repo means the folder it was started in, not the server's."""
    return {"open": {"repo": str(Path(repo).expanduser().absolute()) if repo else None}}


def hand_off(request: dict[str, Any], wait: float) -> Reply | None:
    """`send`, retried for up to `wait` seconds while the instance is still starting to serve."""
    deadline = time.monotonic() + wait
    while True:
        reply = send(request)
        if reply is not None or time.monotonic() >= deadline:
            return reply
        time.sleep(0.1)


def parse_request(raw: bytes) -> dict[str, Any] | str:
    """The server's side: the request, or a sentence saying why it is not one."""
    try:
        request = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return "The request was not JSON."
    if not isinstance(request, dict):
        return "The request was not a JSON object."
    if "listen" in request and request["listen"] not in LISTEN_ACTIONS:
        return f"listen takes one of {', '.join(LISTEN_ACTIONS)}."
    if "context" in request and request["context"] != "latest":
        return 'context takes "latest".'
    opened = request.get("open")
    if opened is not None and not (isinstance(opened, dict) and isinstance(opened.get("repo", ""), str | None)):
        return "open takes an object with a repo path."
    return request


def reply_line(ok: bool, text: str) -> bytes:
    return (json.dumps({"ok": ok, "text": text}) + "\n").encode()
