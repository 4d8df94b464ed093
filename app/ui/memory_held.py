"""Lines the agent wanted to remember that wait for the person: shown in the panel with Keep and Discard.

The path is the one the memory notices take (`memory_notice`): once a turn whose memory tool ran is
over, the journal says which of this session's lines are held (they are in no file, so no session
loads them). They go to the panel's own box, in place, never popped up; with the panel hidden, a
tray notification says one is waiting and where to decide. Keep writes the line as the person's
change (undoable like any), Discard drops it for good; `memory pending|keep|discard` do the same
from the command line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, SignalInstance
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core import messages
from app.core.memory import JournalError, open_store
from app.core.memory.keeping import NotPending
from app.core.memory.lock import LockTimeout
from app.ui.layout_rows import remove_rows
from app.ui.memory_words import file_name, short

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class HeldNotice:
    """One held line as the person reads it, and what Keep or Discard settles."""

    id: int
    text: str
    path: str
    reason: str
    repo: Path
    session_id: str = ""

    @property
    def line(self) -> str:
        return f"Waiting for you: “{short(self.text.strip().removeprefix('- '), 160)}” for {file_name(self.path)}"


def waiting(repo: Path) -> tuple[HeldNotice, ...]:
    """Every line of `repo` that waits for the person, oldest first (none when the journal cannot be read)."""
    try:
        held = open_store(repo).pending()
    except (JournalError, OSError, LockTimeout):
        log.warning("could not read the held memory lines of %s", repo, exc_info=True)
        return ()
    return tuple(HeldNotice(p.id, p.text, p.path, p.reason, repo, p.session_id) for p in held)


class HeldNotices(QObject):
    """Finds this session's held lines in the journal and settles them as the person chooses."""

    held = Signal(object)  # tuple[HeldNotice, ...], the ones not told yet
    settled = Signal(object, str, bool)  # the HeldNotice, what became of it, whether it no longer waits

    def __init__(self, repo_of: Callable[[], Path | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._repo_of = repo_of
        self._session = ""
        self._told: set[int] = set()

    def session_started(self, session_id: str) -> None:
        self._session = session_id
        self._told.clear()

    def check(self) -> tuple[HeldNotice, ...]:
        """Tell the lines this session's turns held since the last check (none: nothing is emitted)."""
        repo = self._repo_of()
        if repo is None or not self._session:
            return ()
        new = tuple(n for n in waiting(repo) if n.session_id == self._session and n.id not in self._told)
        self._told.update(n.id for n in new)
        if new:
            self.held.emit(new)
        return new

    def keep(self, notice: HeldNotice) -> str:
        return self._settle(notice, keep=True)

    def discard(self, notice: HeldNotice) -> str:
        return self._settle(notice, keep=False)

    def _settle(self, notice: HeldNotice, *, keep: bool) -> str:
        store = open_store(notice.repo)
        done = True
        try:
            results = store.keep(notice.text) if keep else store.discard(notice.text)
        except NotPending:
            message = "Already settled elsewhere: it no longer waits."
        except (JournalError, OSError, LockTimeout) as exc:
            message, done = f"Not settled: the memory could not be changed ({exc}).", False
        else:
            failed = [s for s in results if keep and not s.kept]
            if failed:
                message, done = failed[0].message, False  # a cap: still waiting, the buttons stay
            elif keep:
                message = f"Kept in {file_name(notice.path)}; the next session loads it:"
            else:
                message = "Discarded, not remembered:"
        self.settled.emit(notice, message, done)
        return message


class HeldBox(QFrame):
    """The panel's box of held lines: each with Keep and Discard, then what became of it."""

    keep_requested = Signal(object)  # HeldNotice
    discard_requested = Signal(object)  # HeldNotice

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heldBox")
        self.setStyleSheet("#heldBox { border-top: 1px solid palette(mid); }")
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(8, 4, 8, 4)
        self._rows.setSpacing(2)
        self._shown: dict[int, tuple[QLabel, QPushButton, QPushButton]] = {}
        self.hide()

    def add(self, notices: tuple[HeldNotice, ...]) -> None:
        """More held lines; earlier ones stay until settled or the session ends (a decision is not a turn's)."""
        for notice in notices:
            if notice.id in self._shown:
                continue
            label = QLabel(notice.line)
            label.setTextFormat(Qt.TextFormat.PlainText)  # the words come from the model or a file
            label.setWordWrap(True)
            label.setToolTip(f"Held because {notice.reason}.")
            keep = QPushButton("Keep")
            keep.setAccessibleName("Keep this line in the memory")
            keep.clicked.connect(lambda _c=False, n=notice: self.keep_requested.emit(n))
            discard = QPushButton("Discard")
            discard.setAccessibleName("Discard this line; it is not remembered")
            discard.clicked.connect(lambda _c=False, n=notice: self.discard_requested.emit(n))
            row = QHBoxLayout()
            row.addWidget(label, 1)
            row.addWidget(keep)
            row.addWidget(discard)
            self._rows.addLayout(row)
            self._shown[notice.id] = (label, keep, discard)
        self.setVisible(bool(self._shown))

    def settled(self, notice: HeldNotice, message: str, done: bool) -> None:
        """Keep or Discard finished: the line says so and, once settled, loses its buttons."""
        shown = self._shown.get(notice.id)
        if shown is None:
            return
        label, keep, discard = shown
        if not done:
            label.setToolTip(message)
            label.setText(f"{notice.line} ({message})")
            return
        label.setText(f"{message} “{short(notice.text.strip().removeprefix('- '), 120)}”")
        keep.hide()
        discard.hide()

    def lines(self) -> list[str]:
        return [label.text() for label, _k, _d in self._shown.values()]

    def buttons(self, notice_id: int) -> tuple[QPushButton, QPushButton] | None:
        shown = self._shown.get(notice_id)
        return (shown[1], shown[2]) if shown else None

    def clear(self) -> None:
        remove_rows(self._rows)
        self._shown.clear()
        self.hide()


def connect_held(
    held: HeldNotices,
    *,
    box: HeldBox,
    turn_over: SignalInstance,
    session_started: SignalInstance,
    session_reset: SignalInstance,
    panel_visible: Callable[[], bool],
    notify: Callable[[messages.Message], object],
) -> None:
    """Wire a finished turn's held lines to the panel's box (or a notification) and Keep/Discard back."""

    def told(found: tuple[HeldNotice, ...]) -> None:
        box.add(found)
        if not panel_visible():
            lines = "\n".join(n.line for n in found)
            note = f"{lines}\nKeep or discard it in the answer panel, or with: python -m app memory pending"
            notify(messages.Message(messages.Level.INFO, note, private=True))  # it quotes the held lines

    session_started.connect(held.session_started)
    turn_over.connect(lambda _turn: held.check())
    session_reset.connect(box.clear)
    held.held.connect(told)
    held.settled.connect(box.settled)
    box.keep_requested.connect(held.keep)
    box.discard_requested.connect(held.discard)
