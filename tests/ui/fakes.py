"""Small honest stand-ins for the microphone and the two workers, with the real ports' signals.

They record the requests the controller makes and let a test answer them the way a
real worker would (by emitting the port's signals), so every state the controller can
reach is reachable from a test without models, audio or the network.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from app.core.errors import AudioDeviceError
from app.core.settings import Settings
from app.ui.ports import AgentPort, Capture, MicrophonePort, SpeechPort

SPEECH = np.full(16000, 0.1, dtype=np.float32)


class FakeMicrophone(MicrophonePort):
    def __init__(self) -> None:
        super().__init__()
        self.capturing = False
        self.starts = 0
        self.next_capture = Capture(SPEECH, 1.0, is_speech=True)
        self.fail_with = ""

    def start(self) -> None:
        if self.fail_with:
            raise AudioDeviceError(self.fail_with)
        self.capturing = True
        self.starts += 1

    def stop(self) -> Capture:
        assert self.capturing, "stop() without start()"
        self.capturing = False
        return self.next_capture


class FakeSpeech(SpeechPort):
    def __init__(self) -> None:
        super().__init__()
        self.transcribe_requests: list[tuple[int, Path | None]] = []
        self.spoken: dict[int, str] = {}
        self.ended: list[int] = []
        self.said: list[tuple[int, str]] = []
        self.stops = 0

    def transcribe(self, request_id: int, samples: np.ndarray, repo: Path | None) -> None:
        self.transcribe_requests.append((request_id, repo))

    def speak_delta(self, utterance_id: int, text: str) -> None:
        self.spoken[utterance_id] = self.spoken.get(utterance_id, "") + text

    def speak_end(self, utterance_id: int) -> None:
        self.ended.append(utterance_id)

    def say(self, utterance_id: int, text: str) -> None:
        self.said.append((utterance_id, text))

    def stop_speaking(self) -> None:
        self.stops += 1

    @property
    def last_request(self) -> int:
        return self.transcribe_requests[-1][0]


class FakeAgent(AgentPort):
    def __init__(self) -> None:
        super().__init__()
        self.sessions: list[tuple[Path | None, Settings]] = []
        self.turns: list[tuple[int, str]] = []
        self.cancels = 0

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        self.sessions.append((repo, settings))

    def run_turn(self, turn_id: int, text: str) -> None:
        self.turns.append((turn_id, text))

    def cancel(self) -> None:
        self.cancels += 1

    @property
    def last_turn(self) -> int:
        return self.turns[-1][0]
