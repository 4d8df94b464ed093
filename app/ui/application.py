"""The desktop app's pieces: builds the Qt parts and wires them to the controller and workers.

Start-up order (the process itself starts in desktop_start.py): the message sink (held messages arrive
now), the tray, the workers (models load in the background), the hotkey and, while it listens, the open
microphone (pre-roll). Once the models are loaded one INFO line `ready: ...` goes to the log, which tests
and benchmarks wait for. Shutdown on aboutToQuit runs in the reverse order: hotkey, microphone, speech,
agent, then the threads.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QThread
from PySide6.QtWidgets import QApplication, QFileDialog

from app.core import heap, messages, repos, source_lines
from app.core import settings as settings_store
from app.core.agent.events import Answer
from app.core.editor.latest import LatestContext
from app.core.errors import UserFacingError
from app.core.history import History
from app.core.settings import Effect, Settings, as_memory_mode, changed_effects
from app.ui import heap_counts, memory_status
from app.ui.agent_worker import AgentWorker
from app.ui.app_menu import AppMenu
from app.ui.ask_dialog import ask_question
from app.ui.controller import Controller, State
from app.ui.desktop_notifications import DesktopNotifications
from app.ui.editor_repo import NO_REPOSITORY, EditorRepository
from app.ui.history_window import HistoryWindow
from app.ui.hotkey_bridge import HotkeyBridge
from app.ui.memory_held import HeldNotices, connect_held
from app.ui.memory_keep import KeepAnyway, connect_keep
from app.ui.memory_notice import MemoryNotice, MemoryNotices
from app.ui.memory_status import MemorySummary
from app.ui.microphone import Microphone
from app.ui.notify import Notifier
from app.ui.panel import AnswerPanel
from app.ui.placement import centre_on_screen
from app.ui.settings_window import SettingsWindow
from app.ui.setup_flow import SetupFlow
from app.ui.speech_worker import SpeechWorker
from app.ui.threads import start_thread, stop_thread
from app.ui.tray import Tray
from app.ui.trust_box import connect_trust

if TYPE_CHECKING:
    from app.ui.ports import AgentPort

log = logging.getLogger(__name__)


class DesktopApp(QObject):
    """Owns every long-lived piece of the desktop app and the wiring between them."""

    def __init__(self, app: QApplication, settings: Settings, repo: Path | None, *, problem: str = "") -> None:
        super().__init__()
        self.app = app
        self.settings = settings
        self.settings_problem = problem
        self.menu = AppMenu()
        self.tray = Tray(self.menu)
        self.tray.notifications = DesktopNotifications(self)
        self.panel = AnswerPanel()
        self.panel.set_page_limit(settings.panel_pages)
        self.speech = SpeechWorker(settings)
        self.agent = AgentWorker()
        self.microphone = Microphone(settings.input_device)
        self.notifier = Notifier(self.tray.show_message, self._speak_message)
        self.hotkey = HotkeyBridge()
        self.agent.watch_keys(self.hotkey.key_times)  # the tap rule reads the hotkey's own times, not late signals
        self.editor = LatestContext()  # what the person's editor last reported over the instance socket
        self.editor_repo = EditorRepository(lambda: self.controller.repo, self.set_repository, self)
        self.editor.watch(self.editor_repo.seen)  # with no repository active, the editor's becomes it
        self.controller = Controller(
            speech=self.speech,
            agent=self.agent,
            microphone=self.microphone,
            settings=settings,
            repo=repo,
            editor=self.editor,
        )
        self.memory_notices = MemoryNotices(lambda: self.controller.repo)
        self.setup = SetupFlow(
            microphone=self.microphone, anchor=self.tray.icon_rect, settings=lambda: self.settings,
            repo=lambda: self.controller.repo, choose_repository=self.set_repository, done=self._setup_done,
            press=self.controller.press, release=self.controller.release, parent=self,
        )  # fmt: skip
        self.memory_summary = MemorySummary()
        self.settings_window: SettingsWindow | None = None
        self.history_window: HistoryWindow | None = None
        self.agent.set_history(History.for_settings(settings))
        self._threads: list[QThread] = []
        self._hotkey_state = ""  # "listening" or "unavailable" once the listener was started
        self._ready_logged = False
        self._wire()

    def _wire(self) -> None:
        c, menu = self.controller, self.menu
        c.state_changed.connect(self._on_state)
        c.level_changed.connect(self.tray.show_level)
        c.screen_shown.connect(self.panel.add_screen)
        connect_trust(self.panel.trust_box, asked=c.trust_asked, show=self.panel.ask_trust, answer=c.answer_trust)
        c.answer_ready.connect(self._on_answer)
        self.panel.asked_with.ask_without.connect(c.ask_without_editor)
        c.session_reset.connect(self.panel.clear)
        c.session_reset.connect(lambda: menu.set_has_answer(False))
        self.hotkey.pressed.connect(self.setup.pressed)  # the setup's hotkey check sees a press first
        self.hotkey.released.connect(self.setup.released)
        self.hotkey.tapped.connect(c.tapped)
        self.hotkey.hands_free.connect(c.hands_free)
        menu.open_setup.connect(lambda: self.setup.open())
        c.question_waiting.connect(self.setup.ask_for_repository)
        c.session_reset.connect(self.setup.repository_changed)  # a question kept there is asked now
        self.hotkey.bound.connect(lambda keys: messages.info(f"Hold-to-talk is bound to {keys or 'a shortcut'}."))
        menu.repository_chosen.connect(self.set_repository)
        self.editor_repo.offered.connect(menu.set_editor_offer)
        menu.switch_to_editor.connect(self.editor_repo.switch)
        menu.choose_folder.connect(self.choose_folder)
        menu.listen.connect(self.toggle_listening)
        menu.ask_typing.connect(self.ask_by_typing)
        menu.show_last_answer.connect(lambda: self.panel.show_last(take_focus=True))
        self.hotkey.show_panel.connect(lambda: self.panel.show_last(take_focus=True))
        menu.new_session.connect(c.new_session)
        connect_turn_controls(c, menu)
        menu.open_memory.connect(lambda: self.open_settings(memory=True))
        menu.open_settings.connect(lambda: self.open_settings(memory=False))
        menu.open_history.connect(self.open_history)
        menu.quit_requested.connect(self.app.quit)
        self.tray.activated.connect(self._on_tray_click)
        connect_memory_notices(self.memory_notices, controller=c, agent=self.agent, panel=self.panel, menu=menu)
        self.memory_notices.noticed.connect(lambda _n: self._reload_memory_window())
        self.memory_notices.undone.connect(lambda _op, _m: self._reload_memory_window())
        self.held_lines = HeldNotices(lambda: self.controller.repo, settings_for=lambda: self.settings)
        connect_held(self.held_lines, box=self.panel.held_box, turn_over=c.memory_changed,
                     session_started=self.agent.session_started, session_reset=c.session_reset,
                     panel_visible=self.panel.isVisible, notify=messages.post)  # fmt: skip
        self.held_lines.settled.connect(lambda *_: self._reload_memory_window())
        self.held_lines.held.connect(lambda _n: self._reload_memory_window())  # Settings → Memory lists them too
        self.keep_anyway = KeepAnyway(lambda: self.controller.repo)
        connect_keep(self.keep_anyway, box=self.panel.keep_box, offered=c.keep_offered, session_reset=c.session_reset,
                     panel_visible=self.panel.isVisible, notify=messages.post)  # fmt: skip
        self.keep_anyway.kept.connect(lambda *_: self._reload_memory_window())
        c.session_reset.connect(self._on_session_reset)
        self.memory_summary.ready.connect(self._on_memory_summary)
        menu.memory_mode_chosen.connect(lambda mode: self.set_memory_mode(self.controller.repo, mode))
        self.speech.ready.connect(self._on_models_loaded)
        self.app.aboutToQuit.connect(self.shutdown)
        heap_counts.register(self.panel, self.agent)

    def start(self) -> None:
        self._update_repo_menu()
        # Shown first: a hidden tray icon drops its balloons, and the sink delivers at once what start-up
        # said before the tray existed (a damaged settings file, a mistyped --repo).
        self.tray.show()
        messages.set_sink(self.notifier.sink)
        self._threads = [start_thread(self.speech, "speech-worker"), start_thread(self.agent, "agent-worker")]
        self.speech.load(self.settings)
        self.controller.start()
        self._start_hotkey(self.settings)
        if self.controller.repo is None:
            messages.info(NO_REPOSITORY)  # a UiText: the tray shows it translated
        from app.core.api_key import find_api_key

        if self.setup.needed_at_start():
            self.setup.open()
        elif not find_api_key()[0]:
            messages.warning(self.tr("No Anthropic API key yet: enter it under Settings to get answers."))

    def _setup_done(self) -> None:
        if not self.settings.setup_done:
            self.settings = dataclasses.replace(self.settings, setup_done=True)
            self._save_quietly()

    def _start_hotkey(self, settings: Settings) -> None:
        listening = self.hotkey.start(settings)
        self._hotkey_state = "listening" if listening else "unavailable"
        self._arm_microphone(settings)

    def _arm_microphone(self, settings: Settings) -> None:
        # While the hotkey can fire, the microphone stays open so a recording starts with the
        # moment before the press (the first syllable); without a hotkey nothing needs it open,
        # and the user may prefer it closed while idle (Settings: keep the microphone open).
        if self._hotkey_state == "listening" and settings.keep_microphone_open:
            self.microphone.arm()
        else:
            self.microphone.disarm()

    # ---- reactions ------------------------------------------------------------------------

    def _on_models_loaded(self, transcriber: bool, speaker: bool) -> None:
        # One line a test or a benchmark waits for: the app can now be used as a person would.
        if self._ready_logged or not self._hotkey_state:
            return
        self._ready_logged = True
        where = "tray" if self.tray.tray_icon is not None else "status window"
        log.info(
            "ready: %s shown, hotkey %s, microphone %s, transcriber %s, speaker %s",
            where,
            self._hotkey_state,
            "open" if self.microphone.armed else "opens on a press",
            "loaded" if transcriber else "unavailable",
            "ready (its voice loads at a press)" if speaker else "unavailable",
        )
        # The speech runtimes' modules were imported after Qt, whose import hook read their sources.
        log.info("forgot the source lines of %d files", source_lines.forget())

    def _on_state(self, state: State, detail: str) -> None:
        self.tray.show_state(state.value, detail)
        if state is State.IDLE:
            self.hotkey.cancel()  # a toggle-mode listener must not think it is still recording
            heap.trim_soon()  # a turn's peak (transcription, synthesis, the page) must not stay resident

    def _on_answer(self, answer: Answer) -> None:
        self.panel.add_answer(answer)
        self.menu.set_has_answer(True)
        if self.history_window is not None and self.history_window.isVisible():
            self.history_window.reload()  # the turn was written before its answer arrived here

    def _on_session_reset(self) -> None:
        """A session starts from memory: say what it loads, and once per repository what memory is."""
        repo = self.controller.repo
        self.memory_summary.refresh(repo, self.settings.memory_mode_for(repo) if repo is not None else "on")
        note = memory_status.first_run_note(repo) if repo is not None else ""
        if note:
            messages.info(note)

    def _on_memory_summary(self, repo: Path | None, line: str) -> None:
        if repo == self.controller.repo:
            self.tray.set_memory_summary(line)

    def set_memory_mode(self, repo: Path | None, mode: str) -> None:
        """The memory switch (tray or memory window): kept per repository; the active one's session restarts."""
        chosen = as_memory_mode(mode)
        if repo is None or chosen is None or self.settings.memory_mode_for(repo) == chosen:
            return
        modes = {**self.settings.memory_modes, str(repo): chosen}
        self.apply_settings(dataclasses.replace(self.settings, memory_modes=modes))
        self._save_quietly()
        self._update_repo_menu()

    def _reload_memory_window(self) -> None:
        if self.settings_window is not None and self.settings_window.isVisible():
            self.settings_window.memory.reload()

    def _on_tray_click(self) -> None:
        if self.controller.last_answer is not None or self.panel.pages:
            self.panel.show_last(take_focus=True)
        else:
            self.tray.popup_menu()

    def _speak_message(self, text: str) -> bool:
        if not self.speech.can_speak or self.controller.state is State.LISTENING:
            return False
        self.speech.announce(text)
        return True

    def set_repository(self, repo: Path, why: str = "") -> None:  # why: how it was chosen, when not by the person
        try:
            root = repos.find_root(repo)
        except UserFacingError as exc:
            messages.error(str(exc), speak=False)
            return
        self.settings = self.settings.with_repo(root)
        self._save_quietly()
        self.controller.set_repository(root)
        self._update_repo_menu()
        self.editor_repo.refresh()
        messages.info(
            self.tr("Now asking about {name} ({why}).").format(name=root.name, why=why)
            if why
            else self.tr("Now asking about {name}.").format(name=root.name)
        )

    def choose_folder(self) -> None:
        start = str(self.controller.repo or Path.home())
        folder = QFileDialog.getExistingDirectory(None, self.tr("Choose a git repository"), start)
        if folder:
            self.set_repository(Path(folder))

    def toggle_listening(self) -> None:
        """The tray's Listen item: a press, or the release when already listening."""
        if self.controller.state is State.LISTENING:
            self.controller.release()
        else:
            self.controller.press()

    def ask_by_typing(self) -> None:
        text = ask_question()
        if text:
            self.controller.ask(text)

    def open_settings(self, *, memory: bool) -> None:
        if self.settings_window is None:
            self.settings_window = SettingsWindow(
                self.settings, problem=self.settings_problem, microphone=self.microphone
            )
            self.settings_window.saved.connect(self._settings_saved)
            self.settings_window.open_history.connect(self.open_history)
            self.settings_window.memory.mode_for = lambda repo: self.settings.memory_mode_for(repo)
            self.settings_window.memory.team.settings_for = lambda: self.settings  # the team server connected
            self.settings_window.memory.mode_chosen.connect(self.set_memory_mode)
            # Filled before it knew the app's memory switch; and it follows the repository asked about.
            self.settings_window.memory.set_active_repository(self.controller.repo)
            centre_on_screen(self.settings_window, self.tray.icon_rect())
        else:
            self.settings_window.load(self.settings)
        window = self.settings_window
        window.voice.show_portal_binding(self.hotkey.binding if self.hotkey.backend == "portal" else None)
        if memory:
            window.tabs.setCurrentWidget(window.memory)
        window.show()
        window.raise_()
        window.activateWindow()

    def _settings_saved(self, new: Settings) -> None:
        # The memory switch is kept by the app (the memory window and the tray change it at once);
        # the window's copy may be older, so the app's choice stands (and so does a setup finished meanwhile).
        if new.memory_modes != self.settings.memory_modes or new.setup_done != self.settings.setup_done:
            new = dataclasses.replace(new, memory_modes=self.settings.memory_modes, setup_done=self.settings.setup_done)
            self.apply_settings(new)
            self._save_quietly()
            return
        self.apply_settings(new)

    def open_history(self) -> None:
        if self.history_window is None:
            window = HistoryWindow(lambda: self.settings)
            window.ask_again.connect(self._ask_again)
            window.show_page.connect(self.panel.show_past)
            window.settings_changed.connect(self._learned_from_correction)
            self.history_window = window
            centre_on_screen(window, self.tray.icon_rect())
        else:
            self.history_window.reload()
        self.history_window.show()
        self.history_window.raise_()
        self.history_window.activateWindow()

    def _ask_again(self, text: str, repo: str) -> None:
        """A past question asked again, about the repository it was asked about when that still exists."""
        if repo and Path(repo) != self.controller.repo and Path(repo).is_dir():
            self.set_repository(Path(repo))
        self.controller.ask(text)

    def _learned_from_correction(self, new: Settings) -> None:
        """A corrected transcript taught aliases: saved and used by the next transcription at once."""
        try:
            settings_store.save(new)
        except OSError as exc:
            messages.warning(
                self.tr("What was learned could not be saved ({value}).").format(value=exc.strerror or exc)
            )
        if self.settings_window is not None:
            self.settings_window.aliases_changed(new)
        self.apply_settings(new)

    def apply_settings(self, new: Settings) -> None:
        """Saved settings: every holder gets the new value; what each redoes follows the fields' effects."""
        old, self.settings = self.settings, new
        self.settings_problem = ""
        effects = changed_effects(old, new)
        self.agent.set_history(History.for_settings(new))
        self.controller.apply_settings(new)
        self.speech.load(new)  # the worker reloads the models or rebuilds vocabularies only when needed
        if Effect.MICROPHONE in effects:
            self.microphone.set_device(new.input_device)
        if Effect.HOTKEY in effects:
            self._start_hotkey(new)
        elif Effect.MICROPHONE in effects:
            self._arm_microphone(new)
        self.tray.set_context(self.controller.repo, new.hotkey, new.hotkey_mode)
        self.panel.set_page_limit(new.panel_pages)

    def _update_repo_menu(self) -> None:
        recent = [Path(r) for r in self.settings.recent_repos]
        repo = self.controller.repo
        self.menu.set_memory_mode(self.settings.memory_mode_for(repo) if repo is not None else "on")
        self.menu.set_repositories(self.controller.repo, recent)
        self.tray.set_context(self.controller.repo, self.settings.hotkey, self.settings.hotkey_mode)
        if self.settings_window is not None:
            self.settings_window.memory.set_active_repository(self.controller.repo)
            centre_on_screen(self.settings_window, self.tray.icon_rect())

    def _save_quietly(self) -> None:
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            messages.warning(self.tr("The settings could not be saved ({value}).").format(value=exc.strerror or exc))

    def shutdown(self) -> None:
        """aboutToQuit: stop the hotkey first, then sound, then the workers' threads."""
        log.info("shutting down")
        self.hotkey.stop()
        if self.tray.notifications is not None:
            self.tray.notifications.stop()
        if self.controller.state is State.LISTENING:
            try:
                self.microphone.stop()
            except Exception:
                log.warning("stopping the microphone failed", exc_info=True)
        self.microphone.close()
        self.speech.shutdown()
        if self.settings_window is not None:
            self.settings_window.speech.shutdown()
        self.agent.cancel()
        for thread in reversed(self._threads):
            stop_thread(thread)
        self._threads = []
        messages.set_sink(messages.stderr_sink)
        self.tray.hide()


