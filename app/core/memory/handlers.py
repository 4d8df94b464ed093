"""Carry out each memory command on a store's texts, with the result strings the documentation gives.

One job at about 520 lines: the six commands and the one write path they all end in (guards, gate, held
lines, repeats, lost updates, journal) are one step, carrying out a command in the lock, over one Context.
Called inside the backend's one-command lock or transaction. Every refusal comes back as an error ToolResult; exceptions
from the texts (`folder` errors) are turned into messages here, and anything left is caught by the store.
Every change is journaled with its old and new text, so it can be shown and undone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from app.core.memory import agent_view, credentials, limits, lines, repeats, standing, text
from app.core.memory.backend import Texts
from app.core.memory.command import Command, Create, Delete, Insert, Rename, StrReplace, View
from app.core.memory.folder import FolderError, LinkRefused, Missing, NotADirectory, NotAFile, TooLarge
from app.core.memory.journal import Journal, NewChange, OpContext
from app.core.memory.pending import HeldLine, LineOrigin, Split, line_key
from app.core.memory.vpath import ROOT, PathRefused, VirtualPath, parse
from app.core.tool_result import ToolResult

_HIDDEN_FROM_LISTING = ("node_modules",)

# The write gate: (path, old text, new text, every file's text) -> the refusal text for the model, or None.
Gate = Callable[[str, str | None, str, Mapping[str, str]], str | None]
# What of an agent's write waits for the developer: (path, old text, new text) -> the split (see `pending`).
Holder = Callable[[str, str | None, str], Split]


@dataclass
class Context:
    texts: Texts
    journal: Journal
    op: OpContext
    gate: Gate | None = None  # None for a person's writes: a person decides
    hold: Holder | None = None  # None for a person's writes: a person's lines are theirs
    changes: list[NewChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said after the command's own result (lines confirmed)
    held: list[HeldLine] = field(default_factory=list)  # lines of this command that wait for the developer
    archived: agent_view.Archived | None = None  # the agent's: its view and writes leave archived lines out

    def shown(self, vp: VirtualPath, content: str) -> agent_view.Shown:
        """`content` as this command's author sees it (a person sees every line)."""
        return (
            agent_view.shown(content, self.archived(vp.text, content))
            if self.archived
            else agent_view.Shown(content, content)
        )

    @property
    def session_id(self) -> str:
        return self.op.session_id

    @property
    def by_agent(self) -> bool:
        return self.op.by == "agent"


def _error(message: str) -> ToolResult:
    return ToolResult.error(message)


def digest(content: str) -> str:
    return hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()


def read_text(texts: Texts, parts: tuple[str, ...]) -> str:
    """A memory file's text; bytes that are not UTF-8 (a file edited by hand) show as replacement marks."""
    return texts.read_bytes(parts, limits.READ_LIMIT_BYTES).decode("utf-8", errors="replace")


def memory_files(texts: Texts, below: tuple[str, ...] = ()) -> list[VirtualPath]:
    """Every file the model could address, in a stable order (hidden and odd names left out)."""
    found: list[VirtualPath] = []
    for parts in texts.walk_files(below):
        try:
            found.append(parse("/".join((ROOT, *parts))))
        except PathRefused:
            continue
    return found


def count_sizes(texts: Texts) -> dict[str, int]:
    """The cost of every file, read from the store: for a fresh running total."""
    sizes: dict[str, int] = {}
    for vp in memory_files(texts):
        try:
            sizes[vp.text] = limits.cost(vp.text, read_text(texts, vp.parts))
        except (FolderError, OSError):
            continue
    return sizes


def running_sizes(ctx: Context) -> dict[str, int]:
    """The journal's running total, counted from disk once when there is none yet."""
    sizes = ctx.journal.sizes()
    if sizes is None:
        sizes = count_sizes(ctx.texts)
        ctx.journal.set_sizes(sizes, replace=True)
    return sizes


def run(ctx: Context, command: Command) -> ToolResult:
    result = _run(ctx, command)
    if ctx.notes and not result.is_error:
        return ToolResult(f"{result.text}\n{' '.join(ctx.notes)}")
    return result


