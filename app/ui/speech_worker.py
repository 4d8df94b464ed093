"""The speech worker: loads the transcriber and the speaker once, transcribes and speaks on request.

A QObject moved to its own QThread. The controller's requests (app.ui.ports.SpeechPort)
reach that thread as queued signals, which keep their order: a recording's `begin`,
each `feed`, then `finish` or `drop`, all keyed by the controller's request id. Answers
leave as the port's signals. The speaker reports each utterance's start and finish
through callbacks, so nothing here polls. Heavy imports (faster-whisper, piper) happen
on the worker thread so the tray appears at once.

The transcriber loads at launch (a press must be heard at once); the voice does not: its files
are checked at launch, and it loads when a reply may come (`prepare_voice`: the key went down,
a typed question started), while the person still speaks.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import numpy as np
from PySide6.QtCore import QCoreApplication, Signal, Slot

from app.core import messages, stamps
from app.core.errors import UserFacingError
from app.core.settings import Effect, Settings, changed_effects
from app.ui.background import Job
from app.ui.ports import SpeechPort
from app.voice import first_use, models
from app.voice.model_store import folder_for
from app.voice.reply_voice import ReplyVoices, voice_language
from app.voice.speaker import Speaker
from app.voice.streaming import StreamingTranscription
from app.voice.transcriber import Transcriber
from app.voice.vocabulary import Vocabulary

log = logging.getLogger(__name__)


class SpeechWorker(SpeechPort):
    """The transcriber and the speaker, on the worker's thread."""

    ready = Signal(bool, bool)  # transcriber usable, speaker usable
    _settings_sent = Signal(object)  # Settings
    _begin_requested = Signal(int, object)  # request id, repository or None
    _feed_requested = Signal(int, object)  # request id, samples
    _finish_requested = Signal(int)
    _drop_requested = Signal(int)
    _cue_requested = Signal(str, float)
    _speak_requested = Signal(int, str, bool)  # utterance, text, whether it is the end
    _language_told = Signal(int, str)  # utterance, the language of its question

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self._settings = settings  # the worker thread's copy once load() has run
        self._loaded: Settings | None = None  # the settings the models were loaded with
        self._transcriber: Transcriber | None = None
        self._speaker: Speaker | None = None
        self._transcriber_problem = QCoreApplication.translate("SpeechWorker", "The speech model is still loading.")
        self._vocabularies: dict[Path, Vocabulary | None] = {}
        self._streams: dict[int, StreamingTranscription | None] = {}  # None: no transcriber at begin
        self.last_stream: StreamingTranscription | None = None  # the last one finished, for tests and logs
        self._lock = threading.Lock()
        self._ending = 0  # the utterance whose text is complete and whose sound still plays
        self._pending: set[int] = set()  # utterances requested and not finished
        self._silenced: set[int] = set()  # utterances stopped: their queued text is dropped
        self._announcements = 0
        self._reply_voices = ReplyVoices(fixed=settings.speech_language)
        self._unspoken: set[int] = set()  # utterances told to be shown only (worker thread)
        self._settings_sent.connect(self._apply_settings)
        self._begin_requested.connect(self._begin)
        self._feed_requested.connect(self._feed)
        self._finish_requested.connect(self._finish)
        self._drop_requested.connect(self._drop)
        self._cue_requested.connect(self._cue)
        self._speak_requested.connect(self._speak)
        self._language_told.connect(self._reply_voices.tell)
        self._transcriber_folder = ""  # the folder of the model in use ("" = bundled)
        self._wanted_folder = ""  # the folder last asked for; differs while a switch loads
        self._switching: Job | None = None

    @property
    def can_speak(self) -> bool:
        return self._speaker is not None

    @property
    def model_folder(self) -> str:
        """The folder of the speech model transcribing now ("" for the bundled one)."""
        return self._transcriber_folder

    # ---- requests (main thread) -------------------------------------------------------

    def load(self, settings: Settings) -> None:
        """Load the models for these settings (or apply them: models reload only when theirs changed)."""
        self._settings_sent.emit(settings)

    def begin(self, request_id: int, repo: Path | None) -> None:
        self._begin_requested.emit(request_id, repo)

    def feed(self, request_id: int, samples: np.ndarray) -> None:
        self._feed_requested.emit(request_id, samples)

    def finish(self, request_id: int) -> None:
        self._finish_requested.emit(request_id)

    def drop(self, request_id: int) -> None:
        self._drop_requested.emit(request_id)

    def cue(self, name: str, volume: float = 1.0) -> None:
        self._cue_requested.emit(name, volume)

    def prepare_voice(self) -> None:
        # Called on the main thread on purpose, like stop_speaking: the voice starts loading at once on a
        # thread of its own, not behind a streaming pass queued on this worker's thread.
        speaker = self._speaker
        if speaker is not None:
            speaker.prepare()

    def speak_delta(self, utterance_id: int, text: str) -> None:
        self._request_speech(utterance_id, text, False)

    def speak_end(self, utterance_id: int) -> None:
        self._request_speech(utterance_id, "", True)

    def say(self, utterance_id: int, text: str) -> None:
        self._request_speech(utterance_id, text, True)

    def reply_language(self, utterance_id: int, language: str) -> None:
        self._language_told.emit(utterance_id, language)

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
            finished, self._ending = self._ending, 0
        if finished:
            self.utterance_done.emit(finished)

    def shutdown(self) -> None:
        """Silence and release the speaker (main thread, before the thread quits)."""
        self.stop_speaking()
        speaker = self._speaker
        if speaker is not None:
            speaker.finish_preparing()
        switching = self._switching
        if switching is not None:  # a thread inside CTranslate2 at exit aborts the process
            switching.worker.join(timeout=60)

    def _switch_transcriber(self, folder: str) -> None:
        """Load the model in `folder` beside the current one, which keeps transcribing until the swap.

        The load runs on its own thread so that questions asked meanwhile are not queued behind it.
        """
        self._wanted_folder = folder  # a second request for it starts no second load

        def load() -> Transcriber:
            transcriber = Transcriber(folder, language=self._settings.speech_language)
            transcriber.load()
            return transcriber

        def failed(exc: BaseException) -> None:
            problem = QCoreApplication.translate(
                "SpeechWorker", "The speech model could not be loaded ({name})."
            ).format(name=type(exc).__name__)
            self._swap_transcriber(None, folder, str(exc) if isinstance(exc, UserFacingError) else problem)

        # Made on this worker's thread, the job reports back to it. Not a daemon: the interpreter
        # waits for it at exit instead of killing it inside CTranslate2.
        self._switching = Job(load, name="load speech model", daemon=False, on_errored=failed,
                              on_returned=lambda loaded: self._swap_transcriber(loaded, folder, ""))  # fmt: skip
        self._switching.start()

    def _swap_transcriber(self, transcriber: Transcriber | None, folder: str, problem: str) -> None:
        if folder != self._wanted_folder:
            return  # another model was chosen while this one loaded
        if transcriber is None:
            self._wanted_folder = self._transcriber_folder  # the same choice saved again tries again
            messages.error(
                QCoreApplication.translate("SpeechWorker", "{problem} The previous speech model stays in use.").format(
                    problem=problem
                ),
                speak=False,
            )
            return
        transcriber.language = self._settings.speech_language  # the newest choice, made while it loaded
        self._transcriber, self._transcriber_folder = transcriber, folder
        self._vocabularies.clear()
        log.info("now transcribing with %s", folder or "the bundled model")

    # ---- the worker thread: models and settings -------------------------------------------

    @Slot(object)
    def _apply_settings(self, settings: Settings) -> None:
        effects = changed_effects(self._loaded, settings) if self._loaded is not None else {Effect.SPEECH}
        self._settings = settings
        if Effect.VOCABULARY in effects:
            self._vocabularies.clear()  # a changed alias list is heard from the next recording on
        if Effect.SPEECH in effects:
            self._load(settings)
        elif self._transcriber is not None:
            self._transcriber.language = settings.speech_language  # the loaded model takes it: no reload
        self._reply_voices.fixed = settings.speech_language
        self._loaded = settings

    def _load(self, settings: Settings) -> None:
        self._vocabularies.clear()
        folder = folder_for(settings)
        if self._transcriber is None:
            self._transcriber_folder = self._wanted_folder = folder
            try:
                transcriber = Transcriber(folder, language=settings.speech_language)
                transcriber.load()
                self._transcriber = transcriber
                self._transcriber_problem = ""
            except UserFacingError as exc:
                self._transcriber_problem = str(exc)
                messages.error(str(exc), speak=False)
            except Exception as exc:
                self._transcriber_problem = QCoreApplication.translate(
                    "SpeechWorker", "The speech recognition model could not be loaded."
                )
                messages.report_exception(exc)
        elif folder != self._wanted_folder:
            self._switch_transcriber(folder)
        old, self._speaker = self._speaker, None
        if old is not None:
            old.close()
        try:
            speaker = Speaker(
                settings.piper_voice,
                device=settings.output_device,
                rate=settings.speech_rate,
                volume=settings.volume,
                on_started=self.speaking_started.emit,
                on_finished=self._spoken,
            )
            speaker.check()  # its files only: the voice itself loads when a reply may come (prepare_voice)
            self._speaker = speaker
            self._reply_voices.own_language = voice_language(models.piper_voice(settings.piper_voice))
        except UserFacingError as exc:
            messages.error(str(exc), speak=False)
        except Exception as exc:
            messages.report_exception(exc)
        first_use.warm(self._transcriber)  # before ready: a fresh app's first question is heard warm
        models.return_freed_memory()
        self.ready.emit(self._transcriber is not None, self._speaker is not None)

    def _vocabulary(self, repo: Path | None) -> Vocabulary | None:
        if repo is None:
            return None
        if repo not in self._vocabularies:
            try:
                self._vocabularies[repo] = Vocabulary.for_active_repository(repo, self._settings)
            except Exception:  # a vocabulary only improves accuracy; never fail a turn for it
                log.warning("no vocabulary for %s", repo, exc_info=True)
                self._vocabularies[repo] = None
        return self._vocabularies[repo]

    # ---- the worker thread: transcription --------------------------------------------------

    @Slot(int, object)
    def _begin(self, request_id: int, repo: Path | None) -> None:
        for stream in self._streams.values():  # one recording at a time: an unfinished one is abandoned
            if stream is not None:
                stream.cancel()
        self._streams.clear()
        if self._transcriber is None:
            self._streams[request_id] = None
            return
        self._streams[request_id] = StreamingTranscription(self._transcriber, self._vocabulary(repo))

    @Slot(int, object)
    def _feed(self, request_id: int, samples: np.ndarray) -> None:
        stream = self._streams.get(request_id)
        if stream is not None:
            stream.feed(samples)

    @Slot(int)
    def _drop(self, request_id: int) -> None:
        stream = self._streams.pop(request_id, None)
        if stream is not None:
            stream.cancel()

    @Slot(int)
    def _finish(self, request_id: int) -> None:
        stamps.mark("finish_begun")
        if request_id not in self._streams:
            log.warning("transcription %d finished without a beginning", request_id)
            self.transcribe_failed.emit(
                request_id,
                QCoreApplication.translate("SpeechWorker", "The recording was lost before it could be transcribed."),
            )
            return
        stream = self._streams.pop(request_id)
        if stream is None:
            self.transcribe_failed.emit(request_id, self._transcriber_problem)
            return
        try:
            text = stream.finish()
        except UserFacingError as exc:
            self.transcribe_failed.emit(request_id, str(exc))
            return
        except Exception as exc:
            log.exception("transcription failed")
            self.transcribe_failed.emit(
                request_id,
                QCoreApplication.translate("SpeechWorker", "Transcription failed ({name}).").format(
                    name=type(exc).__name__
                ),
            )
            return
        self.last_stream = stream
        stamps.mark("final_text")
        log.info(
            "heard %d characters; streamed %.1f s in %d passes while held, %.1f s left after release",
            len(text),
            stream.duration,
            stream.passes,
            stream.tail_seconds,
        )
        if stream.heard is not None and text:
            self.heard_language.emit(request_id, stream.heard)
        self.transcribed.emit(request_id, text)

    # ---- the worker thread: speech ---------------------------------------------------------

    @Slot(str, float)
    def _cue(self, name: str, volume: float = 1.0) -> None:
        if self._speaker is not None:
            self._speaker.play_cue(name, volume)

    @Slot(int, str, bool)
    def _speak(self, utterance_id: int, text: str, end: bool) -> None:
        speaker = self._speaker
        with self._lock:
            if utterance_id in self._silenced:
                self._reply_voices.drop(utterance_id)
                return
            if end:
                self._ending = utterance_id
        if speaker is None:
            if end:
                self._spoken(utterance_id)
            return
        if utterance_id > 0:  # a reply (announcements are the app's own English messages)
            choice, text = self._reply_voices.take(utterance_id, text, end)
            if choice is None:
                return  # held until the reply's language is known
            if choice.voice is None:  # no voice of its language: shown, not spoken
                if utterance_id not in self._unspoken:
                    self._unspoken.add(utterance_id)
                    self.unspoken.emit(utterance_id, choice.language)
                if end:
                    self._unspoken.discard(utterance_id)
                    self._spoken(utterance_id)
                return
            try:
                speaker.use_voice(utterance_id, choice.voice)
            except UserFacingError as exc:
                messages.error(str(exc), speak=False)
        try:
            if text:
                speaker.feed(text, utterance_id)
            if end:
                speaker.end(utterance_id)
        except Exception as exc:
            messages.report_exception(exc)
            self._spoken(utterance_id)

    def _spoken(self, utterance_id: int) -> None:
        """The utterance's sound has played out (the speaker's thread, or this one)."""
        with self._lock:
            self._pending.discard(utterance_id)
            if self._ending == utterance_id:
                self._ending = 0
        self.utterance_done.emit(utterance_id)
