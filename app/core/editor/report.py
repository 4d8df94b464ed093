"""One editor context report: the protocol's schema, its caps, and the checks every field passes.

An editor sends `{"editor_context": {...}}` as one JSON line on the app's local socket
(app.core.instance). Everything in it is hostile until checked: the fields are typed and
capped, unknown fields are refused (a typo must not pass silently), and the file path goes
through the same guard as the read_file tool (app.core.agent.tools.path_guard): relative to
the repository root, never absolute, never through a symbolic link, never into .git or a
secret file, never outside. A refusal is a ReportRefused whose message says why in one line.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.agent.tools.path_guard import MAX_PATH_CHARS, resolve_in
from app.core.errors import PathRefused, ReportRefused

LINE_LIMIT = 64 * 1024  # bytes of one report line; the socket refuses a longer one before parsing it
SELECTION_CHARS = 4000  # more is cut here (and marked), not refused: a long selection is ordinary
MAX_DIAGNOSTICS = 10  # kept, errors first and nearest the cursor first; a report may carry up to
MAX_DIAGNOSTICS_IN = 500  # ... this many (more is malformed, not a busy file)
MESSAGE_CHARS = 300
SOURCE_CHARS = 40
EDITOR_CHARS = 40
MAX_LINE = 10_000_000
SEVERITIES = ("error", "warning", "info", "hint")
FIELDS = frozenset({"editor", "root", "path", "line", "column", "selection", "visible", "diagnostics"})
DIAGNOSTIC_FIELDS = frozenset({"severity", "line", "message", "source"})

_EDITOR_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]*$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # tab and newline stay in a selection


@dataclass(frozen=True)
class Diagnostic:
    severity: str
    line: int
    message: str
    source: str = ""


@dataclass(frozen=True)
class EditorReport:
    """A checked report: `root` is resolved and absolute, `path` relative to it with forward slashes."""

    editor: str
    root: str
    path: str
    line: int
    column: int
    selection: str = ""
    selection_cut: bool = False  # the selection was longer than SELECTION_CHARS
    visible: tuple[int, int] | None = None
    diagnostics: tuple[Diagnostic, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The report as the protocol spells it (for `voice-dev-agent context --json`)."""
        return {
            "editor": self.editor,
            "root": self.root,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "selection": self.selection,
            "selection_cut": self.selection_cut,
            "visible": list(self.visible) if self.visible else None,
            "diagnostics": [
                {"severity": d.severity, "line": d.line, "message": d.message, "source": d.source}
                for d in self.diagnostics
            ],
        }


def parse(raw: object) -> EditorReport:
    """The checked report in `raw` (the decoded `editor_context` value), or ReportRefused saying why."""
    if not isinstance(raw, dict):
        raise ReportRefused("editor_context must be a JSON object")
    unknown = sorted(str(name)[:40] for name in raw if name not in FIELDS)
    if unknown:
        raise ReportRefused(f"unknown fields: {', '.join(unknown[:5])}")
    editor = _text(raw, "editor", EDITOR_CHARS, required=True)
    if not _EDITOR_NAME.match(editor):
        raise ReportRefused("editor must be a plain name such as 'nvim'")
    root = _root(raw.get("root"))
    path = _path(root, raw.get("path"))
    line = _number(raw, "line", MAX_LINE)
    column = _number(raw, "column", MAX_LINE)
    selection, cut = _selection(raw.get("selection", ""))
    return EditorReport(
        editor=editor,
        root=root,
        path=path,
        line=line,
        column=column,
        selection=selection,
        selection_cut=cut,
        visible=_visible(raw.get("visible")),
        diagnostics=_diagnostics(raw.get("diagnostics", []), line),
    )


def _text(raw: dict[str, Any], name: str, limit: int, *, required: bool = False) -> str:
    value = raw.get(name, "")
    if not isinstance(value, str):
        raise ReportRefused(f"{name} must be text")
    if required and not value.strip():
        raise ReportRefused(f"{name} is missing")
    return _plain(value)[:limit].strip()


def _plain(text: str) -> str:
    """One line of display text: control and invisible characters become spaces."""
    if text.isascii():
        return _CONTROL.sub(" ", text).replace("\n", " ").replace("\t", " ")
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") else ch for ch in text)


def _number(raw: dict[str, Any], name: str, top: int, *, value: object = None) -> int:
    value = raw.get(name) if value is None else value
    # bool is an int to Python, and 42.0 is not a line number the editor would send.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ReportRefused(f"{name} must be a whole number from 1")
    if not 1 <= value <= top:
        raise ReportRefused(f"{name} must be between 1 and {top}")
    return value


def _root(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ReportRefused("root must be the repository's absolute path")
    if len(value) > MAX_PATH_CHARS or _CONTROL.search(value) or "\n" in value or "\t" in value:
        raise ReportRefused("root is too long or contains control characters")
    folder = Path(value)
    if not folder.is_absolute():
        raise ReportRefused("root must be an absolute path")
    try:
        resolved = folder.resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        raise ReportRefused("root does not exist") from exc
    if not (resolved / ".git").exists():
        raise ReportRefused("root is not the top folder of a git repository")
    return str(resolved)


def _path(root: str, value: object) -> str:
    """The read_file tool's own guard: what it refuses to read is not reported either."""
    try:
        return resolve_in(root, value).relative
    except PathRefused as exc:
        raise ReportRefused(f"path refused: {exc}") from exc


def _selection(value: object) -> tuple[str, bool]:
    if not isinstance(value, str):
        raise ReportRefused("selection must be text")
    cut = len(value) > SELECTION_CHARS
    text = value[:SELECTION_CHARS].replace("\r\n", "\n")
    if text.isascii():
        return _CONTROL.sub(" ", text), cut
    keep = ("\n", "\t")
    return "".join(
        ch if ch in keep or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp") else " " for ch in text
    ), cut


def _visible(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ReportRefused("visible must be [first line, last line]")
    first = _number({}, "visible", MAX_LINE, value=value[0])
    last = _number({}, "visible", MAX_LINE, value=value[1])
    if last < first:
        raise ReportRefused("visible's last line comes before its first")
    return first, last


def _diagnostics(value: object, cursor: int) -> tuple[Diagnostic, ...]:
    if not isinstance(value, list):
        raise ReportRefused("diagnostics must be a list")
    if len(value) > MAX_DIAGNOSTICS_IN:
        raise ReportRefused(f"more than {MAX_DIAGNOSTICS_IN} diagnostics")
    found: list[Diagnostic] = []
    for item in value:
        if not isinstance(item, dict):
            raise ReportRefused("each diagnostic must be an object")
        unknown = [str(name)[:40] for name in item if name not in DIAGNOSTIC_FIELDS]
        if unknown:
            raise ReportRefused(f"unknown diagnostic fields: {', '.join(unknown[:5])}")
        severity = item.get("severity")
        if severity not in SEVERITIES:
            raise ReportRefused(f"a diagnostic's severity must be one of {', '.join(SEVERITIES)}")
        message = _text(item, "message", MESSAGE_CHARS, required=True)
        found.append(
            Diagnostic(str(severity), _number(item, "line", MAX_LINE), message, _text(item, "source", SOURCE_CHARS))
        )
    # What a question about "this" most likely means: errors first, then what is nearest the cursor.
    found.sort(key=lambda d: (SEVERITIES.index(d.severity), abs(d.line - cursor), d.line))
    return tuple(found[:MAX_DIAGNOSTICS])
