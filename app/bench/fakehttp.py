"""The fake Messages API's HTTP side: each request recorded, answered as JSON, a server-sent event stream or an error.

The handler serves whatever offers the `Fake` protocol below (`app.bench.fakeapi.FakeAPI`): the
fake decides what a request gets; this module only says it on the wire, as the API would, with
the timing a bench asks for (a first token that comes late, a paced stream, a stalled one).
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol

from app.bench.fakecache import CacheModel, CacheOutcome
from app.bench.fakereplies import ERROR_TYPES, Reply, error
from app.bench.fakerules import Issued, RequestInvalid


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    raw: bytes
    received_at: float = 0.0  # time.monotonic() when the body was read
    finished_at: float = 0.0  # when the reply was fully written (or abandoned)
    status: int = 0
    cache: CacheOutcome | None = None  # with a cache model: what the prompt cache did for this request
    # (time.monotonic() just after it went out, text) for each streamed text piece: when the
    # client could have had each word, for the benches.
    text_sent: list[tuple[float, str]] = field(default_factory=list)

    def time_sent(self, prefix: str) -> float:
        """When the streamed text first held `prefix` in full; 0.0 if it has not (yet)."""
        so_far = ""
        for at, piece in list(self.text_sent):
            so_far += piece
            if len(so_far) >= len(prefix):
                return at if so_far.startswith(prefix) else 0.0
        return 0.0

    @property
    def betas(self) -> list[str]:
        return [b.strip() for b in self.headers.get("anthropic-beta", "").split(",") if b.strip()]


class Fake(Protocol):
    """What the handler asks of the fake: its key, its bookkeeping of connections, and each request's answer."""

    api_key: str
    cache_model: CacheModel | None
    closing: threading.Event  # set when the fake stops: waits and stalled streams end

    def connection_opened(self, connection: Any) -> None: ...

    def connection_busy(self, connection: Any, busy: bool) -> None: ...

    def connection_closed(self, connection: Any) -> None: ...

    def record(self, request: RecordedRequest) -> None: ...

    def check(self, request: RecordedRequest) -> None: ...

    def refuse(self, problem: str) -> Reply: ...

    def next_reply(self, request: RecordedRequest) -> Reply: ...

    def serve_cache(self, request: RecordedRequest) -> None: ...

    def first_token_delay(self, request: RecordedRequest) -> float: ...

    def materialise(self, reply: Reply) -> list[dict[str, Any]]: ...

    def remember(self, content: list[dict[str, Any]]) -> Issued: ...

    def new_id(self, prefix: str) -> str: ...


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hangs up (a cancelled turn, a test ending) is normal here.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _sent_key(headers: dict[str, str]) -> str:
    # Older SDKs send the key as x-api-key, newer ones as a bearer token: accept both.
    return headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")


def _chunks(value: str, size: int) -> Iterator[str]:
    for start in range(0, len(value), size):
        yield value[start : start + size]


