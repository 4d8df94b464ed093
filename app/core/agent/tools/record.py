"""What one agent tool is, in one record, and the small frozen context a call runs with.

Everything about a tool sits in its record, beside the function it runs: what the API is told,
how a checked call runs, what the tray says, how often a turn may call it, whether it shows the
text of repository files, and what the system prompt says of it. The toolbox, the session and
the prompt read the records and name no tool. A new tool is one module with its record and one
entry in `registry.py`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core import trust
from app.core.agent.events import ScreenContent
from app.core.memory import MemoryStore
from app.core.settings import Settings
from app.core.tool_result import ToolResult


@dataclass(frozen=True)
class ToolContext:
    """What one call may use, and nothing more of the session: a tool cannot reach another tool's state."""

    repo: Path
    settings: Settings
    cancel: threading.Event  # set when the person interrupts; long tools stop (builds and tests are killed)
    user_words: str  # the person's words this turn, which the memory journal records beside a write
    memory: MemoryStore
    session_id: str
    show: Callable[[ScreenContent], None]  # the screen: opens the panel and returns at once
    trust: trust.Gate  # asks the person once per session before the repository's own code runs


@dataclass(frozen=True)
class TurnCap:
    """At most `limit` calls of a tool per turn; past it a call is answered with `refusal`, not run."""

    limit: int
    refusal: ToolResult


@dataclass(frozen=True)
class Tool:
    """One agent tool in one place: what the API is told, how a checked call runs, what a person sees."""

    name: str
    definition: dict[str, Any]  # exactly as sent in the request's `tools`
    run: Callable[[ToolContext, dict[str, Any]], ToolResult]  # checked args; may raise (the toolbox catches)
    label: Callable[[dict[str, Any]], str]  # a few words for the tray, from the checked arguments
    # The system prompt: a tool that looks at the repository is named in its "look before you answer"
    # line; `hint` is a line of its own in the prompt's "How to answer" list ("" for none).
    looks_at_repository: bool = False
    hint: str = ""
    per_turn: TurnCap | None = None
    # A tool that shows the text of repository files must ask `disclosure` about each file first
    # (tests/core/agent/tools/test_records.py holds each such tool to it with a secret file).
    shows_file_text: bool = False
    needs_memory: bool = False  # left out of the request when the repository's memory is off
    # A call's arguments naming a memory's paths count as the session using that memory; the memory
    # tool counts its own views and edits instead.
    counts_memory_use: bool = True
    # Its result is text the agent read this turn: a memory line repeating it is `from-file` and waits
    # for the person (memory/origin.py). `source` names where the text came from (default: the tool).
    result_is_read: bool = True
    source: Callable[[dict[str, Any]], str] | None = None

    @property
    def schema(self) -> dict[str, Any] | None:
        """The input schema calls are checked against; None for a tool the API defines (the memory)."""
        return self.definition.get("input_schema")


def definition(
    name: str, description: str, properties: dict[str, Any], required: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A custom tool's definition: an object of `properties`, nothing else accepted."""
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    schema["additionalProperties"] = False
    return {"name": name, "description": description, "input_schema": schema}


STRING: dict[str, Any] = {"type": "string"}
POSITIVE_INTEGER: dict[str, Any] = {"type": "integer", "minimum": 1}


def one_line(value: object, limit: int) -> str:
    """`value` as one line of at most `limit` characters, control characters blanked (model text is hostile)."""
    text = re.sub(r"[\x00-\x1f\x7f]+", " ", str(value)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
