"""A fake of the Anthropic Messages API on loopback: the fake's state and script, what it recorded, and its start.

The real `anthropic` SDK talks to it through `base_url` (or ANTHROPIC_BASE_URL), so the
agent is tested through exactly the code paths it uses against the real API.

    fake = FakeAPI().start()                 # or: with FakeAPI() as fake:
    fake.script(tool_use("build", {}), text("The build is red."))   # one reply per request
    client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url)
    ...
    fake.requests[0].body["system"]          # every request: .headers (lower-case), .body (JSON)
    fake.problems                            # why requests were refused with 400 (empty when fine)
    fake.stop()

The replies (`text`, `tool_use`, `blocks`, `error`) come from app.bench.fakereplies, the request
rules from app.bench.fakerules, the HTTP wire from app.bench.fakehttp; this module is the fake's
state: its script, what it recorded and issued, its connections and its prompt cache.

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

Requests are checked the way the API checks them (app.bench.fakerules): a request that breaks a
rule gets 400 invalid_request_error, as the API would answer.
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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.bench import fakerules
from app.bench.fakecache import CacheModel, PromptCacheState
from app.bench.fakehttp import QuietServer, RecordedRequest, make_handler
from app.bench.fakereplies import Reply, error
from app.bench.fakerules import Issued

PASS_TIME_SETTLE = 2.0  # at most this long for answered requests to finish on the server side
POLL_SECONDS = 0.02  # how often the serving loop looks whether stop() asked it to end

Responder = Callable[[RecordedRequest], Reply]


@dataclass
class _State:
    queue: list[Reply] = field(default_factory=list)
    responder: Responder | None = None
    requests: list[RecordedRequest] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    issued: dict[str, Issued] = field(default_factory=dict)  # tool_use id or signature -> message


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
        self._server: QuietServer | None = None
        self._thread: threading.Thread | None = None
        self.closing = threading.Event()

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
        self.closing.set()
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

    # answering a request (what app.bench.fakehttp asks of the fake)
    def next_reply(self, request: RecordedRequest) -> Reply:
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

    def refuse(self, problem: str) -> Reply:
        with self._lock:
            self._state.problems.append(problem)
        return error(400, problem)

    def _sign(self, thinking: str) -> str:
        return hmac.new(self._secret, thinking.encode("utf-8"), hashlib.sha256).hexdigest()

    def new_id(self, prefix: str) -> str:
        return f"{prefix}_fake{next(self._ids):06d}{secrets.token_hex(4)}"

    def check(self, request: RecordedRequest) -> None:
        """Raise fakerules.RequestInvalid the way the API would answer 400."""
        fakerules.check(request.body, request.betas, sign=self._sign, issued=self._issued)

    def _issued(self, keys: list[Any]) -> Issued | None:
        with self._lock:
            return next((self._state.issued[k] for k in keys if k in self._state.issued), None)

    def materialise(self, reply: Reply) -> list[dict[str, Any]]:
        """The reply's blocks as sent: tool calls get ids, thinking blocks the fake's signature."""
        out: list[dict[str, Any]] = []
        for block in reply.get("content", []):
            block = dict(block)
            if block.get("type") == "tool_use":
                block.setdefault("id", self.new_id("toolu"))
                block.setdefault("input", {})
            elif block.get("type") == "thinking":
                block.setdefault("signature", self._sign(block.get("thinking", "")))
            out.append(block)
        return out

    def remember(self, content: list[dict[str, Any]]) -> Issued:
        """Note a message the fake sends, so the rules can check it comes back unchanged."""
        issued = Issued(content)
        with self._lock:
            for block in content:
                key = fakerules.issued_key(block)
                if key:
                    self._state.issued[key] = issued
        return issued

    # the HTTP side's bookkeeping (app.bench.fakehttp)
    def record(self, request: RecordedRequest) -> None:
        """Keep a /v1/messages request (and append it to the log file, for a fake in another process)."""
        with self._lock:
            self._state.requests.append(request)
            if self._log_path:
                with open(self._log_path, "a", encoding="utf-8") as log:
                    entry = {"path": request.path, "headers": request.headers, "body": request.body}
                    log.write(json.dumps(entry) + "\n")

    def connection_opened(self, connection: Any) -> None:
        with self._lock:
            self.connections += 1
            self._sockets[connection] = False

    def connection_busy(self, connection: Any, busy: bool) -> None:
        """Busy from the first byte of a request to the end of its answer: pass_time closes only idle ones."""
        with self._lock:
            if busy or connection in self._sockets:
                self._sockets[connection] = busy

    def connection_closed(self, connection: Any) -> None:
        with self._lock:
            self._sockets.pop(connection, None)


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
