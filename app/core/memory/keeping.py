"""A person's Keep and Discard of the lines held for them (the panel and `memory keep|discard`).

Keep writes the line into its file where the agent meant it, as the person's operation (caps and
the credential filter apply, the write gate does not: a person decides) and the line keeps the
origin it was held with; it can be undone like any change. Discard only marks it: the line never
reaches a file, and the agent is told so if it tries to save it again.

What became of each line is marked for translation: the panel and the memory window show it in the person's
language, the command line prints the English.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.memory import handlers, lines, staleness
from app.core.memory.access import StoreCore
from app.core.memory.folder import FolderError
from app.core.memory.journal import OpContext
from app.core.memory.pending import LineOrigin, PendingLine, Split, line_key, put_back
from app.core.memory.vpath import PathRefused, parse
from app.core.ui_text import QT_TRANSLATE_NOOP

PERSON_SESSION = "person"
# A cap or the credential filter refused the Keep: its own marked words ("Refused: …") follow.
NOT_KEPT = QT_TRANSLATE_NOOP("memory_keeping", "Not kept: {reason}")


class NotPending(Exception):
    """No held line matches the text given; the message says what is pending instead."""


@dataclass(frozen=True)
class Settled:
    """One held line a person kept or discarded, and where it went."""

    line: PendingLine
    kept: bool
    message: str


def pending_lines(core: StoreCore) -> list[PendingLine]:
    """The lines waiting for the developer, oldest first ([] when there is no memory yet)."""
    return core.locked(lambda: core.journal.changes.pending(), write=False, empty=list)


def _matching(core: StoreCore, line: str) -> list[PendingLine]:
    wanted = line_key(line)
    found = [p for p in core.journal.changes.pending() if p.key == wanted or p.text.strip() == line.strip()]
    if not found:
        raise NotPending(f'No line waiting for the developer reads "{line.strip()}".')
    return found


def keep(core: StoreCore, line: str) -> list[Settled]:
    """Write the held line(s) reading `line` into their files; raises NotPending when none does."""

    def work() -> list[Settled]:
        done: list[Settled] = []
        for held in _matching(core, line):
            done.append(_keep_one(core, held))
        return done

    return core.locked(work, write=True, empty=list)


def _keep_one(core: StoreCore, held: PendingLine) -> Settled:
    try:
        vp = parse(held.path)
        kind = core.texts.kind(vp.parts)
        if kind == "dir":
            return Settled(
                held,
                False,
                QT_TRANSLATE_NOOP("memory_keeping", "Not kept: {path} is a folder now.").format(path=held.path),
            )
        current = handlers.read_text(core.texts, vp.parts) if kind == "file" else None
    except (PathRefused, FolderError) as exc:
        return Settled(
            held,
            False,
            QT_TRANSLATE_NOOP("memory_keeping", "Not kept: {path} cannot be written ({exc}).").format(
                path=held.path, exc=str(exc)
            ),
        )
    new = put_back(current, held)
    if new == current:
        core.journal.changes.settle(held.id, "kept")
        return Settled(held, True, QT_TRANSLATE_NOOP("memory_keeping", "Already in {path}.").format(path=held.path))
    op = OpContext("person", PERSON_SESSION, "", staleness.head(core.repository))
    ctx = handlers.Context(core.texts, core.journal, op)
    # The line stays the agent's, with the origin it was held with; the person's part is keeping it.
    kept_origin = {line_key(held.text): LineOrigin(held.origin, held.sources, held.session_id)}
    ctx.hold = lambda _p, _old, text: Split(text, [], kept_origin)
    with core.journal.batch(create=True):
        refused = handlers.check_write(ctx, vp, current, new)
        if refused:
            return Settled(held, False, NOT_KEPT.format(reason=refused.text.removeprefix("Error: ")))
        # Still the agent's line: the session that wrote it is its first confirmation, the person's Keep the next.
        key = lines.normalise(held.text)
        if key:
            core.journal.confirm_line(held.path, key, lines.Confirmation(held.session_id, "agent", held.at))
        handlers.write(ctx, vp, current, new, "keep")
        if key:
            lines.confirm(core.journal, held.path, held.text, lines.Confirmation(PERSON_SESSION, "person", op.at))
        core.journal.append(op, ctx.changes)
        core.journal.changes.settle(held.id, "kept")
    return Settled(held, True, QT_TRANSLATE_NOOP("memory_keeping", "Kept in {path}.").format(path=held.path))


def shared(core: StoreCore, line: str) -> list[Settled]:
    """Settle the held line(s) reading `line` as shared with the team: kept there, no file of mine changes."""

    def work() -> list[Settled]:
        found = _matching(core, line)
        for held in found:
            core.journal.changes.settle(held.id, "kept")
        return [
            Settled(
                held,
                True,
                QT_TRANSLATE_NOOP("memory_keeping", "Shared with the team; {path} is unchanged.").format(
                    path=held.path
                ),
            )
            for held in found
        ]

    return core.locked(work, write=True, empty=list)


def discard(core: StoreCore, line: str) -> list[Settled]:
    """Drop the held line(s) reading `line`; raises NotPending when none does."""

    def work() -> list[Settled]:
        found = _matching(core, line)
        for held in found:
            core.journal.changes.settle(held.id, "discarded")
        return [
            Settled(
                held,
                False,
                QT_TRANSLATE_NOOP("memory_keeping", "Discarded; {path} is unchanged.").format(path=held.path),
            )
            for held in found
        ]

    return core.locked(work, write=True, empty=list)
