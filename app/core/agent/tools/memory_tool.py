"""The `memory` tool: Claude's memory tool (`memory_20250818`), answered by this repository's memory store.

The API defines its input; the store checks each command itself and answers with the strings the
tool's documentation specifies, so the record has no schema of its own.
"""

from __future__ import annotations

from typing import Any

from app.core.agent.tools.record import Tool, ToolContext
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

_LABELS = {
    "view": QT_TRANSLATE_NOOP("tools", "checking memory"),
    "create": QT_TRANSLATE_NOOP("tools", "remembering"),
    "str_replace": QT_TRANSLATE_NOOP("tools", "remembering"),
    "insert": QT_TRANSLATE_NOOP("tools", "remembering"),
    "delete": QT_TRANSLATE_NOOP("tools", "forgetting"),
    "rename": QT_TRANSLATE_NOOP("tools", "tidying memory"),
}


def _run(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return context.memory.execute(args, session_id=context.session_id, user_words=context.user_words)


def _label(args: dict[str, Any]) -> str:
    command = args.get("command")
    using = QT_TRANSLATE_NOOP("tools", "using memory")
    return _LABELS.get(command, using) if isinstance(command, str) else using


TOOL = Tool(
    "memory",
    {"type": "memory_20250818", "name": "memory"},
    run=_run,
    label=_label,
    needs_memory=True,
    counts_memory_use=False,  # the store counts its own views and edits as uses
    result_is_read=False,  # the memory is the agent's own text, not something it read
)
