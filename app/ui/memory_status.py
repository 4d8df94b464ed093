"""What the person is told about memory when a session starts: the tray line and, once per repository, a note.

The tray line ("Memory: 3 files, 1 may be stale") asks git about every file, so it is worked out
by a background job (app.ui.background) and arrives on the main thread. The first-run note says what memory is,
where it lives, what goes to the Anthropic API and how to turn it off; it is shown once per
repository, remembered in a small file of the app's own.
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from app.core.memory import JournalError, open_store
from app.core.memory_notes import first_time
from app.ui.background import Job
from app.ui.counts import COUNTS


def summary(repo: Path, mode: str) -> str:
    """One line for the tray's tooltip about the memory a session of `repo` loads."""
    if mode == "off":
        return QCoreApplication.translate("memory_status", "Memory: off for this repository")
    prefix = (
        QCoreApplication.translate("memory_status", "Memory (read-only)")
        if mode == "read-only"
        else QCoreApplication.translate("memory_status", "Memory")
    )
    store = open_store(repo)
    stale: int | None
    try:
        problem = store.journal_problem()
        if problem:
            raise JournalError(problem)
        # The session's own view of staleness (counts capped, git's answers shared with sessions).
        marks = store.marks(store.written(), datetime.now(UTC))
        count = len(marks)
        stale = sum(1 for m in marks.values() if m.missing or m.changed)
    except JournalError:
        count, stale = len(store.files()), None
    if count == 0:
        return QCoreApplication.translate("memory_status", "{prefix}: empty").format(prefix=prefix)
    text = f"{prefix}: {COUNTS.files(count)}"
    if stale:
        text += QCoreApplication.translate("memory_status", ", {stale} may be stale").format(stale=stale)
    elif stale is None:
        text += QCoreApplication.translate("memory_status", " (its history cannot be read)")
    return text


class MemorySummary(QObject):
    """Works out `summary` off the main thread; `ready` carries (repository, line)."""

    ready = Signal(object, str)

    def refresh(self, repo: Path | None, mode: str) -> None:
        if repo is None:
            self.ready.emit(None, "")
            return
        # A tooltip line must never take the app down: a failure is logged and the line left empty.
        Job(functools.partial(summary, repo, mode), name="memory-summary",
            on_returned=lambda line: self.ready.emit(repo, line),
            on_errored=lambda _exc: self.ready.emit(repo, "")).start()  # fmt: skip


def first_run_note(repo: Path) -> str:
    """The note about memory for `repo`, the first time only; "" once it was shown."""
    if not first_time(str(repo)):
        return ""
    where = open_store(repo).location
    return QCoreApplication.translate(
        "memory_status",
        "Memory for {name}: the agent keeps short notes about this repository so it need not ask again. "
        "They stay on this computer in {where}; review, edit or delete them under Memory… in the tray "
        "menu. With each question, these notes and the contents of the files the agent reads are sent to "
        "the Anthropic API. To make memory read-only or turn it off: tray menu, Repository, Memory for "
        "{name}.",
    ).format(name=repo.name, where=where)
