"""StoreCore: one repository's memory as both of its faces use it (the agent's and a person's).

The core holds the backend, the journal over the backend's two halves, and the checkout that
git questions are asked in. `store.MemoryStore` (the agent's face) and `person.PersonView` (a
person's) each hold one; neither is the other.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from app.core.memory import staleness
from app.core.memory.backend import MemoryBackend, Texts
from app.core.memory.journal import Change, Journal
from app.core.memory.line_cites import CitingJournal

GIT_CACHE = "staleness"  # the journal's cache entry holding what git said about earlier commits

T = TypeVar("T")


def last_write(path: str, text: str, modified: datetime, last: Change | None) -> staleness.Written:
    """Who last wrote a file and when: the journal's change, or a person by hand when the text differs."""
    if last is not None and (last.new == text or (last.new is None and last.old is None)):
        return staleness.Written(path, text, last.at, last.by, last.head)
    return staleness.Written(path, text, modified, "person", "")


def nothing() -> None:
    """The `empty` answer of work that returns nothing."""
    return None


class StoreCore:
    """A backend, its journal, and the repository checkout (None: a plain folder's memory, no git)."""

    def __init__(self, backend: MemoryBackend, *, repository: Path | None = None) -> None:
        self.backend = backend
        self.repository = repository
        # Every write through either face records its lines' citations beside the change.
        self.journal: Journal = CitingJournal(backend.changes, backend.machine, repository)

    @property
    def texts(self) -> Texts:
        return self.backend.texts

    def locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T]) -> T:
        """Run `work` as one command of the backend (its lock held); `empty()` when reading an absent store."""
        return self.backend.locked(work, write=write, empty=empty)
