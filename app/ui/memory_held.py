"""Lines the agent wanted to remember that wait for the person: shown in the panel with Keep and Discard.

The path is the one the memory notices take (`memory_notice`): once a turn whose memory tool ran is
over, the journal says which of this session's lines are held (they are in no file, so no session
loads them). They go to the panel's own box, in place, never popped up; with the panel hidden, a
tray notification says one is waiting and where to decide. Keep writes the line as the person's
change (undoable like any), Discard drops it for good; `memory pending|keep|discard` do the same
from the command line.

A line the agent suggested for the team's memory (written to `suggest.SUGGEST_PATH`) also has
"Share with the team". It is enabled only once the team server said this person may write there
(asked off Qt's thread when the row appears, when the box is shown again and after a failed share);
otherwise it stays disabled, its tooltip saying why (team memory off, read-only, no access, the
server unreachable). A share runs on a `Job` through `team.sharing`, the path `memory share`
takes, and the row says what became of it: shared (its buttons go), or refused and still waiting.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal, SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app import APP_NAME
from app.core import messages
from app.core.errors import UserFacingError
from app.core.memory import JournalError, open_store, suggest
from app.core.memory.keeping import NotPending
from app.core.memory.lock import LockTimeout
from app.core.memory.origin import HOLD_CONTEXT
from app.core.settings import Settings
from app.core.team import sentences, sharing
from app.core.ui_text import QT_TRANSLATE_NOOP, recognised
from app.ui import translation
from app.ui.background import Job
from app.ui.layout_rows import remove_rows
from app.ui.memory_words import file_name, settled_line, short
from app.ui.panel_fit import set_wrapping, shown_text, wrapping_label

log = logging.getLogger(__name__)

SHARE = QT_TRANSLATE_NOOP("memory_held", "Share with the team")
ASKING = QT_TRANSLATE_NOOP("memory_held", "Asking the team server whether you can share it…")
SHARING = QT_TRANSLATE_NOOP("memory_held", "Sharing with the team…")
WENT_WRONG = "Not shared: something went wrong; the details are in the log file."


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
        return QCoreApplication.translate("HeldNotice", "Waiting for you: “{short}” for {file_name}").format(
            short=short(self.text.strip().removeprefix("- "), 160), file_name=file_name(self.path)
        )

    @property
    def for_team(self) -> bool:
        """The agent suggested it for the team's memory: the person may share it with the team."""
        return self.path == suggest.SUGGEST_PATH


def waiting(repo: Path) -> tuple[HeldNotice, ...]:
    """Every line of `repo` that waits for the person, oldest first (none when the journal cannot be read)."""
    try:
        held = open_store(repo).pending()
    except (JournalError, OSError, LockTimeout):
        log.warning("could not read the held memory lines of %s", repo, exc_info=True)
        return ()
    # The journal keeps the reason's English; marked again, it is shown in the person's language.
    return tuple(HeldNotice(p.id, p.text, p.path, held_reason(p.reason), repo, p.session_id) for p in held)


def held_reason(reason: str) -> str:
    """A held line's reason as the journal keeps it (plain English), marked again as app/core made it."""
    return recognised(reason, HOLD_CONTEXT)


