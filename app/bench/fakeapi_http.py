"""The fake Messages API's HTTP side: JSON replies, server-sent event streams and error answers."""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from app.bench.fakeapi import ERROR_TYPES, FakeAPI, RecordedRequest, Reply, RequestInvalid, error


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hangs up (a cancelled turn, a test ending) is normal here.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

def _chunks(value: str, size: int) -> Iterator[str]:
    for start in range(0, len(value), size):
        yield value[start : start + size]


def make_handler(fake: FakeAPI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            # Many small SSE writes: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms per reply.
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with fake._lock:
                fake.connections += 1
                fake._sockets[self.connection] = False
            if fake.cache_model is not None and fake.cache_model.connect > 0:
                time.sleep(fake.cache_model.connect)  # the handshake a new connection to the API costs

        def do_GET(self) -> None:
            # The model list: the cheapest request that opens a connection to the API.
            request = RecordedRequest("GET", self.path, {k.lower(): v for k, v in self.headers.items()}, {}, b"")
            if not self.path.split("?")[0].endswith("/v1/models"):
                self._send_error(request, error(404, f"fake API: no route {self.path}"))
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
            with fake._lock:
                fake._sockets.pop(self.connection, None)
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
            with fake._lock:
                fake._sockets[self.connection] = True
            try:
                super().handle_one_request()
            finally:
                with fake._lock:
                    if self.connection in fake._sockets:
                        fake._sockets[self.connection] = False

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
            with fake._lock:
                fake._state.requests.append(request)
                if fake._log_path:
                    with open(fake._log_path, "a", encoding="utf-8") as log:
                        log.write(json.dumps({"path": self.path, "headers": headers, "body": body}) + "\n")
            # Older SDKs send the key as x-api-key, newer ones as a bearer token: accept both.
            sent_key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")
            if sent_key != fake.api_key:
                self._send_error(request, error(401, "invalid x-api-key"))
                return
            if not isinstance(body, dict) or not body:
                self._send_error(request, fake._refuse("There was an issue with the request body: not JSON"))
                return
            try:
                fake.check(request)
            except RequestInvalid as exc:
                self._send_error(request, fake._refuse(str(exc)))
                return
            reply = fake._next_reply(request)
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
            request_id = fake._new_id("req")
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
                "id": fake._new_id("msg"),
                "type": "message",
                "role": "assistant",
                "model": request.body.get("model", ""),
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": usage,
            }

        def _send_message(self, request: RecordedRequest, reply: Reply) -> None:
            if fake._closing.wait(fake.first_token_delay(request)):  # the whole reply waits for its first token
                return
            content = fake._materialise(reply)
            fake._remember(content).complete = True
            data = json.dumps(self._message(request, content, reply)).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", fake._new_id("req"))
            self.end_headers()
            self.wfile.write(data)
            request.status, request.finished_at = 200, time.monotonic()

        def _send_stream(self, request: RecordedRequest, reply: Reply) -> None:
            content = fake._materialise(reply)
            issued = fake._remember(content)
            message = self._message(request, content, reply)
            pace = float(reply.get("pace", 0.0))
            after = float(reply.get("first_token_after", 0.0)) + fake.first_token_delay(request)
            wait_until = request.received_at + after
            # Like the API, nothing (not even the headers) comes before the model's first token.
            if fake._closing.wait(max(0.0, wait_until - time.monotonic())):
                return
            self.send_response(200)
            self.send_header("content-type", "text/event-stream; charset=utf-8")
            self.send_header("cache-control", "no-cache")
            self.send_header("request-id", fake._new_id("req"))
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
                    self._event("content_block_delta", _delta(index, {"type": "text_delta", "text": piece}))
                    request.text_sent.append((time.monotonic(), piece))
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
            while time.monotonic() < deadline and not fake._closing.is_set():
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
