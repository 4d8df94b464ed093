"""While the person is still speaking: open a connection to the API and, when the prompt cache is cold, warm it.

At key-down (or when a typed prompt is shown) a short-lived thread of its own, never the
hotkey's and never the turn's, first makes sure the SDK client's pool holds an open
connection (one model-list request: free, and it pays the TCP and TLS handshake now), then,
if the key is still down after MIN_HOLD, sends one warm-up when the session's prompt is
probably cold (app.core.agent.prompt_cache). The warm-up is the session's own request
(`Session.warmup_params`: the same model, tools, system blocks and breakpoint) with a minimal
first message and one output token; its reply is discarded and never enters the history.
The real request never waits for it: it goes out the moment the question is ready.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.core import stamps

if TYPE_CHECKING:
    from app.core.agent.prompt_cache import PromptCache
    from app.core.agent.session import Session

log = logging.getLogger(__name__)

MIN_HOLD = 0.3  # a shorter press is a tap (a slip, or a press to stop the speech): it costs nothing
# The hotkey tells a key-up after its release grace (0.15 s, app.voice.trigger), and the main thread passes it
# on: a press is judged this long after its minimum, so a tap told late is still a tap. The warm-up goes that
# much later, while the person is still speaking.
SETTLE = 0.25
CONNECT_TIMEOUT = 10.0


class Hold:
    """One key-down until its key-up, thread-safe: made on the press, released from any thread.

    The key-up may be told late: the hotkey knows a release only after its grace for repeat pairs
    (0.15 s), and a tap's stop waits out the double-tap window (0.5 s), so the release carries the
    time the key came up, and the verdict on a press waits `settle` past the minimum for it.
    """

    def __init__(
        self,
        pressed_at: float | None = None,
        *,
        settle: float = SETTLE,
        clock: Callable[[], float] = time.monotonic,
        key_times: Callable[[], tuple[float, float]] | None = None,
    ) -> None:
        self._clock = clock
        self.pressed_at = clock() if pressed_at is None else pressed_at
        self._settle = settle
        # The hotkey's own (key-down, key-up) of its latest press, on the same clock: when the release has
        # not been told by the time of the verdict (a busy main thread passes it on late), the hotkey's
        # thread may already know it.
        self._key_times = key_times
        self._released = threading.Event()
        self._released_at = 0.0

    def release(self, at: float | None = None) -> None:
        """The key came up at monotonic time `at` (None: now); only the first release counts."""
        if not self._released.is_set():
            self._released_at = self._clock() if at is None else at
            self._released.set()

    def decided(self, minimum: float = MIN_HOLD) -> bool:
        """Whether `held_long_enough` would answer at once."""
        return self._released.is_set() or self._clock() >= self.pressed_at + minimum + self._settle

    def held_long_enough(self, minimum: float = MIN_HOLD) -> bool:
        """Wait until a key-up before `minimum` would have been told; True unless the key came up before then."""
        remaining = self.pressed_at + minimum + self._settle - self._clock()
        if remaining > 0:
            self._released.wait(remaining)
        if self._released.is_set():
            return self._released_at - self.pressed_at >= minimum
        if self._key_times is not None:
            down, up = self._key_times()
            if down and up > down:  # the hotkey saw its latest press end, before the main thread said so
                return up - down >= minimum
        return True


class Warmer:
    """Starts the connection and warm-up work for a key-down, each on a daemon thread of its own."""

    def __init__(self, prompt_cache: PromptCache, *, min_hold: float = MIN_HOLD) -> None:
        self._cache = prompt_cache
        self._min_hold = min_hold
        self._threads: list[threading.Thread] = []

    def start(self, session: Session, hold: Hold | None, *, warm: bool = True) -> None:
        """Begin for this key-down (None: a typed prompt, no tap to wait out); returns at once.

        `warm=False` only opens the connection.
        """
        thread = threading.Thread(target=self._run, args=(session, hold, warm), name="warm-up", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def join(self, timeout: float = 10.0) -> None:
        """Wait for the work in flight (tests, and the benches between runs)."""
        for thread in list(self._threads):
            thread.join(timeout)

    def _run(self, session: Session, hold: Hold | None, warm: bool) -> None:
        try:
            if warm and self._held_already(hold) and self._cache.probably_cold(session.cache_key):
                send_warmup(session, self._cache)  # it opens the connection itself: one round trip less
                return
            open_connection(session.client)
            if not warm or (hold is not None and not hold.held_long_enough(self._min_hold)):
                return
            send_warmup(session, self._cache)
        except Exception:  # warming only saves time: a failure here must never reach the person
            log.debug("warming the API failed", exc_info=True)

    def _held_already(self, hold: Hold | None) -> bool:
        # A fresh process reaches here after importing the SDK, often past the minimum hold already.
        if hold is None:
            return True
        return hold.decided(self._min_hold) and hold.held_long_enough(self._min_hold)


def open_connection_soon(client: Any) -> threading.Thread:
    """Open the connection on a thread of its own while the caller goes on (the typed `ask`)."""
    thread = threading.Thread(target=open_connection, args=(client,), name="connect", daemon=True)
    thread.start()
    return thread


def open_connection(client: Any) -> None:
    """Leave an open, ready connection in the client's pool: the API's model list is the cheapest request."""
    if client is None:
        return
    started = time.monotonic()
    try:
        client.with_options(max_retries=0, timeout=CONNECT_TIMEOUT).models.list(limit=1)
    except Exception as exc:  # an answer of any status still leaves the connection open, which is the point
        log.debug("opening a connection to the API: %s", type(exc).__name__)
    log.debug("connection to the API ready in %.0f ms", (time.monotonic() - started) * 1000)


def send_warmup(session: Session, prompt_cache: PromptCache) -> bool:
    """Send the session's warm-up if its prompt is probably cold; True when one was sent. Raises nothing."""
    model, key, client = session.settings.model, session.cache_key, session.client
    if client is None or not prompt_cache.claim_warmup(key, model):
        return False
    stamps.mark("warmup_sent")
    started = time.monotonic()
    usage: dict[str, int] | None = None
    try:
        reply = client.with_options(max_retries=0).beta.messages.create(**session.warmup_params())
        usage = {
            name: value
            for name in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
            if isinstance(value := getattr(reply.usage, name, None), int)
        }
    except Exception as exc:
        log.debug("the warm-up failed: %s", type(exc).__name__)
    prompt_cache.warmup_finished(key, model, usage)
    if usage:
        session.add_warmup_usage(usage)
    stamps.mark("warmup_done")
    log.debug("warm-up for session %s in %.0f ms: %s", session.id, (time.monotonic() - started) * 1000, usage)
    return True
