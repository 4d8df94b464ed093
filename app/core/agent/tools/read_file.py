"""The `read_file` tool: numbered lines of one file in the repository, read-only, with hard refusals."""

from __future__ import annotations

import codecs
import logging
import os
from pathlib import Path
from typing import Any

from app.core.agent.tools.disclosure import content_refusal, read_bytes
from app.core.agent.tools.path_guard import PathRefused, RepoPath, resolve
from app.core.agent.tools.record import POSITIVE_INTEGER, STRING, Tool, ToolContext, definition, one_line
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 1_000_000
MAX_LINES = 200
MAX_CHARS = 16_000
MAX_LINE_CHARS = 4_000
_LISTING_ENTRIES = 100


class _BadInput(Exception):
    """An argument is malformed; the message is one line for the model."""


def read_file(repo: Path, path: object, start_line: object = None, end_line: object = None) -> ToolResult:
    """Numbered lines `start_line`..`end_line` (1-based, inclusive) of `path` inside `repo`."""
    try:
        start = _line_number("start_line", start_line)
        end = _line_number("end_line", end_line)
        if start is not None and end is not None and end < start:
            raise _BadInput(f"end_line ({end}) is before start_line ({start})")
        target = resolve(repo, path, allow_dir=True, allow_root=True)
        if target.is_dir:
            return ToolResult.error(_folder_listing(target))
        text = _load_text(target)
        return _numbered(target.relative, text, start, end)
    except (PathRefused, _BadInput) as exc:
        return ToolResult.error(f"Refused: {exc}.")
    except Exception:
        log.exception("read_file failed")
        return ToolResult.error("Could not read that file because of an unexpected problem; try another file.")


def _line_number(name: str, value: object) -> int | None:
    if value is None:
        return None
    # bool is an int subclass; True must not mean line 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _BadInput(f"{name} must be a whole number such as 1, not {type(value).__name__}")
    if value < 1:
        raise _BadInput(f"{name} must be 1 or more (lines are numbered from 1)")
    return value


def _load_text(target: RepoPath) -> str:
    data = read_bytes(target, MAX_FILE_BYTES)
    if data is None:
        raise PathRefused(f"'{target.relative}' is over the 1 MB limit; use search_code to find the part you need")
    reason = content_refusal(target.relative, data)  # the same decision search_code makes
    if reason:
        raise PathRefused(reason)
    return _decode(target.relative, data)


def _decode(relative: str, data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if b"\0" in data:
        raise PathRefused(f"'{relative}' is a binary file; only text files can be read")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # Not UTF-8: still text if control bytes are rare (a Latin-1 file, say); otherwise binary.
    controls = sum(1 for b in data[:8192] if b < 32 and b not in (9, 10, 12, 13, 27))
    if controls > len(data[:8192]) // 20:
        raise PathRefused(f"'{relative}' is a binary file; only text files can be read")
    return data.decode("utf-8", errors="replace")


def _numbered(relative: str, text: str, start: int | None, end: int | None) -> ToolResult:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    total = len(lines)
    if total == 0:
        return ToolResult(f"{relative} is empty (0 lines).")
    first = start or 1
    if first > total:
        return ToolResult.error(f"Refused: start_line {first} is past the end; {relative} has {total} lines.")
    last = min(end or total, total, first + MAX_LINES - 1)
    width = len(str(last))
    body: list[str] = []
    used = 0
    cut_lines = 0
    shown_last = first - 1
    budget = MAX_CHARS - 400  # room for the header and the footer
    for number in range(first, last + 1):
        line = lines[number - 1].rstrip("\r")
        if len(line) > MAX_LINE_CHARS:
            line = f"{line[:MAX_LINE_CHARS]} … [line cut: {len(line) - MAX_LINE_CHARS:,} more characters]"
            cut_lines += 1
        entry = f"{number:>{width}}  {line}"
        if body and used + len(entry) + 1 > budget:
            break
        body.append(entry)
        used += len(entry) + 1
        shown_last = number
    header = f"{relative}: lines {first}-{shown_last} of {total}"
    notes = []
    if cut_lines:
        notes.append(
            f"{cut_lines} long line(s) were cut (minified or generated text?); search_code finds text inside them."
        )
    if shown_last < total and (end is None or shown_last < end):
        notes.append(f"More lines follow: ask again with start_line={shown_last + 1}.")
    return ToolResult("\n".join([header, *body, *notes]))


def _folder_listing(target: RepoPath) -> str:
    shown = target.relative or "the repository root"
    try:
        entries = sorted(os.scandir(target.absolute), key=lambda e: e.name)
    except OSError as exc:
        return f"Refused: '{shown}' is a folder and cannot be listed ({exc.strerror})."
    names = []
    for entry in entries:
        if entry.name == ".git":
            continue
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        names.append(entry.name + ("/" if is_dir else ""))
    listed = ", ".join(names[:_LISTING_ENTRIES])
    more = f" and {len(names) - _LISTING_ENTRIES} more" if len(names) > _LISTING_ENTRIES else ""
    return f"'{shown}' is a folder, not a file. It contains: {listed or 'nothing'}{more}. Read one of its files."


def _run(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return read_file(context.repo, args.get("path"), args.get("start_line"), args.get("end_line"))


TOOL = Tool(
    "read_file",
    definition(
        "read_file",
        "Numbered lines of one file in the repository (at most 200 lines per call).",
        {
            "path": {**STRING, "description": "path relative to the repository root"},
            "start_line": {**POSITIVE_INTEGER, "description": "first line, 1-based"},
            "end_line": {**POSITIVE_INTEGER, "description": "last line, inclusive"},
        },
        required=("path",),
    ),
    run=_run,
    source=lambda args: one_line(args.get("path", ""), 200),
    label=lambda args: QT_TRANSLATE_NOOP("tools", "reading {path}").format(path=one_line(args["path"], 60)),
    looks_at_repository=True,
    shows_file_text=True,
)
