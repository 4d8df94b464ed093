"""A fake of the Anthropic Messages API on loopback: real HTTP, JSON and server-sent events.

The real `anthropic` SDK talks to it through `base_url` (or ANTHROPIC_BASE_URL), so the
agent is tested through exactly the code paths it uses against the real API.

    fake = FakeAPI().start()                 # or: with FakeAPI() as fake:
    fake.script(tool_use("build", {}), text("The build is red."))   # one reply per request
    client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url)
    ...
    fake.requests[0].body["system"]          # every request: .headers (lower-case), .body (JSON)
    fake.problems                            # why requests were refused with 400 (empty when fine)
    fake.stop()

A reply is a JSON-able dict, so a script can also live in a file:

    {"content": [<block>, ...], "stop_reason": "end_turn"}   (stop_reason defaults from the blocks)
    {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded"}}
    {"content": [...], "stall_after": 1}    stop after 1 block and hold the stream open (pings only)
                                            until the client goes away: for cancellation tests
    {"content": [...], "first_token_after": 0.6, "pace": 0.03}
                                            a streamed reply starts 0.6 s after the request arrived and
                                            sends a piece (12 characters of text) every 0.03 s, like a
                                            model generating: for the benches of the whole turn

`FakeAPI(cache=CacheModel(...), clock=...)` adds the prompt cache and a new connection's cost
(app.bench.fakecache): cache usage as the API reports it, and a first token that comes later
when tools and system were not cached. `fake.connections` counts the connections opened;
GET /v1/models answers one model, as the API's list does.

A request with max_tokens 1 (the app's prompt-cache warm-up) is answered "OK", stopped at
the limit, and takes nothing from the script.

with blocks {"type": "text", "text": ...}, {"type": "thinking", "thinking": ...} (signed by the fake)
and {"type": "tool_use", "name": ..., "input": {...}} (an id is added). `fake.respond_with(fn)` scripts
with a function of the request instead. As a separate process, for the app under test:

    python -m app.bench.fakeapi --port 0 --script replies.json [--api-key KEY]
    (prints "listening on http://127.0.0.1:PORT" on its first line; runs until killed)

Requests are checked the way the API checks them: roles alternate and start with a user message;
every tool_use is answered by a tool_result at the start of the next message and nothing else is;
text blocks are not empty; thinking blocks carry the fake's signature for their exact text and
every message the fake sent comes back with exactly its blocks, in order; the memory tool and
context management need the `context-management-2025-06-27` beta; at most four cache breakpoints.
A request that breaks a rule gets 400 invalid_request_error, as the API would answer.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import hmac
import itertools
import json
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from app.bench.fakecache import CacheModel, CacheOutcome, PromptCacheState

CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"
PASS_TIME_SETTLE = 2.0  # at most this long for answered requests to finish on the server side
POLL_SECONDS = 0.02  # how often the serving loop looks whether stop() asked it to end

Reply = dict[str, Any]
Responder = Callable[["RecordedRequest"], Reply]

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


# -- replies -------------------------------------------------------------------------------------


def text(value: str) -> Reply:
    """A reply that is one text block."""
    return {"content": [{"type": "text", "text": value}]}


def tool_use(name: str, tool_input: dict[str, Any] | None = None, *, preface: str = "") -> Reply:
    """A reply asking for one tool (with an optional sentence before it)."""
    blocks: list[dict[str, Any]] = [{"type": "text", "text": preface}] if preface else []
    blocks.append({"type": "tool_use", "name": name, "input": tool_input or {}})
    return {"content": blocks}


def blocks(*content: dict[str, Any], **extra: Any) -> Reply:
    return {"content": list(content), **extra}


def error(status: int, message: str = "", *, error_type: str = "") -> Reply:
    kind = error_type or ERROR_TYPES.get(status, "api_error")
    return {"error": {"status": status, "type": kind, "message": message or kind.replace("_", " ")}}


# -- recording -----------------------------------------------------------------------------------


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


@dataclass
class _Issued:
    """A message the fake sent, to check it comes back unchanged."""

    content: list[dict[str, Any]]
    complete: bool = False


@dataclass
class _State:
    queue: list[Reply] = field(default_factory=list)
    responder: Responder | None = None
    requests: list[RecordedRequest] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    issued: dict[str, _Issued] = field(default_factory=dict)  # tool_use id or signature -> message


class RequestInvalid(Exception):
    pass


class FakeAPI:
    """The fake Messages API server; see the module docstring."""

    def __init__(
        self,
        *,
        api_key: str = "sk-ant-test-fake-key",
        port: int = 0,
        log_path: str = "",
        cache: CacheModel | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.api_key = api_key
        self.clock = clock  # the prompt cache's time (a bench moves it forward instead of waiting)
        self.cache_model = cache
        self._cache = PromptCacheState(cache) if cache is not None else None
        self.connections = 0  # connections the clients opened
        self._sockets: dict[Any, bool] = {}  # open connections -> whether a request is being answered
        self._port = port
        self._log_path = log_path  # each request appended as a JSON line, for a fake in another process
        self._secret = secrets.token_bytes(16)
        self._lock = threading.Lock()
        self._state = _State()
        self._ids = itertools.count(1)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()

    # lifecycle
    def start(self) -> FakeAPI:
        self._server = QuietServer(("127.0.0.1", self._port), make_handler(self))
        self._server.daemon_threads = True
        # stop() waits for the serving loop to look at its flag: at the default 0.5 s poll that was half a
        # second per test (about 35 s of tests/core/agent alone); a 20 ms poll is a few dozen idle selects a second.
        serve = functools.partial(self._server.serve_forever, poll_interval=POLL_SECONDS)
        self._thread = threading.Thread(target=serve, name="fake-api", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeAPI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start() the fake first"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    # scripting
    def script(self, *replies: Reply) -> None:
        """Queue replies, one per request, in order."""
        with self._lock:
            self._state.queue.extend(replies)

    def respond_with(self, responder: Responder | None) -> None:
        """Answer with a function of the request once the queue is empty."""
        with self._lock:
            self._state.responder = responder

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every /v1/messages request received, in order (including refused ones)."""
        with self._lock:
            return list(self._state.requests)

    @property
    def problems(self) -> list[str]:
        with self._lock:
            return list(self._state.problems)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._state.queue)

    def reset(self) -> None:
        with self._lock:
            self._state = _State()

    def pass_time(self, seconds: float) -> None:
        """Let `seconds` pass for the prompt cache (the clock must be a ManualClock) and close idle connections,
        as the API's servers would after such a pause."""
        advance = getattr(self.clock, "advance", None)
        if advance is None:
            raise TypeError("pass_time needs FakeAPI(clock=ManualClock())")
        advance(seconds)
        # The pause stands for minutes, so a request whose answer the client already has is over: wait for
        # its handler to mark the socket idle (under load that can trail the client by a few milliseconds,
        # and a socket still marked busy was left open, so the next request paid no new connection).
        deadline = time.monotonic() + PASS_TIME_SETTLE
        while True:
            with self._lock:
                busy = any(self._sockets.values())
                idle = [sock for sock, working in self._sockets.items() if not working]
            if not busy or time.monotonic() >= deadline:
                break
            time.sleep(0.005)
        for sock in idle:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def forget_cache(self) -> None:
        """Drop every cached prefix, as five idle minutes would."""
        if self._cache is not None:
            with self._cache.lock:
                self._cache.entries.clear()

    def serve_cache(self, request: RecordedRequest) -> None:
        """What the prompt cache does for a request that passed the checks (nothing without a cache model)."""
        if self._cache is not None:
            request.cache = self._cache.serve(request.body, self.clock())

    def first_token_delay(self, request: RecordedRequest) -> float:
        if self._cache is None or request.cache is None:
            return 0.0
        return self._cache.first_token_delay(request.cache)

    # internals
    def _next_reply(self, request: RecordedRequest) -> Reply:
        if request.body.get("max_tokens") == 1:
            # One output token cannot hold a scripted reply: the API stops at the limit. So a
            # request that asks for one (the app's prompt-cache warm-up) takes nothing from the
            # script, whose replies stay in order for the questions, however the timing falls.
            return {"content": [{"type": "text", "text": "OK"}], "stop_reason": "max_tokens"}
        with self._lock:
            if self._state.queue:
                return self._state.queue.pop(0)
            responder = self._state.responder
        if responder is not None:
            return responder(request)
        return error(400, "fake API: no scripted reply left for this request")

    def _refuse(self, problem: str) -> Reply:
        with self._lock:
            self._state.problems.append(problem)
        return error(400, problem)

    def _sign(self, thinking: str) -> str:
        return hmac.new(self._secret, thinking.encode("utf-8"), hashlib.sha256).hexdigest()

    def _new_id(self, prefix: str) -> str:
        return f"{prefix}_fake{next(self._ids):06d}{secrets.token_hex(4)}"

    def check(self, request: RecordedRequest) -> None:
        """Raise RequestInvalid the way the API would answer 400."""
        body = request.body
        for key in ("model", "max_tokens", "messages"):
            if key not in body:
                raise RequestInvalid(f"{key}: Field required")
        if not isinstance(body["max_tokens"], int) or body["max_tokens"] < 1:
            raise RequestInvalid("max_tokens: must be a positive integer")
        messages = body["messages"]
        if not isinstance(messages, list) or not messages:
            raise RequestInvalid("messages: at least one message is required")
        tools = body.get("tools") or []
        names = [t.get("name") for t in tools]
        if len(set(names)) != len(names):
            raise RequestInvalid("tools: Tool names must be unique.")
        needs_beta = any(t.get("type") == "memory_20250818" for t in tools) or "context_management" in body
        if needs_beta and CONTEXT_MANAGEMENT_BETA not in request.betas:
            raise RequestInvalid(f"the memory tool and context_management need the {CONTEXT_MANAGEMENT_BETA} beta")
        breakpoints = _count_cache_control(body.get("system")) + _count_cache_control(messages)
        breakpoints += _count_cache_control(tools) + (1 if body.get("cache_control") else 0)
        if breakpoints > 4:
            raise RequestInvalid(f"A maximum of 4 blocks with cache_control may be provided. Found {breakpoints}.")
        self._check_messages(messages)

    def _check_messages(self, messages: list[Any]) -> None:
        pending: set[str] = set()
        for i, message in enumerate(messages):
            if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
                raise RequestInvalid(f"messages.{i}: role must be user or assistant")
            expected = "user" if i % 2 == 0 else "assistant"
            if message["role"] != expected:
                raise RequestInvalid(f"messages.{i}: roles must alternate, starting with user (fake is strict)")
            content = message.get("content")
            content_blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
            if not isinstance(content_blocks, list) or not content_blocks:
                raise RequestInvalid(f"messages.{i}: content must be a non-empty list or string")
            if message["role"] == "user":
                results = [b for b in content_blocks if b.get("type") == "tool_result"]
                leading = list(itertools.takewhile(lambda b: b.get("type") == "tool_result", content_blocks))
                if len(leading) != len(results):
                    raise RequestInvalid(f"messages.{i}: tool_result blocks must come first in the message")
                answered = {b.get("tool_use_id") for b in results}
                missing, extra = pending - answered, answered - pending
                if missing:
                    raise RequestInvalid(
                        f"messages.{i}: tool_use ids were found without tool_result blocks "
                        f"immediately after: {sorted(missing)}"
                    )
                if extra or len(results) != len(answered):
                    raise RequestInvalid(f"messages.{i}: unexpected or repeated tool_use_id in tool_result blocks")
                pending = set()
            else:
                pending = {b.get("id") for b in content_blocks if b.get("type") == "tool_use"}
                self._check_issued(i, content_blocks)
            for j, block in enumerate(content_blocks):
                if block.get("type") == "text" and not (isinstance(block.get("text"), str) and block["text"]):
                    raise RequestInvalid(f"messages.{i}.content.{j}: text content blocks must be non-empty")
                if block.get("type") == "thinking":
                    sig = block.get("signature")
                    if not isinstance(sig, str) or not hmac.compare_digest(sig, self._sign(block.get("thinking", ""))):
                        raise RequestInvalid(f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block")
        if pending:
            raise RequestInvalid("the last message has tool_use blocks without tool_result (prefill not allowed)")
        if messages[-1].get("role") != "user":
            raise RequestInvalid("This model does not support assistant message prefill.")

    def _check_issued(self, index: int, content: list[dict[str, Any]]) -> None:
        keys = [b.get("id") if b.get("type") == "tool_use" else b.get("signature") for b in content]
        with self._lock:
            issued = next((self._state.issued[k] for k in keys if k in self._state.issued), None)
        if issued is None:
            return
        sent = [_normal(b) for b in content]
        original = [_normal(b) for b in issued.content]
        for mine, theirs in zip(original, sent, strict=False):
            if mine.pop("raw_input", None) is not None:  # malformed on purpose: the client parses it its own way
                mine["input"] = theirs.get("input")
        same = sent == original or (not issued.complete and sent == original[: len(sent)])
        if not same:
            raise RequestInvalid(
                f"messages.{index}: an assistant message must be passed back unchanged "
                "(thinking blocks in place, same blocks in the same order)"
            )

    def _materialise(self, reply: Reply) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for block in reply.get("content", []):
            block = dict(block)
            if block.get("type") == "tool_use":
                block.setdefault("id", self._new_id("toolu"))
                block.setdefault("input", {})
            elif block.get("type") == "thinking":
                block.setdefault("signature", self._sign(block.get("thinking", "")))
            out.append(block)
        return out

    def _remember(self, content: list[dict[str, Any]]) -> _Issued:
        issued = _Issued(content)
        with self._lock:
            for block in content:
                key = block.get("id") if block.get("type") == "tool_use" else block.get("signature")
                if key:
                    self._state.issued[key] = issued
        return issued


def _normal(block: dict[str, Any]) -> dict[str, Any]:
    """The parts of a block the API compares when it checks a message came back unchanged."""
    kind = block.get("type")
    if kind == "text":
        return {"type": "text", "text": block.get("text")}
    if kind == "thinking":
        return {"type": "thinking", "thinking": block.get("thinking"), "signature": block.get("signature")}
    if kind == "tool_use":
        extra = {"raw_input": block["raw_input"]} if "raw_input" in block else {}
        return {
            **extra,
            "type": "tool_use",
            "id": block.get("id"),
            "name": block.get("name"),
            "input": block.get("input"),
        }
    return dict(block)


def _count_cache_control(value: Any) -> int:
    if isinstance(value, dict):
        return (1 if value.get("cache_control") else 0) + sum(
            _count_cache_control(v) for k, v in value.items() if k != "cache_control"
        )
    if isinstance(value, list):
        return sum(_count_cache_control(v) for v in value)
    return 0


# The HTTP side: JSON replies, server-sent event streams and error answers.


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bench.fakeapi", description="A fake Messages API on loopback.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--script", help="JSON file: a list of replies, one per request")
    parser.add_argument("--api-key", default="sk-ant-test-fake-key", help="the API key the fake accepts")
    parser.add_argument("--log", default="", help="append each request as one JSON line to this file")
    args = parser.parse_args(argv)
    fake = FakeAPI(api_key=args.api_key, port=args.port, log_path=args.log)
    if args.script:
        with open(args.script, encoding="utf-8") as handle:
            fake.script(*json.load(handle))
    fake.start()
    print(f"listening on {fake.base_url}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with contextlib.suppress(KeyboardInterrupt):
        stop.wait()
    fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
