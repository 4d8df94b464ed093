"""Where each line of a memory goes in a session's block: "From the developer", the agent's notes, or nowhere.

Standing lines and every line a person wrote are the developer's, shown first under their own
heading; the agent's notes follow and keep "verify before use"; archived lines are not loaded at
all. Lines that carry no record (headings, labels, one-word lines) stay with the agent's notes, so a
file with no developer or archived line is shown exactly as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from app.core.memory import lines
from app.core.memory.snapshot import LineMarks, escape_content

DEVELOPER_HEADING = (
    "From the developer (standing lines, and lines the developer wrote themselves): follow them. "
    "If a tool contradicts one, say so instead of changing it."
)
NOTES_HEADING = "Notes from earlier sessions (verify before use):"


@dataclass(frozen=True)
class Split:
    """One file's lines, sorted for the block."""

    developer: list[str]  # the developer's lines, in file order
    notes: str  # the rest of the file's text, without the developer's or archived lines
    archived: list[str]


def split(text: str, states: list[lines.LineState]) -> Split:
    by_key = {state.key: state for state in states}
    developer: list[str] = []
    notes: list[str] = []
    archived: list[str] = []
    for line in text.split("\n"):
        state = by_key.get(lines.normalise(line)) if lines.is_claim(line) else None
        if state is not None and state.from_developer:
            developer.append(line)
        elif state is not None and state.archived:
            archived.append(line)
        else:
            notes.append(line)
    if not developer and not archived:
        return Split([], text, [])
    rest = "\n".join(notes)
    # A file left with nothing but headings or blank lines has no notes to show.
    return Split(developer, rest if any(lines.is_claim(line) for line in notes) else "", archived)


def developer_section(
    files: list[tuple[str, list[str]]], marks: Mapping[str, str], mark_lines: LineMarks | None = None
) -> str:
    """The developer's lines, file by file, with each file's marks and each line's: "" when there are none.

    A developer's line whose citations are gone stays here with its mark: it is their instruction, not a note.
    """
    blocks: list[str] = []
    for path, found in files:
        if not found:
            continue
        if mark_lines is not None:
            found = [_marked(mark_lines, path, line) for line in found]
        status = marks.get(path, "")
        attribute = f' status="{escape(status, quote=True)}"' if status else ""
        content = escape_content("\n".join(found))
        blocks.append(f'<memory path="{escape(path, quote=True)}"{attribute}>\n{content}\n</memory>')
    return "\n\n".join([DEVELOPER_HEADING, *blocks]) if blocks else ""


def _marked(mark_lines: LineMarks, path: str, line: str) -> str:
    kept, gone = mark_lines(path, line)
    return gone[0] if gone else kept.rstrip("\n")


def join(developer: str, notes: str, team: str = "") -> str:
    """The block: the developer's section, then the team's lines, then the agent's notes under their own heading."""
    head = "\n\n".join(part for part in (developer, team) if part)
    if not head:
        return notes
    return f"{head}\n\n{NOTES_HEADING}\n\n{notes}" if notes else head