def _run(ctx: Context, command: Command) -> ToolResult:
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


def _store_texts(ctx: Context, sizes: dict[str, int]) -> dict[str, str]:
    """Every file's text for the gate's duplicate check; bounded by the file cap, whatever sits on disk."""
    texts: dict[str, str] = {}
    for path in list(sizes)[: limits.caps_of(ctx.texts).files + 10]:
        try:
            texts[path] = read_text(ctx.texts, parse(path).parts)
        except (FolderError, OSError, PathRefused):
            continue
    return texts


def check_write(ctx: Context, vp: VirtualPath, old: str | None, new: str) -> ToolResult | None:
    """The caps, the credential filter and (for the agent) the gate, without writing anything."""
    sizes = running_sizes(ctx)
    # A person may start an empty file in the memory window, to fill in.
    over = limits.check(vp.text, old, new, sizes, allow_empty=not ctx.by_agent, caps=limits.caps_of(ctx.texts))
    if over:
        return _error(over)
    refused = _refuse_text(vp.text, new)
    if refused:
        return refused
    store = _store_texts(ctx, sizes)
    # A key split over two files is whole again in the next session's memory block: the store joined is checked.
    split = credentials.find_split_credential(new, [text for path, text in store.items() if path != vp.text])
    if split:
        return _error(credentials.refusal(split))
    if ctx.gate is not None:
        message = ctx.gate(vp.text, old, new, store)
        if message:
            return _error(message)
    return None


def write(ctx: Context, vp: VirtualPath, old: str | None, new: str, command: str) -> ToolResult | None:
    """Check the new content of one file, then write and journal it; the refusal, or None when written.

    An agent's copy of a line the memory holds, from a session that has not vouched for it yet, is a
    confirmation instead (`repeats`): left out of the write and counted. When nothing else is left to
    write, the result says so and nothing is written.
    """
    if ctx.by_agent and ctx.gate is not None and old is not None:
        held = standing.refusal(ctx.journal.line_records(), vp.text, old, new)
        if held:
            return _error(held)
    taken = _repeats(ctx, vp, old, new)
    if taken.repeats:
        new = taken.text
        if new == old or (old is None and not lines.claims(new)):
            return ToolResult(_confirm(ctx, taken))
    refused = check_write(ctx, vp, old, new)
    if refused:
        return refused
    if ctx.hold is not None:
        plan = ctx.hold(vp.text, old, new)
        ctx.held.extend(plan.held)
        origins = plan.origins
        if plan.written is None:
            if taken.repeats:
                ctx.notes.append(_confirm(ctx, taken))
            return None  # every new line waits for the developer: the file stays as it was
        new = plan.written
    else:
        had = {line_key(line) for line in text.split_lines(old or "")}
        origins = {
            line_key(line): LineOrigin("person", (), ctx.session_id)
            for line in text.split_lines(new)
            if line.strip() and line_key(line) not in had
        }
    ctx.texts.write_bytes(vp.parts, new.encode("utf-8"))
    ctx.journal.changes.set_origins(vp.text, new, origins)
    ctx.journal.set_sizes({vp.text: limits.cost(vp.text, new)})
    ctx.changes.append(NewChange(command, vp.text, old, new))
    written = lines.Confirmation(ctx.session_id, ctx.op.by, ctx.op.at)
    for line in lines.added_claims(old, new):  # the session that writes a line is its first confirmation
        ctx.journal.confirm_line(vp.text, lines.normalise(line), written)
    if taken.repeats:
        ctx.notes.append(_confirm(ctx, taken))
    if ctx.session_id:
        ctx.journal.mark_seen(ctx.session_id, {vp.text: digest(new)})
        if old is not None:  # editing a memory uses it; writing a new one is not reading it back
            ctx.journal.note_use(ctx.session_id, [vp.text], "used")
    return None


