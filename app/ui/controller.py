"""The one state machine of the app: idle → listening → transcribing → thinking → speaking.

It lives on the Qt main thread and is fed only by signals: the hotkey (press and
release), the microphone's level, the speech worker and the agent worker. Every
request it makes carries an id; answers carrying an id it has moved on from (a
cancelled turn, a transcription overtaken by a new press) are ignored, which is
what makes barge-in and cancel safe without locks. A recording is a transcription
request from the press on: the speech worker is told to begin, the microphone feeds it
block by block, and the release finishes it (or drops it when nothing was said).

One job, kept whole on purpose (STYLE 11, one coordinator with explicit stages): every transition reads
and writes the same stage and request ids, so splitting it would spread one state across modules.
"""

from __future__ import annotations

import enum
import logging
import time
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot

from app.core import messages, stamps
from app.core.agent.events import (
    Answer,
    ScreenContent,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TrustNeeded,
    TurnEnded,
    TurnFailed,
)
from app.core.editor import block
from app.core.editor.latest import LatestContext
from app.core.editor.report import EditorReport
from app.core.errors import UserFacingError
from app.core.keep_offer import KeepOffer
from app.core.languages import Heard, name_of
from app.core.settings import Effect, Settings, changed_effects
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.ui import translation
from app.ui.ports import AgentPort, MicrophonePort, SpeechPort

log = logging.getLogger(__name__)

NOTHING_HEARD = QT_TRANSLATE_NOOP("controller", "Didn't catch anything.")
HELD_FOR_A_QUESTION = 0.3  # a shorter press is a tap (a slip, or a press to stop the speech): no notice


class State(enum.Enum):
    IDLE = "idle"
    LISTENING = "listening"
    TRANSCRIBING = "transcribing"
    THINKING = "thinking"
    SPEAKING = "speaking"


