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
    found: dict[str, list[lines.LineState]] = {}
    for path, text in files:
        unrecorded = any((path, lines.normalise(line)) not in records for line in lines.claims(text))
        # Lines written before records were kept get their writer from the file's history.
        derived = lines.written_by(journal.history(path)) if unrecorded else {}
        found[path] = lines.states(path, text, records, uses, now, derived=derived)
    return found


def read_states_bare(files: Iterable[tuple[str, str]], now: float) -> dict[str, list[lines.LineState]]:
    """The lines without any record (the journal cannot be read): each a person's, confirmed nowhere."""
    return {path: lines.states(path, text, {}, {}, now) for path, text in files}