class HeldNotices(QObject):
    """Finds this session's held lines in the journal and settles them as the person chooses."""

    held = Signal(object)  # tuple[HeldNotice, ...], the ones not told yet
    settled = Signal(object, str, bool)  # the HeldNotice, what became of it, whether it no longer waits
    team_access = Signal(object, object)  # repository Path, sharing.Access: whether a share can work there now

    def __init__(
        self,
        repo_of: Callable[[], Path | None],
        parent: QObject | None = None,
        *,
        settings_for: Callable[[], Settings] = Settings,  # the app's settings: which team server is connected
    ) -> None:
        super().__init__(parent)
        self._repo_of = repo_of
        self._settings_for = settings_for
        self._session = ""
        self._told: set[int] = set()
        self._asking: set[Path] = set()  # repositories whose team access is being asked
        self._again: set[Path] = set()  # ... and to be asked again once that answer is in
        self.busy = 0  # team server calls under way (the tests wait for none)

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
            message = self.tr("Already settled elsewhere: it no longer waits.")
        except (JournalError, OSError, LockTimeout) as exc:
            message, done = self.tr("Not settled: the memory could not be changed ({exc}).").format(exc=exc), False
        else:
            failed = [s for s in results if keep and not s.kept]
            if failed:
                # a cap, the credential filter: still waiting, the buttons stay; said in the person's language
                message, done = translation.shown(failed[0].message), False
            elif keep:
                message = self.tr("Kept in {file_name}; the next session loads it:").format(
                    file_name=file_name(notice.path)
                )
            else:
                message = self.tr("Discarded, not remembered:")
        self.settled.emit(notice, message, done)
        return message

    # ---- the team: off Qt's thread, since each call waits for the server -----------------------------

    def ask_team(self, repo: Path) -> None:
        """Ask whether this person can share with `repo`'s team now; `team_access` answers on Qt's thread."""
        if repo in self._asking:
            self._again.add(repo)  # the answer under way may be from before what made this ask
            return
        self._asking.add(repo)
        settings = self._settings_for()

        def answered(access: sharing.Access) -> None:
            self._asking.discard(repo)
            self.team_access.emit(repo, access)
            if repo in self._again:
                self._again.discard(repo)
                self.ask_team(repo)

        def failed(_exc: BaseException) -> None:  # already told through the message path
            answered(sharing.Access(False, self.tr("The team server could not be asked; see the log file.")))

        self._server("team-access", lambda: sharing.access(repo, settings), answered, failed)

    def share(self, notice: HeldNotice) -> None:
        """Share a suggestion with the team as the person (as `memory share` does); `settled` says what became of it."""
        settings = self._settings_for()

        def work() -> tuple[str, bool]:
            try:
                said = sharing.share_suggestion(notice.repo, settings, notice.text)
            except NotPending:
                return self.tr("Already settled elsewhere: it no longer waits."), True
            except UserFacingError as exc:  # off, unreachable, refused by the server, the gate, a cap, a credential
                text = translation.shown(str(exc))  # marked in app/core: in the person's language
                return (
                    text if text.startswith(self.tr("Not shared")) else self.tr("Not shared: {text}").format(text=text)
                ), False
            except (JournalError, OSError, LockTimeout) as exc:
                return self.tr("Not shared: the memory could not be changed ({exc}).").format(exc=exc), False
            return (sentences.ALREADY if said.startswith(sentences.ALREADY) else sentences.SHARED), True

        def answered(result: tuple[str, bool]) -> None:
            message, done = result
            self.settled.emit(notice, message, done)
            if not done:
                self.ask_team(notice.repo)  # whether the button can work now (unreachable, made read-only)

        def failed(_exc: BaseException) -> None:  # a bug: the message path has told the person
            self.settled.emit(notice, WENT_WRONG, False)
            self.ask_team(notice.repo)

        self._server("team-share", work, answered, failed)

    def _server(
        self, name: str, work: Callable[[], Any], answered: Callable[[Any], None], failed: Callable[[Any], None]
    ) -> None:
        self.busy += 1
        # No `on_errored`: an exception nothing expected takes Job's own path (logged, then shown), then `failed`.
        job = Job(work, name=name, on_returned=answered)
        job.errored.connect(failed)
        job.finished.connect(self._finished)
        job.start()

    def _finished(self) -> None:
        self.busy -= 1


@dataclass
class _Row:
    """One held line in the box: its words, and its buttons (Share only on a suggestion for the team)."""

    notice: HeldNotice
    label: QLabel
    keep: QPushButton
    discard: QPushButton
    share: QPushButton | None
    done: bool = False