def _repeats(ctx: Context, vp: VirtualPath, old: str | None, new: str) -> repeats.Taken:
    """The agent's copies of lines the memory holds that this session has not vouched for (none for a person)."""
    if not ctx.by_agent or ctx.gate is None:
        return repeats.Taken(new, ())
    records = ctx.journal.line_records()
    writers: dict[str, dict[str, lines.Confirmation]] = {}

    def vouched(holder: str, key: str) -> bool:
        record = records.get((holder, key))
        if record is not None and record.confirmations:
            return record.confirmed_by(ctx.session_id)
        if holder not in writers:  # a line older than the records: its writer is in the history
            writers[holder] = lines.written_by(ctx.journal.history(holder))
        writer = writers[holder].get(key)
        return writer is not None and writer.session_id == ctx.session_id

    return repeats.take(vp.text, old, new, _store_texts(ctx, running_sizes(ctx)), vouched)


def _confirm(ctx: Context, taken: repeats.Taken) -> str:
    """Count this session for each repeated line; what the model is told."""
    at = lines.Confirmation(ctx.session_id, ctx.op.by, ctx.op.at)
    counted = [(r, lines.confirm(ctx.journal, r.holder, r.line, at).confirmed_sessions) for r in taken.repeats]
    return repeats.message(counted)


def _standing_files(ctx: Context, files: Iterable[tuple[str, str]], verb: str) -> str | None:
    """The agent may not delete or move a file that holds a standing line (a person may)."""
    if not ctx.by_agent or ctx.gate is None:
        return None
    return standing.refusal_for(ctx.journal.line_records(), files, verb)


def _shown_key(path: str) -> str:
    """Where the seen table keeps the text a conflict refusal showed; no memory path starts like this."""
    return "shown:" + path


def _base_text(ctx: Context, vp: VirtualPath, seen: str | None) -> str:
    """The text this session last saw of `vp`, found in the change log by its digest; "" when unknown.

    Unknown (never seen, or a text edited by hand outside the journal) counts every current line as
    another's, which refuses more, never less.
    """
    if seen is None:
        return ""
    for change in reversed(ctx.journal.history(vp.text)):
        for seen_text in (change.new, change.old):
            if seen_text is not None and digest(seen_text) == seen:
                return seen_text
    return ""


def _line_key(line: str) -> str:
    return lines.normalise(line) or line.strip()


def _lost_update(ctx: Context, vp: VirtualPath, current: str | None, new: str | None) -> ToolResult | None:
    """Refuse a create, insert or delete (`new` None) that would lose a change made since this session saw `vp`.

    The lines others added since this session last saw the file must survive the write. Being shown the
    current text in a refusal does not count as seeing it: an identical retry would still drop those lines.
    A write that keeps them goes ahead once the session has been shown the current text.
    """
    if not ctx.by_agent or not ctx.session_id or current is None:
        return None
    now = digest(current)
    seen = ctx.journal.seen(ctx.session_id, vp.text)
    if seen == now or (new is None and seen is None):  # a file this session never saw is not a lost update
        return None
    ours = {_line_key(line) for line in text.split_lines(_base_text(ctx, vp, seen))}
    kept = {_line_key(line) for line in text.split_lines(new)} if new is not None else set()
    lost = [line for line in text.split_lines(current) if line.strip() and _line_key(line) not in ours | kept]
    if not lost and ctx.journal.seen(ctx.session_id, _shown_key(vp.text)) == now:
        return None
    ctx.journal.mark_seen(ctx.session_id, {_shown_key(vp.text): now})
    body = current if len(current) <= limits.FILE_CAP + 500 else current[: limits.FILE_CAP] + "\n[cut]"
    message = (
        f"Error: Not written: {vp} changed since this session last saw it (another session or the developer "
        "edited it), and writing now would lose that change."
    )
    if lost:
        named = ", ".join(f'"{text.quoted(line.strip(), 120)}"' for line in lost[:5])
        more = f" and {len(lost) - 5} more" if len(lost) > 5 else ""
        verb = "deleting the file" if new is None else "this write"
        message += f" These lines were added since, and {verb} would drop them: {named}{more}."
    if new is None:
        message += f" View {vp} and delete it again only if it should still go, with those lines."
    else:
        message += (
            " Apply your change to the current text below and keep those lines, or use str_replace to change "
            "only the lines you mean."
        )
    return _error(f"{message}\n--- current text of {vp} ---\n{body}\n--- end ---")


