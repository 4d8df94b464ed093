"""A Hugging Face hub on loopback: the two routes the model download uses, with faults to order.

Serves `GET /api/models/{repo}[/revision/{rev}]?blobs=true` (the file list with sizes, git
blob ids and LFS sha256, as the hub does) and `GET /{repo}/resolve/{rev}/{file}` with HTTP
ranges. The files are real ones from a folder (the bundled tiny.en model). Faults a test can
ask for: a bandwidth limit, a connection cut once after N bytes, bytes flipped in a file, and
counting requests with a Range header (to prove a resume).

The app's catalogue pins each hub model to a commit and its files' hashes, so a test that serves
tiny.en's files as "base.en" first pins the catalogue's entry to them (`pin_catalogue`): served
under a name whose real hashes the app keeps, they are refused, as a later upload would be.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

LFS_MIN = 1_000_000  # files this large are "in LFS" and carry a sha256, like the hub's
REVISION = "0123456789abcdef0123456789abcdef01234567"


@dataclass
class Faults:
    bytes_per_second: int = 0  # 0: as fast as loopback goes
    cut_after: dict[str, int] = field(default_factory=dict)  # file → bytes sent before the connection drops (once)
    corrupt: dict[str, int] = field(default_factory=dict)  # file → how many responses flip a byte
    range_requests: list[tuple[str, int]] = field(default_factory=list)  # (file, first byte) of ranged requests
    downloads: list[str] = field(default_factory=list)  # every file request
    info_requests: int = 0


class FakeHub:
    """`with FakeHub({"Systran/faster-whisper-base.en": folder}) as hub:` then HF_ENDPOINT=hub.url."""

    def __init__(self, repos: dict[str, Path]) -> None:
        self.repos = repos
        self.faults = Faults()
        self._stopped = threading.Event()
        self._meta: dict[str, list[dict[str, Any]]] = {repo: _describe(folder) for repo, folder in repos.items()}
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                hub._handle(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving and break the connections in flight, like a network that went away."""
        self._stopped.set()
        self.server.shutdown()
        self.server.server_close()

    def _handle(self, request: BaseHTTPRequestHandler) -> None:
        path = request.path.split("?", 1)[0]
        info = re.fullmatch(r"/api/models/([^/]+/[^/]+)(?:/revision/[^/]+)?", path)
        if info:
            self.faults.info_requests += 1
            repo = info.group(1)
            if repo not in self.repos:
                _send(request, 404, b'{"error":"Repository not found"}', {"X-Error-Code": "RepoNotFound"})
                return
            body = json.dumps({"id": repo, "modelId": repo, "sha": REVISION, "siblings": self._meta[repo]})
            _send(request, 200, body.encode(), {"Content-Type": "application/json"})
            return
        resolve = re.fullmatch(r"/([^/]+/[^/]+)/resolve/([^/]+)/(.+)", path)
        if not resolve or resolve.group(1) not in self.repos or resolve.group(2) != REVISION:
            _send(request, 404, b"not found", {"X-Error-Code": "EntryNotFound"})
            return
        file = self.repos[resolve.group(1)] / resolve.group(3)
        if not file.is_file():
            _send(request, 404, b"not found", {"X-Error-Code": "EntryNotFound"})
            return
        self._send_file(request, file)

    def _send_file(self, request: BaseHTTPRequestHandler, file: Path) -> None:
        name = file.name
        self.faults.downloads.append(name)
        size = file.stat().st_size
        start = 0
        ranged = re.fullmatch(r"bytes=(\d+)-", request.headers.get("Range", ""))
        if ranged:
            start = int(ranged.group(1))
            self.faults.range_requests.append((name, start))
            if start >= size:
                _send(request, 416, b"", {"Content-Range": f"bytes */{size}"})
                return
        request.send_response(206 if ranged else 200)
        request.send_header("Content-Length", str(size - start))
        request.send_header("Accept-Ranges", "bytes")
        if ranged:
            request.send_header("Content-Range", f"bytes {start}-{size - 1}/{size}")
        request.end_headers()
        cut = self.faults.cut_after.pop(name, None)
        flip = self.faults.corrupt.get(name, 0) > 0
        if flip:
            self.faults.corrupt[name] -= 1
        sent = 0
        started = time.monotonic()
        with file.open("rb") as handle:
            handle.seek(start)
            while block := handle.read(64 * 1024):
                if flip and sent == 0:
                    block = bytes([block[0] ^ 0xFF]) + block[1:]
                if self._stopped.is_set():
                    cut = sent
                if cut is not None and sent + len(block) > cut:
                    request.wfile.write(block[: max(0, cut - sent)])
                    request.wfile.flush()
                    request.close_connection = True
                    request.connection.shutdown(2)  # a broken connection, mid-file
                    return
                try:
                    request.wfile.write(block)
                except (BrokenPipeError, ConnectionResetError):
                    return
                sent += len(block)
                if self.faults.bytes_per_second:
                    ahead = sent / self.faults.bytes_per_second - (time.monotonic() - started)
                    if ahead > 0:
                        time.sleep(ahead)


