"""What the controller exchanges with the microphone and its two workers: signals in, requests out.

The real workers (`app.ui.microphone`, `app.ui.speech_worker`, `app.ui.agent_worker`) and
the tests' fakes subclass these, so the controller's state machine can be driven without
models, audio or the network. Requests are plain method calls made on the main thread
(`SpeechPort.feed` excepted: the microphone's thread calls it); a real worker forwards
them to its own thread through queued signals, which keep their order. Answers come back
as queued signals carrying the id of the request, so the controller can ignore anything
from a request it already abandoned.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Signal

from app.core.editor.report import EditorReport
from app.core.languages import Heard
from app.core.settings import Settings
from app.voice.audio import Recording

AudioSink = Callable[[np.ndarray], None]  # receives each new block of a recording (16 kHz mono float32)


class MicrophonePort(QObject):
    """Capture between press and release; `level` (0..1) arrives on the main thread."""

    level = Signal(float)

    def start(self, on_audio: AudioSink) -> None:
        """Begin capturing; each new block goes to `on_audio` (from the capture thread) as it is made.

        Raises AudioDeviceError when the microphone cannot be used.
        """
        raise NotImplementedError

    def stop(self, until: float = 0.0) -> Recording:
        """End the capture; every block has gone to `on_audio` by the time this returns.

        `until` is the monotonic time the user let go (0: now): the capture needs to run
        only until then, even when the app learns of the release later.
        """
        raise NotImplementedError


class SpeechPort(QObject):
    """Transcription and speech, done on the speech worker's thread.

    A transcription is one request from press to release: `begin` when the recording starts,
    `feed` with each block while it is made, then `finish` (transcribe the rest and answer
    with `transcribed` or `transcribe_failed`) or `drop` (forget it, answer nothing).
    """

    transcribed = Signal(int, str)  # request id, text ("" when nothing was understood)
    heard_language = Signal(int, object)  # request id, languages.Heard: just before its `transcribed`
    transcribe_failed = Signal(int, str)  # request id, message for the user
    speaking_started = Signal(int)  # utterance id: sound started coming out
    utterance_done = Signal(int)  # utterance id: everything said (or stopped, or failed)
    unspoken = Signal(int, str)  # utterance id, its language: no voice of it is installed, it is shown only

    def begin(self, request_id: int, repo: Path | None) -> None:
        """A recording starts: transcribe it while it is made, with `repo`'s vocabulary."""
        raise NotImplementedError

    def feed(self, request_id: int, samples: np.ndarray) -> None:
        """The next block of the recording (safe from any thread; blocks keep their order)."""
        raise NotImplementedError

    def finish(self, request_id: int) -> None:
        """The recording is complete: transcribe what is left and answer."""
        raise NotImplementedError

    def drop(self, request_id: int) -> None:
        """The recording is not wanted (noise, interrupted): stop working on it."""
        raise NotImplementedError

    def cue(self, name: str, volume: float = 1.0) -> None:
        """Play a short sound cue (app.voice.cues) at `volume` (the setting cue_volume)."""
        raise NotImplementedError

    def prepare_voice(self) -> None:
        """A reply may come soon (a press, a typed question): have the voice loaded by then (safe from the
        main thread, returns at once)."""
        raise NotImplementedError

    def speak_delta(self, utterance_id: int, text: str) -> None:
        """More reply text; finished sentences are spoken while the rest streams."""
        raise NotImplementedError

    def speak_end(self, utterance_id: int) -> None:
        """No more text for this utterance: say the rest, then emit `utterance_done`."""
        raise NotImplementedError

    def say(self, utterance_id: int, text: str) -> None:
        raise NotImplementedError

    def reply_language(self, utterance_id: int, language: str) -> None:
        """The question of `utterance_id` was in `language`: its reply is spoken with a voice of it, or shown."""
        raise NotImplementedError

    def stop_speaking(self) -> None:
        """Silence at once and drop whatever was queued (safe from the main thread)."""
        raise NotImplementedError


class AgentPort(QObject):
    """The agent session, whose turns run on the agent worker's thread."""

    turn_event = Signal(int, object)  # turn id, a frozen event from app.core.agent.events
    finished = Signal(int, object)  # turn id, TurnEnded | TurnFailed
    session_started = Signal(str)  # the new session's id
    session_expired = Signal()  # the idle time ran out: the turn about to run starts a new session

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        """End the current session; the next turn starts a fresh one from memory."""
        raise NotImplementedError

    def update_settings(self, settings: Settings) -> None:
        """Settings for the next turns that do not end the session (the idle time, for one)."""
        raise NotImplementedError

    def prepare(self) -> None:
        """A question is on its way (listening started): load what a turn needs, open the way to the API."""
        raise NotImplementedError

    def listening_ended(self, at: float = 0.0) -> None:
        """Listening stopped, or the key came up from a tap, at monotonic time `at` (0: now); thread-safe.

        A press that ended before the warm-up's minimum was only a tap: nothing is sent for it."""
        raise NotImplementedError

    def run_turn(self, turn_id: int, text: str, editor: EditorReport | None = None, heard: Heard | None = None) -> None:
        """Answer `text`; `editor` is what the editor showed when it was asked (None: nothing to send).

        `heard` is the language the question was spoken in (None for a typed one), kept in the history."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Cancel the running turn (thread-safe); it still ends with `finished`."""
        raise NotImplementedError

    def answer_trust(self, ask_id: int) -> None:
        """The person answered the trust question `ask_id` (Trust or Not now): the turn that asked goes on."""
        raise NotImplementedError
