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

from app.core import trust
from app.core.agent import tools
from app.core.agent.events import ScreenContent
from app.core.agent.tools.masking import mask_result
from app.core.memory import MemoryStore
from app.core.settings import Settings
from app.core.tool_result import ToolResult

log = logging.getLogger(__name__)

SCREEN_TEXT_CAP = 60_000  # characters of Markdown one show_on_screen call may carry

_STRING = {"type": "string"}
_INTEGER = {"type": "integer", "minimum": 1}
_MEMORY_LABELS = {
    "view": "checking memory",
    "create": "remembering",
    "str_replace": "remembering",
    "insert": "remembering",
    "delete": "forgetting",
    "rename": "tidying memory",
}


@dataclass(frozen=True)
class Tool:
    """One agent tool in one place: what the API is told, how a checked call runs, what a person sees."""

    name: str
    definition: dict[str, Any]  # exactly as sent in the request's `tools`
    run: Callable[[Toolbox, dict[str, Any], threading.Event, str], ToolResult]  # box, args, cancel, user words
    label: Callable[[dict[str, Any]], str]  # a few words for the tray, from the checked arguments

    @property
    def schema(self) -> dict[str, Any] | None:
        """The input schema calls are checked against; None for a tool the API defines (the memory)."""
        return self.definition.get("input_schema")


def _definition(
    name: str, description: str, properties: dict[str, Any], required: tuple[str, ...] = ()
) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    schema["additionalProperties"] = False
    return {"name": name, "description": description, "input_schema": schema}


@dataclass(frozen=True)
class Call:
    """One tool call from the model, checked: `problem` is set when it must not run."""

    name: str
    args: dict[str, Any]
    problem: str = ""


def check(name: object, tool_input: object) -> Call:
    """Validate a call against the definitions (name, object input, required, types, no extras)."""
    tool = TOOLS.get(name) if isinstance(name, str) else None
    if tool is None:
        shown = _clean(str(name), 40)
        return Call(shown, {}, f"Unknown tool '{shown}'. Available tools: {', '.join(TOOL_NAMES)}.")
    if not isinstance(tool_input, dict):
        return Call(tool.name, {}, f"The input of {tool.name} must be a JSON object.")
    schema = tool.schema
    if schema is None:  # the store checks memory commands itself, with the documented messages
        return Call(tool.name, tool_input)
    name = tool.name
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
    if call.problem:
        return f"trying {call.name}" if call.name in TOOLS else "trying an unknown tool"
    return TOOLS[call.name].label(call.args)


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
        ask_trust: Callable[[trust.TrustRequest], None] | None = None,
    ) -> None:
        self.repo = repo
        self._gate = trust.Gate(ask_trust)  # one per session: the person is asked once
        self.memory = memory
        self._session_id = session_id
        self._on_screen = on_screen
        commands = settings.commands_for(repo)
        self._build_command = commands.build
        self._test_command = commands.test
        self._timeout = float(settings.tool_timeout_seconds)

    def run(self, call: Call, *, cancel: threading.Event, user_words: str = "") -> ToolResult:
        """Run one call; every failure, even a bug in a tool, comes back as an error result.

        Whatever a tool returns passes the secret masking first: this is the one way back to the model.
        """
        if call.problem:
            return ToolResult.error(call.problem)
        try:
            return mask_result(TOOLS[call.name].run(self, call.args, cancel, user_words))
        except Exception as exc:  # a tool bug must not end the turn: the model reads the failure
            log.exception("tool %s failed", call.name)
            return ToolResult.error(f"{call.name} failed unexpectedly ({type(exc).__name__}). Try another way.")

    def _build(self, args: dict[str, Any], cancel: threading.Event) -> ToolResult:
        return tools.run_build(
            self.repo,
            args.get("project"),
            command=self._build_command,
            timeout=self._timeout,
            cancel=cancel,
            gate=self._gate,
        )

    def _test(self, args: dict[str, Any], cancel: threading.Event) -> ToolResult:
        return tools.run_tests(
            self.repo,
            args.get("project"),
            args.get("filter"),
            command=self._test_command,
            timeout=self._timeout,
            cancel=cancel,
            gate=self._gate,
        )

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


