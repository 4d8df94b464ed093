"""Undo the newest change of a memory (a delete included), from the text the journal kept."""

from __future__ import annotations

from app.core.memory import handlers, limits
from app.core.memory.folder import FolderError
from app.core.memory.journal import Change, NewChange
from app.core.memory.vpath import PathRefused, parse


class UndoRefused(Exception):
    """Nothing to undo, or the files changed since in a way undo would overwrite; the message says which."""


def _current(ctx: handlers.Context, path: str) -> str | None:
    vp = parse(path)
    try:
        kind = ctx.texts.kind(vp.parts)
        return handlers.read_text(ctx.texts, vp.parts) if kind == "file" else None
    except FolderError:
        return None


def describe(changes: list[Change]) -> str:
    first = changes[0]
    who = "the developer" if first.by == "person" else "the agent"
    when = first.at.astimezone().strftime("%Y-%m-%d %H:%M")
    paths = ", ".join(c.path for c in changes[:4]) + (f" and {len(changes) - 4} more" if len(changes) > 4 else "")
    verb = {"str_replace": "edit", "insert": "insert", "save": "save"}.get(first.command, first.command)
    return f"{verb} of {paths} by {who} on {when}"


def undo(ctx: handlers.Context) -> str:
    """Revert the newest operation not yet undone; returns what was reverted. Raises UndoRefused."""
    changes = ctx.journal.undoable()
    if not changes:
        raise UndoRefused("Nothing to undo: the memory has no change left to revert.")
    return revert(ctx, changes)


def operation(ctx: handlers.Context, op: int) -> list[Change]:
    """The changes of operation `op`, for `revert`; raises UndoRefused when it is unknown or undone already."""
    everything = ctx.journal.all_changes()
    changes = [c for c in everything if c.op == op]
    if not changes:
        raise UndoRefused("Nothing to undo: that change is no longer in the memory's history.")
    if any(c.undoes == op for c in everything):
        raise UndoRefused(f"The {describe(changes)} was undone already.")
    return changes


def revert(ctx: handlers.Context, changes: list[Change]) -> str:
    """Put back what one operation's `changes` replaced, when the files are still as it left them."""
    if any(c.old is None and c.new is None and not c.old_path for c in changes):
        raise UndoRefused(f"Cannot undo the {describe(changes)}: the journal has no text for it (an older format).")
    try:
        plan = [_step(ctx, c) for c in reversed(changes)]
    except PathRefused as exc:
        raise UndoRefused(f"Cannot undo the {describe(changes)}: {exc}") from exc
    for step in plan:
        step()
    ctx.journal.set_sizes(handlers.count_sizes(ctx.texts), replace=True)
    return describe(changes)


def _step(ctx: handlers.Context, change: Change) -> _Apply:
    """Check that the file is as the change left it, and return how to put it back."""
    changed_since = UndoRefused(
        f"Cannot undo the change to {change.path}: it changed again since, and undo would lose that. "
        "Edit it by hand instead."
    )
    if change.moves_only:
        if _current(ctx, change.path) is None or ctx.texts.kind(parse(change.old_path).parts) != "missing":
            raise changed_since
        return _Apply(ctx, change, "move")
    if _current(ctx, change.path) != change.new:
        raise changed_since
    return _Apply(ctx, change, "text")


class _Apply:
    def __init__(self, ctx: handlers.Context, change: Change, how: str) -> None:
        self.ctx, self.change, self.how = ctx, change, how

    def __call__(self) -> None:
        ctx, c = self.ctx, self.change
        if self.how == "move":
            ctx.texts.rename(parse(c.path).parts, parse(c.old_path).parts)
            ctx.journal.move(c.path, c.old_path)
            ctx.changes.append(NewChange("undo", c.old_path, None, None, old_path=c.path, undoes=c.op))
            return
        vp = parse(c.path)
        if c.old is None:
            ctx.texts.delete(vp.parts)
        else:
            ctx.texts.write_bytes(vp.parts, c.old.encode("utf-8"))
        ctx.changes.append(NewChange("undo", c.path, c.new, c.old, undoes=c.op))
        ctx.journal.set_sizes({c.path: None if c.old is None else limits.cost(c.path, c.old)})
