"""An agent's write that repeats a line the memory holds: a confirmation from a new session, a duplicate from the same.

A lesson written again in a later session is evidence that it holds, so the copy is not written and
the line's record counts the session (`lines.confirm`); the result says "Already remembered;
confirmed in N sessions". A copy from a session that already wrote or confirmed the line is left in
the write, and the gate refuses it as a duplicate, as before: one session cannot vouch twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from app.core.memory import lines
from app.core.memory.text import quoted, split_lines


@dataclass(frozen=True)
class Repeat:
    """A line the write repeats, and the file that already holds it."""

    line: str
    holder: str


@dataclass(frozen=True)
class Taken:
    """The write with its confirming copies taken out, and what they confirm."""

    text: str
    repeats: tuple[Repeat, ...]


def take(
    path: str,
    old: str | None,
    new: str,
    store: Mapping[str, str],
    vouched: Callable[[str, str], bool],
) -> Taken:
    """Take out of `new` each added copy of a line that `path` (`old`) or another file holds.

    Only copies of lines this session has not vouched for yet: `vouched(holder, key)` says whether
    it already wrote or confirmed the line.
    """
    holders: dict[str, str] = {}
    for other in sorted(store):
        if other != path:
            for line in lines.claims(store[other]):
                holders.setdefault(lines.normalise(line), other)
    before = Counter(lines.normalise(line) for line in split_lines(old) if lines.is_claim(line)) if old else Counter()
    seen: Counter[str] = Counter()
    kept: list[str] = []
    found: list[Repeat] = []
    taken_keys: set[str] = set()
    for line in split_lines(new):
        if not lines.is_claim(line):
            kept.append(line)
            continue
        key = lines.normalise(line)
        seen[key] += 1
        # A copy beyond what the file had (the first copy of a line the file held is the line itself).
        holder = path if before[key] and seen[key] > before[key] else holders.get(key) if not before[key] else None
        if holder is None or key in taken_keys or vouched(holder, key):
            kept.append(line)
            continue
        taken_keys.add(key)
        found.append(Repeat(line, holder))
    if not found:
        return Taken(new, ())
    return Taken("\n".join(kept) + ("\n" if kept and new.endswith("\n") else ""), tuple(found))


def message(confirmed: list[tuple[Repeat, int]]) -> str:
    """What the model reads: each repeated line is already remembered, where, and in how many sessions now."""
    parts = [
        f'Already remembered; confirmed in {count} sessions: "{quoted(repeat.line.strip(), 160)}" '
        f"(in {repeat.holder}), so it was not written again."
        for repeat, count in confirmed
    ]
    return " ".join(parts)
