"""One streamed request of the tool-use loop, and the blocks it leaves for the history.

`stream_step` sends one request, passes text to the caller as it streams, and keeps
each content block as soon as the API finishes it. When the turn is cancelled
mid-stream it returns the finished blocks only: a half-streamed thinking block has no
signature and a half-streamed tool call has no complete input, so neither may go back.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anthropic

from app.core import stamps
from app.core.errors import AgentTurnError
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"  # the memory tool and context editing

# Clear old tool results server-side once the prompt grows large, keeping the last few, and only
# when enough goes to be worth a cache miss. The history on this side never shrinks.
CONTEXT_MANAGEMENT: dict[str, Any] = {
    "edits": [
        {
            "type": "clear_tool_uses_20250919",
            "trigger": {"type": "input_tokens", "value": 40_000},
            "keep": {"type": "tool_uses", "value": 4},
            "clear_at_least": {"type": "input_tokens", "value": 10_000},
            "exclude_tools": ["memory"],
        }
    ]
}

Block = dict[str, Any]

# The API's usage fields, in the order a cost line shows them.
USAGE_FIELDS = ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens", "output_tokens")


@dataclass
class Step:
    """What one request produced: the finished blocks, whether the message completed, and why it stopped."""

    content: list[Block] = field(default_factory=list)
    complete: bool = False
    stop_reason: str | None = None
    usage: dict[str, int] = field(default_factory=dict)  # the API's token counts for this request

    @property
    def tool_uses(self) -> list[Block]:
        return [b for b in self.content if b.get("type") == "tool_use"]

    @property
    def text(self) -> str:
        return "".join(b["text"] for b in self.content if b.get("type") == "text")


class StreamHolder:
    """The stream in flight, so another thread can abort it on cancel."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stream: Any = None

    def set(self, stream: Any) -> None:
        with self._lock:
            self._stream = stream

    def close(self) -> None:
        with self._lock:
            stream = self._stream
        if stream is not None:
            with contextlib.suppress(Exception):  # a stream already torn down is fine
                stream.close()


def block_param(block: Any) -> Block:
    """An SDK content block as the request parameter that sends it back unchanged."""
    kind = block.type
    if kind == "text":
        return {"type": "text", "text": block.text}
    if kind == "thinking":
        return {"type": "thinking", "thinking": block.thinking, "signature": block.signature}
    if kind == "redacted_thinking":
        return {"type": "redacted_thinking", "data": block.data}
    if kind == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    # Block types this app never asks for; sent back as the API gave them.
    dumped: Block = block.model_dump(mode="json", exclude_none=True)
    return dumped


def stream_step(
    client: anthropic.Anthropic,
    params: dict[str, Any],
    *,
    cancel: threading.Event,
    holder: StreamHolder,
    on_text: Callable[[str], None],
) -> Step:
    """Stream one reply. API errors propagate (after the SDK's retries) unless the turn was cancelled."""
    step = Step()
    first_text = True
    try:
        stamps.mark("request_sending")
        with client.beta.messages.stream(**params) as stream:
            stamps.mark("response_open")
            holder.set(stream)
            if cancel.is_set():  # cancelled while the request was being sent
                return step
            for event in stream:
                if event.type == "text":
                    if first_text:
                        first_text = False
                        stamps.mark("first_delta")
                    on_text(event.text)
                elif event.type == "message_start":
                    _take_usage(step.usage, event.message.usage)
                elif event.type == "content_block_stop":
                    step.content.append(block_param(event.content_block))
                elif event.type == "message_delta":
                    step.stop_reason = event.delta.stop_reason
                    _take_usage(step.usage, event.usage)
                elif event.type == "message_stop":
                    step.complete = True
                if cancel.is_set():
                    break
    except Exception as exc:
        if cancel.is_set():
            pass  # aborting the stream from another thread surfaces here as a read error: that is the cancel
        elif isinstance(exc, anthropic.APIError):
            raise
        elif _is_transport_error(exc):  # the SDK does not retry a stream that breaks halfway
            raise AgentTurnError(
                QT_TRANSLATE_NOOP(
                    "errors", "I couldn't reach Claude: the connection dropped in the middle of the reply. Try again."
                )
            ) from exc
        elif isinstance(exc, ValueError):  # the SDK could not parse a tool call's streamed JSON
            raise AgentTurnError(
                QT_TRANSLATE_NOOP("errors", "Claude sent a tool call I couldn't read. Please ask again.")
            ) from exc
        else:
            raise
    finally:
        holder.set(None)
    if not step.complete:
        step.content = _finished_part(step.content)
    return step


def _take_usage(into: dict[str, int], usage: Any) -> None:
    """Take the usage counts an event carries; message_delta repeats them as running totals, so set, not add."""
    for name in USAGE_FIELDS:
        value = getattr(usage, name, None)
        if isinstance(value, int):
            into[name] = value


def _is_transport_error(exc: BaseException) -> bool:
    # The SDK's HTTP library (httpx or its successor) is not ours to import; recognise its errors by origin.
    return isinstance(exc, OSError) or type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "httpcore")


def _finished_part(content: list[Block]) -> list[Block]:
    """What may stay of a message cut off mid-stream: its finished blocks, without a trailing thinking block."""
    kept = list(content)
    while kept and kept[-1].get("type") in ("thinking", "redacted_thinking"):
        kept.pop()
    return kept if any(b.get("type") in ("text", "tool_use") for b in kept) else []


def tool_result_block(tool_use_id: str, result: ToolResult) -> Block:
    block: Block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": result.text or "(no output)"}
    if result.is_error:
        block["is_error"] = True
    return block


CANCELLED = ToolResult.error("Cancelled: the developer interrupted the turn before this tool ran.")
