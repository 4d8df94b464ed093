"""Warm the Anthropic SDK's streaming path before the first request, without reaching the API.

The SDK builds the pydantic validators of its stream events the first time it parses
them: in a fresh process the first reply's first words reach the caller about half a
second (more on a busy machine) after the server sent them; later streams are on time.
`warm_sdk` streams one canned reply through the SDK's own client and stream parser with
an in-process transport, so the validators exist (they are shared by every client) when
the user's first question is sent. No socket is opened and nothing leaves the process.
"""

from __future__ import annotations

import importlib
import json
import logging
import time
from types import ModuleType
from typing import Any

import anthropic

log = logging.getLogger(__name__)

BASE_URL = "http://sdk-warm.invalid"  # never resolved: the in-process transport answers
_warmed = False

# A minimal reply in the stream's event types: a thinking block, text, a tool call, usage.
_EVENTS: list[dict[str, Any]] = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_warm",
            "type": "message",
            "role": "assistant",
            "model": "warm",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 1,
                "output_tokens": 1,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            },
        },
    },
    {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Warm."}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "c2ln"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": "Warm."}},
    {"type": "content_block_stop", "index": 1},
    {
        "type": "content_block_start",
        "index": 2,
        "content_block": {"type": "tool_use", "id": "toolu_warm", "name": "warm", "input": {}},
    },
    {"type": "content_block_delta", "index": 2, "delta": {"type": "input_json_delta", "partial_json": '{"a": 1}'}},
    {"type": "content_block_stop", "index": 2},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "tool_use", "stop_sequence": None},
        "usage": {"output_tokens": 3},
    },
    {"type": "message_stop"},
]


def _http_library() -> ModuleType:
    """The HTTP library this SDK version is built on (httpx or its successor): the SDK's to choose."""
    for cls in anthropic.DefaultHttpxClient.__mro__:
        root = cls.__module__.split(".")[0]
        if root != "anthropic" and root != "builtins":
            return importlib.import_module(root)
    raise RuntimeError("the SDK's HTTP library was not found")


def _reply_body() -> bytes:
    return b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in _EVENTS)


def warm_sdk() -> bool:
    """Stream the canned reply through the SDK once per process; True when it ran now. Never raises."""
    global _warmed
    if _warmed:
        return False
    _warmed = True
    started, cpu = time.monotonic(), time.process_time()
    try:
        http = _http_library()

        def answer(request: Any) -> Any:
            return http.Response(200, headers={"content-type": "text/event-stream"}, content=_reply_body())

        with http.Client(transport=http.MockTransport(answer)) as transport_client:
            client = anthropic.Anthropic(api_key="warm", base_url=BASE_URL, http_client=transport_client, max_retries=0)
            with client.beta.messages.stream(
                model="warm", max_tokens=1, messages=[{"role": "user", "content": "warm"}]
            ) as stream:
                for _event in stream:
                    pass
                stream.get_final_message()
    except Exception:  # warming only saves time: the real request works without it
        log.info("warming the SDK's stream parser failed", exc_info=True)
        return True
    log.info("SDK stream parser warmed in %.2f s (%.2f s CPU)", time.monotonic() - started, time.process_time() - cpu)
    return True
