"""Name the function or class around a cursor line, from the lines above it (a heuristic, no parser)."""

from __future__ import annotations

import re

from app.core.agent.tools.path_guard import resolve_in
from app.core.errors import PathRefused

MAX_BYTES = 1024 * 1024  # the read_file tool's own limit: a larger file is not read for a name either
LOOK_BACK = 2000  # lines above the cursor that are looked at

# def/class (Python), function (JavaScript, Lua, PHP), func (Go, with a receiver), fn (Rust), sub (Perl).
_DEFINITION = re.compile(
    r"^(?P<indent>[ \t]*)(?:(?:export|pub(?:\([\w:]+\))?|async|static|local|public|private|protected|default)\s+)*"
    r"(?:def|class|function|func|fn|sub|interface|struct|impl|trait)\s+(?:\([^)]*\)\s*)?"
    r"(?P<name>[A-Za-z_$][\w$.:]*)"
)


def enclosing_name(root: str, path: str, line: int) -> str:
    """The nearest definition at or above `line` (1-based) that encloses it by indentation; "" when none is found.

    The path was checked when the report arrived; it is checked again here because the file may have
    been swapped for a link since.
    """
    try:
        checked = resolve_in(root, path)
    except PathRefused:
        return ""
    if checked.info is None or checked.info.st_size > MAX_BYTES:
        return ""
    try:
        with open(checked.location, encoding="utf-8", errors="replace") as handle:
            lines = [text for _, text in zip(range(line), handle, strict=False)]
    except OSError:
        return ""
    if len(lines) < line:
        return ""
    cursor = lines[-1]
    # A blank cursor line is inside whatever definition comes above it.
    indent = _indent(cursor) if cursor.strip() else None
    for number in range(len(lines) - 1, max(-1, len(lines) - 1 - LOOK_BACK), -1):
        found = _DEFINITION.match(lines[number])
        if found is None:
            continue
        if number == len(lines) - 1 or indent is None or _indent(found.group("indent")) < indent:
            return found.group("name").rstrip(":.")  # "class Ledger:" is Ledger; Lua's M:name keeps its colon
    return ""


def _indent(text: str) -> int:
    expanded = text.expandtabs(4)
    return len(expanded) - len(expanded.lstrip(" "))
