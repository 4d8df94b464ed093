"""Telling the person what the agent remembered: one line per change after a turn, each with Undo.

The path from the agent to here: the session emits ToolFinished("memory") on the agent's thread,
the worker queues it to the controller, and the controller says `memory_changed` once the turn is
over (barged-in and cancelled turns included). The journal is then the one source of what changed:
this session's changes not shown yet. The lines go to the panel when it is open, else to a tray
notification; neither speaks nor takes the keyboard. "Undo last change" in the tray reverts the
newest of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core.memory import Change, JournalError, open_store
from app.core.memory.undo import UndoRefused
from app.ui.memory_words import change_line, undone_line

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MemoryNotice:
    """One change the agent made, as a line a person reads, and what Undo reverts."""

    line: str
    op: int
    change_id: int
    repo: Path


class MemoryNotices(QObject):
    """Finds the agent's new changes of the running session in the journal and offers to undo them."""

    noticed = Signal(object)  # tuple[MemoryNotice, ...], one turn's changes in order
    undone = Signal(int, str)  # operation, what was reverted (or why not, when the text says so)

    def __init__(self, repo_of: Callable[[], Path | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._repo_of = repo_of
        self._session = ""
        # Changes already told, by id and time: ids start again after "Forget this repository".
        self._told: set[tuple[int, float]] = set()
        self.latest: tuple[MemoryNotice, ...] = ()

    def session_started(self, session_id: str) -> None:
        self._session = session_id
        self._told.clear()
        self.latest = ()

    def check(self) -> tuple[MemoryNotice, ...]:
        """Tell the changes this session made since the last check (none: nothing is emitted)."""
        repo = self._repo_of()
        if repo is None or not self._session:
            return ()
        try:
            changes = open_store(repo).history()
        except (JournalError, OSError):  # history() already turns a damaged journal into []
            log.warning("could not read the memory journal of %s", repo, exc_info=True)
            return ()
        new = [c for c in changes if c.session_id == self._session and (c.id, c.at.timestamp()) not in self._told]
        if not new:
            return ()
        self._told.update((c.id, c.at.timestamp()) for c in new)
        notices = tuple(_notice(c, repo) for c in new if c.by == "agent")
        if notices:
            self.latest = notices
            self.noticed.emit(notices)
        return notices

    def undo(self, notice: MemoryNotice) -> str:
        """Revert the operation behind `notice`; returns the sentence to show."""
        try:
            store = open_store(notice.repo)
            reverted = [c for c in store.history() if c.op == notice.op]
            store.revert(notice.op)
        except (UndoRefused, JournalError) as exc:
            message = str(exc)
        else:
            message = undone_line(reverted)
        self.latest = tuple(n for n in self.latest if n.op != notice.op)
        self.undone.emit(notice.op, message)
        return message

    def undo_last(self) -> str:
        """The tray's "Undo last change": the newest change the agent made in this session."""
        if not self.latest:
            return self.tr("Nothing to undo.")
        return self.undo(self.latest[-1])


def _notice(change: Change, repo: Path) -> MemoryNotice:
    return MemoryNotice(change_line(change), change.op, change.id, repo)
