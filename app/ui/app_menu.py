"""The app's one menu, shared by the tray icon and the status window: listen, ask, repositories, memory, quit.

Its items only emit signals; the app wires them (application.py), and the state it shows (listening or not,
the recent repositories, the memory mode, the last memory change to undo) is set from outside.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from app import APP_DISPLAY_NAME
from app.ui.memory_words import MODES


def repo_label(repo: Path) -> str:
    return f"{repo.name}  —  {repo.parent}"


class AppMenu(QMenu):
    """The one menu of the app: active repository, asking, answers, session, windows, quit."""

    repository_chosen = Signal(object)  # Path
    switch_to_editor = Signal()  # ask about the repository the editor shows
    choose_folder = Signal()
    listen = Signal()  # start listening, or stop when already listening
    ask_typing = Signal()
    show_last_answer = Signal()
    new_session = Signal()
    stop_speaking = Signal()
    cancel_turn = Signal()  # end the answer being thought or spoken
    open_memory = Signal()
    undo_memory = Signal()  # undo the newest change the agent made to memory
    memory_mode_chosen = Signal(str)  # "on" / "read-only" / "off" for the active repository
    open_history = Signal()
    open_settings = Signal()
    open_setup = Signal()
    quit_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolTipsVisible(True)
        self.status_action = self.addAction(self.tr("Ready"))
        self.status_action.setEnabled(False)
        self.addSeparator()
        self.repo_menu = self.addMenu(self.tr("Repository"))
        self.repo_menu.setToolTipsVisible(True)
        self._repo_group = QActionGroup(self)
        self._repo_group.setExclusive(True)
        self.editor_repo_action = self._action(self.tr("Switch to the editor's repository"), self.switch_to_editor, "")
        self.editor_repo_action.setVisible(False)  # shown while the editor shows another repository
        self.addSeparator()
        # Where no global hotkey can work (Wayland, no accessibility permission), this is how to speak.
        self.listen_action = self._action(
            self.tr("Listen"), self.listen, self.tr("Start listening; choose Stop listening when done")
        )
        self.ask_action = self._action(
            self.tr("Ask by typing…"), self.ask_typing, self.tr("Ask a question without speaking")
        )
        self.last_answer_action = self._action(
            self.tr("Show last answer"),
            self.show_last_answer,
            self.tr("Open the panel with the answers of this session"),
        )
        self.new_session_action = self._action(
            self.tr("New session"),
            self.new_session,
            self.tr("Forget this conversation; the next question starts from memory"),
        )
        self.stop_action = self._action(
            self.tr("Stop speaking"), self.stop_speaking, self.tr("Silence the current answer")
        )
        self.cancel_action = self._action(
            self.tr("Cancel answer"),
            self.cancel_turn,
            self.tr("Stop this answer, thought or spoken; ask again when you like"),
        )
        self.addSeparator()
        self.memory_action = self._action(
            self.tr("Memory…"),
            self.open_memory,
            self.tr("Review what the agent remembers about your repositories"),
        )
        self.undo_memory_action = self._action(
            self.tr("Undo last memory change"),
            self.undo_memory,
            self.tr("Nothing the agent remembered in this session yet"),
        )
        self.undo_memory_action.setEnabled(False)
        self._memory_mode: str | None = None
        self._mode_group = QActionGroup(self)
        self._mode_group.setExclusive(True)
        self.history_action = self._action(
            self.tr("History…"),
            self.open_history,
            self.tr("Past questions and replies: search, ask again, correct what was heard"),
        )
        self.settings_action = self._action(
            self.tr("Settings…"), self.open_settings, self.tr("API key, voice, hotkey, devices")
        )
        self.setup_action = self._action(
            self.tr("Set up…"),
            self.open_setup,
            self.tr("The first steps again: API key, repository, microphone and hotkey checks"),
        )
        self.addSeparator()
        self.quit_action = self._action(
            self.tr("Quit"),
            self.quit_requested,
            self.tr("Quit {APP_DISPLAY_NAME}").format(APP_DISPLAY_NAME=APP_DISPLAY_NAME),
        )
        self.set_repositories(None, [])
        self.set_speaking(False)
        self.set_answering(False)
        self.set_has_answer(False)

    def _action(self, text: str, signal: object, tip: str) -> QAction:
        action = self.addAction(text)
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False, s=signal: s.emit())
        return action

    def set_repositories(self, active: Path | None, recent: list[Path]) -> None:
        self.repo_menu.clear()
        for action in self._repo_group.actions():
            self._repo_group.removeAction(action)
        self.repo_menu.setTitle(
            self.tr("Repository: {name}").format(name=active.name) if active else self.tr("Repository: none chosen")
        )
        choices = ([active] if active else []) + [r for r in recent if r != active]
        for repo in choices:
            action = self.repo_menu.addAction(repo_label(repo))
            action.setCheckable(True)
            action.setChecked(repo == active)
            action.setToolTip(str(repo))
            action.setData(str(repo))
            self._repo_group.addAction(action)
            action.triggered.connect(lambda _checked=False, r=repo: self.repository_chosen.emit(r))
        if not choices:
            empty = self.repo_menu.addAction(self.tr("No repository yet"))
            empty.setEnabled(False)
        self._add_memory_modes(active)
        self.repo_menu.addSeparator()
        choose = self.repo_menu.addAction(self.tr("Choose folder…"))
        choose.setToolTip(self.tr("Pick the folder of a git repository to ask about"))
        choose.triggered.connect(lambda _checked=False: self.choose_folder.emit())

    def _add_memory_modes(self, active: Path | None) -> None:
        """The active repository's memory switch, each choice with the line that explains it."""
        for action in self._mode_group.actions():
            self._mode_group.removeAction(action)
        if active is None:
            return
        self.repo_menu.addSeparator()
        self.repo_menu.addSection(self.tr("Memory for {name}").format(name=active.name))
        for key, name, line in MODES:
            name, line = (
                QCoreApplication.translate("memory_words", name),
                QCoreApplication.translate("memory_words", line),
            )
            action = self.repo_menu.addAction(f"{name}: {line[:1].lower()}{line[1:]}")
            action.setCheckable(True)
            action.setChecked(key == (self._memory_mode or "on"))
            action.setData(key)
            action.setToolTip(line)
            self._mode_group.addAction(action)
            action.triggered.connect(lambda _checked=False, k=key: self.memory_mode_chosen.emit(k))

    def set_editor_offer(self, repo: Path | None, editor: str) -> None:
        """Offer "Switch to <name> (open in Neovim)" while the editor shows `repo`; None withdraws it."""
        self.editor_repo_action.setVisible(repo is not None)
        if repo is not None:
            self.editor_repo_action.setText(
                self.tr("Switch to {name} (open in {editor})").format(name=repo.name, editor=editor)
            )
            self.editor_repo_action.setToolTip(
                self.tr("Ask about {repo}, the repository {editor} shows").format(repo=repo, editor=editor)
            )

    def set_memory_mode(self, mode: str) -> None:
        """Tick the active repository's memory mode."""
        self._memory_mode = mode
        for action in self._mode_group.actions():
            action.setChecked(action.data() == mode)

    def memory_mode_actions(self) -> list[QAction]:
        return list(self._mode_group.actions())

    def set_memory_undo(self, line: str) -> None:
        """Offer "Undo last memory change" for `line` (what the agent just remembered); "" withdraws it."""
        self.undo_memory_action.setEnabled(bool(line))
        self.undo_memory_action.setToolTip(
            self.tr("Undo: {line}").format(line=line) if line else self.tr("Nothing the agent remembered to undo")
        )

    def set_status(self, text: str) -> None:
        self.status_action.setText(text)

    def set_speaking(self, speaking: bool) -> None:
        self.stop_action.setEnabled(speaking)

    def set_answering(self, answering: bool) -> None:
        """A turn thinks or speaks: it can be cancelled from here (also when it stalls)."""
        self.cancel_action.setEnabled(answering)

    def set_listening(self, listening: bool) -> None:
        self.listen_action.setText(self.tr("Stop listening") if listening else self.tr("Listen"))

    def set_has_answer(self, has_answer: bool) -> None:
        self.last_answer_action.setEnabled(has_answer)

    def texts(self) -> list[str]:
        """The visible entries, in order (separators left out)."""
        return [a.text() for a in self.actions() if not a.isSeparator() and a.isVisible()]