def make_handler(fake: Fake) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            # Many small SSE writes: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms per reply.
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            fake.connection_opened(self.connection)
            if fake.cache_model is not None and fake.cache_model.connect > 0:
                time.sleep(fake.cache_model.connect)  # the handshake a new connection to the API costs

        def do_GET(self) -> None:
            # The model list: the cheapest request that opens a connection to the API.
            request = RecordedRequest("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, {}, b"")
            if not self.path.split("?")[0].endswith("/v1/models"):
                self._send_error(request, error(404, f"fake API: no route {self.path}"))
                return
            if _sent_key(request.headers) != fake.api_key:  # the API checks the key on every route
                self._send_error(request, error(401, "invalid x-api-key"))
                return
            model = {"type": "model", "id": "claude-fake", "display_name": "Fake", "created_at": "2026-01-01T00:00:00Z"}
            page = {"data": [model], "has_more": False, "first_id": model["id"], "last_id": model["id"]}
            data = json.dumps(page).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read fake.requests
            pass

        def finish(self) -> None:
            fake.connection_closed(self.connection)
            super().finish()

        def handle_one_request(self) -> None:
            # Busy from the first byte of a request to the end of its answer: pass_time closes only idle ones.
            try:
                waiting = self.rfile.peek(1)  # type: ignore[attr-defined]  # a buffered reader: rbufsize is -1
            except OSError:
                waiting = b""
            if not waiting:
                self.close_connection = True
                return
            fake.connection_busy(self.connection, True)
            try:
                super().handle_one_request()
            finally:
                fake.connection_busy(self.connection, False)

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {}
            request = RecordedRequest("POST", self.path, headers, body, raw, time.monotonic())
            if not self.path.split("?")[0].endswith("/v1/messages"):
                self._send_error(request, error(404, f"fake API: no route {self.path}"))
                return
            fake.record(request)
            if _sent_key(headers) != fake.api_key:
                self._send_error(request, error(401, "invalid x-api-key"))
                return
            if not isinstance(body, dict) or not body:
                self._send_error(request, fake.refuse("There was an issue with the request body: not JSON"))
                return
            try:
                fake.check(request)
            except RequestInvalid as exc:
                self._send_error(request, fake.refuse(str(exc)))
                return
            reply = fake.next_reply(request)
            if "error" not in reply:
                fake.serve_cache(request)
            if "error" in reply:
                self._send_error(request, reply)
            elif body.get("stream"):
                self._send_stream(request, reply)
            else:
                self._send_message(request, reply)

        def _send_error(self, request: RecordedRequest, reply: Reply) -> None:
            err = reply["error"]
            status = int(err.get("status", 500))
            request_id = fake.new_id("req")
            payload = {
                "type": "error",
                "error": {
                    "type": err.get("type", ERROR_TYPES.get(status, "api_error")),
                    "message": err["message"],
                },
                "request_id": request_id,
            }
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", request_id)
            if status in (429, 529):
                self.send_header("retry-after-ms", str(err.get("retry_after_ms", 20)))
            self.end_headers()
            self.wfile.write(data)
            request.status, request.finished_at = status, time.monotonic()

        def _message(self, request: RecordedRequest, content: list[dict[str, Any]], reply: Reply) -> dict[str, Any]:
            stop = reply.get("stop_reason") or (
                "tool_use" if any(b.get("type") == "tool_use" for b in content) else "end_turn"
            )
            usage = {
                "input_tokens": max(1, len(request.raw) // 4),
                "output_tokens": max(1, len(json.dumps(content)) // 4),
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            }
            if request.cache is not None:
                usage.update(request.cache.usage)
            return {
                "id": fake.new_id("msg"),
                "type": "message",
                "role": "assistant",
                "model": request.body.get("model", ""),
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": usage,
            }

        def _send_message(self, request: RecordedRequest, reply: Reply) -> None:
            if fake.closing.wait(fake.first_token_delay(request)):  # the whole reply waits for its first token
                return
            content = fake.materialise(reply)
            fake.remember(content).complete = True
            data = json.dumps(self._message(request, content, reply)).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", fake.new_id("req"))
            self.end_headers()
            self.wfile.write(data)
            request.status, request.finished_at = 200, time.monotonic()

        def _send_stream(self, request: RecordedRequest, reply: Reply) -> None:
            content = fake.materialise(reply)
            issued = fake.remember(content)
            message = self._message(request, content, reply)
            pace = float(reply.get("pace", 0.0))
            after = float(reply.get("first_token_after", 0.0)) + fake.first_token_delay(request)
            wait_until = request.received_at + after
            # Like the API, nothing (not even the headers) comes before the model's first token.
            if fake.closing.wait(max(0.0, wait_until - time.monotonic())):
                return
            self.send_response(200)
            self.send_header("content-type", "text/event-stream; charset=utf-8")
            self.send_header("cache-control", "no-cache")
            self.send_header("request-id", fake.new_id("req"))
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            request.status = 200
            stall_after = reply.get("stall_after")
            try:
                start = {**message, "content": [], "stop_reason": None}
                start["usage"] = {**message["usage"], "output_tokens": 1}
                self._event("message_start", {"type": "message_start", "message": start})
                self._event("ping", {"type": "ping"})
                for index, block in enumerate(content):
                    if stall_after is not None and index >= stall_after:
                        self._stall()
                        return
                    self._stream_block(request, index, block, pace)
                if stall_after is not None and stall_after >= len(content):
                    self._stall()
                    return
                delta: dict[str, Any] = {
                    "type": "message_delta",
                    "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                    "usage": {"output_tokens": message["usage"]["output_tokens"]},
                }
                if "context_management" in request.body:
                    delta["context_management"] = {"applied_edits": []}
                self._event("message_delta", delta)
                self._event("message_stop", {"type": "message_stop"})
                self._write(b"")  # the last, empty chunk
                issued.complete = True
            except (BrokenPipeError, ConnectionResetError, OSError):
                pass  # the client went away (a cancelled turn): nothing more to send
            finally:
                request.finished_at = time.monotonic()

        def _stream_block(self, request: RecordedRequest, index: int, block: dict[str, Any], pace: float) -> None:
            kind = block["type"]
            if kind == "text":
                self._event("content_block_start", _start(index, {"type": "text", "text": ""}))
                for number, piece in enumerate(_chunks(block["text"], 12)):
                    if pace and number:
                        time.sleep(pace)
                    # Stamped before the write: a client that reads the piece and at once asks when it was
                    # sent (test_warm's probe) must find it, not race the append.
                    request.text_sent.append((time.monotonic(), piece))
                    self._event("content_block_delta", _delta(index, {"type": "text_delta", "text": piece}))
            elif kind == "thinking":
                self._event(
                    "content_block_start",
                    _start(index, {"type": "thinking", "thinking": "", "signature": ""}),
                )
                for piece in _chunks(block["thinking"], 20):
                    self._event("content_block_delta", _delta(index, {"type": "thinking_delta", "thinking": piece}))
                sig = {"type": "signature_delta", "signature": block["signature"]}
                self._event("content_block_delta", _delta(index, sig))
            elif kind == "tool_use":
                head = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                self._event("content_block_start", _start(index, head))
                raw = block.get("raw_input")  # a test may send malformed JSON on purpose
                encoded = raw if isinstance(raw, str) else json.dumps(block["input"])
                for piece in _chunks(encoded, 7):
                    self._event(
                        "content_block_delta",
                        _delta(index, {"type": "input_json_delta", "partial_json": piece}),
                    )
            else:
                self._event("content_block_start", _start(index, block))
            self._event("content_block_stop", {"type": "content_block_stop", "index": index})

        def _stall(self) -> None:
            # Hold the stream open with pings until the client disconnects (or the fake stops).
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not fake.closing.is_set():
                self._event("ping", {"type": "ping"})
                time.sleep(0.05)

        def _event(self, name: str, data: dict[str, Any]) -> None:
            self._write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())

        def _write(self, payload: bytes) -> None:
            self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
            self.wfile.flush()

    return Handler


def _start(index: int, block: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def _delta(index: int, delta: dict[str, Any]) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": delta}