def _send(request: BaseHTTPRequestHandler, status: int, body: bytes, headers: dict[str, str]) -> None:
    request.send_response(status)
    for key, value in headers.items():
        request.send_header(key, value)
    request.send_header("Content-Length", str(len(body)))
    request.end_headers()
    request.wfile.write(body)


def _describe(folder: Path) -> list[dict[str, Any]]:
    """The hub's sibling entries for every file in `folder` and its subfolders (plus a README the app should skip).

    Subfolders are how rhasspy/piper-voices keeps its voices ("de/de_DE/thorsten/medium/...").
    """
    siblings: list[dict[str, Any]] = [{"rfilename": "README.md", "size": 10, "blobId": "0" * 40}]
    for file in sorted(folder.rglob("*")):
        if not file.is_file():
            continue
        data = file.read_bytes()
        entry: dict[str, Any] = {
            "rfilename": file.relative_to(folder).as_posix(),
            "size": len(data),
            "blobId": hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest(),
        }
        if len(data) >= LFS_MIN:
            entry["lfs"] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest(), "pointerSize": 134}
        siblings.append(entry)
    return siblings


def install_model_folder(name: str, *, broken: bool = False) -> Path:
    """A model folder as a finished download leaves it: the bundled files (or a damaged model.bin)."""
    from app.voice import model_store, models

    folder = model_store.model_folder(name)
    folder.mkdir(parents=True)
    for file in models.default_whisper_dir().iterdir():
        if broken and file.name == "model.bin":
            (folder / file.name).write_bytes(b"not a model" * 1000)
        else:
            (folder / file.name).symlink_to(file)
    (folder / model_store.MANIFEST).write_text(json.dumps({"name": name, "revision": "r1"}))
    return folder


def hashes_of(folder: Path) -> tuple[tuple[str, str], ...]:
    """(name, sha256) of each file in `folder`, as the catalogue keeps them."""
    files = sorted(file for file in folder.iterdir() if file.is_file())
    return tuple((file.name, hashlib.sha256(file.read_bytes()).hexdigest()) for file in files)


def pinned_catalogue(name: str, folder: Path) -> tuple[Any, ...]:
    """The app's catalogue with `name` pinned to the files of `folder` at the fake hub's revision."""
    from app.voice import model_catalog

    return tuple(
        dataclasses.replace(model, revision=REVISION, files=hashes_of(folder)) if model.name == name else model
        for model in model_catalog.CATALOG
    )


def pin_catalogue(monkeypatch: pytest.MonkeyPatch, name: str, folder: Path) -> None:
    """For this test, the catalogue's `name` is the model whose files `folder` holds (what the fake hub serves)."""
    from app.voice import model_catalog

    monkeypatch.setattr(model_catalog, "CATALOG", pinned_catalogue(name, folder))


def pinned_voices(name: str, folder: str) -> tuple[Any, ...]:
    """The voice catalogue with the voice `name` pinned to the bundled joe voice's files, kept on the hub in `folder`.

    No German voice can be fetched here: a test that serves joe's files under a voice's name pins that voice to
    them, as a later upload under the name would be refused otherwise.
    """
    from app.voice import voice_catalog

    joe = voice_catalog.get(voice_catalog.BUNDLED_VOICE).model.files
    pins = tuple(
        (f"{folder}/{name}{suffix}", sha) for suffix, (_n, sha) in zip((".onnx", ".onnx.json"), joe, strict=True)
    )
    return tuple(
        dataclasses.replace(v, model=dataclasses.replace(v.model, revision=REVISION, files=pins))
        if v.name == name
        else v
        for v in voice_catalog.VOICES
    )
