"""What the agent sees of a memory file: the file without its archived lines, and where they go back on a write.

An archived line (an agent's note neither used nor confirmed for 60 days) is not loaded into any
session, so the agent's `view` does not show it either: what the agent sees is what is loaded. Its
writes are made to the text it sees, and the archived lines are put back where they stood (after
the same neighbour, found by a line diff of what it saw against what it wrote), so a str_replace,
an insert, a whole-file create or a delete by the agent never loses a line the developer's archive
keeps. Only a person restores an archived line (the window, `memory restore`) or removes it. The
journal, the seen digests and the caps keep working on the whole file, as every other reader does.
An agent that writes an archived line again confirms it (`repeats`), which brings it back.
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core import clock
from app.core.memory import line_book, lines
from app.core.memory.folder import FolderError
from app.core.memory.journal import Journal, JournalError
from app.core.memory.text import split_lines
from app.core.memory.vpath import PathRefused

# (path, the file's whole text) -> the keys (`lines.normalise`) of its archived lines
Archived = Callable[[str, str], frozenset[str]]


def archived_in(journal: Journal) -> Archived:
    """The journal's answer, at the clock's now; a journal that cannot be read hides nothing."""

    def find(path: str, text: str) -> frozenset[str]:
        with contextlib.suppress(JournalError):
            states = line_book.read_states(journal, [(path, text)], clock.wall())
            return frozenset(s.key for s in states.get(path, []) if s.archived)
        return frozenset()

    return find


@dataclass(frozen=True)
class Shown:
    """One file as the agent sees it, and the lines it does not see, each with how many seen lines precede it."""

    text: str  # the file as it is
    visible: str  # without its archived lines
    hidden: tuple[tuple[int, str], ...] = ()

    def back(self, new_visible: str) -> str:
        """The whole file for the agent's new text: each hidden line after the seen line it followed."""
        if not self.hidden:
            return new_visible
        old, new = split_lines(self.visible), split_lines(new_visible)
        matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
        opcodes = matcher.get_opcodes()
        at_gap: dict[int, list[str]] = {}
        for gap, line in self.hidden:
            at_gap.setdefault(_new_gap(opcodes, gap, len(new)), []).append(line)
        merged: list[str] = []
        for index in range(len(new) + 1):
            merged.extend(at_gap.get(index, ()))
            if index < len(new):
                merged.append(new[index])
        return "\n".join(merged) + "\n"

    def hidden_only(self) -> str:
        """The file left when the agent deletes everything it sees: the archived lines, in order."""
        return "".join(f"{line}\n" for _gap, line in self.hidden)


def listed(items: Sequence[tuple[str, int]], shown_at: Callable[[str], Shown]) -> list[tuple[str, int]]:
    """A directory view's items as the agent sees them: a file left with only archived lines is not there (no
    session loads anything of it), and a file holding some counts only what the agent sees."""
    found: list[tuple[str, int]] = []
    for path, size in items:
        if path.endswith("/"):
            found.append((path, size))
            continue
        try:
            seen = shown_at(path)
        except (FolderError, OSError, PathRefused):  # listed as it is; a view of it says what is wrong
            found.append((path, size))
            continue
        if not seen.hidden:
            found.append((path, size))
        elif seen.visible.strip():
            found.append((path, len(seen.visible.encode("utf-8"))))
    return found


def _new_gap(opcodes: Sequence[tuple[str, int, int, int, int]], gap: int, size: int) -> int:
    """Where the place after `gap` old lines is among the new: beside what stayed, else after what replaced it."""
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal" and i1 <= gap <= i2:
            return j1 + (gap - i1)
        if i1 <= gap <= i2:
            return j1 if gap == i1 else j2
    return size


def shown(text: str, archived: frozenset[str]) -> Shown:
    """`text` without the lines whose keys are in `archived` (a file with none is shown as it is)."""
    if not archived:
        return Shown(text, text)
    visible: list[str] = []
    hidden: list[tuple[int, str]] = []
    for line in split_lines(text):
        if lines.is_claim(line) and lines.normalise(line) in archived:
            hidden.append((len(visible), line))
        else:
            visible.append(line)
    if not hidden:
        return Shown(text, text)
    return Shown(text, "".join(f"{line}\n" for line in visible), tuple(hidden))
