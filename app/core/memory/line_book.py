"""A memory's lines as the journal sees them: each file's line states, and a person's decisions about a line.

Called under the store's lock (a command of its backend); reading never fails a person's view:
the caller turns a damaged journal into lines without records.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.core.memory import lines
from app.core.memory.journal import Journal


def read_states(journal: Journal, files: Iterable[tuple[str, str]], now: float) -> dict[str, list[lines.LineState]]:
    """Every file's lines with what their records say at `now`, by path (each file given as path and text)."""
    records = journal.line_records()
    uses = journal.line_uses()
    # Lines the person asked for never decay; the origin of each written line is kept beside its records.
    asked = {key for key, origin in journal.changes.origins().items() if origin.origin == "asked"}
    found: dict[str, list[lines.LineState]] = {}
    for path, text in files:
        unrecorded = any((path, lines.normalise(line)) not in records for line in lines.claims(text))
        # Lines written before records were kept get their writer from the file's history.
        derived = lines.written_by(journal.history(path)) if unrecorded else {}
        found[path] = lines.states(path, text, records, uses, now, derived=derived, asked=asked)
    return found


def read_states_bare(files: Iterable[tuple[str, str]], now: float) -> dict[str, list[lines.LineState]]:
    """The lines without any record (the journal cannot be read): each a person's, confirmed nowhere."""
    return {path: lines.states(path, text, {}, {}, now) for path, text in files}


class LineChoiceRefused(Exception):
    """A person's choice about a line cannot be made (no such line, not a candidate); the message says why."""


def find(states: dict[str, list[lines.LineState]], line: str, path: str = "") -> list[lines.LineState]:
    """The lines matching `line` (as `normalise` compares them), in `path` only when given."""
    key = lines.normalise(line)
    return [s for p, found in states.items() if not path or p == path for s in found if s.key == key]


def make_standing(journal: Journal, states: dict[str, list[lines.LineState]], line: str, path: str = "") -> str:
    """A person makes a promotion candidate standing; what was done, in words. Raises LineChoiceRefused."""
    matches = find(states, line, path)
    if not matches:
        raise LineChoiceRefused(f'No memory line reads "{line.strip()}".')
    candidates = [s for s in matches if s.promotion_candidate]
    if not candidates:
        state = matches[0]
        why = (
            "it is standing already"
            if state.standing
            else "a line you wrote is yours already"
            if state.by == "person"
            else f"it has been confirmed in {state.confirmed_sessions} session(s); it takes {lines.PROMOTE_AT}"
        )
        raise LineChoiceRefused(f'"{state.text.strip()}" cannot be made standing: {why}.')
    for state in candidates:
        journal.set_line(state.path, state.key, standing=True)
    where = ", ".join(s.path for s in candidates)
    return f'"{candidates[0].text.strip()}" is standing now ({where}): loaded as yours, and the agent cannot change it.'


def restore(journal: Journal, states: dict[str, list[lines.LineState]], line: str, at: float, path: str = "") -> str:
    """A person brings an archived line back into the sessions' memory; what was done. Raises LineChoiceRefused."""
    matches = find(states, line, path)
    if not matches:
        raise LineChoiceRefused(f'No memory line reads "{line.strip()}".')
    archived = [s for s in matches if s.archived]
    if not archived:
        raise LineChoiceRefused(f'"{matches[0].text.strip()}" is not archived; it is loaded in every session.')
    for state in archived:
        journal.set_line(state.path, state.key, restored_at=at)
    where = ", ".join(s.path for s in archived)
    return (
        f'Restored "{archived[0].text.strip()}" ({where}): it is loaded again from the next session, '
        f"and archived again after {lines.ARCHIVE_DAYS} days without use."
    )
