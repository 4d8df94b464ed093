"""The long-lived workers: the microphone, the speech worker thread and the agent worker thread.

Each worker is a QObject moved to its own QThread. The controller calls its public
methods on the main thread; they hand the request to the worker's thread through a
queued internal signal, and results come back as the port's signals (queued to the
main thread, since the controller lives there). Nothing here touches a widget.
Heavy imports (faster-whisper, piper, anthropic) happen on the worker threads so the
tray appears at once.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from app.core import messages
from app.core.agent.events import TurnEnded, TurnFailed
from app.core.errors import UserFacingError
from app.core.settings import Settings
from app.ui.ports import AgentPort, Capture, MicrophonePort, SpeechPort

if TYPE_CHECKING:
    from app.voice.audio import Recorder

log = logging.getLogger(__name__)

_LEVEL_INTERVAL = 1 / 15  # the tray cannot show more than this anyway
_POLL_MS = 40  # how often the speech worker looks at the speaker (start / end of sound)


def start_thread(worker: QObject, name: str) -> QThread:
    """Move `worker` to a new named thread and start it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.start()
    return thread


def stop_thread(thread: QThread, timeout_ms: int = 5000) -> None:
    thread.quit()
    if not thread.wait(timeout_ms):
        log.warning("thread %s did not stop within %d ms", thread.objectName(), timeout_ms)


class Microphone(MicrophonePort):
    """The real microphone (app.voice.audio.Recorder); levels reach the main thread as a signal.

    One recorder serves the whole run. While armed (the app arms it for as long as the
    hotkey listens) its stream stays open, so a recording begins with the 300 ms before
    the press and the first syllable survives; unarmed, each press opens the device.
    """

    def __init__(self, device: str = "") -> None:
        super().__init__()
        self._device = device
        self._recorder: Recorder | None = None
        self._want_armed = False
        self._last_level_at = 0.0

    @property
    def device(self) -> str:
        return self._device

    @property
    def armed(self) -> bool:
        """The stream is open now (so its level is live)."""
        return self._recorder is not None and self._recorder.armed

    @property
    def current_level(self) -> float:
        """The input level now (0..1), for a meter that polls while no recording runs."""
        recorder = self._recorder
        return recorder.level if recorder is not None else 0.0

    def set_device(self, device: str) -> None:
        if device == self._device:
            return
        self._device = device
        recorder, self._recorder = self._recorder, None
        if recorder is not None:
            recorder.close()
        if self._want_armed:
            self.arm()

    def arm(self) -> bool:
        """Keep the stream open for pre-roll; False (logged) when the device cannot open now.

        A failure is not reported to the user here: the next press opens the device again
        and says what is wrong if it still fails.
        """
        self._want_armed = True
        try:
            self._get().arm()
        except UserFacingError as exc:
            log.info("the microphone stays closed until a press: %s", exc)
            return False
        except Exception:  # an unforeseen driver failure: the press reports whatever is still wrong
            log.warning("the microphone could not be opened ahead of a press", exc_info=True)
            return False
        return True

    def disarm(self) -> None:
        self._want_armed = False
        if self._recorder is not None:
            self._recorder.disarm()

    def close(self) -> None:
        """Release the device (at shutdown)."""
        self._want_armed = False
        if self._recorder is not None:
            self._recorder.close()

    def start(self) -> None:
        recorder = self._get()
        recorder.start()
        if self._want_armed and not recorder.armed:
            # Arming failed earlier (no device at start-up); the device opened now, so keep it.
            try:
                recorder.arm()
            except UserFacingError:
                log.info("the microphone could not be kept open", exc_info=True)

    def stop(self) -> Capture:
        recorder = self._recorder
        if recorder is None or not recorder.recording:
            return Capture(np.zeros(0, dtype=np.float32), 0.0, is_speech=False)
        recording = recorder.stop()
        return Capture(recording.samples, recording.duration, recording.is_speech, recording.problem)

    def _get(self) -> Recorder:
        if self._recorder is None:
            from app.voice.audio import Recorder

            self._recorder = Recorder(device=self._device, on_level=self._on_level)
        return self._recorder

    def _on_level(self, level: float) -> None:
        # Runs on the recorder's consumer thread: only a (throttled) signal leaves it.
        now = time.monotonic()
        if now - self._last_level_at >= _LEVEL_INTERVAL:
            self._last_level_at = now
            self.level.emit(float(level))


