"""Lines the person asked to remember that the agent's write gate refused: shown with "Keep it anyway".

The path from the agent to here: the store puts a `KeepOffer` beside the memory tool's result, the
session's `ToolFinished` carries it on the agent's thread, the worker queues it to the controller,
and the controller says `keep_offered` once the turn is over. The offers go to the panel's own box,
in place, never popped up; with the panel hidden, a notification through the message path says the
same with the action. Keep it anyway writes the line as the person's own, as `memory add` does
(`PersonView.add_line`): the gate never judges it, the credential filter and the caps still do, and
a refusal from them is said on the row. A line the agent wrote on its own initiative has no offer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, SignalInstance
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from app.core import messages
from app.core.errors import UserFacingError
from app.core.keep_offer import KeepOffer
from app.core.memory import JournalError, open_store
from app.core.memory.judgement import GATE_CONTEXT
from app.core.memory.lock import LockTimeout
from app.core.ui_text import QT_TRANSLATE_NOOP, recognised
from app.ui import translation
from app.ui.layout_rows import remove_rows
from app.ui.memory_words import settled_line, short
from app.ui.panel_fit import set_wrapping, shown_text, wrapping_label

log = logging.getLogger(__name__)

KEEP = QT_TRANSLATE_NOOP("memory_keep", "Keep it anyway")
WHY_NOT = QT_TRANSLATE_NOOP(
    "memory_keep",
    "The agent saves only what will still hold next month; a line you keep yourself is yours and is not judged.",
)


def refused_line(offer: KeepOffer) -> str:
    """The row's words: the line, and the gate's reason in plain words."""
    return QCoreApplication.translate("memory_keep", "Not remembered: “{short}”, because {reason}.").format(
        short=short(offer.line, 160), reason=translation.shown(recognised(offer.reason, GATE_CONTEXT))
    )


def hint(offer: KeepOffer) -> str:
    """Under the row: the other ways to keep it, the command selectable for copying."""
    return QCoreApplication.translate(
        "memory_keep", "{WHY_NOT} You can also add it in Settings → Memory, or with: {command}"
    ).format(WHY_NOT=QCoreApplication.translate("memory_keep", WHY_NOT), command=offer.command())


class KeepAnyway(QObject):
    """Keeps an offered line as the person's own in the memory of the repository it was refused in."""

    kept = Signal(object, str, bool)  # the KeepOffer, what became of it, whether it is kept

    def __init__(self, repo_of: Callable[[], Path | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._repo_of = repo_of  # for an offer from a store without a repository

    def keep(self, offer: KeepOffer) -> str:
        """Write the line as `memory add` does; `kept` says what became of it. Returns the sentence."""
        repo = Path(offer.repository) if offer.repository else self._repo_of()
        saved = False
        if repo is None:
            message = self.tr("Not kept: no repository is chosen.")
        else:
            try:
                result = open_store(repo).person.add_line(offer.line, offer.path)
            except (UserFacingError, JournalError, OSError, LockTimeout) as exc:
                message = self.tr("Not kept: the memory could not be changed ({exc}).").format(exc=exc)
            else:
                saved = result.saved
                if saved:
                    message = self.tr("Kept as your line in {file}; the next session loads it:").format(file=offer.file)
                else:  # a credential, a cap: the filter's own words, never the line itself, in the person's language
                    reason = result.message.removeprefix("Refused: ").removeprefix("Not saved: ")
                    message = self.tr("Not kept: {reason}").format(reason=translation.shown(reason))
        self.kept.emit(offer, message, saved)
        return message


@dataclass
class _Row:
    offer: KeepOffer
    label: QLabel
    hint: QLabel
    keep: QPushButton
    done: bool = False


class KeepBox(QFrame):
    """The panel's box of refused lines the person asked for: each with Keep it anyway, then what became of it."""

    keep_requested = Signal(object)  # KeepOffer
    reworded = Signal()  # a row says something else now (a cap's refusal is longer): the panel may need to grow

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("keepBox")
        self.setStyleSheet("#keepBox { border-top: 1px solid palette(mid); }")
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(8, 4, 8, 4)
        self._rows.setSpacing(2)
        self._shown: list[_Row] = []
        self.hide()

    def add(self, offers: tuple[KeepOffer, ...]) -> None:
        """A turn's offers; earlier ones stay until the session ends (a decision is not a turn's)."""
        for offer in offers:
            if any(r.offer == offer and not r.done for r in self._shown):
                continue  # asked again and refused again: the row already offers it
            label = wrapping_label(refused_line(offer))  # the words come from the model; a long path wraps too
            keep = QPushButton(QCoreApplication.translate("memory_keep", KEEP))
            keep.setAccessibleName(self.tr("Keep this line in the memory as your own"))
            keep.setToolTip(self.tr("Adds it to {file} as your line, as `memory add` does").format(file=offer.file))
            keep.clicked.connect(lambda _c=False, o=offer: self.keep_requested.emit(o))
            # Not broken up: the command in it is copied into a terminal. Its width is the panel's (Ignored),
            # so a long path is cut at the edge rather than widening the panel past the screen.
            note = QLabel(hint(offer))
            note.setTextFormat(Qt.TextFormat.PlainText)
            note.setWordWrap(True)
            note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            note.setStyleSheet("color: palette(mid);")
            note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # to copy the command
            row = QHBoxLayout()
            row.addWidget(label, 1)
            row.addWidget(keep)
            self._rows.addLayout(row)
            under = QHBoxLayout()
            under.addWidget(note)
            self._rows.addLayout(under)
            self._shown.append(_Row(offer, label, note, keep))
        self.setVisible(bool(self._shown))

    def kept(self, offer: KeepOffer, message: str, done: bool) -> None:
        """Keep it anyway finished: the row says so; kept, it loses its button and hint."""
        for row in self._shown:
            if row.offer != offer or row.done:
                continue
            if not done:  # the button stays: the person may make room and try again
                set_wrapping(row.label, message)
                row.label.setToolTip(refused_line(offer))
                continue
            row.done = True
            set_wrapping(row.label, settled_line(message, offer.line))
            row.keep.hide()
            row.hint.hide()
        self.reworded.emit()

    def lines(self) -> list[str]:
        return [shown_text(row.label) for row in self._shown]

    def hints(self) -> list[str]:
        return [row.hint.text() for row in self._shown if not row.hint.isHidden()]

    def button(self, index: int) -> QPushButton | None:
        """The Keep it anyway of the `index`th row (None when there is no such row)."""
        return self._shown[index].keep if 0 <= index < len(self._shown) else None

    def clear(self) -> None:
        remove_rows(self._rows)
        self._shown.clear()
        self.hide()


def _keeping(keeper: KeepAnyway, offer: KeepOffer) -> Callable[[str], object]:
    """A notification's action handler: its Keep it anyway keeps the one line the notification names."""

    def on_action(key: str) -> object:
        return keeper.keep(offer) if key == "keep" else None

    return on_action


def connect_keep(
    keeper: KeepAnyway,
    *,
    box: KeepBox,
    offered: SignalInstance,
    session_reset: SignalInstance,
    panel_visible: Callable[[], bool],
    notify: Callable[[messages.Message], object],
) -> None:
    """Wire a finished turn's offers to the panel's box (or a notification with the action) and Keep back."""

    def told(offers: tuple[KeepOffer, ...]) -> None:
        box.add(offers)
        if panel_visible():
            return
        for offer in offers:  # one each: a notification's action keeps the line it names
            keep = QCoreApplication.translate("memory_keep", KEEP)
            notify(messages.Message(messages.Level.INFO, offer.hint(), actions=(("keep", keep),),
                                    on_action=_keeping(keeper, offer), private=True))  # fmt: skip  # quotes the line

    def kept(offer: KeepOffer, message: str, done: bool) -> None:
        box.kept(offer, message, done)
        if not panel_visible():
            text = settled_line(message, offer.line) if done else message
            notify(messages.Message(messages.Level.INFO, text, private=True))

    offered.connect(told)
    session_reset.connect(box.clear)
    box.keep_requested.connect(keeper.keep)
    keeper.kept.connect(kept)
