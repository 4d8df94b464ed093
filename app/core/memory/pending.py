"""Lines held for the developer: an agent's write split into what is written and what waits to be kept.

A held line is not in any memory file, so it is in no session's memory block, no `view`, no cap
and no duplicate check until the person keeps it; `memory pending` and the panel list it with Keep
and Discard. The split keeps every line the write did not add as the file had it, so a held
replacement never loses the line it would replace before the person decides: Keep puts the new
line where the agent meant it (after the line before it) and only then removes the one it replaced.

The records live in the shared half of the journal (`PendingLog`), since a line is the same line
for everyone who shares the memory; each line's origin is kept there too.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from app.core.memory import text
from app.core.memory.lines import normalise
from app.core.memory.origin import Judgement

State = Literal["pending", "kept", "discarded"]
MAX_PENDING = 40  # lines waiting per store; past it the agent is told to stop (a person reads each one)


def line_key(line: str) -> str:
    """The shared key of a line within its file: `lines.normalise`, or the stripped text when that is empty."""
    return normalise(line) or line.strip()


def sources_from(value: object) -> tuple[str, ...]:
    """The files a held line repeats, from the JSON list a journal keeps them as; () when damaged."""
    try:
        found = json.loads(str(value))
    except ValueError:
        return ()
    return tuple(str(s) for s in found) if isinstance(found, list) else ()


@dataclass(frozen=True)
class HeldLine:
    """One line an agent write added that waits for the developer."""

    path: str
    text: str
    after: str  # the line the agent put it after ("" at the top), to put it back in its place
    replaces: str  # the line the write replaced with it ("" when it only added)
    origin: str
    reason: str
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingLine:
    """A held line as the journal keeps it."""

    id: int
    path: str
    text: str
    after: str
    replaces: str
    origin: str
    reason: str
    sources: tuple[str, ...]
    session_id: str
    user_words: str
    at: float
    state: State = "pending"

    @property
    def key(self) -> str:
        return line_key(self.text)


@dataclass(frozen=True)
class LineOrigin:
    """Where one line of a file came from: asked, from-file, inferred, or person (and what it repeats)."""

    origin: str
    sources: tuple[str, ...] = ()
    session_id: str = ""


class PendingLog(Protocol):
    """The held lines and every line's origin, in the shared half of the journal."""

    def hold(self, session_id: str, user_words: str, lines: Iterable[HeldLine]) -> None:
        """Keep `lines` as pending (a line already pending at its path stays as it was)."""

    def pending(self, state: State = "pending") -> list[PendingLine]:
        """The held lines in `state`, oldest first."""

    def settle(self, line_id: int, state: State) -> None:
        """Mark a held line kept or discarded."""

    def set_origins(self, path: str, text_now: str | None, origins: Mapping[str, LineOrigin]) -> None:
        """Record the origin of lines just written to `path` (by key; a line keeps its first origin), and
        forget those of lines no longer in `text_now` (None: the file is gone)."""

    def origins(self) -> dict[tuple[str, str], LineOrigin]:
        """Every recorded line origin, by (path, key)."""

    def move_lines(self, old: str, new: str) -> None:
        """Carry pending lines and origins of `old` and everything below it over to `new`."""


@dataclass
class Split:
    """What a write becomes: the text to write, the lines held, the origins of the lines written."""

    written: str | None  # None: nothing is left to write
    held: list[HeldLine]
    origins: dict[str, LineOrigin]


def split(path: str, old: str | None, new: str, judge: Callable[[str], Judgement], *, session_id: str = "") -> Split:
    """Judge every line `new` adds to `old`; the held ones are taken out of the text to write."""
    before = text.split_lines(old or "")
    after = text.split_lines(new)
    had = {line_key(line) for line in before}
    out: list[str] = []
    held: list[HeldLine] = []
    origins: dict[str, LineOrigin] = {}
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("equal", "delete"):
            out.extend(after[j1:j2])  # a deleted line is no new memory: it goes as the write says
            continue
        replaced = before[i1:i2]
        block_held = False
        for offset, line in enumerate(after[j1:j2]):
            key = line_key(line)
            if not line.strip() or key in had or normalise(line) == "":
                out.append(line)  # a blank line, a heading, or a line the file had: no new knowledge
                continue
            judged = judge(line)
            if judged.held:
                block_held = True
                anchor = next((o for o in reversed(out) if o.strip()), "")
                replaces = replaced[offset] if offset < len(replaced) else ""
                held.append(HeldLine(path, line, anchor, replaces, judged.origin, judged.held, judged.sources))
            else:
                out.append(line)
                origins[key] = LineOrigin(judged.origin, judged.sources, session_id)
        if block_held:
            # Nothing the file had is lost before the person decides: a held line's old neighbour stays.
            kept = {line_key(line) for line in out}
            out.extend(line for line in replaced if line_key(line) not in kept)
    if not held:
        return Split(new, [], origins)
    fresh = any(normalise(line) and line_key(line) not in had for line in out)
    removed = {line_key(line) for line in before if normalise(line)} - {line_key(line) for line in out}
    if not fresh and not removed:
        return Split(None, held, origins)  # only headings or blank lines would change: wait with the rest
    return Split("\n".join(out) + "\n", held, origins)


def put_back(current: str | None, line: PendingLine) -> str:
    """The file's text with a kept line where the agent meant it, and the line it replaced taken out."""
    lines = text.split_lines(current or "")
    keys = [line_key(item) for item in lines]
    if line.key in keys:
        return current or ""  # already there (kept twice, or a person wrote it meanwhile)
    if line.replaces and line_key(line.replaces) in keys:
        at = keys.index(line_key(line.replaces))
        lines[at] = line.text
    elif line.after and line_key(line.after) in keys:
        lines.insert(keys.index(line_key(line.after)) + 1, line.text)
    elif line.after:
        lines.append(line.text)
    else:
        lines.insert(0, line.text)
    return "\n".join(lines) + "\n"