class SpeechWorker(SpeechPort):
    """Loads the transcriber and the speaker once; transcribes and speaks on request."""

    ready = Signal(bool, bool)  # transcriber usable, speaker usable
    _load_requested = Signal(object)
    _transcribe_requested = Signal(int, object, object)
    _speak_requested = Signal(int, str, bool)  # utterance, text, whether it is the end

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self._settings = settings
        self._transcriber: Any = None
        self._speaker: Any = None
        self._transcriber_problem = "The speech model is still loading."
        self._vocabularies: dict[Path, Any] = {}
        self._lock = threading.Lock()
        self._utterance = 0  # the utterance whose sound is playing or queued
        self._ending = False  # its text is complete: report done when the sound ends
        self._heard_sound = False
        self._pending: set[int] = set()  # utterances requested and not finished
        self._silenced: set[int] = set()  # utterances stopped: their queued text is dropped
        self._announcements = 0
        self._poll: QTimer | None = None
        self._load_requested.connect(self._load)
        self._transcribe_requested.connect(self._transcribe)
        self._speak_requested.connect(self._speak)

    @property
    def can_speak(self) -> bool:
        return self._speaker is not None

    # ---- requests (main thread) -------------------------------------------------------

    def load(self, settings: Settings) -> None:
        """(Re)load the models for these settings on the worker thread."""
        self._load_requested.emit(settings)

    def transcribe(self, request_id: int, samples: np.ndarray, repo: Path | None) -> None:
        self._transcribe_requested.emit(request_id, samples, repo)

    def speak_delta(self, utterance_id: int, text: str) -> None:
        self._request_speech(utterance_id, text, False)

    def speak_end(self, utterance_id: int) -> None:
        self._request_speech(utterance_id, "", True)

    def say(self, utterance_id: int, text: str) -> None:
        self._request_speech(utterance_id, text, True)

    def announce(self, text: str) -> None:
        """Say a message to the user (an error), outside any turn."""
        with self._lock:
            self._announcements += 1
            utterance_id = -self._announcements
        self._request_speech(utterance_id, text, True)

    def _request_speech(self, utterance_id: int, text: str, end: bool) -> None:
        with self._lock:
            if utterance_id in self._silenced:
                return
            self._pending.add(utterance_id)
        self._speak_requested.emit(utterance_id, text, end)

    def stop_speaking(self) -> None:
        # Called on the main thread on purpose: barge-in must not wait behind queued work.
        speaker = self._speaker
        if speaker is not None:
            try:
                speaker.stop()
            except Exception:
                log.exception("stopping the speaker failed")
        with self._lock:
            # Requests already queued for these utterances must not speak after the stop.
            self._silenced |= self._pending
            self._pending.clear()
            finished, self._ending = (self._utterance if self._ending else 0), False
            self._utterance = 0
        if finished:
            self.utterance_done.emit(finished)

    def shutdown(self) -> None:
        """Silence and release the speaker (main thread, before the thread quits)."""
        self.stop_speaking()

    # ---- the worker thread --------------------------------------------------------------

    @Slot(object)
    def _load(self, settings: Settings) -> None:
        from app.voice.speaker import Speaker
        from app.voice.transcriber import Transcriber

        self._settings = settings
        self._vocabularies.clear()
        if self._poll is None:
            self._poll = QTimer(self)
            self._poll.setInterval(_POLL_MS)
            self._poll.timeout.connect(self._watch_speaker)
        self._transcriber = None
        try:
            transcriber = Transcriber(settings.whisper_model)
            transcriber.load()
            self._transcriber = transcriber
            self._transcriber_problem = ""
        except UserFacingError as exc:
            self._transcriber_problem = str(exc)
            messages.error(str(exc), speak=False)
        except Exception as exc:
            self._transcriber_problem = "The speech recognition model could not be loaded."
            messages.report_exception(exc)
        old, self._speaker = self._speaker, None
        if old is not None:
            old.stop()
        try:
            speaker = Speaker(
                settings.piper_voice,
                device=settings.output_device,
                rate=settings.speech_rate,
                volume=settings.volume,
            )
            speaker.load()
            self._speaker = speaker
        except UserFacingError as exc:
            messages.error(str(exc), speak=False)
        except Exception as exc:
            messages.report_exception(exc)
        self.ready.emit(self._transcriber is not None, self._speaker is not None)

    @Slot(int, object, object)
    def _transcribe(self, request_id: int, samples: np.ndarray, repo: Path | None) -> None:
        if self._transcriber is None:
            self.transcribe_failed.emit(request_id, self._transcriber_problem)
            return
        try:
            vocabulary = self._vocabulary(repo)
            text = self._transcriber.transcribe(samples, vocabulary=vocabulary)
        except UserFacingError as exc:
            self.transcribe_failed.emit(request_id, str(exc))
            return
        except Exception as exc:
            log.exception("transcription failed")
            self.transcribe_failed.emit(request_id, f"Transcription failed ({type(exc).__name__}).")
            return
        log.info("heard %d characters", len(text))
        self.transcribed.emit(request_id, text)

    def _vocabulary(self, repo: Path | None) -> Any:
        if repo is None:
            return None
        if repo not in self._vocabularies:
            from app.voice.vocabulary import Vocabulary

            aliases = self._settings.repo_aliases.get(str(repo))
            try:
                self._vocabularies[repo] = Vocabulary.for_repository(repo, aliases)
            except Exception:  # a vocabulary only improves accuracy; never fail a turn for it
                log.warning("no vocabulary for %s", repo, exc_info=True)
                self._vocabularies[repo] = None
        return self._vocabularies[repo]

    @Slot(int, str, bool)
    def _speak(self, utterance_id: int, text: str, end: bool) -> None:
        speaker = self._speaker
        with self._lock:
            if utterance_id in self._silenced:
                return
            if utterance_id != self._utterance:
                self._utterance = utterance_id
                self._heard_sound = False
            self._ending = self._ending or end
        if speaker is None:
            if end:
                self._finish(utterance_id)
            return
        try:
            if text:
                speaker.feed(text)
            if end:
                speaker.end()
        except Exception as exc:
            messages.report_exception(exc)
            self._finish(utterance_id)
            return
        if self._poll is not None and not self._poll.isActive():
            self._poll.start()

    @Slot()
    def _watch_speaker(self) -> None:
        speaker = self._speaker
        with self._lock:
            utterance, ending = self._utterance, self._ending
        if speaker is None or not utterance:
            if self._poll is not None:
                self._poll.stop()
            return
        speaking = bool(speaker.is_speaking)
        if speaking and not self._heard_sound:
            self._heard_sound = True
            self.speaking_started.emit(utterance)
        if ending and not speaking and speaker.wait(0):
            self._finish(utterance)

    def _finish(self, utterance_id: int) -> None:
        with self._lock:
            self._pending.discard(utterance_id)
            if utterance_id != self._utterance:
                return
            self._utterance, self._ending = 0, False
        if self._poll is not None:
            self._poll.stop()
        self.utterance_done.emit(utterance_id)