def _memory_label(args: dict[str, Any]) -> str:
    command = args.get("command")
    return _MEMORY_LABELS.get(command, "using memory") if isinstance(command, str) else "using memory"


REGISTRY: tuple[Tool, ...] = (
    Tool(
        "git_status",
        _definition("git_status", "Branch, upstream ahead/behind, changed files and the last few commits.", {}),
        run=lambda box, args, cancel, words: tools.git_status(box.repo),
        label=lambda args: "checking git status",
    ),
    Tool(
        "build",
        _definition(
            "build",
            "Build the repository (or one project in it) with its own toolchain. "
            "Returns the exit code and a digest of errors and warnings.",
            {"project": {**_STRING, "description": "project path or name; omit for all"}},
        ),
        run=lambda box, args, cancel, words: box._build(args, cancel),
        label=lambda args: f"building {_clean(args['project'], 40)}" if args.get("project") else "building",
    ),
    Tool(
        "test",
        _definition(
            "test",
            "Run the tests (optionally one project, optionally filtered). Returns counts and the failures.",
            {
                "project": {**_STRING, "description": "project path or name; omit for all"},
                "filter": {**_STRING, "description": "test name or pattern to select tests"},
            },
        ),
        run=lambda box, args, cancel, words: box._test(args, cancel),
        label=lambda args: (
            f"running tests for {_clean(args.get('filter') or args['project'], 40)}"
            if args.get("filter") or args.get("project")
            else "running tests"
        ),
    ),
    Tool(
        "read_file",
        _definition(
            "read_file",
            "Numbered lines of one file in the repository (at most 200 lines per call).",
            {
                "path": {**_STRING, "description": "path relative to the repository root"},
                "start_line": {**_INTEGER, "description": "first line, 1-based"},
                "end_line": {**_INTEGER, "description": "last line, inclusive"},
            },
            required=("path",),
        ),
        run=lambda box, args, cancel, words: tools.read_file(
            box.repo, args.get("path"), args.get("start_line"), args.get("end_line")
        ),
        label=lambda args: f"reading {_clean(args['path'], 60)}",
    ),
    Tool(
        "search_code",
        _definition(
            "search_code",
            "Search tracked files with git grep (extended regular expression; case-insensitive "
            "when the pattern is all lower-case); matching lines with file names and line numbers.",
            {
                "pattern": {**_STRING, "description": "extended regular expression, e.g. 'class \\w+Orchestrator'"},
                "path": {**_STRING, "description": "limit to this folder or file"},
            },
            required=("pattern",),
        ),
        run=lambda box, args, cancel, words: tools.search_code(box.repo, args.get("pattern"), args.get("path")),
        label=lambda args: f"searching for {_clean(args['pattern'], 40)}",
    ),
    Tool(
        "show_on_screen",
        _definition(
            "show_on_screen",
            "Show Markdown in a panel on the developer's screen, for anything too long "
            "to say: code, error lists, steps. Returns at once.",
            {
                "text": {**_STRING, "description": "Markdown to show"},
                "title": {**_STRING, "description": "short title for the panel"},
            },
            required=("text",),
        ),
        run=lambda box, args, cancel, words: box._show(args),
        label=lambda args: "showing it on screen",
    ),
    Tool(
        "memory",
        {"type": "memory_20250818", "name": "memory"},
        run=lambda box, args, cancel, words: box.memory.execute(args, session_id=box._session_id, user_words=words),
        label=_memory_label,
    ),
)
TOOLS: dict[str, Tool] = {tool.name: tool for tool in REGISTRY}
TOOL_NAMES = tuple(TOOLS)


def definitions(*, include_memory: bool = True) -> list[dict[str, Any]]:
    """The `tools` of a request, in order; without the memory tool when the repository's memory is off."""
    return [tool.definition for tool in REGISTRY if include_memory or tool.name != "memory"]


TOOL_DEFINITIONS: list[dict[str, Any]] = definitions()
