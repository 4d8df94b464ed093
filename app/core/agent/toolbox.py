"""The agent's tools as the model sees them, and one place that checks and runs a call.

Tool input comes from the model and is treated as hostile: it is checked against the
definitions here before anything runs, and every failure becomes a result with
`is_error` the model can read. Nothing in `run()` raises.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.agent import tools
from app.core.agent.events import ScreenContent
from app.core.memory import MemoryStore
from app.core.settings import Settings
from app.core.tool_result import ToolResult

log = logging.getLogger(__name__)

SCREEN_TEXT_CAP = 60_000  # characters of Markdown one show_on_screen call may carry

_STRING = {"type": "string"}
_INTEGER = {"type": "integer", "minimum": 1}

TOOL_DEFINITIONS: list[dict[str, Any]] = [
    {
        "name": "git_status",
        "description": "Branch, upstream ahead/behind, changed files and the last few commits.",
        "input_schema": {"type": "object", "properties": {}, "additionalProperties": False},
    },
    {
        "name": "build",
        "description": "Build the repository (or one project in it) with its own toolchain. "
        "Returns the exit code and a digest of errors and warnings.",
        "input_schema": {
            "type": "object",
            "properties": {"project": {**_STRING, "description": "project path or name; omit for all"}},
            "additionalProperties": False,
        },
    },
    {
        "name": "test",
        "description": "Run the tests (optionally one project, optionally filtered). Returns counts and the failures.",
        "input_schema": {
            "type": "object",
            "properties": {
                "project": {**_STRING, "description": "project path or name; omit for all"},
                "filter": {**_STRING, "description": "test name or pattern to select tests"},
            },
            "additionalProperties": False,
        },
    },
    {
        "name": "read_file",
        "description": "Numbered lines of one file in the repository (at most 200 lines per call).",
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {**_STRING, "description": "path relative to the repository root"},
                "start_line": {**_INTEGER, "description": "first line, 1-based"},
                "end_line": {**_INTEGER, "description": "last line, inclusive"},
            },
            "required": ["path"],
            "additionalProperties": False,
        },
    },
    {
        "name": "search_code",
        "description": "Search tracked files with git grep (extended regular expression; case-insensitive "
        "when the pattern is all lower-case); matching lines with file names and line numbers.",
        "input_schema": {
            "type": "object",
            "properties": {
                "pattern": {**_STRING, "description": "extended regular expression, e.g. 'class \\w+Orchestrator'"},
                "path": {**_STRING, "description": "limit to this folder or file"},
            },
            "required": ["pattern"],
            "additionalProperties": False,
        },
    },
    {
        "name": "show_on_screen",
        "description": "Show Markdown in a panel on the developer's screen, for anything too long "
        "to say: code, error lists, steps. Returns at once.",
        "input_schema": {
            "type": "object",
            "properties": {
                "text": {**_STRING, "description": "Markdown to show"},
                "title": {**_STRING, "description": "short title for the panel"},
            },
            "required": ["text"],
            "additionalProperties": False,
        },
    },
    {"type": "memory_20250818", "name": "memory"},
]

_SCHEMAS = {d["name"]: d["input_schema"] for d in TOOL_DEFINITIONS if "input_schema" in d}
TOOL_NAMES = tuple(d["name"] for d in TOOL_DEFINITIONS)

_MEMORY_LABELS = {
    "view": "checking memory",
    "create": "remembering",
    "str_replace": "remembering",
    "insert": "remembering",
    "delete": "forgetting",
    "rename": "tidying memory",
}


@dataclass(frozen=True)
class Call:
    """One tool call from the model, checked: `problem` is set when it must not run."""

    name: str
    args: dict[str, Any]
    problem: str = ""


def check(name: object, tool_input: object) -> Call:
    """Validate a call against the definitions (name, object input, required, types, no extras)."""
    if not isinstance(name, str) or name not in TOOL_NAMES:
        shown = _clean(str(name), 40)
        return Call(shown, {}, f"Unknown tool '{shown}'. Available tools: {', '.join(TOOL_NAMES)}.")
    if not isinstance(tool_input, dict):
        return Call(name, {}, f"The input of {name} must be a JSON object.")
    if name == "memory":  # the store checks memory commands itself, with the documented messages
        return Call(name, tool_input)
    schema = _SCHEMAS[name]
    properties: dict[str, Any] = schema["properties"]
    extra = sorted(str(k) for k in tool_input if k not in properties)
    accepted = ", ".join(properties) or "no fields"
    if extra:
        return Call(name, {}, f"{name} does not take {', '.join(extra)}; it accepts {accepted}.")
    for field in schema.get("required", []):
        if field not in tool_input:
            return Call(name, {}, f"{name} needs '{field}'.")
    for field, value in tool_input.items():
        if value is None:
            continue
        kind = properties[field]["type"]
        if kind == "string" and not isinstance(value, str):
            return Call(name, {}, f"'{field}' of {name} must be a string.")
        if kind == "integer" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            return Call(name, {}, f"'{field}' of {name} must be a whole number of at least 1.")
    return Call(name, dict(tool_input))


def label(call: Call) -> str:
    """A few human words for what the tool is doing, fit for a tray tooltip."""
    args = call.args
    if call.problem:
        return f"trying {call.name}" if call.name in TOOL_NAMES else "trying an unknown tool"
    if call.name == "git_status":
        return "checking git status"
    if call.name == "build":
        return f"building {_clean(args['project'], 40)}" if args.get("project") else "building"
    if call.name == "test":
        target = args.get("filter") or args.get("project")
        return f"running tests for {_clean(target, 40)}" if target else "running tests"
    if call.name == "read_file":
        return f"reading {_clean(args['path'], 60)}"
    if call.name == "search_code":
        return f"searching for {_clean(args['pattern'], 40)}"
    if call.name == "show_on_screen":
        return "showing it on screen"
    command = args.get("command")
    return _MEMORY_LABELS.get(command, "using memory") if isinstance(command, str) else "using memory"


def _clean(value: object, limit: int) -> str:
    text = re.sub(r"[\x00-\x1f\x7f]+", " ", str(value)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Toolbox:
    """Runs checked calls for one session: the repository tools, the screen and the memory."""

    def __init__(
        self,
        repo: Path,
        settings: Settings,
        memory: MemoryStore,
        *,
        session_id: str,
        on_screen: Callable[[ScreenContent], None],
    ) -> None:
        self.repo = repo
        self.memory = memory
        self._session_id = session_id
        self._on_screen = on_screen
        commands = settings.commands_for(repo)
        self._build_command = commands.build
        self._test_command = commands.test
        self._timeout = float(settings.tool_timeout_seconds)

    def run(self, call: Call, *, cancel: threading.Event, user_words: str = "") -> ToolResult:
        """Run one call; every failure, even a bug in a tool, comes back as an error result."""
        if call.problem:
            return ToolResult.error(call.problem)
        try:
            return self._dispatch(call, cancel, user_words)
        except Exception as exc:  # a tool bug must not end the turn: the model reads the failure
            log.exception("tool %s failed", call.name)
            return ToolResult.error(f"{call.name} failed unexpectedly ({type(exc).__name__}). Try another way.")

    def _dispatch(self, call: Call, cancel: threading.Event, user_words: str) -> ToolResult:
        args = call.args
        if call.name == "git_status":
            return tools.git_status(self.repo)
        if call.name == "build":
            return tools.run_build(
                self.repo, args.get("project"), command=self._build_command, timeout=self._timeout, cancel=cancel
            )
        if call.name == "test":
            return tools.run_tests(
                self.repo,
                args.get("project"),
                args.get("filter"),
                command=self._test_command,
                timeout=self._timeout,
                cancel=cancel,
            )
        if call.name == "read_file":
            return tools.read_file(self.repo, args.get("path"), args.get("start_line"), args.get("end_line"))
        if call.name == "search_code":
            return tools.search_code(self.repo, args.get("pattern"), args.get("path"))
        if call.name == "show_on_screen":
            return self._show(args)
        return self.memory.execute(args, session_id=self._session_id, user_words=user_words)

    def _show(self, args: dict[str, Any]) -> ToolResult:
        text = args.get("text") or ""
        if not text.strip():
            return ToolResult.error("show_on_screen needs some Markdown in 'text'.")
        if len(text) > SCREEN_TEXT_CAP:
            return ToolResult.error(
                f"That is {len(text):,} characters; the panel takes at most {SCREEN_TEXT_CAP:,}. Shorten it."
            )
        title = _clean(args.get("title") or "", 120)
        self._on_screen(ScreenContent(markdown=text, title=title))
        return ToolResult("Shown on the developer's screen.")
