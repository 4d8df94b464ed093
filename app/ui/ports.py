"""What the controller exchanges with the microphone and its two workers: signals in, requests out.

The real workers (`app.ui.workers`) and the tests' fakes subclass these, so the
controller's state machine can be driven without models, audio or the network.
Requests are plain method calls made on the main thread; a real worker forwards
them to its own thread. Answers come back as queued signals carrying the id of the
request, so the controller can ignore anything from a turn it already abandoned.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Signal

from app.core.settings import Settings


@dataclass(frozen=True)
class Capture:
    """What the microphone heard between press and release."""

    samples: np.ndarray  # 16 kHz mono float32
    duration: float
    is_speech: bool
    problem: str = ""  # e.g. "The microphone is silent": worth telling the user


class MicrophonePort(QObject):
    """Capture between press and release; `level` (0..1) arrives on the main thread."""

    level = Signal(float)

    def start(self) -> None:
        """Begin capturing; raises AudioDeviceError when the microphone cannot be used."""
        raise NotImplementedError

    def stop(self) -> Capture:
        raise NotImplementedError


class SpeechPort(QObject):
    """Transcription and speech, done on the speech worker's thread."""

    transcribed = Signal(int, str)  # request id, text ("" when nothing was understood)
    transcribe_failed = Signal(int, str)  # request id, message for the user
    speaking_started = Signal(int)  # utterance id: sound started coming out
    utterance_done = Signal(int)  # utterance id: everything said (or stopped, or failed)

    def transcribe(self, request_id: int, samples: np.ndarray, repo: Path | None) -> None:
        raise NotImplementedError

    def speak_delta(self, utterance_id: int, text: str) -> None:
        """More reply text; finished sentences are spoken while the rest streams."""
        raise NotImplementedError

    def speak_end(self, utterance_id: int) -> None:
        """No more text for this utterance: say the rest, then emit `utterance_done`."""
        raise NotImplementedError

    def say(self, utterance_id: int, text: str) -> None:
        raise NotImplementedError

    def stop_speaking(self) -> None:
        """Silence at once and drop whatever was queued (safe from the main thread)."""
        raise NotImplementedError


class AgentPort(QObject):
    """The agent session, whose turns run on the agent worker's thread."""

    turn_event = Signal(int, object)  # turn id, a frozen event from app.core.agent.events
    finished = Signal(int, object)  # turn id, TurnEnded | TurnFailed
    session_started = Signal(str)  # the new session's id

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        """End the current session; the next turn starts a fresh one from memory."""
        raise NotImplementedError

    def run_turn(self, turn_id: int, text: str) -> None:
        raise NotImplementedError

    def cancel(self) -> None:
        """Cancel the running turn (thread-safe); it still ends with `finished`."""
        raise NotImplementedError
