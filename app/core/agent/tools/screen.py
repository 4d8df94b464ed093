"""The `show_on_screen` tool: Markdown for the developer to read, in the panel; it returns at once."""

from __future__ import annotations

from typing import Any

from app.core.agent.events import ScreenContent
from app.core.agent.tools.record import STRING, Tool, ToolContext, definition, one_line
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

SCREEN_TEXT_CAP = 60_000  # characters of Markdown one show_on_screen call may carry


def _show(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    text = args.get("text") or ""
    if not text.strip():
        return ToolResult.error("show_on_screen needs some Markdown in 'text'.")
    if len(text) > SCREEN_TEXT_CAP:
        return ToolResult.error(
            f"That is {len(text):,} characters; the panel takes at most {SCREEN_TEXT_CAP:,}. Shorten it."
        )
    title = one_line(args.get("title") or "", 120)
    context.show(ScreenContent(markdown=text, title=title))
    return ToolResult("Shown on the developer's screen.")


TOOL = Tool(
    "show_on_screen",
    definition(
        "show_on_screen",
        "Show Markdown in a panel on the developer's screen, for anything too long "
        "to say: code, error lists, steps. Returns at once.",
        {
            "text": {**STRING, "description": "Markdown to show"},
            "title": {**STRING, "description": "short title for the panel"},
        },
        required=("text",),
    ),
    run=_show,
    result_is_read=False,  # "shown": nothing read
    label=lambda args: QT_TRANSLATE_NOOP("tools", "showing it on screen"),
    hint="Anything longer or meant to be read (code, diffs, error lists, steps, tables) goes to "
    "show_on_screen as Markdown; then say one sentence about it, such as what you found.",
)
