"""The result of one tool call, as the model will read it, and what it offers the person beside it."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.keep_offer import KeepOffer


@dataclass(frozen=True)
class ToolResult:
    """Text for the model, and whether it reports a failure (`is_error` in the tool_result block).

    `offers` never reach the model: they are refused lines the person asked to remember, which the
    turn's events carry to the person with a way to keep them anyway (`keep_offer`).
    """

    text: str
    is_error: bool = False
    offers: tuple[KeepOffer, ...] = ()

    @classmethod
    def error(cls, text: str) -> ToolResult:
        return cls(text, is_error=True)
