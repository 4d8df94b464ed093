"""What this process knows of the API's prompt cache: when each prompt was last sent, and whether warming pays.

The API keeps a prompt prefix (tools and system, up to the system's breakpoint) for five
minutes after its last use, per model. A prefix not sent for COLD_AFTER is probably cold: the
next request pays the cache write while the person waits. A warm-up (app.core.agent.warmup)
writes it ahead of the question; its usage, and that of the request after it, say whether it
worked. When warm-ups bring no cache reads (a prompt below the model's minimum cacheable
length, or caching not offered), warming stops for that model for the rest of the process.

The first request of each session is written to a small file, so `doctor` can say whether the
last session's first question read the cache.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from app.core import clock
from app.core.atomic import write_text_atomic

log = logging.getLogger(__name__)

# Five minutes less a margin: a request takes time to arrive, and the API's clock is not ours.
COLD_AFTER = 270.0
MISSES_TO_STOP = 2  # one miss can be chance (the cache evicted early); two in a row are the model


def prefix_key(model: str, tools: list[dict[str, Any]], system: list[dict[str, Any]]) -> str:
    """The identity of what the API caches: the same model, tools and system blocks, byte for byte."""
    encoded = json.dumps([model, tools, system], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class FirstRequest:
    """What a session's first request did with the cache, as `doctor` reports it."""

    session: str
    model: str
    at: str  # ISO time
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    warmed: bool  # a warm-up for this prompt had finished before the request went out

    @property
    def read_cache(self) -> bool:
        return self.cache_read_input_tokens > 0


class PromptCache:
    """Thread-safe: turns record their requests from the agent's thread, warm-ups from their own."""

    def __init__(self, *, clock: Callable[[], float] = clock.monotonic, record: Path | None = None) -> None:
        self._clock = clock
        self._record = record
        self._lock = threading.Lock()
        self._last_sent: dict[str, float] = {}  # prefix key -> when a request with it last went out
        self._warmed: set[str] = set()  # warm-ups finished with a cache write, not yet checked by a request
        self._misses: dict[str, int] = {}  # model -> warm-ups in a row that brought no cache read
        self._off: set[str] = set()  # models whose warm-ups do not pay
        self.warmups_sent = 0

    # -- warm-ups ---------------------------------------------------------------------------------

    def probably_cold(self, key: str) -> bool:
        with self._lock:
            return self._cold(key)

    def warming_pays(self, model: str) -> bool:
        with self._lock:
            return model not in self._off

    def claim_warmup(self, key: str, model: str) -> bool:
        """True when a warm-up should go out now (and it counts as sent): cold, and warming pays for the model.

        Claiming marks the prompt as sent, so a second key-down in the same cold period claims nothing.
        """
        with self._lock:
            if model in self._off or not self._cold(key):
                return False
            self._last_sent[key] = self._clock()
            self.warmups_sent += 1
            return True

    def warmup_finished(self, key: str, model: str, usage: dict[str, int] | None) -> None:
        """A warm-up's reply (None when it failed: nothing is learnt from a network error)."""
        if usage is None:
            return
        if usage.get("cache_creation_input_tokens", 0) or usage.get("cache_read_input_tokens", 0):
            with self._lock:
                self._warmed.add(key)
            return
        self._miss(model, "a warm-up wrote nothing to the cache (the prompt may be shorter than the model caches)")

    # -- the session's own requests --------------------------------------------------------------

    def request_sent(self, key: str) -> bool:
        """A turn's request is going out; True when it is the one that shows whether a warm-up worked."""
        with self._lock:
            self._last_sent[key] = self._clock()
            if key in self._warmed:
                self._warmed.discard(key)
                return True
            return False

    def request_finished(
        self, key: str, model: str, usage: dict[str, int], *, after_warmup: bool, first_of: str = ""
    ) -> None:
        """A turn's request finished; `first_of` is the session's id when it was that session's first."""
        read = usage.get("cache_read_input_tokens", 0)
        if after_warmup:
            if read:
                with self._lock:
                    self._misses.pop(model, None)
            else:
                self._miss(model, "the request after a warm-up read nothing from the cache")
        if first_of and self._record is not None:
            first = FirstRequest(
                session=first_of,
                model=model,
                at=datetime.now().astimezone().isoformat(timespec="seconds"),
                cache_read_input_tokens=read,
                cache_creation_input_tokens=usage.get("cache_creation_input_tokens", 0),
                warmed=after_warmup,
            )
            save_first_request(self._record, first)

    # -- helpers ---------------------------------------------------------------------------------

    def _cold(self, key: str) -> bool:
        sent = self._last_sent.get(key)
        return sent is None or self._clock() - sent > COLD_AFTER

    def _miss(self, model: str, why: str) -> None:
        with self._lock:
            self._misses[model] = self._misses.get(model, 0) + 1
            stop = self._misses[model] >= MISSES_TO_STOP and model not in self._off
            if stop:
                self._off.add(model)
        log.debug("prompt cache: %s (%s)", why, model)
        if stop:
            log.debug("prompt cache: warming stops for %s: %d warm-ups brought no cache read", model, MISSES_TO_STOP)


def save_first_request(path: Path, first: FirstRequest) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(first.__dict__, indent=2) + "\n")
    except OSError:  # a diagnostic only: the turn goes on without it
        log.warning("could not record the first request's cache use in %s", path, exc_info=True)


def load_first_request(path: Path) -> FirstRequest | None:
    """The last session's first request, or None when none was recorded (or the file is unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return FirstRequest(
            session=str(data["session"]),
            model=str(data["model"]),
            at=str(data["at"]),
            cache_read_input_tokens=int(data["cache_read_input_tokens"]),
            cache_creation_input_tokens=int(data["cache_creation_input_tokens"]),
            warmed=bool(data["warmed"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