def _view(ctx: Context, cmd: View) -> ToolResult:
    vp = cmd.path
    kind = ctx.texts.kind(vp.parts)
    if kind == "missing" and vp.is_root:
        return ToolResult(text.listing(vp.text, 0, []))
    if kind == "missing":
        return _error(f"The path {vp} does not exist. Please provide a valid path.")
    if kind == "dir":
        items: list[tuple[str, int]] = []
        _collect(ctx.texts, vp, vp.parts, 1, items)
        if ctx.archived is not None:
            items = agent_view.listed(
                items, lambda path: ctx.shown(parse(path), read_text(ctx.texts, parse(path).parts))
            )
        return ToolResult(text.listing(vp.text, ctx.texts.dir_size(vp.parts), items))
    content = read_text(ctx.texts, vp.parts)
    lines = text.split_lines(ctx.shown(vp, content).visible)
    total = len(lines)
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
    elif ctx.session_id:
        ctx.journal.mark_seen(ctx.session_id, {vp.text: digest(content)})  # seen whole, so it may be replaced
    if ctx.session_id:
        ctx.journal.note_use(ctx.session_id, [vp.text], "used")
    return ToolResult(text.file_view(vp.text, lines, first, total))


def _collect(texts: Texts, base: VirtualPath, parts: tuple[str, ...], depth: int, out: list[tuple[str, int]]) -> None:
    for entry in texts.entries(parts):
        if entry.name.startswith(".") or entry.name in _HIDDEN_FROM_LISTING:
            continue
        child = (*parts, entry.name)
        shown = "/".join((base.text, *child[len(base.parts) :]))
        out.append((shown + "/" if entry.is_dir else shown, entry.size))
        if entry.is_dir and depth < 2:
            _collect(texts, base, child, depth + 1, out)


def _create(ctx: Context, cmd: Create) -> ToolResult:
    vp = cmd.path
    if vp.is_root:
        return _error(f"Error: {ROOT} is the memory directory itself; give a file path such as {ROOT}/notes.md")
    kind = ctx.texts.kind(vp.parts)
    if kind == "dir":
        return _error(f"Error: The path {vp} is a directory; give a file path inside it.")
    old = read_text(ctx.texts, vp.parts) if kind == "file" else None
    seen = ctx.shown(vp, old) if old is not None else None
    if seen is not None and cmd.file_text in (seen.text, seen.visible):
        return ToolResult(f"File created successfully at: {vp}")  # nothing to change, nothing to lose
    new = seen.back(cmd.file_text) if seen is not None else cmd.file_text
    refused = _lost_update(ctx, vp, old, new) or write(ctx, vp, old, new, "create")
    return refused or ToolResult(f"File created successfully at: {vp}")


def _existing_file(ctx: Context, vp: VirtualPath) -> str | None:
    return read_text(ctx.texts, vp.parts) if not vp.is_root and ctx.texts.kind(vp.parts) == "file" else None


def _str_replace(ctx: Context, cmd: StrReplace) -> ToolResult:
    vp = cmd.path
    whole = _existing_file(ctx, vp)
    if whole is None:
        return _error(f"Error: The path {vp} does not exist. Please provide a valid path.")
    seen = ctx.shown(vp, whole)
    content = seen.visible  # what the agent can match and change
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
    refused = write(ctx, vp, whole, seen.back(new_content), "str_replace")
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
    seen = ctx.shown(vp, content)
    lines = text.split_lines(seen.visible)
    if not 0 <= cmd.insert_line <= len(lines):
        return _error(
            f"Error: Invalid `insert_line` parameter: {cmd.insert_line}. It should be within the range of "
            f"lines of the file: [0, {len(lines)}]"
        )
    inserted = cmd.insert_text[:-1] if cmd.insert_text.endswith("\n") else cmd.insert_text
    lines[cmd.insert_line : cmd.insert_line] = inserted.split("\n")
    new_content = seen.back("\n".join(lines) + "\n")
    refused = _lost_update(ctx, vp, content, new_content) or write(ctx, vp, content, new_content, "insert")
    return refused or ToolResult(f"The file {vp} has been edited.")


