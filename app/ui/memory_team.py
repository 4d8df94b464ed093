"""The memory window's team box: the repository's team lines (who wrote each, when), live, and a person's team writes.

"Share with the team" shares the line selected in the Lines box (one of the person's own);
Edit…, Delete and Undo change the team memory as that person, from the version the box showed, so
a teammate's newer change is refused with its text instead of overwritten. Every server call runs
on a thread of its own (one at a time: one connection), never on Qt's; a listener on its own
connection (`team.live`) reloads the box within a moment of a teammate's change, and after a lost
connection catches up by sequence number. The box says when team memory is off, read-only for this
person, or the cached copy because the server cannot be reached (and then writes nothing). The
listener is also how the box learns that the server went away after it was read: within a few seconds
the box says until when its copy was current, turns off every button that needs the server, and reads
again once the listener is back.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from app.core.errors import TeamServerError, TeamUnreachable
from app.core.settings import Settings
from app.core.team import config
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import colours, translation
from app.ui.background import Job, error_text
from app.ui.counts import COUNTS

if TYPE_CHECKING:  # the team's modules bring the server's driver (psycopg, 10 MB): loaded when the box is made
    from app.core.team import tier
    from app.core.team.live import TeamListener

ROLE_LINE = Qt.ItemDataRole.UserRole
OFF = QT_TRANSLATE_NOOP(
    "memory_team", "Team memory is off: connect a team server with 'voice-dev-agent team connect --dsn DSN'."
)
NO_LINES = QT_TRANSLATE_NOOP(
    "memory_team", "No team lines yet. Select one of your lines above and choose Share with the team."
)
PICK_OWN = QT_TRANSLATE_NOOP("memory_team", "Select one of your own lines in the Lines box to share it with the team.")


def describe(line: tier.TeamLine) -> str:
    """One team line as the box lists it: its text, who wrote it and when, and a mark when its code is gone here."""
    mark = (
        QCoreApplication.translate("memory_team", "  [no longer exists here: {join}]").format(join=", ".join(line.gone))
        if line.gone
        else ""
    )
    return f"{line.text}{mark}\n    by {line.by}, {line.at.astimezone().strftime('%Y-%m-%d %H:%M')}"


class MemoryTeam(QWidget):
    """One repository's team memory, for the person connected to the team server."""

    _teammate_changed = Signal(int)  # from the listener's thread to Qt's
    _connection_changed = Signal(bool)  # the listener lost the server (False) or has it again (True)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Hooks the window sets: the app's settings, the person's selected line, and the dialogs.
        self.settings_for: Callable[[], Settings] = Settings
        self.own_line: Callable[[], tuple[str, str] | None] = lambda: None  # (file path, line text)
        self.ask_text: Callable[[str, str, str], str | None] = lambda _t, _l, _v: None
        self.confirm: Callable[[str, str], bool] = lambda _t, _x: False
        from app.core.team import tier

        self.view = tier.TeamView("off")
        self.writable = False
        self._team: tier.Team | None = None
        self._repo: Path | None = None
        self._listener: TeamListener | None = None
        self._io = threading.Lock()  # one server call at a time: the team's one connection
        self._generation = 0  # results of a repository no longer shown are dropped
        self.busy = 0  # server calls under way (the tests wait for none)
        self._teammate_changed.connect(lambda _seq: self.reload())
        self._connection_changed.connect(self._on_connection)

        self.state = QLabel(QCoreApplication.translate("memory_team", OFF))
        self.state.setWordWrap(True)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Team memory lines"))
        self.list.setWordWrap(True)
        self.list.setMinimumHeight(48)  # the window stays within a small screen: the splitter gives it room
        self.list.currentItemChanged.connect(lambda *_: self._enable())
        self.share_button = QPushButton(self.tr("Share with the team"))
        self.share_button.setToolTip(
            self.tr("Share the line selected in the Lines box with everyone on this repository's team")
        )
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.undo_button = QPushButton(self.tr("Undo team change"))
        self.undo_button.setToolTip(
            self.tr("Undo the newest change to the team memory (kept in its history as a new change)")
        )
        for button, slot in (
            (self.share_button, self.share),
            (self.edit_button, self.edit),
            (self.delete_button, self.delete),
            (self.undo_button, self.undo),
        ):
            button.clicked.connect(lambda _checked=False, slot=slot: slot())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        title = QHBoxLayout()
        title.addWidget(QLabel(self.tr("<b>Team memory</b>")))
        title.addWidget(self.state, 1)
        buttons = QVBoxLayout()
        for button in (self.share_button, self.edit_button, self.delete_button, self.undo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.list, 1)
        body.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(title)
        layout.addLayout(body, 1)
        layout.addWidget(self.message)
        self._enable()

    # ---- which repository --------------------------------------------------------------------

    def set_repository(self, repo: Path | None) -> None:
        """Show `repo`'s team memory (None: nothing); the previous one's connection and listener are closed."""
        if repo is not None and repo == self._repo and self._team is not None:
            self.reload()  # the same repository shown again (after a save): read again, keep the listener
            return
        from app.core.team import tier

        self.close_team()
        self._repo = repo
        self._generation += 1
        self.view = tier.TeamView("off")
        self.writable = False
        self._show()
        if repo is None:
            return
        team = tier.open_team(repo, self.settings_for())
        if team is None:
            return
        self._team = team
        self.state.setText(self.tr("Reading the team memory…"))
        self.reload()

    def close_team(self) -> None:
        if self._listener is not None:
            self._listener.stop(timeout=0)
            self._listener = None
        team, self._team = self._team, None
        if team is not None:
            self._run("close", team.close)

    def reload(self, *, fresh: bool = False) -> None:
        """Read the team memory again; `fresh`: on a new connection (the old one died with the server)."""
        team = self._team
        if team is None:
            return

        def read() -> tuple[tier.TeamView, bool]:
            if fresh:
                team.backend.close()
            try:
                view = team.read()
            except (TeamServerError, OSError) as exc:
                return team.cached(str(exc)), False
            return view, team.backend.may_write()

        self._run("read", read)

    # ---- a person's team writes ----------------------------------------------------------------

    def share(self) -> None:
        team, own = self._team, self.own_line()
        if team is None:
            return
        if own is None:
            self._say(QCoreApplication.translate("memory_team", PICK_OWN), error=True)
            return
        path, text = own
        self._run("write", lambda: team.promote(path, text))

    def selected(self) -> tier.TeamLine | None:
        from app.core.team import tier

        item = self.list.currentItem()
        line = item.data(ROLE_LINE) if item is not None else None
        return line if isinstance(line, tier.TeamLine) else None

    def edit(self) -> None:
        team, line = self._team, self.selected()
        if team is None or line is None:
            return
        new = self.ask_text(
            self.tr("Edit the team line"), self.tr("Everyone on this repository's team sees the new text:"), line.text
        )
        if new is None or new.strip() == line.text:
            return
        self._run("write", lambda: team.edit(line.path, line.text, new, line.version))

    def delete(self) -> None:
        team, line = self._team, self.selected()
        if team is None or line is None:
            return
        if not self.confirm(
            self.tr("Delete the team line"),
            self.tr("Delete this line for everyone on the team?\n\n{text}").format(text=line.text),
        ):
            return
        self._run("write", lambda: team.edit(line.path, line.text, "", line.version))

    def undo(self) -> None:
        team = self._team
        if team is not None:
            self._run("write", team.undo)

    # ---- off Qt's thread and back ---------------------------------------------------------------

    def _run(self, tag: str, work: Callable[[], object]) -> None:
        generation = self._generation

        def serial() -> object:
            with self._io:
                return work()

        self.busy += 1
        Job(
            serial,
            name=f"team-memory-{tag}",
            on_returned=lambda result: self._done(tag, generation, result, ""),
            on_errored=lambda exc: self._done(tag, generation, None, error_text(exc)),
            owner=self,
        ).start()

    def _done(self, kind: str, generation: int, result: object, error: str) -> None:
        self.busy -= 1
        if kind == "close" or generation != self._generation:
            return
        if kind == "read":
            if isinstance(result, tuple):
                self.view, self.writable = result
            self._show()
            self._listen()
            return
        if error:
            self._say(error, error=True)
        elif isinstance(result, str):
            self._say(result, error=False)
        self.reload()  # a write, done or refused: show what the server holds now

    def _listen(self) -> None:
        team = self._team
        # Started from a cached copy too: when the server answers again, its catch-up reloads the box.
        if team is None or self._listener is not None:
            return
        from app.core.team.live import TeamListener

        dsn = config.configured_dsn(self.settings_for())
        self._listener = TeamListener(
            dsn,
            team.backend.identity,
            self._teammate_changed.emit,  # a Qt signal: the reload runs on Qt's thread
            since=self.view.seq,
            password=config.stored_password(dsn),
            on_state=self._connection_changed.emit,
        ).start()

    def _on_connection(self, connected: bool) -> None:
        if connected:
            self.reload(fresh=True)  # back: what the server holds now, and the buttons with it
            return
        listener = self._listener
        if self._team is None or listener is None or self.view.state != "connected":
            return
        # The lines shown are still the last the server gave; they were current until it was last heard.
        self.view = dataclasses.replace(self.view, state="cached", as_of=listener.last_heard or self.view.as_of)
        self._show()

    # ---- showing -------------------------------------------------------------------------------------

    def _show(self) -> None:
        view = self.view
        selected = self.selected()
        self.list.clear()
        for line in view.lines:
            item = QListWidgetItem(describe(line))
            item.setData(ROLE_LINE, line)
            self.list.addItem(item)
            if selected is not None and line.text == selected.text:
                self.list.setCurrentItem(item)
        self.state.setText(self._state_line())
        self.state.setStyleSheet(colours.CAUTION_BOX if view.state == "cached" else "")
        self._enable()

    def _state_line(self) -> str:
        view = self.view
        if self._team is None or view.state == "off":
            return QCoreApplication.translate("memory_team", OFF)
        if view.state == "cached":
            said = translation.shown(view.unreachable)
            return self.tr("{upper}{unreachable}. Nothing can be shared, changed or undone until it answers.").format(
                upper=said[0].upper(), unreachable=said[1:]
            )
        where = self._team.backend.location
        count = COUNTS.lines(len(view.lines)) if view.lines else QCoreApplication.translate("memory_team", NO_LINES)
        if not self.writable:
            return self.tr(
                "Read-only for you: you may read this team memory on {where} but not change it. {count}"
            ).format(where=where, count=count)
        return self.tr("Shared with this repository's team on {where}; live. {count}").format(where=where, count=count)

    def _enable(self) -> None:
        can = self._team is not None and self.view.state == "connected" and self.writable
        self.share_button.setEnabled(can)
        self.undo_button.setEnabled(can)
        for button in (self.edit_button, self.delete_button):
            button.setEnabled(can and self.selected() is not None)

    def _say(self, text: str, *, error: bool) -> None:
        if text.startswith(TeamUnreachable.__name__):
            text = text.split(":", 1)[-1].strip()
        self.message.setText(text)
        self.message.setStyleSheet(colours.PROBLEM_BOX if error else "")
        self.message.show()
