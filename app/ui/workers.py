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
from app.core.history import History
from app.core.settings import Settings
from app.core.turn_record import TurnRecorder
from app.ui.ports import AgentPort, Capture, MicrophonePort, SpeechPort

if TYPE_CHECKING:
    from collections.abc import Callable

    from app.voice.audio import Recorder
    from app.voice.streaming import StreamingTranscription

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


class LiveTranscription:
    """The recording in progress on its way to a streaming transcription (app.voice.streaming).

    Made on the main thread at a press; the recorder's consumer thread feeds it (only an
    append, never the model); the speech worker attaches the stream once the vocabulary is
    ready (blocks fed before that are kept and handed over) and finishes it on release. A
    recording that is dropped (too short, no speech, interrupted) cancels it.
    """

    def __init__(self, repo: Path | None) -> None:
        self.repo = repo
        self._lock = threading.Lock()
        self._blocks: list[np.ndarray] = []
        self._stream: StreamingTranscription | None = None
        self._fed = 0
        self._claimed = False
        self._cancelled = False

    @property
    def fed(self) -> int:
        """Samples fed so far: always the start of the recording."""
        with self._lock:
            return self._fed

    def feed(self, samples: np.ndarray) -> None:
        with self._lock:
            if self._cancelled:
                return
            self._fed += samples.size
            if self._stream is None:
                self._blocks.append(samples)
                return
            stream = self._stream
        stream.feed(samples)

    def attach(self, stream: StreamingTranscription) -> None:
        """Give the blocks so far to `stream` and send later ones straight to it (speech worker thread)."""
        with self._lock:
            if self._cancelled:
                stream.cancel()
                return
            for block in self._blocks:
                stream.feed(block)
            self._blocks.clear()
            self._stream = stream

    def claim(self, repo: Path | None) -> StreamingTranscription | None:
        """The recording is being transcribed: its stream (None while not attached yet), unless it was
        cancelled or is for another repository."""
        with self._lock:
            self._claimed = not self._cancelled and repo == self.repo
            return self._stream if self._claimed else None

    def cancel(self) -> None:
        with self._lock:
            self._cancelled = True
            self._blocks.clear()
            stream, self._stream = self._stream, None
        if stream is not None:
            stream.cancel()

    def cancel_unless_claimed(self) -> None:
        with self._lock:
            claimed = self._claimed
        if not claimed:
            self.cancel()


