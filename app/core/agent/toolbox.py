"""One place that checks and runs the model's tool calls, over the records in `tools/registry.py`.

Tool input comes from the model and is treated as hostile: it is checked against the tool's
definition before anything runs, and every failure becomes a result with `is_error` the model
can read. Nothing in `run()` raises. This module names no tool: what is particular to one lives
in its record (`tools/record.py`).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core import trust
from app.core.agent.events import ScreenContent
from app.core.agent.tools import schema
from app.core.agent.tools.masking import mask_result
from app.core.agent.tools.record import Tool, ToolContext, one_line
from app.core.agent.tools.registry import REGISTRY, TOOL_NAMES, TOOLS, definitions
from app.core.agent.tools.screen import SCREEN_TEXT_CAP
from app.core.memory import MemoryStore
from app.core.settings import Settings
from app.core.tool_result import ToolResult

__all__ = [
    "REGISTRY",
    "SCREEN_TEXT_CAP",
    "TOOLS",
    "TOOL_DEFINITIONS",
    "TOOL_NAMES",
    "Call",
    "Tool",
    "Toolbox",
    "TurnCaps",
    "check",
    "counts_memory_use",
    "definitions",
    "label",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Call:
    """One tool call from the model, checked: `problem` is set when it must not run."""

    name: str
    args: dict[str, Any]
    problem: str = ""


def check(name: object, tool_input: object) -> Call:
    """Validate a call against its tool's definition (name, object input, required, types, no extras)."""
    tool = TOOLS.get(name) if isinstance(name, str) else None
    if tool is None:
        shown = one_line(str(name), 40)
        return Call(shown, {}, f"Unknown tool '{shown}'. Available tools: {', '.join(TOOL_NAMES)}.")
    if not isinstance(tool_input, dict):
        return Call(tool.name, {}, f"The input of {tool.name} must be a JSON object.")
    if tool.schema is None:  # the store checks memory commands itself, with the documented messages
        return Call(tool.name, tool_input)
    wrong = schema.problem(tool.name, tool.schema, tool_input)
    return Call(tool.name, {}, wrong) if wrong else Call(tool.name, dict(tool_input))


def label(call: Call) -> str:
    """A few human words for what the tool is doing, fit for a tray tooltip."""
    if call.problem:
        return f"trying {call.name}" if call.name in TOOLS else "trying an unknown tool"
    return TOOLS[call.name].label(call.args)


def counts_memory_use(call: Call) -> bool:
    """Whether the call's arguments count as using the memories they name (the memory tool counts its own)."""
    tool = TOOLS.get(call.name)
    return tool is None or tool.counts_memory_use


def read_source(call: Call) -> str:
    """Where the call's result text comes from, for the memory's origin check; "" when it is not read text."""
    tool = TOOLS.get(call.name)
    if tool is None or call.problem or not tool.result_is_read:
        return ""
    return tool.source(call.args) if tool.source is not None else tool.name


class TurnCaps:
    """How often the running turn called each tool that has a per-turn cap; `start()` for each turn."""

    def __init__(self) -> None:
        self._calls: Counter[str] = Counter()

    def start(self) -> None:
        self._calls.clear()

    def refusal(self, call: Call) -> ToolResult | None:
        """Count a call that would run; the answer instead of running it when it is past its tool's cap."""
        tool = TOOLS.get(call.name)
        if call.problem or tool is None or tool.per_turn is None:
            return None
        self._calls[call.name] += 1
        return tool.per_turn.refusal if self._calls[call.name] > tool.per_turn.limit else None


class Toolbox:
    """Runs checked calls for one session: each gets a small frozen context, never the session itself."""

    def __init__(
        self,
        repo: Path,
        settings: Settings,
        memory: MemoryStore,
        *,
        session_id: str,
        on_screen: Callable[[ScreenContent], None],
        ask_trust: Callable[[trust.TrustRequest], None] | None = None,
    ) -> None:
        self.repo = repo
        self.memory = memory
        self._settings = settings
        self._session_id = session_id
        self._on_screen = on_screen
        self._gate = trust.Gate(ask_trust)  # one per session: the person is asked once a turn

    def start_turn(self) -> None:
        """A new turn begins: a question the person declined in the last one may be asked again."""
        self._gate.start_turn()

    def run(self, call: Call, *, cancel: threading.Event, user_words: str = "") -> ToolResult:
        """Run one call; every failure, even a bug in a tool, comes back as an error result.

        Whatever a tool returns passes the secret masking first: this is the one way back to the model.
        """
        if call.problem:
            return ToolResult.error(call.problem)
        context = ToolContext(
            repo=self.repo,
            settings=self._settings,
            cancel=cancel,
            user_words=user_words,
            memory=self.memory,
            session_id=self._session_id,
            show=self._on_screen,
            trust=self._gate,
        )
        try:
            return mask_result(TOOLS[call.name].run(context, call.args))
        except Exception as exc:  # a tool bug must not end the turn: the model reads the failure
            log.exception("tool %s failed", call.name)
            return ToolResult.error(f"{call.name} failed unexpectedly ({type(exc).__name__}). Try another way.")


TOOL_DEFINITIONS: list[dict[str, Any]] = definitions()
