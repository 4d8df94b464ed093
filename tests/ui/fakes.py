"""Small honest stand-ins for the microphone and the two workers, with the real ports' signals.

They record the requests the controller makes and let a test answer them the way a
real worker would (by emitting the port's signals), so every state the controller can
reach is reachable from a test without models, audio or the network.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from app.core.editor.report import EditorReport
from app.core.errors import AudioDeviceError
from app.core.languages import Heard
from app.core.settings import Settings
from app.ui.ports import AgentPort, AudioSink, MicrophonePort, SpeechPort
from app.voice import SAMPLE_RATE
from app.voice.audio import Recording

SPEECH = np.full(SAMPLE_RATE, 0.1, dtype=np.float32)


class FakeMicrophone(MicrophonePort):
    """Hands the blocks a test `hear`s to the controller's sink, as the recorder's thread would."""

    def __init__(self) -> None:
        super().__init__()
        self.sink: AudioSink | None = None
        self.starts = 0
        self.next_recording = Recording(SPEECH, 1.0, is_speech=True)
        self.fail_with = ""
        self.stopped_until: list[float] = []  # the `until` of each stop()

    @property
    def capturing(self) -> bool:
        return self.sink is not None

    def start(self, on_audio: AudioSink) -> None:
        if self.fail_with:
            raise AudioDeviceError(self.fail_with)
        self.sink = on_audio
        self.starts += 1

    def hear(self, samples: np.ndarray) -> None:
        """A block of sound while the key is held."""
        assert self.sink is not None, "nothing is recording"
        self.sink(samples)

    def stop(self, until: float = 0.0) -> Recording:
        assert self.sink is not None, "stop() without start()"
        self.sink = None
        self.stopped_until.append(until)
        return self.next_recording


@dataclass
class Transcription:
    """One transcription request as the fake speech worker saw it."""

    repo: Path | None
    blocks: list[np.ndarray] = field(default_factory=list)
    finished: bool = False
    dropped: bool = False

    @property
    def samples(self) -> int:
        return sum(block.size for block in self.blocks)


class FakeSpeech(SpeechPort):
    def __init__(self) -> None:
        super().__init__()
        self.transcriptions: dict[int, Transcription] = {}
        self.cues: list[str] = []
        self.cue_volumes: list[float] = []
        self.spoken: dict[int, str] = {}
        self.ended: list[int] = []
        self.said: list[tuple[int, str]] = []
        self.reply_languages: list[tuple[int, str]] = []  # (utterance, the language its reply is voiced for)
        self.stops = 0
        self.voice_prepared = 0

    def begin(self, request_id: int, repo: Path | None) -> None:
        assert request_id not in self.transcriptions, "request ids are never reused"
        self.transcriptions[request_id] = Transcription(repo)

    def feed(self, request_id: int, samples: np.ndarray) -> None:
        request = self.transcriptions[request_id]
        assert not (request.finished or request.dropped), "fed after it was finished or dropped"
        request.blocks.append(samples)

    def finish(self, request_id: int) -> None:
        request = self.transcriptions[request_id]
        assert not request.dropped, "finished after it was dropped"
        request.finished = True

    def drop(self, request_id: int) -> None:
        self.transcriptions[request_id].dropped = True

    def cue(self, name: str, volume: float = 1.0) -> None:
        self.cues.append(name)
        self.cue_volumes.append(volume)

    def prepare_voice(self) -> None:
        self.voice_prepared += 1

    def speak_delta(self, utterance_id: int, text: str) -> None:
        self.spoken[utterance_id] = self.spoken.get(utterance_id, "") + text

    def speak_end(self, utterance_id: int) -> None:
        self.ended.append(utterance_id)

    def say(self, utterance_id: int, text: str) -> None:
        self.said.append((utterance_id, text))

    def reply_language(self, utterance_id: int, language: str) -> None:
        self.reply_languages.append((utterance_id, language))

    def stop_speaking(self) -> None:
        # Like the real worker: an utterance whose text was complete is reported done at once.
        self.stops += 1
        for utterance in [*self.ended, *(u for u, _ in self.said)]:
            self.utterance_done.emit(utterance)

    @property
    def finished_requests(self) -> list[int]:
        return [i for i, t in self.transcriptions.items() if t.finished]

    @property
    def last_request(self) -> int:
        """The last transcription the controller asked to finish."""
        return self.finished_requests[-1]

    @property
    def last_begun(self) -> Transcription:
        return self.transcriptions[max(self.transcriptions)]


class FakeAgent(AgentPort):
    def __init__(self) -> None:
        super().__init__()
        self.sessions: list[tuple[Path | None, Settings]] = []
        self.settings_updates: list[Settings] = []
        self.turns: list[tuple[int, str]] = []
        self.editors: list[EditorReport | None] = []  # what the editor showed, per turn
        self.languages: list[Heard | None] = []  # the language each question was heard in
        self.cancels = 0
        self.prepared = 0
        self.listening_ends = 0
        self.trust_answers: list[int] = []

    def prepare(self) -> None:
        self.prepared += 1

    def listening_ended(self, at: float = 0.0) -> None:
        self.listening_ends += 1

    def start_session(self, repo: Path | None, settings: Settings) -> None:
        self.sessions.append((repo, settings))

    def update_settings(self, settings: Settings) -> None:
        self.settings_updates.append(settings)

    def run_turn(self, turn_id: int, text: str, editor: EditorReport | None = None, heard: Heard | None = None) -> None:
        self.turns.append((turn_id, text))
        self.editors.append(editor)
        self.languages.append(heard)

    def cancel(self) -> None:
        self.cancels += 1

    def answer_trust(self, ask_id: int) -> None:
        self.trust_answers.append(ask_id)

    @property
    def last_turn(self) -> int:
        return self.turns[-1][0]