class HeldBox(QFrame):
    """The panel's box of held lines: each with Keep and Discard (and Share with the team), then what became of it."""

    keep_requested = Signal(object)  # HeldNotice
    discard_requested = Signal(object)  # HeldNotice
    share_requested = Signal(object)  # HeldNotice, a suggestion for the team
    team_wanted = Signal(object)  # repository Path: ask whether this person can share with its team now
    reworded = Signal()  # a row says something else now (a cap's refusal is longer): the panel may need to grow

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heldBox")
        self.setStyleSheet("#heldBox { border-top: 1px solid palette(mid); }")
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(8, 4, 8, 4)
        self._rows.setSpacing(2)
        self._shown: dict[int, _Row] = {}
        self._sharing: set[int] = set()  # kept through clear(): a reload shows a line being shared as busy
        self.hide()

    def add(self, notices: tuple[HeldNotice, ...]) -> None:
        """More held lines; earlier ones stay until settled or the session ends (a decision is not a turn's)."""
        asked: set[Path] = set()
        for notice in notices:
            if notice.id in self._shown:
                continue
            label = wrapping_label(notice.line)  # the words come from the model or a file; a long path wraps too
            reason = translation.shown(held_reason(notice.reason))
            label.setToolTip(self.tr("Held because {reason}.").format(reason=reason))
            keep = QPushButton(self.tr("Keep"))
            keep.setAccessibleName(self.tr("Keep this line in the memory"))
            keep.clicked.connect(lambda _c=False, n=notice: self.keep_requested.emit(n))
            discard = QPushButton(self.tr("Discard"))
            discard.setAccessibleName(self.tr("Discard this line; it is not remembered"))
            discard.clicked.connect(lambda _c=False, n=notice: self.discard_requested.emit(n))
            share = None
            if notice.for_team:
                share = QPushButton(QCoreApplication.translate("memory_held", SHARE))
                share.setAccessibleName(self.tr("Share this line with everyone on this repository's team"))
                _explain(
                    share, False, QCoreApplication.translate("memory_held", ASKING)
                )  # until the team server answers: a button that may not work is off
                share.clicked.connect(lambda _c=False, n=notice: self._share(n))
                asked.add(notice.repo)
            row = QHBoxLayout()
            row.addWidget(label, 1)
            row.addWidget(keep)
            if share is not None:
                row.addWidget(share)
            row.addWidget(discard)
            self._rows.addLayout(row)
            self._shown[notice.id] = _Row(notice, label, keep, discard, share)
            if notice.id in self._sharing:
                self._busy(self._shown[notice.id])
        shown = self.isVisible()
        self.setVisible(bool(self._shown))
        if shown:  # else its showEvent asks, now or once its window is shown
            for repo in asked:
                self.team_wanted.emit(repo)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (the panel with a new answer): the team server may have come back, or gone."""
        super().showEvent(event)
        for repo in {r.notice.repo for r in self._shown.values() if r.share is not None and not r.done}:
            self.team_wanted.emit(repo)

    def team_access(self, repo: Path, access: sharing.Access) -> None:
        """The team server's answer for `repo`: each waiting suggestion's Share button works, or says why not."""
        for row in self._shown.values():
            waits = not row.done and row.notice.id not in self._sharing
            if row.share is not None and row.notice.repo == repo and waits:
                _explain(row.share, access.can, access.why)

    def _share(self, notice: HeldNotice) -> None:
        row = self._shown.get(notice.id)
        if row is None or notice.id in self._sharing:
            return
        self._sharing.add(notice.id)
        self._busy(row)
        self.share_requested.emit(notice)

    def _busy(self, row: _Row) -> None:
        set_wrapping(row.label, f"{row.notice.line} ({QCoreApplication.translate('memory_held', SHARING)})")
        for button in (row.keep, row.discard, row.share):
            if button is not None:
                button.setEnabled(False)

    def settled(self, notice: HeldNotice, message: str, done: bool) -> None:
        """Keep, Discard or Share finished: the line says so and, once settled, loses its buttons."""
        shared = notice.id in self._sharing
        self._sharing.discard(notice.id)
        row = self._shown.get(notice.id)
        if row is None:
            return
        row.keep.setEnabled(True)
        row.discard.setEnabled(True)
        if not done:
            row.label.setToolTip(message)
            set_wrapping(row.label, f"{notice.line} ({message})")
            if shared and row.share is not None:
                _explain(
                    row.share, False, QCoreApplication.translate("memory_held", ASKING)
                )  # asked again after a failed share (`HeldNotices.share`)
            self.reworded.emit()
            return
        row.done = True
        set_wrapping(row.label, settled_line(message, notice.text.strip().removeprefix("- ")))
        for button in (row.keep, row.discard, row.share):
            if button is not None:
                button.hide()
        self.reworded.emit()

    def lines(self) -> list[str]:
        return [shown_text(row.label) for row in self._shown.values()]

    def buttons(self, notice_id: int) -> tuple[QPushButton, QPushButton] | None:
        row = self._shown.get(notice_id)
        return (row.keep, row.discard) if row else None

    def share_button(self, notice_id: int) -> QPushButton | None:
        """The row's Share with the team (None when the line is no suggestion for the team, or not shown)."""
        row = self._shown.get(notice_id)
        return row.share if row else None

    def clear(self) -> None:
        remove_rows(self._rows)
        self._shown.clear()
        self.hide()


def _explain(button: QPushButton, can: bool, why: str) -> None:
    """Enable the button or not, and say why on hover and to a screen reader."""
    button.setEnabled(can)
    why = translation.shown(why)  # made in app/core (app.core.team.sharing): in the person's language
    button.setToolTip(why)
    button.setAccessibleDescription(why)


def connect_box(held: HeldNotices, box: HeldBox) -> None:
    """A box's buttons to the settling (`settled` is the caller's: the memory window reloads its files first)."""
    box.keep_requested.connect(held.keep)
    box.discard_requested.connect(held.discard)
    box.share_requested.connect(held.share)
    box.team_wanted.connect(held.ask_team)
    held.team_access.connect(box.team_access)


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
    """Wire a finished turn's held lines to the panel's box (or a notification) and Keep/Discard/Share back."""

    def told(found: tuple[HeldNotice, ...]) -> None:
        box.add(found)
        if not panel_visible():
            lines = "\n".join(n.line for n in found)
            choices = (
                QCoreApplication.translate("memory_held", "Keep, share or discard")
                if any(n.for_team for n in found)
                else QCoreApplication.translate("memory_held", "Keep or discard")
            )
            note = QCoreApplication.translate(
                "memory_held", "{lines}\n{choices} it in the answer panel, or with: {APP_NAME} memory pending"
            ).format(lines=lines, choices=choices, APP_NAME=APP_NAME)
            notify(messages.Message(messages.Level.INFO, note, private=True))  # it quotes the held lines

    session_started.connect(held.session_started)
    turn_over.connect(lambda _turn: held.check())
    session_reset.connect(box.clear)
    held.held.connect(told)
    held.settled.connect(box.settled)
    connect_box(held, box)
