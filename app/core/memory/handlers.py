"""Carry out each memory command inside the folder, with the result strings the documentation gives.

Called with the folder's lock held. Every refusal comes back as an error ToolResult; exceptions
from the folder layer are turned into messages here, and anything left is caught by the store.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.memory import credentials, limits, text
from app.core.memory.command import Command, Create, Delete, Insert, Rename, StrReplace, View
from app.core.memory.folder import Folder, LinkRefused, Missing, NotADirectory, NotAFile, TooLarge
from app.core.memory.journal import Journal
from app.core.memory.vpath import ROOT, PathRefused, VirtualPath, parse
from app.core.tool_result import ToolResult

_HIDDEN_FROM_LISTING = ("node_modules",)


@dataclass(frozen=True)
class Context:
    folder: Folder
    journal: Journal
    session_id: str
    user_words: str


def _error(message: str) -> ToolResult:
    return ToolResult.error(message)


def read_text(folder: Folder, parts: tuple[str, ...]) -> str:
    """A memory file's text; bytes that are not UTF-8 (a file edited by hand) show as replacement marks."""
    return folder.read_bytes(parts, limits.READ_LIMIT_BYTES).decode("utf-8", errors="replace")


def memory_files(folder: Folder) -> list[VirtualPath]:
    """Every file the model could address, in a stable order (hidden and odd names left out)."""
    found: list[VirtualPath] = []
    for parts in folder.walk_files():
        try:
            found.append(parse("/".join((ROOT, *parts))))
        except PathRefused:
            continue
    return found


def total_chars(folder: Folder) -> int:
    total = 0
    for vp in memory_files(folder):
        try:
            total += len(read_text(folder, vp.parts))
        except (TooLarge, OSError, LinkRefused, NotAFile, Missing, NotADirectory):
            continue
    return total


def run(ctx: Context, command: Command) -> ToolResult:
    path = command.old_path if isinstance(command, Rename) else command.path
    try:
        if isinstance(command, View):
            return _view(ctx, command)
        if isinstance(command, Create):
            return _create(ctx, command)
        if isinstance(command, StrReplace):
            return _str_replace(ctx, command)
        if isinstance(command, Insert):
            return _insert(ctx, command)
        if isinstance(command, Delete):
            return _delete(ctx, command)
        return _rename(ctx, command)
    except LinkRefused:
        return _error(f"Error: The path {path} is or passes through a symbolic link; the memory never follows links.")
    except NotAFile:
        return _error(f"Error: The path {path} is not a regular file.")
    except TooLarge:
        return _error(f"Error: The file {path} is too large to open; delete it.")
    except NotADirectory:
        return _error(f"Error: A part of the path {path} is a file, not a directory.")
    except Missing:
        return _error(f"Error: The path {path} does not exist")


def _refuse_text(*texts: str) -> ToolResult | None:
    for value in texts:
        kind = credentials.find_credential(value)
        if kind:
            return _error(credentials.refusal(kind))
    return None


def _write(ctx: Context, vp: VirtualPath, old: str | None, new: str, command: str) -> ToolResult | None:
    """Check the new content of one file against the credential filter and the caps, then write it."""
    # Caps first: they are cheap, and they bound the text the credential patterns have to scan.
    old_chars = len(old) if old is not None else 0
    over = limits.check(vp.text, old_chars, len(new), total_chars(ctx.folder))
    if over:
        return _error(over)
    refused = _refuse_text(vp.text, new)
    if refused:
        return refused
    ctx.folder.write_bytes(vp.parts, new.encode("utf-8"))
    ctx.journal.record("write", command, [vp.text], session_id=ctx.session_id, user_words=ctx.user_words)
    return None


def _view(ctx: Context, cmd: View) -> ToolResult:
    vp = cmd.path
    kind = ctx.folder.kind(vp.parts)
    if kind == "missing" and vp.is_root:
        return ToolResult(text.listing(vp.text, 0, []))
    if kind == "missing":
        return _error(f"The path {vp} does not exist. Please provide a valid path.")
    if kind == "dir":
        items: list[tuple[str, int]] = []
        _collect(ctx.folder, vp, vp.parts, 1, items)
        return ToolResult(text.listing(vp.text, ctx.folder.dir_size(vp.parts), items))
    content = read_text(ctx.folder, vp.parts)
    lines = text.split_lines(content)
    if len(lines) > text.MAX_LINES:
        return _error(f"File {vp} exceeds maximum line limit of 999,999 lines.")
    first = 1
    if cmd.view_range is not None:
        start, end = cmd.view_range
        if start > max(len(lines), 1):
            return _error(
                f"Error: Invalid `view_range`: [{start}, {end}]. Its first element `{start}` should be within "
                f"the range of lines of the file: [1, {len(lines)}]"
            )
        stop = len(lines) if end == -1 else min(end, len(lines))
        lines, first = lines[start - 1 : stop], start
    ctx.journal.record("read", "view", [vp.text], session_id=ctx.session_id, user_words=ctx.user_words)
    return ToolResult(text.file_view(vp.text, lines, first, len(text.split_lines(content))))


