"""The agent worker: holds the conversation's session lifecycle; its turns run on this worker's thread.

A QObject moved to its own QThread. Requests from the controller arrive as queued
signals; turn events and results leave as the port's signals. The session rule
(start, repository change, new session, idle time) is app.core.agent.lifecycle's.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal, Slot

from app.core import messages, paths, stamps
from app.core.agent.events import Event, TurnEnded, TurnFailed
from app.core.agent.trust_wait import TrustAnswers
from app.core.editor import block
from app.core.editor.report import EditorReport
from app.core.errors import UserFacingError
from app.core.history import History
from app.core.languages import Heard
from app.core.settings import Settings
from app.core.turn_record import TurnRecorder
from app.ui.ports import AgentPort

if TYPE_CHECKING:  # the SDK takes ~1.5 s to import: at run time it is imported on the worker thread
    from app.core.agent.lifecycle import SessionLifecycle
    from app.core.agent.session import Session
    from app.core.agent.warmup import Hold, Warmer

log = logging.getLogger(__name__)


class AgentWorker(AgentPort):
    """Holds the agent session; its turns run on this worker's thread."""

    _session_requested = Signal(object, object)  # repository or None, Settings
    _settings_sent = Signal(object)  # Settings
    _prepare_requested = Signal(object)  # the key-down's Hold
    _turn_requested = Signal(int, str, object, object)  # turn id, words, EditorReport or None, Heard or None

    def __init__(self) -> None:
        super().__init__()
        self._lifecycle: SessionLifecycle | None = None
        self._pending: tuple[Path | None, Settings] | None = None  # a restart asked for before the SDK is in
        self._running: Session | None = None  # the session a turn runs in now, for cancel()
        self._lock = threading.Lock()
        self._history = History()  # replaced by set_history when the settings change
        self._requested_turn = 0
        self._cancelled_through = 0  # turns up to this id were cancelled before they began
        self._hold: Hold | None = None  # the key-down being listened to, for the warm-up's tap rule
        self._key_times: Callable[[], tuple[float, float]] | None = None
        self._warmer: Warmer | None = None
        self._trust_answers = TrustAnswers()  # a turn asking to run code waits here for the panel's answer
        self._session_requested.connect(self._restart)
        self._settings_sent.connect(self._update_settings)
        self._prepare_requested.connect(self._prepare)
        self._turn_requested.connect(self._run_turn)

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        self._session_requested.emit(repo, settings)

    def update_settings(self, settings: Settings) -> None:
        self._settings_sent.emit(settings)

    def watch_keys(self, key_times: Callable[[], tuple[float, float]]) -> None:
        """Where the warm-up's tap rule can read the hotkey's own (key-down, key-up) times, from any thread."""
        self._key_times = key_times

    def prepare(self) -> None:
        from app.core.agent.warmup import Hold  # no SDK import: the hold starts at the press itself

        hold = Hold(key_times=self._key_times)
        with self._lock:
            if self._hold is not None:
                self._hold.release()
            self._hold = hold
        self._prepare_requested.emit(hold)

    def listening_ended(self, at: float = 0.0) -> None:
        with self._lock:
            hold, self._hold = self._hold, None
        if hold is not None:
            hold.release(at or None)

    def run_turn(self, turn_id: int, text: str, editor: EditorReport | None = None, heard: Heard | None = None) -> None:
        with self._lock:
            self._requested_turn = turn_id
        self._turn_requested.emit(turn_id, text, editor, heard)

    def set_history(self, history: History) -> None:
        """Where each turn is kept from now on (or not: a history that is off keeps nothing)."""
        with self._lock:
            self._history = history

    @property
    def prepared(self) -> bool:
        """The SDK is imported and the process's client made: a press goes straight to its warm-up."""
        return self._lifecycle is not None

    def current_session(self) -> Session | None:
        """The session of the conversation now, for diagnostics (its history is read, never changed)."""
        lifecycle = self._lifecycle
        return lifecycle.current if lifecycle is not None else None

    def answer_trust(self, ask_id: int) -> None:
        """The person answered trust question `ask_id` (thread-safe): the turn waiting on it goes on."""
        self._trust_answers.give(ask_id)

    def cancel(self) -> None:
        with self._lock:
            self._cancelled_through = self._requested_turn
            session = self._running
        if session is not None:
            session.cancel()

    @Slot(object, object)
    def _restart(self, repo: Path | None, settings: Settings) -> None:
        if self._lifecycle is None:
            self._pending = (repo, settings)
            if settings.prepare_while_speaking:
                # At launch, not at the first press: in a fresh process that press would pay the SDK's
                # import (1.5 s of CPU idle, 4 s at a load of 5, holding the GIL the streaming
                # transcription needs) and the session's first-time work before its warm-up could go.
                # It costs memory all day (issue 39: ready at 442-449 MB against 384 with the import at the
                # press), but measured at the press the warm-up went out 2.2-5.4 s after key-down, too late
                # for a 3 s question: its prompt was cold in 7 of 7 fresh apps (warm in 7 of 7 here), and
                # key release → first reply audio was 710 ms slower (median of the paired differences).
                # `import anthropic` loads all its 3,300 modules (its __init__ imports every type): there
                # is no smaller part of the SDK to import first.
                self._prepare()
        else:
            self._lifecycle.restart(repo, settings)

    @Slot(object)
    def _update_settings(self, settings: Settings) -> None:
        if self._lifecycle is not None:
            self._lifecycle.update_settings(settings)
        elif self._pending is not None:
            self._pending = (self._pending[0], settings)

    @Slot(object)
    def _prepare(self, hold: Hold | None = None) -> None:
        """Import and warm the SDK (~1.5 s of CPU, 61-87 MB) and make the process's client: at launch when
        "Prepare the answer while I speak" is on, else at the first press, while the question is spoken;
        then, with a key-down's `hold`, open a connection and warm the prompt cache (app.core.agent.warmup)."""
        if self._lifecycle is None and self._pending is not None:
            from app.core.agent.client import make_client
            from app.core.agent.lifecycle import SessionLifecycle, new_session
            from app.core.agent.prompt_cache import PromptCache
            from app.core.agent.warmup import Warmer

            prompt_cache = PromptCache(record=paths.prompt_cache_file())
            self._warmer = Warmer(prompt_cache)
            make = partial(new_session, prompt_cache=prompt_cache, trust_answers=self._trust_answers)
            self._lifecycle = SessionLifecycle(*self._pending, make_session=make)
            self._pending = None
            # The process's client, so the first session does not build its TLS context (~0.5 s);
            # with no API key yet, the first turn says so.
            with contextlib.suppress(UserFacingError):
                make_client(self._lifecycle.settings)
            stamps.mark("sdk_ready")
        from app.core.agent.warm import warm_sdk

        # The network first, the SDK's parser warming (~0.5 s of CPU) while it waits.
        if hold is not None and self._lifecycle is not None and self._warmer is not None:
            warm = self._lifecycle.settings.prepare_while_speaking
            try:
                session = self._lifecycle.prepared_session()
            except UserFacingError:  # no API key, no repository: the turn itself says so
                session = None
            stamps.mark("session_ready")
            if session is not None:
                self._warmer.start(session, hold, warm=warm)
        if warm_sdk():  # once per process: the first reply's words would otherwise arrive ~0.5 s late
            from app.core import source_lines

            log.info("the SDK's preparation done; forgot the source lines of %d files", source_lines.forget())

    @Slot(int, str, object, object)
    def _run_turn(
        self, turn_id: int, text: str, editor: EditorReport | None = None, heard: Heard | None = None
    ) -> None:
        stamps.mark("turn_begun")
        with self._lock:
            skipped = turn_id <= self._cancelled_through
        self._prepare()  # a typed question comes without a press
        if skipped or self._lifecycle is None:
            self.finished.emit(turn_id, TurnEnded("", cancelled=True))
            return
        lifecycle = self._lifecycle

        def emit(event: Event) -> None:
            self.turn_event.emit(turn_id, event)

        try:
            turn = lifecycle.session_for_turn()
            if turn.expired:
                self.session_expired.emit()
            if turn.grew_long:  # the person is asking on: their pages stay, only the model's context is new
                from app.core.agent.lifecycle import LONG_SESSION_NOTE  # loaded with the session already

                messages.info(LONG_SESSION_NOTE)
            if turn.fresh:
                self.session_started.emit(str(turn.session.id))
            with self._lock:
                self._running = turn.session
                cancelled = turn_id <= self._cancelled_through  # cancel() came while the session was made
                history = self._history
            recorder = TurnRecorder(history, turn.session.repo, text, forward=emit, language=heard)
            # Made here, on this thread: naming the function around the cursor reads the file.
            context = block.render(editor) if editor is not None and not cancelled else ""
            result: TurnEnded | TurnFailed = (
                TurnEnded("", cancelled=True)
                if cancelled
                else turn.session.run_turn(text, on_event=recorder, context=context)
            )
        except UserFacingError as exc:
            result = TurnFailed(str(exc))
        except Exception as exc:
            log.exception("the agent turn failed")
            result = TurnFailed(
                QCoreApplication.translate("AgentWorker", "The answer failed with an internal error ({name}).").format(
                    name=type(exc).__name__
                )
            )
        finally:
            with self._lock:
                self._running = None
        lifecycle.turn_ended()
        self.finished.emit(turn_id, result)