class Microphone(MicrophonePort):
    """The real microphone (app.voice.audio.Recorder); levels reach the main thread as a signal.

    One recorder serves the whole run. While armed (the app arms it for as long as the
    hotkey listens) its stream stays open, so a recording begins with the 300 ms before
    the press and the first syllable survives; unarmed, each press opens the device.
    With `stream_to`, what is recorded is transcribed while the key is still held.
    """

    def __init__(self, device: str = "") -> None:
        super().__init__()
        self._device = device
        self._recorder: Recorder | None = None
        self._want_armed = False
        self._last_level_at = 0.0
        self._speech: SpeechWorker | None = None
        self._repo_of: Callable[[], Path | None] = lambda: None
        self._live: LiveTranscription | None = None

    def stream_to(self, speech: SpeechWorker, repo_of: Callable[[], Path | None]) -> None:
        """Feed each recording to `speech` as it is made; `repo_of()` names the repository at a press."""
        self._speech = speech
        self._repo_of = repo_of

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
        # Set before the recording starts: the stream must see the recording from its first block.
        self._live = self._speech.begin_stream(self._repo_of()) if self._speech is not None else None
        try:
            recorder.start()
        except BaseException:
            self._drop_live()
            raise
        if self._want_armed and not recorder.armed:
            # Arming failed earlier (no device at start-up); the device opened now, so keep it.
            try:
                recorder.arm()
            except UserFacingError:
                log.info("the microphone could not be kept open", exc_info=True)

    def stop(self) -> Capture:
        recorder = self._recorder
        if recorder is None or not recorder.recording:
            self._drop_live()
            return Capture(np.zeros(0, dtype=np.float32), 0.0, is_speech=False)
        recording = recorder.stop()
        live, self._live = self._live, None
        if live is not None:
            if recording.is_speech and recording.samples.size:
                # The controller asks for the transcription right after this returns; if it
                # drops the capture instead (interrupted), nobody claims the stream.
                QTimer.singleShot(0, live.cancel_unless_claimed)
            else:
                live.cancel()
        return Capture(recording.samples, recording.duration, recording.is_speech, recording.problem)

    def _drop_live(self) -> None:
        live, self._live = self._live, None
        if live is not None:
            live.cancel()

    def _get(self) -> Recorder:
        if self._recorder is None:
            from app.voice.audio import Recorder

            self._recorder = Recorder(device=self._device, on_level=self._on_level, on_audio=self._on_audio)
        return self._recorder

    def _on_audio(self, samples: np.ndarray) -> None:
        # Runs on the recorder's consumer thread: an append, the model works elsewhere.
        live = self._live
        if live is not None:
            live.feed(samples)

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
    _transcribe_requested = Signal(int, object, object, object)  # id, samples, repo, stream or None
    _stream_requested = Signal(object)
    _speak_requested = Signal(int, str, bool)  # utterance, text, whether it is the end
    _transcriber_loaded = Signal(object, str, str)  # Transcriber or None, its folder, a problem

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self._settings = settings
        self._transcriber: Any = None
        self._speaker: Any = None
        self._transcriber_problem = "The speech model is still loading."
        self._vocabularies: dict[Path, Any] = {}
        self._lock = threading.Lock()
        self._live: LiveTranscription | None = None  # the recording being made, if it streams
        self.last_stream: StreamingTranscription | None = None  # the last one finished, for tests and logs
        self._utterance = 0  # the utterance whose sound is playing or queued
        self._ending = False  # its text is complete: report done when the sound ends
        self._heard_sound = False
        self._pending: set[int] = set()  # utterances requested and not finished
        self._silenced: set[int] = set()  # utterances stopped: their queued text is dropped
        self._announcements = 0
        self._poll: QTimer | None = None
        self._load_requested.connect(self._load)
        self._transcribe_requested.connect(self._transcribe)
        self._stream_requested.connect(self._start_stream)
        self._speak_requested.connect(self._speak)
        self._transcriber_loaded.connect(self._swap_transcriber)
        self._transcriber_folder = ""  # the folder of the model in use ("" = bundled)
        self._wanted_folder = ""  # the folder last asked for; differs while a switch loads
        self._switching: threading.Thread | None = None

    @property
    def can_speak(self) -> bool:
        return self._speaker is not None

    @property
    def model_folder(self) -> str:
        """The folder of the speech model transcribing now ("" for the bundled one)."""
        return self._transcriber_folder

    # ---- requests (main thread) -------------------------------------------------------

    def load(self, settings: Settings) -> None:
        """(Re)load the models for these settings on the worker thread."""
        self._load_requested.emit(settings)

    def begin_stream(self, repo: Path | None) -> LiveTranscription:
        """A recording starts: transcribe it while it is made (see LiveTranscription)."""
        live = LiveTranscription(repo)
        with self._lock:
            previous, self._live = self._live, live
        if previous is not None:
            previous.cancel_unless_claimed()
        self._stream_requested.emit(live)
        return live

    def transcribe(self, request_id: int, samples: np.ndarray, repo: Path | None) -> None:
        with self._lock:
            live, self._live = self._live, None
        if live is not None:
            live.claim(repo)  # before Microphone's cancel_unless_claimed runs; the stream may attach later
        self._transcribe_requested.emit(request_id, samples, repo, live)

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
        switching = self._switching
        if switching is not None:  # a thread inside CTranslate2 at exit aborts the process
            switching.join(timeout=60)

    def _switch_transcriber(self, folder: str) -> None:
        """Load the model in `folder` beside the current one, which keeps transcribing until the swap.

        The load runs on its own thread so that questions asked meanwhile are not queued behind it.
        """
        from app.voice.transcriber import Transcriber

        self._wanted_folder = folder  # a second request for it starts no second load

        def load() -> None:
            try:
                transcriber = Transcriber(folder)
                transcriber.load()
            except UserFacingError as exc:
                self._transcriber_loaded.emit(None, folder, str(exc))
            except Exception as exc:
                log.exception("loading the speech model in %s failed", folder)
                problem = f"The speech model could not be loaded ({type(exc).__name__})."
                self._transcriber_loaded.emit(None, folder, problem)
            else:
                self._transcriber_loaded.emit(transcriber, folder, "")

        # Not a daemon: the interpreter waits for it at exit instead of killing it inside CTranslate2.
        self._switching = threading.Thread(target=load, name="load speech model")
        self._switching.start()

    @Slot(object, str, str)
    def _swap_transcriber(self, transcriber: Any, folder: str, problem: str) -> None:
        if folder != self._wanted_folder:
            return  # another model was chosen while this one loaded
        if transcriber is None:
            self._wanted_folder = self._transcriber_folder  # the same choice saved again tries again
            messages.error(f"{problem} The previous speech model stays in use.", speak=False)
            return
        self._transcriber, self._transcriber_folder = transcriber, folder
        self._vocabularies.clear()
        log.info("now transcribing with %s", folder or "the bundled model")

    # ---- the worker thread --------------------------------------------------------------

    @Slot(object)
    def _load(self, settings: Settings) -> None:
        from app.voice.model_store import folder_for
        from app.voice.speaker import Speaker
        from app.voice.transcriber import Transcriber

        self._settings = settings
        self._vocabularies.clear()
        if self._poll is None:
            self._poll = QTimer(self)
            self._poll.setInterval(_POLL_MS)
            self._poll.timeout.connect(self._watch_speaker)
        folder = folder_for(settings)
        if self._transcriber is None:
            self._transcriber_folder = self._wanted_folder = folder
            try:
                transcriber = Transcriber(folder)
                transcriber.load()
                self._transcriber = transcriber
                self._transcriber_problem = ""
            except UserFacingError as exc:
                self._transcriber_problem = str(exc)
                messages.error(str(exc), speak=False)
            except Exception as exc:
                self._transcriber_problem = "The speech recognition model could not be loaded."
                messages.report_exception(exc)
        elif folder != self._wanted_folder:
            self._switch_transcriber(folder)
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

    @Slot(object)
    def _start_stream(self, live: LiveTranscription) -> None:
        if self._transcriber is None:
            live.cancel()
            return
        try:
            live.attach(self._transcriber.stream(self._vocabulary(live.repo)))
        except Exception:  # the whole recording is still transcribed after release
            log.exception("streaming transcription could not start")
            live.cancel()

    @Slot(int, object, object, object)
    def _transcribe(
        self, request_id: int, samples: np.ndarray, repo: Path | None, live: LiveTranscription | None
    ) -> None:
        if self._transcriber is None:
            if live is not None:
                live.cancel()
            self.transcribe_failed.emit(request_id, self._transcriber_problem)
            return
        try:
            text = self._finish_stream(live, samples, repo)
            if text is None:
                text = self._transcriber.transcribe(samples, vocabulary=self._vocabulary(repo))
        except UserFacingError as exc:
            self.transcribe_failed.emit(request_id, str(exc))
            return
        except Exception as exc:
            log.exception("transcription failed")
            self.transcribe_failed.emit(request_id, f"Transcription failed ({type(exc).__name__}).")
            return
        log.info("heard %d characters", len(text))
        self.transcribed.emit(request_id, text)

    def _finish_stream(self, live: LiveTranscription | None, samples: np.ndarray, repo: Path | None) -> str | None:
        """The streamed text of this recording, or None when it has to be transcribed whole."""
        # _start_stream ran before this (same thread, queued first), so a usable stream is attached now.
        stream = live.claim(repo) if live is not None else None
        if live is None or stream is None or live.fed > samples.size:
            if live is not None:
                live.cancel()
            return None
        rest = samples[live.fed :]  # blocks the recorder had not handed on yet
        if rest.size:
            stream.feed(rest)
        text = stream.finish()
        self.last_stream = stream
        log.info(
            "streamed %.1f s in %d passes while held; %.1f s left after release",
            stream.duration,
            stream.passes,
            stream.tail_seconds,
        )
        return text

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
        self._history = History()  # replaced by set_history when the settings change
        self._session_requested.connect(self._new_session)
        self._turn_requested.connect(self._run_turn)

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        self._session_requested.emit(repo, settings)

    def run_turn(self, turn_id: int, text: str) -> None:
        with self._lock:
            self._requested_turn = turn_id
        self._turn_requested.emit(turn_id, text)

    def set_history(self, history: History) -> None:
        """Where each turn is kept from now on (or not: a history that is off keeps nothing)."""
        with self._lock:
            self._history = history

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
            with self._lock:
                history = self._history
            recorder = TurnRecorder(
                history, session.repo, text, forward=lambda event: self.turn_event.emit(turn_id, event)
            )
            result = session.run_turn(text, on_event=recorder)
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