class AgentWorker(AgentPort):
    """Holds the agent session; its turns run on this worker's thread."""

    _session_requested = Signal(object, object)
    _turn_requested = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self._repo: Path | None = None
        self._settings = Settings()
        self._session: Any = None
        self._lock = threading.Lock()
        self._requested_turn = 0
        self._cancelled_through = 0  # turns up to this id were cancelled before they began
        self._session_requested.connect(self._new_session)
        self._turn_requested.connect(self._run_turn)

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        self._session_requested.emit(repo, settings)

    def run_turn(self, turn_id: int, text: str) -> None:
        with self._lock:
            self._requested_turn = turn_id
        self._turn_requested.emit(turn_id, text)

    def cancel(self) -> None:
        with self._lock:
            self._cancelled_through = self._requested_turn
            session = self._session
        if session is not None:
            session.cancel()

    @Slot(object, object)
    def _new_session(self, repo: Path | None, settings: Settings) -> None:
        # The session itself is made at the next turn: it loads the memory as it is then.
        with self._lock:
            self._session = None
        self._repo, self._settings = repo, settings
        # Import the SDK now, on this thread: otherwise the first question waits ~1.5 s for it.
        import app.core.agent.session  # noqa: F401

    @Slot(int, str)
    def _run_turn(self, turn_id: int, text: str) -> None:
        with self._lock:
            skipped = turn_id <= self._cancelled_through
        if skipped:
            self.finished.emit(turn_id, TurnEnded("", cancelled=True))
            return
        try:
            session = self._session_for_turn()
            result = session.run_turn(text, on_event=lambda event: self.turn_event.emit(turn_id, event))
        except UserFacingError as exc:
            result = TurnFailed(str(exc))
        except Exception as exc:
            log.exception("the agent turn failed")
            result = TurnFailed(f"The answer failed with an internal error ({type(exc).__name__}).")
        self.finished.emit(turn_id, result)

    def _session_for_turn(self) -> Any:
        if self._session is not None:
            return self._session
        if self._repo is None:
            from app.core.errors import RepositoryError

            raise RepositoryError("No repository is chosen.", hint="Choose one in the tray menu under Repository.")
        from app.core.agent.client import make_client
        from app.core.agent.session import Session

        session = Session(self._repo, self._settings, client=make_client(self._settings))
        with self._lock:
            self._session = session
        self.session_started.emit(str(session.id))
        log.info("session %s started for %s", session.id, self._repo)
        return session
