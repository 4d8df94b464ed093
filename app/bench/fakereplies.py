"""The replies a fake Messages API script is made of: text, a tool call, any blocks, an API error.

A reply is a JSON-able dict, so a script can also live in a file (see `app.bench.fakeapi`).
"""

from __future__ import annotations

from typing import Any

Reply = dict[str, Any]

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
