"""Turn the model's raw tool input into a checked command, or say exactly what is wrong with it."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.memory import vpath
from app.core.memory.text import quoted
from app.core.memory.vpath import VirtualPath


class InvalidCommand(ValueError):
    """The input is malformed; the message is the error text for the model."""


@dataclass(frozen=True)
class View:
    path: VirtualPath
    view_range: tuple[int, int] | None = None


@dataclass(frozen=True)
class Create:
    path: VirtualPath
    file_text: str


@dataclass(frozen=True)
class StrReplace:
    path: VirtualPath
    old_str: str
    new_str: str


@dataclass(frozen=True)
class Insert:
    path: VirtualPath
    insert_line: int
    insert_text: str


@dataclass(frozen=True)
class Delete:
    path: VirtualPath


@dataclass(frozen=True)
class Rename:
    old_path: VirtualPath
    new_path: VirtualPath


Command = View | Create | StrReplace | Insert | Delete | Rename

# command -> (required fields, optional fields), besides "command" itself
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "view": (("path",), ("view_range",)),
    "create": (("path", "file_text"), ()),
    "str_replace": (("path", "old_str"), ("new_str",)),
    "insert": (("path", "insert_line", "insert_text"), ()),
    "delete": (("path",), ()),
    "rename": (("old_path", "new_path"), ()),
}


def _show(value: object) -> str:
    return quoted(repr(value), 80)


def _text(raw: dict[str, object], name: str, command: str) -> str:
    value = raw[name]
    if not isinstance(value, str):
        raise InvalidCommand(f"Error: `{name}` must be a string for command `{command}`, got {_show(value)}.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidCommand(f"Error: `{name}` contains characters that are not valid Unicode text.") from exc
    if "\x00" in value:
        raise InvalidCommand(f"Error: `{name}` contains a NUL character; memory files hold plain text.")
    return value


def _path(raw: dict[str, object], name: str) -> VirtualPath:
    try:
        return vpath.parse(raw[name])
    except vpath.PathRefused as exc:
        raise InvalidCommand(f"Error: {exc}") from exc


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _view_range(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    usage = (
        "It should be a list of two integers [start_line, end_line] with 1 <= start_line <= end_line, "
        "or end_line -1 for the end of the file."
    )
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(_integer(v) for v in value):
        raise InvalidCommand(f"Error: Invalid `view_range` parameter: {_show(value)}. {usage}")
    start, end = int(value[0]), int(value[1])
    if start < 1 or (end != -1 and end < start):
        raise InvalidCommand(f"Error: Invalid `view_range` parameter: [{start}, {end}]. {usage}")
    return start, end


def parse(raw: object) -> Command:
    """The checked command; raises InvalidCommand with the error text for the model."""
    if not isinstance(raw, dict):
        raise InvalidCommand("Error: The memory tool input must be an object with a `command` field.")
    name = raw.get("command")
    if name is None:
        raise InvalidCommand("Error: Missing required parameter `command`.")
    if not isinstance(name, str) or name not in FIELDS:
        raise InvalidCommand(f"Error: Unknown command {_show(name)}. Use one of: {', '.join(FIELDS)}.")
    required, optional = FIELDS[name]
    for key in raw:
        if key != "command" and key not in required and key not in optional:
            accepted = ", ".join((*required, *optional))
            raise InvalidCommand(f"Error: {_show(key)} is not a parameter of `{name}` (it takes: {accepted}).")
    for key in required:
        if key not in raw:
            raise InvalidCommand(f"Error: Missing required parameter `{key}` for command `{name}`.")
    if name == "view":
        return View(_path(raw, "path"), _view_range(raw.get("view_range")))
    if name == "create":
        return Create(_path(raw, "path"), _text(raw, "file_text", name))
    if name == "str_replace":
        new_str = "" if raw.get("new_str") is None else _text(raw, "new_str", name)
        old_str = _text(raw, "old_str", name)
        if not old_str:
            raise InvalidCommand("Error: `old_str` must not be empty.")
        return StrReplace(_path(raw, "path"), old_str, new_str)
    if name == "insert":
        line = raw["insert_line"]
        if not _integer(line):
            raise InvalidCommand(f"Error: `insert_line` must be an integer, got {_show(line)}.")
        return Insert(_path(raw, "path"), int(line), _text(raw, "insert_text", name))
    if name == "delete":
        return Delete(_path(raw, "path"))
    return Rename(_path(raw, "old_path"), _path(raw, "new_path"))