class Controller(QObject):
    state_changed = Signal(object, object)  # State, detail (the running tool's label: a UiText, translated where shown)
    level_changed = Signal(float)  # microphone level while listening
    heard = Signal(str)  # the transcript a turn starts from
    screen_shown = Signal(object)  # ScreenContent, as soon as the model shows it
    trust_asked = Signal(object)  # TrustNeeded: a tool would run the repository's code, which is not trusted
    answer_ready = Signal(object)  # Answer, when a turn ends
    session_reset = Signal()  # a new session began: earlier answers belong to the old one
    question_waiting = Signal(str)  # asked before a repository was chosen: kept, asked once one is
    memory_changed = Signal(int)  # turn id: the turn is over and its memory tool ran (the journal says what changed)
    keep_offered = Signal(object)  # tuple[KeepOffer, ...]: the turn is over; lines asked for that the gate refused

    def __init__(
        self,
        *,
        speech: SpeechPort,
        agent: AgentPort,
        microphone: MicrophonePort,
        settings: Settings,
        repo: Path | None,
        editor: LatestContext | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._speech = speech
        self._agent = agent
        self._mic = microphone
        self._settings = settings
        self._repo = repo
        self._editor = editor  # what an editor last reported over the instance socket
        self._asked_at = 0.0  # monotonic time of the last key press or typed question
        self._waiting_question = ""  # asked while no repository was chosen
        self._state = State.IDLE
        self._detail = ""
        self._next_id = 0
        self._listen_id: int | None = None  # the transcription the microphone is feeding
        self._transcribe_id: int | None = None  # the transcription whose text is awaited
        self._heard_language: Heard | None = None  # the language that transcription was heard in
        self._show_reply = False  # the running turn's reply is shown when it ends: no voice of its language
        self._turn_id: int | None = None  # the turn whose events and speech still matter
        self._turn_running = False
        self._muted = False  # "Stop speaking" during a turn: the rest of it stays silent
        self._streamed = ""
        self._question = ""
        self._editor_sent: EditorReport | None = None  # what the running turn was asked with
        self._last_answer: Answer | None = None
        self._barged_in = False  # the press being held cut a reply short: a silence then is no question
        self._held_long = False  # the last release followed a hold, not a tap
        self._memory_turns: set[int] = set()  # turns whose memory tool succeeded, told when they end
        self._offers: dict[int, list[KeepOffer]] = {}  # per turn: refused lines the person asked for, told at its end

        speech.transcribed.connect(self._on_transcribed)
        speech.heard_language.connect(self._on_heard_language)
        speech.transcribe_failed.connect(self._on_transcribe_failed)
        speech.speaking_started.connect(self._on_speaking_started)
        speech.utterance_done.connect(self._on_utterance_done)
        speech.unspoken.connect(self._on_unspoken)
        agent.turn_event.connect(self._on_agent_event)
        agent.finished.connect(self._on_agent_finished)
        agent.session_expired.connect(self._on_session_expired)
        microphone.level.connect(self._on_level)

    # ---- what the rest of the UI reads -------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    @property
    def detail(self) -> str:
        return self._detail

    @property
    def repo(self) -> Path | None:
        return self._repo

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def last_answer(self) -> Answer | None:
        return self._last_answer

    # ---- inputs ------------------------------------------------------------------------

    def start(self) -> None:
        """The app started: its first session begins (DESIGN: a session ends when the app starts)."""
        self._begin_session()

    @Slot()
    def press(self) -> None:
        """The hotkey went down: listen, interrupting whatever the app was doing."""
        if self._state is State.LISTENING:
            return  # key repeat, or a toggle listener's duplicate
        stamps.mark("pressed")
        self._asked_at = time.monotonic()
        barge_in = self._interrupt()
        request = self._new_id()
        self._speech.begin(request, self._repo)
        try:
            self._mic.start(partial(self._speech.feed, request))
        except Exception as exc:  # a device failure of a kind nobody foresaw must not kill the app either
            self._speech.drop(request)
            if isinstance(exc, UserFacingError):
                messages.error(str(exc))
            else:
                messages.report_exception(exc)
            self._set_state(State.IDLE)
            return
        self._listen_id = request
        self._barged_in = barge_in
        self._agent.prepare()
        self._speech.prepare_voice()  # it loads while the person speaks (over a second), not at launch
        if not barge_in:  # a press that cuts a reply short wants silence, not a tone
            self._cue("listen_start")
        self._set_state(State.LISTENING)

    @Slot(float)
    def release(self, until: float = 0.0) -> None:
        """The hotkey came up (at monotonic time `until`; 0 = now): transcribe what was heard, unless only noise."""
        if self._state is not State.LISTENING:
            return
        stamps.mark("released")
        self._agent.listening_ended(until)
        request, self._listen_id = self._listen_id, None
        try:
            recording = self._mic.stop(until)
        except Exception as exc:
            messages.report_exception(exc)
            self._drop(request)
            self._set_state(State.IDLE)
            return
        self._cue("listen_stop")
        if recording.problem:
            messages.warning(recording.problem, speak=False)
        self._held_long = recording.held >= HELD_FOR_A_QUESTION and not self._barged_in
        if not recording.is_speech or recording.samples.size == 0 or request is None:
            self._drop(request)
            self._nothing_heard()
            return
        self._transcribe_id = request
        stamps.mark("finish_sent")
        self._speech.finish(request)
        self._set_state(State.TRANSCRIBING)

    @Slot(float)
    def tapped(self, at: float) -> None:
        """The key came up from a tap at monotonic time `at`; listening waits for a double tap's second press,
        but the agent knows now that this press costs nothing (no warm-up)."""
        if self._state is State.LISTENING:
            self._agent.listening_ended(at)

    @Slot()
    def hands_free(self) -> None:
        """A double tap's second press: the person speaks hands-free, a question the agent may prepare for."""
        if self._state is State.LISTENING:
            self._agent.prepare()

    @Slot()
    def cancel_listening(self) -> None:
        """Stop listening and throw the recording away (`listen --cancel`): nothing is transcribed or asked."""
        if self._state is not State.LISTENING:
            return
        self._mic_stop_quietly()
        self._cue("listen_stop")
        self._set_state(State.IDLE, QT_TRANSLATE_NOOP("controller", "cancelled"))

    @Slot(str)
    def ask(self, text: str) -> None:
        """A typed question: the same turn without voice."""
        if not text.strip():
            return
        if self._state is State.LISTENING:
            self._mic_stop_quietly()
        self._asked_at = time.monotonic()
        self._interrupt()
        self._start_turn(text.strip())

    @Slot(str)
    def ask_without_editor(self, text: str) -> None:
        """The panel's "Ask without it": the same question again, with no editor context in its turn."""
        if not text.strip():
            return
        if self._state is State.LISTENING:
            self._mic_stop_quietly()
        self._interrupt()
        self._start_turn(text.strip(), with_editor=False)

    @Slot(int)
    def answer_trust(self, ask_id: int) -> None:
        """The person pressed Trust or Not now: the turn that asked goes on (and runs the code if trusted)."""
        self._agent.answer_trust(ask_id)

    @Slot()
    def stop_speaking(self) -> None:
        self._speech.stop_speaking()
        if self._turn_running:
            self._muted = True
            if self._state is State.SPEAKING:
                self._set_state(State.THINKING, self._detail)
            return
        if self._state is State.SPEAKING:
            self._turn_id = None
            self._set_state(State.IDLE)

    @Slot()
    def cancel_turn(self) -> None:
        """The tray's Cancel: end the turn that thinks or speaks (a stalled answer must not strand the person)."""
        if self._state not in (State.THINKING, State.SPEAKING):
            return
        self._interrupt()
        self._set_state(State.IDLE, QT_TRANSLATE_NOOP("controller", "cancelled"))

    @Slot()
    def new_session(self) -> None:
        if self._state is State.LISTENING:
            self._mic_stop_quietly()
        self._interrupt()
        self._set_state(State.IDLE)
        self._begin_session()

    def set_repository(self, repo: Path) -> None:
        """Switch the active repository; the conversation about the old one ends."""
        if repo == self._repo:
            return
        self._repo = repo
        self.new_session()
        question, self._waiting_question = self._waiting_question, ""
        if question:
            self._start_turn(question)

    def apply_settings(self, settings: Settings) -> None:
        """New settings: a change that ends the conversation ends it; a running turn still finishes first."""
        old, self._settings = self._settings, settings
        if Effect.SESSION in changed_effects(old, settings):
            self._begin_session()  # the agent worker takes it after the running turn, if one runs
        else:
            self._agent.update_settings(settings)

    # ---- worker answers ----------------------------------------------------------------

    @Slot(float)
    def _on_level(self, level: float) -> None:
        if self._state is State.LISTENING:
            self.level_changed.emit(level)

    @Slot()
    def _on_session_expired(self) -> None:
        # The idle time ran out: the turn starting now is the new session's first.
        self._last_answer = None
        self.session_reset.emit()

    @Slot(int, object)
    def _on_heard_language(self, request_id: int, heard: object) -> None:
        if request_id == self._transcribe_id and isinstance(heard, Heard):
            self._heard_language = heard

    @Slot(int, str)
    def _on_transcribed(self, request_id: int, text: str) -> None:
        if request_id != self._transcribe_id:
            return
        self._transcribe_id = None
        language, self._heard_language = self._heard_language, None
        text = text.strip()
        if not text:
            self._nothing_heard()
            return
        self.heard.emit(text)
        self._start_turn(text, language)

    @Slot(int, str)
    def _on_transcribe_failed(self, request_id: int, message: str) -> None:
        if request_id != self._transcribe_id:
            return
        self._transcribe_id = None
        messages.error(message)
        self._set_state(State.IDLE)

    @Slot(int, object)
    def _on_agent_event(self, turn_id: int, event: object) -> None:
        if isinstance(event, ToolFinished) and event.name == "memory" and not event.is_error:
            # Even a turn the person interrupted may have saved something they should hear about.
            self._memory_turns.add(turn_id)
        if isinstance(event, ToolFinished) and event.offers:  # the person asked for it, even in a turn cut short
            told = self._offers.setdefault(turn_id, [])
            told.extend(o for o in event.offers if o not in told)  # a retry of the same line is one offer
        if turn_id != self._turn_id or not self._turn_running:
            return
        if isinstance(event, TextDelta):
            self._streamed += event.text
            if not self._muted:
                self._speech.speak_delta(turn_id, event.text)
        elif isinstance(event, ToolStarted):
            if self._state is State.SPEAKING:
                self._detail = event.label
            else:
                self._set_state(State.THINKING, event.label)
        elif isinstance(event, ToolFinished):
            if self._state is State.THINKING:
                self._set_state(State.THINKING, "thinking")
        elif isinstance(event, ScreenContent):
            self.screen_shown.emit(event)
        elif isinstance(event, TrustNeeded):
            self.trust_asked.emit(event)

    @Slot(int, object)
    def _on_agent_finished(self, turn_id: int, result: object) -> None:
        if turn_id in self._memory_turns:
            self._memory_turns.discard(turn_id)
            self.memory_changed.emit(turn_id)
        offers = self._offers.pop(turn_id, None)
        if offers:
            self.keep_offered.emit(tuple(offers))
        if turn_id != self._turn_id:
            return  # a turn cancelled by barge-in: its end changes nothing
        self._turn_running = False
        if isinstance(result, TurnFailed):
            self._speech.stop_speaking()
            self._turn_id = None
            messages.error(result.message)
            self._set_state(State.IDLE)
            return
        if not isinstance(result, TurnEnded) or result.cancelled:
            self._turn_id = None
            self._set_state(State.IDLE)
            return
        answer = Answer(self._question, result.reply, result.screens, self._editor_sent)
        self._last_answer = answer
        self.answer_ready.emit(answer)
        if self._show_reply:  # shown, not spoken: no voice of its language
            self._show_reply = False
            self.screen_shown.emit(ScreenContent(result.reply, self.tr("Answer")))
        if self._muted:
            self._turn_id = None
            self._set_state(State.IDLE)
            return
        if self._streamed.strip():
            self._speech.speak_end(turn_id)
        else:  # nothing streamed (a fallback reply): say the reply itself
            self._speech.say(turn_id, result.reply)

    @Slot(int, str)
    def _on_unspoken(self, utterance_id: int, language: str) -> None:
        """No voice of the reply's language is installed: say so in one line and show the reply."""
        if utterance_id != self._turn_id:
            return
        name = translation.shown(name_of(language))
        messages.info(
            self.tr(
                "No {language} voice installed: the answer is shown, not spoken. Settings → Speech → Voices"
            ).format(language=name)
        )
        if self._turn_running:
            self._show_reply = True
        elif self._last_answer is not None:
            self.screen_shown.emit(ScreenContent(self._last_answer.reply, self.tr("Answer")))

    @Slot(int)
    def _on_speaking_started(self, utterance_id: int) -> None:
        if utterance_id == self._turn_id and self._state is State.THINKING and not self._muted:
            self._set_state(State.SPEAKING)

    @Slot(int)
    def _on_utterance_done(self, utterance_id: int) -> None:
        if utterance_id != self._turn_id or self._turn_running:
            return
        self._turn_id = None
        if self._state in (State.THINKING, State.SPEAKING):
            self._set_state(State.IDLE)

    # ---- internals ---------------------------------------------------------------------

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _start_turn(self, text: str, language: Heard | None = None, *, with_editor: bool = True) -> None:
        if self._repo is None:  # nothing to ask about yet: keep the question for the repository chosen next
            self._waiting_question = text
            self.question_waiting.emit(text)
            messages.info(
                self.tr("Choose a repository first: “{text}” is kept and asked once you do.").format(text=text)
            )
            self._set_state(State.IDLE, QT_TRANSLATE_NOOP("controller", "no repository"))
            return
        self._turn_id = self._new_id()
        self._turn_running = True
        self._muted = False
        self._streamed = ""
        self._question = text
        received = self._editor.get() if self._editor is not None else None
        enabled = with_editor and self._settings.send_editor_context
        editor = block.to_send(received, self._repo, self._asked_at, enabled=enabled)
        self._editor_sent = editor
        told = language.code if language is not None else self._settings.speech_language
        if told:  # the agent answers in the question's language: its reply is voiced for it
            self._speech.reply_language(self._turn_id, told)
        self._agent.run_turn(self._turn_id, text, editor, language)
        self._speech.prepare_voice()  # a typed question had no press: the voice loads while the model thinks
        self._set_state(State.THINKING, "thinking")

    def _interrupt(self) -> bool:
        """Stop speech, cancel a running turn and drop a pending transcription (barge-in).

        True when there was a turn to interrupt (thinking or speaking).
        """
        self._drop(self._transcribe_id)
        self._transcribe_id = None
        interrupted = self._turn_id is not None
        if self._turn_running:
            self._agent.cancel()
            self._turn_running = False
        if self._turn_id is not None:
            # First: the stopped utterance's "done" can arrive at once, and must not pass through idle
            # (idle resets the hotkey, which would then miss the release of the press being handled).
            self._turn_id = None
            self._speech.stop_speaking()
        return interrupted

    def _nothing_heard(self) -> None:
        """Back to idle; after a real hold (not a tap, not a barge-in) the person hears and sees why."""
        if self._held_long:
            self._cue("nothing_heard")
            messages.info(NOTHING_HEARD)  # a UiText: the tray shows it translated, the log keeps the English
        self._set_state(State.IDLE, QT_TRANSLATE_NOOP("controller", "nothing heard"))

    def _drop(self, request: int | None) -> None:
        if request is not None:
            self._speech.drop(request)

    def _cue(self, name: str) -> None:
        if self._settings.sound_cues:
            self._speech.cue(name, self._settings.cue_volume)

    def _mic_stop_quietly(self) -> None:
        self._agent.listening_ended()
        request, self._listen_id = self._listen_id, None
        try:
            self._mic.stop()
        except Exception:  # the recording is being thrown away anyway
            log.warning("stopping the microphone failed", exc_info=True)
        self._drop(request)

    def _begin_session(self) -> None:
        self._agent.start_session(self._repo, self._settings)
        self._last_answer = None
        self.session_reset.emit()

    def _set_state(self, state: State, detail: str = "") -> None:
        if state is self._state and detail == self._detail:
            return
        self._state = state
        self._detail = detail
        self.state_changed.emit(state, detail)
