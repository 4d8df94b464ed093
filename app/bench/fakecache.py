"""The fake Messages API's model of what makes a first answer slow: a new connection and a cold prompt cache.

The API caches a request's prefix at each cache breakpoint (a block with `cache_control`,
and the end of the messages when the request has a top-level `cache_control`) for five
minutes from its last use. A request whose tools and system prompt, up to the system's
breakpoint, match a prefix seen within that time starts its reply sooner; its usage says
how many tokens were read from the cache and how many were written to it, as the API's does.
As with the API, what a request writes can be read once its reply has begun, not while it waits.

    fake = FakeAPI(cache=CacheModel(connect=0.15, cold_first_token=1.6, warm_first_token=1.1))
    clock.advance(360)      # with FakeAPI(clock=clock): six minutes pass for the cache, not for the test

The delays default to zero so the ordinary tests stay fast; the benches set the measured ones.
Tokens are counted as the JSON text's length over four, which is close enough for English.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CacheModel:
    """The delays and limits the fake models; seconds, except the token count."""

    connect: float = 0.0  # a new connection's TCP and TLS handshake, before its first request is read
    cold_first_token: float = 0.0  # request → first token when tools and system were not cached
    warm_first_token: float = 0.0  # the same when they were read from the cache
    ttl: float = 300.0  # a cache entry lives this long after its last use
    min_cacheable_tokens: int = 0  # a shorter prefix is not cached at all (the API's per-model minimum)


class ManualClock:
    """A monotonic clock that a bench or test can move forward without waiting."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return time.monotonic() + self._offset

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._offset += seconds


@dataclass(frozen=True)
class CacheOutcome:
    usage: dict[str, int]
    warm: bool  # tools and system came from the cache


def tokens(value: Any) -> int:
    return max(1, len(json.dumps(value, ensure_ascii=False)) // 4)


@dataclass
class PromptCacheState:
    """The prefixes the fake has cached: digest → when last written or read (by the fake's clock)."""

    model: CacheModel
    # digest -> (when it can be read: once its writer's first token is out, as the API's; when last used)
    entries: dict[str, tuple[float, float]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def serve(self, body: dict[str, Any], now: float) -> CacheOutcome:
        segments, breakpoints, system_end = _segments(body)
        sizes = [tokens(s) for s in segments]
        total = sum(sizes)
        prefix_tokens = [sum(sizes[: end + 1]) for end in breakpoints]
        digests = [_digest(body.get("model"), segments[: end + 1]) for end in breakpoints]
        read_at = -1  # index into breakpoints of the longest cached prefix
        system_tokens = sum(sizes[: system_end + 1]) if system_end >= 0 else 0
        with self.lock:
            for index in range(len(breakpoints) - 1, -1, -1):
                seen = self.entries.get(digests[index])
                if seen is not None and seen[0] <= now and now - seen[1] <= self.model.ttl:
                    read_at = index
                    break
            read = prefix_tokens[read_at] if read_at >= 0 else 0
            warm = read > 0 and read >= system_tokens
            # A request still waiting for its first token has not written anything a second one could read.
            ready_at = now + (self.model.warm_first_token if warm else self.model.cold_first_token)
            written_to = read_at
            for index in range(len(breakpoints)):
                if index <= read_at:
                    available, _ = self.entries[digests[index]]
                    self.entries[digests[index]] = (available, now)  # a hit refreshes the entry
                elif prefix_tokens[index] >= self.model.min_cacheable_tokens:
                    pending = self.entries.get(digests[index])
                    live = pending is not None and now - pending[1] <= self.model.ttl
                    available = min(pending[0], ready_at) if pending is not None and live else ready_at
                    self.entries[digests[index]] = (available, now)
                    written_to = index
        created = prefix_tokens[written_to] - read if written_to > read_at else 0
        usage = {
            "input_tokens": max(1, total - read - created),
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": read,
        }
        return CacheOutcome(usage, warm)

    def first_token_delay(self, outcome: CacheOutcome) -> float:
        return self.model.warm_first_token if outcome.warm else self.model.cold_first_token


def _segments(body: dict[str, Any]) -> tuple[list[Any], list[int], int]:
    """The request's blocks in cache order (tools, system, messages), the breakpoints' indexes, the system's last."""
    segments: list[Any] = []
    breakpoints: list[int] = []
    for tool in body.get("tools") or []:
        segments.append(tool)
        if isinstance(tool, dict) and tool.get("cache_control"):
            breakpoints.append(len(segments) - 1)
    system = body.get("system") or []
    if isinstance(system, str):
        system = [{"type": "text", "text": system}]
    system_end = -1
    for block in system:
        segments.append(block)
        if isinstance(block, dict) and block.get("cache_control"):
            breakpoints.append(len(segments) - 1)
            system_end = len(segments) - 1
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content or []:
            segments.append({"role": message.get("role"), "block": block})
            if isinstance(block, dict) and block.get("cache_control"):
                breakpoints.append(len(segments) - 1)
    if body.get("cache_control") and segments and (not breakpoints or breakpoints[-1] != len(segments) - 1):
        breakpoints.append(len(segments) - 1)  # automatic caching: the last block of the request
    return segments, breakpoints, system_end


def _digest(model: Any, segments: list[Any]) -> str:
    return hashlib.sha256(json.dumps([model, segments], sort_keys=True).encode()).hexdigest()
