"""The Messages API's rules for a request, as the fake checks them: a broken rule is the API's 400.

Roles alternate and start with a user message; every tool_use is answered by a tool_result at
the start of the next message and nothing else is; text blocks are not empty; thinking blocks
carry the fake's signature for their exact text and every message the fake sent comes back with
exactly its blocks, in order; the memory tool and context management need the
`context-management-2025-06-27` beta; at most four cache breakpoints.
"""

from __future__ import annotations

import hmac
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27"


class RequestInvalid(Exception):
    pass


@dataclass
class Issued:
    """A message the fake sent, to check it comes back unchanged."""

    content: list[dict[str, Any]]
    complete: bool = False


Sign = Callable[[str], str]  # a thinking text -> the fake's signature of it
Lookup = Callable[[list[Any]], Issued | None]  # block keys (tool_use ids, signatures) -> the message they came in


def issued_key(block: dict[str, Any]) -> Any:
    """What names a block the fake sent: a tool_use's id, a thinking block's signature."""
    return block.get("id") if block.get("type") == "tool_use" else block.get("signature")


def check(body: dict[str, Any], betas: list[str], *, sign: Sign, issued: Lookup) -> None:
    """Raise RequestInvalid the way the API would answer 400."""
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
    if needs_beta and CONTEXT_MANAGEMENT_BETA not in betas:
        raise RequestInvalid(f"the memory tool and context_management need the {CONTEXT_MANAGEMENT_BETA} beta")
    breakpoints = _count_cache_control(body.get("system")) + _count_cache_control(messages)
    breakpoints += _count_cache_control(tools) + (1 if body.get("cache_control") else 0)
    if breakpoints > 4:
        raise RequestInvalid(f"A maximum of 4 blocks with cache_control may be provided. Found {breakpoints}.")
    _check_messages(messages, sign, issued)


def _check_messages(messages: list[Any], sign: Sign, issued: Lookup) -> None:
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
            _check_issued(i, content_blocks, issued)
        for j, block in enumerate(content_blocks):
            if block.get("type") == "text" and not (isinstance(block.get("text"), str) and block["text"]):
                raise RequestInvalid(f"messages.{i}.content.{j}: text content blocks must be non-empty")
            if block.get("type") == "thinking":
                sig = block.get("signature")
                if not isinstance(sig, str) or not hmac.compare_digest(sig, sign(block.get("thinking", ""))):
                    raise RequestInvalid(f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block")
    if pending:
        raise RequestInvalid("the last message has tool_use blocks without tool_result (prefill not allowed)")
    if messages[-1].get("role") != "user":
        raise RequestInvalid("This model does not support assistant message prefill.")


def _check_issued(index: int, content: list[dict[str, Any]], lookup: Lookup) -> None:
    issued = lookup([issued_key(b) for b in content])
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
