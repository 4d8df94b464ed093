"""The result of one tool call, as the model will read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ToolResult:
    """Text for the model, and whether it reports a failure (`is_error` in the tool_result block)."""

    text: str
    is_error: bool = False

    @classmethod
    def error(cls, text: str) -> ToolResult:
        return cls(text, is_error=True)