def connect_memory_notices(
    notices: MemoryNotices,
    *,
    controller: Controller,
    agent: AgentPort,
    panel: AnswerPanel,
    menu: AppMenu,
) -> None:
    """Wire the path from a finished turn to the panel or the message path, and Undo back to the store."""

    def told(found: tuple[MemoryNotice, ...]) -> None:
        menu.set_memory_undo(found[-1].line)
        panel.show_memory_notices(found)  # in place: the panel never pops up for this
        if not panel.isVisible():
            lines = "\n".join(n.line for n in found)
            note = QCoreApplication.translate(
                "application", "{lines}\nUndo: tray menu, Undo last memory change."
            ).format(lines=lines)
            latest = found[-1]
            messages.info(note, actions=(("undo", QCoreApplication.translate("application", "Undo")),), private=True,
                          on_action=lambda key: notices.undo(latest) if key == "undo" else None)  # fmt: skip

    def undone(op: int, message: str) -> None:
        panel.memory_undone(op, message)
        menu.set_memory_undo(notices.latest[-1].line if notices.latest else "")
        if not panel.isVisible():
            messages.info(message, private=True)

    agent.session_started.connect(notices.session_started)
    controller.memory_changed.connect(lambda _turn: notices.check())
    controller.session_reset.connect(lambda: menu.set_memory_undo(""))
    notices.noticed.connect(told)
    notices.undone.connect(undone)
    panel.memory_undo_requested.connect(notices.undo)
    menu.undo_memory.connect(notices.undo_last)


def connect_turn_controls(controller: Controller, menu: AppMenu) -> None:
    """The menu's hold on a running answer: Stop speaking silences it, Cancel answer ends the turn."""
    menu.stop_speaking.connect(controller.stop_speaking)
    menu.cancel_turn.connect(controller.cancel_turn)