def _delete(ctx: Context, cmd: Delete) -> ToolResult:
    vp = cmd.path
    if vp.is_root:
        return _error(f"Error: The {ROOT} directory itself cannot be deleted.")
    kind = ctx.texts.kind(vp.parts)
    if kind == "missing":
        return _error(f"Error: The path {vp} does not exist")
    # Keep every deleted file's text in the journal, so the delete can be undone.
    gone = [vp] if kind == "file" else memory_files(ctx.texts, vp.parts)
    texts = {f.text: read_text(ctx.texts, f.parts) for f in gone}
    held = _standing_files(ctx, texts.items(), "deleting")
    if held:
        return _error(held)
    for f in gone:
        refused = _lost_update(ctx, f, texts[f.text], None)
        if refused:
            return refused
    kept = {f.text: seen.hidden_only() for f in gone if (seen := ctx.shown(f, texts[f.text])).hidden}
    if kept:
        return _delete_around(ctx, vp, gone, texts, kept)
    ctx.texts.delete(vp.parts)
    ctx.changes.extend(NewChange("delete", path, old, None) for path, old in texts.items())
    ctx.journal.set_sizes(dict.fromkeys(texts))
    return ToolResult(f"Successfully deleted {vp}")


def _delete_around(
    ctx: Context, vp: VirtualPath, gone: list[VirtualPath], texts: dict[str, str], kept: dict[str, str]
) -> ToolResult:
    """The agent's delete of files holding archived lines: its lines go, the archived ones stay for the developer."""
    for f in gone:
        left = kept.get(f.text)
        if left is None:
            ctx.texts.delete(f.parts)
            ctx.changes.append(NewChange("delete", f.text, texts[f.text], None))
            ctx.journal.set_sizes({f.text: None})
            continue
        ctx.texts.write_bytes(f.parts, left.encode("utf-8"))
        ctx.journal.changes.set_origins(f.text, left, {})
        ctx.journal.set_sizes({f.text: limits.cost(f.text, left)})
        ctx.changes.append(NewChange("str_replace", f.text, texts[f.text], left))
    return ToolResult(
        f"Successfully deleted {vp}; {', '.join(kept)} stay{'s' if len(kept) == 1 else ''} with only lines the "
        "developer keeps archived (not loaded into sessions and not shown to you; only the developer removes them)."
    )


def _rename(ctx: Context, cmd: Rename) -> ToolResult:
    old, new = cmd.old_path, cmd.new_path
    if old.is_root:
        return _error(f"Error: The {ROOT} directory itself cannot be renamed.")
    if new.is_root:
        return _error(f"Error: The destination {new} already exists")
    refused = _refuse_text(new.text)
    if refused:
        return refused
    kind = ctx.texts.kind(old.parts)
    if kind == "missing":
        return _error(f"Error: The path {old} does not exist")
    if new.is_within(old):
        return _error(f"Error: Cannot move {old} into itself ({new}).")
    if ctx.texts.kind(new.parts) != "missing":
        return _error(f"Error: The destination {new} already exists")
    moved = [old] if kind == "file" else memory_files(ctx.texts, old.parts)
    held = _standing_files(ctx, ((m.text, read_text(ctx.texts, m.parts)) for m in moved), "moving")
    if held:
        return _error(held)
    too_deep = [m for m in moved if len(m.parts) - len(old.parts) + len(new.parts) - 1 > limits.MAX_DEPTH]
    if too_deep:
        return _error(f"Error: Refused: {new} would put files more than {limits.MAX_DEPTH} folders below {ROOT}.")
    ctx.texts.rename(old.parts, new.parts)
    ctx.journal.move(old.text, new.text)
    sizes = running_sizes(ctx)
    for m in moved:
        target = "/".join((new.text, *m.parts[len(old.parts) :]))
        ctx.changes.append(NewChange("rename", target, None, None, old_path=m.text))
        # The path is part of the cost: move the running total to the new name.
        chars = sizes.get(target, limits.cost(m.text, "")) - len(m.text)
        ctx.journal.set_sizes({target: max(0, chars) + len(target)})
    return ToolResult(f"Successfully renamed {old} to {new}")