def _collect(folder: Folder, base: VirtualPath, parts: tuple[str, ...], depth: int, out: list[tuple[str, int]]) -> None:
    for entry in folder.entries(parts):
        if entry.name.startswith(".") or entry.name in _HIDDEN_FROM_LISTING:
            continue
        child = (*parts, entry.name)
        shown = "/".join((base.text, *child[len(base.parts) :]))
        out.append((shown + "/" if entry.is_dir else shown, entry.size))
        if entry.is_dir and depth < 2:
            _collect(folder, base, child, depth + 1, out)


def _create(ctx: Context, cmd: Create) -> ToolResult:
    vp = cmd.path
    if vp.is_root:
        return _error(f"Error: {ROOT} is the memory directory itself; give a file path such as {ROOT}/notes.md")
    kind = ctx.folder.kind(vp.parts)
    if kind == "dir":
        return _error(f"Error: The path {vp} is a directory; give a file path inside it.")
    old = read_text(ctx.folder, vp.parts) if kind == "file" else None
    refused = _write(ctx, vp, old, cmd.file_text, "create")
    return refused or ToolResult(f"File created successfully at: {vp}")


def _existing_file(ctx: Context, vp: VirtualPath) -> str | None:
    return read_text(ctx.folder, vp.parts) if not vp.is_root and ctx.folder.kind(vp.parts) == "file" else None


def _str_replace(ctx: Context, cmd: StrReplace) -> ToolResult:
    vp = cmd.path
    content = _existing_file(ctx, vp)
    if content is None:
        return _error(f"Error: The path {vp} does not exist. Please provide a valid path.")
    positions: list[int] = []
    at = content.find(cmd.old_str)
    while at != -1:
        positions.append(at)
        at = content.find(cmd.old_str, at + 1)
    shown = text.quoted(cmd.old_str)
    if not positions:
        return _error(f"No replacement was performed, old_str `{shown}` did not appear verbatim in {vp}.")
    if len(positions) > 1:
        lines = sorted({content.count("\n", 0, p) + 1 for p in positions})
        return _error(
            f"No replacement was performed. Multiple occurrences of old_str `{shown}` in lines: "
            f"{', '.join(map(str, lines))}. Please ensure it is unique"
        )
    at = positions[0]
    new_content = content[:at] + cmd.new_str + content[at + len(cmd.old_str) :]
    refused = _write(ctx, vp, content, new_content, "str_replace")
    if refused:
        return refused
    changed_line = content.count("\n", 0, at)
    return ToolResult(
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
        + text.snippet(new_content, changed_line, cmd.new_str.count("\n") + 1)
    )


def _insert(ctx: Context, cmd: Insert) -> ToolResult:
    vp = cmd.path
    content = _existing_file(ctx, vp)
    if content is None:
        return _error(f"Error: The path {vp} does not exist")
    lines = text.split_lines(content)
    if not 0 <= cmd.insert_line <= len(lines):
        return _error(
            f"Error: Invalid `insert_line` parameter: {cmd.insert_line}. It should be within the range of "
            f"lines of the file: [0, {len(lines)}]"
        )
    inserted = cmd.insert_text[:-1] if cmd.insert_text.endswith("\n") else cmd.insert_text
    lines[cmd.insert_line : cmd.insert_line] = inserted.split("\n")
    refused = _write(ctx, vp, content, "\n".join(lines) + "\n", "insert")
    return refused or ToolResult(f"The file {vp} has been edited.")


def _delete(ctx: Context, cmd: Delete) -> ToolResult:
    vp = cmd.path
    if vp.is_root:
        return _error(f"Error: The {ROOT} directory itself cannot be deleted.")
    if ctx.folder.kind(vp.parts) == "missing":
        return _error(f"Error: The path {vp} does not exist")
    ctx.folder.delete(vp.parts)
    ctx.journal.forget_path(vp.text)
    return ToolResult(f"Successfully deleted {vp}")


def _rename(ctx: Context, cmd: Rename) -> ToolResult:
    old, new = cmd.old_path, cmd.new_path
    if old.is_root:
        return _error(f"Error: The {ROOT} directory itself cannot be renamed.")
    if new.is_root:
        return _error(f"Error: The destination {new} already exists")
    refused = _refuse_text(new.text)
    if refused:
        return refused
    kind = ctx.folder.kind(old.parts)
    if kind == "missing":
        return _error(f"Error: The path {old} does not exist")
    if new.is_within(old):
        return _error(f"Error: Cannot move {old} into itself ({new}).")
    if ctx.folder.kind(new.parts) != "missing":
        return _error(f"Error: The destination {new} already exists")
    ctx.folder.rename(old.parts, new.parts)
    ctx.journal.move(old.text, new.text)
    moved = [new] if kind == "file" else [vp for vp in memory_files(ctx.folder) if vp.is_within(new)]
    ctx.journal.record(
        "write",
        "rename",
        [vp.text for vp in moved],
        session_id=ctx.session_id,
        user_words=ctx.user_words,
        detail=f"from {old}",
    )
    return ToolResult(f"Successfully renamed {old} to {new}")
