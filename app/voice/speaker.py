"""Spoken replies with Piper: each sentence is synthesised as soon as it ends, and can be cut off.

`feed()` takes the reply's text deltas as they stream from the agent; finished sentences
go to one synthesis thread, whose audio goes to one gapless output stream (`Player`).
`stop()` is barge-in: a new generation number makes the synthesis thread throw away
anything it is working on, the sentence queue is emptied and the player is silenced.

Each text belongs to an utterance (an id the caller chooses); `on_started(utterance)`
runs when its first audio goes to the output, `on_finished(utterance)` once the audio of
an ended utterance has played out. Both run on the synthesis thread, so nobody has to
poll the speaker; after `stop()` neither fires for what was stopped.

The voice (an ONNX session of about 75 MB) is not held while the app waits: `prepare()`
loads and warms it on a thread of its own when a reply may come (the key goes down, a typed
question starts), which takes under a second while the person still speaks, and it is let go
when the output has gone quiet (app.voice.playback.IDLE_CLOSE after the last sound), with the voices of
other languages a reply was spoken in (`use_voice`), which load again when a reply needs them.

One job though past 450 lines: the voices' lifetime and the sentences they speak share one lock,
one queue and one player, and release() must see all three at once.
"""

from __future__ import annotations

import collections
import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from app.core import messages, stamps
from app.core.errors import AudioDeviceError, ModelLoadError
from app.voice import cues, model_check, models
from app.voice.playback import Item, Player
from app.voice.resampler import resample
from app.voice.speech_text import SpeechStream

log = logging.getLogger(__name__)

DEFAULT_RATE = 22050
HEAD_WORDS = 5  # words said first when nothing plays yet: short synthesis, early sound
# Said once, unheard, by a freshly loaded voice: the first synthesis of an ONNX session (and
# espeak-ng's first phonemes in a process) pays work the next ones reuse (app.voice.first_use).
WARM_SENTENCE = "Ready when you are."
TIMINGS_KEPT = 8  # sentences whose audio a measuring speaker keeps (each holds its samples)
_END = None  # in the sentence queue: the utterance's text is complete

UtteranceCallback = Callable[[int], None]


class Speaker:
    """Piper voice + player. All methods are safe to call from any thread."""

    def __init__(
        self,
        voice_path: str = "",
        device: str = "",
        rate: float = 1.0,
        volume: float = 1.0,
        *,
        on_started: UtteranceCallback | None = None,
        on_finished: UtteranceCallback | None = None,
        keep_timings: bool = False,
    ) -> None:
        self.voice_path = voice_path
        self.on_started = on_started
        self.on_finished = on_finished
        self.device = device
        self.rate = min(3.0, max(0.3, float(rate))) if rate else 1.0
        self.volume = min(2.0, max(0.0, float(volume)))
        self.load_seconds = 0.0
        self._voice: Any = None
        self._preparing = False  # a thread loads and warms the voice (prepare)
        self._preparer: threading.Thread | None = None
        self._others: dict[str, Any] = {}  # other voices by path, loaded for replies in their language until the quiet
        self._utterance_voices: dict[int, str] = {}  # utterance → another voice's path (absent: this voice)
        self._load_lock = threading.Lock()
        self._player_lock = threading.Lock()
        self._lock = threading.Lock()
        self._stream = SpeechStream()
        self._generation = 0
        self._sentences: queue.Queue[tuple[int, int, str | None, float]] = queue.Queue()
        self._sounding = 0  # the utterance whose audio last went to the player (synthesis thread only)
        self._stamped = 0  # the last utterance whose first sentence was stamped (app.core.stamps)
        self._first_item: Item | None = None  # its first audio, stamped once the device has taken it
        self._pending = 0
        self._idle = threading.Condition(self._lock)
        self._player: Player | None = None
        self._worker: threading.Thread | None = None
        self._device_failed = False
        # (sentence ready at, audio item) of recent sentences: benches and tests measure first-audio latency
        # from these. Only when asked: each item holds its sentence's audio, which the app never reads again.
        self.timings: collections.deque[tuple[float, Item]] = collections.deque(
            maxlen=TIMINGS_KEPT if keep_timings else 0
        )

    # -- loading -------------------------------------------------------------------------
    def load(self) -> None:
        """Load the voice once. Raises ModelLoadError with what to do."""
        with self._load_lock:
            if self._voice is not None:
                return
            path = models.piper_voice(self.voice_path)
            started = time.perf_counter()
            model_check.check_voice(path)  # before onnxruntime reads a byte of it
            try:
                voice = _load_voice(path)
            except Exception as exc:  # onnxruntime and JSON errors for a broken voice
                log.warning("loading the piper voice %s failed", path, exc_info=True)
                raise ModelLoadError(
                    f"The voice {path.name} could not be loaded ({type(exc).__name__}).",
                    hint="Choose another Piper voice in Settings, or clear it for the default.",
                ) from exc
            self.load_seconds = time.perf_counter() - started
            self._voice = voice
            log.info("piper voice %s loaded in %.2f s", path, self.load_seconds)

    def check(self) -> None:
        """Check the voice's files without loading it. Raises ModelLoadError with what to do."""
        model_check.check_voice(models.piper_voice(self.voice_path))

    @property
    def voice_loaded(self) -> bool:
        return self._voice is not None

    @property
    def voices_loaded(self) -> int:
        """How many voices are held now: the own one and other languages' (benches and tests read it)."""
        return int(self._voice is not None) + len(self._others)

    def prepare(self) -> None:
        """A reply may come soon: start the output and load and warm the voice, on a thread of its own.

        Returns at once. A voice that fails to load is said when the reply is spoken (load() raises again).
        """
        with self._lock:
            if self._preparing:
                return
            self._preparing = True
            self._preparer = threading.Thread(target=self._prepare, name="voice-prepare", daemon=True)
            self._preparer.start()

    def finish_preparing(self, timeout: float = 30.0) -> None:
        """Wait for a voice being prepared (before exit: a thread inside onnxruntime may crash it)."""
        preparer = self._preparer
        if preparer is not None:
            preparer.join(timeout)

    def _prepare(self) -> None:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            # The device takes 0.6-2 s to start; started now, its quiet moment (which lets the voice go)
            # also comes no sooner than IDLE_CLOSE after this press.
            self._warm_output()
            if self._voice is not None:
                return
            self.load()
            for _ in self._synthesize_parts(WARM_SENTENCE):
                pass
        except Exception:
            log.info("preparing the voice failed; the reply will say why", exc_info=True)
            return
        finally:
            with self._lock:
                self._preparing = False
        log.info("voice prepared in %.2f s (%.2f s CPU)", time.perf_counter() - started, time.process_time() - cpu)

    def release(self) -> bool:
        """Let go of the loaded voices (own and other languages') unless speaking or being prepared; whether they went.

        A sentence in synthesis keeps its own reference and finishes; the next one loads its voice again.
        """
        with self._lock:
            # A press since the quiet moment started the output again: a reply may come.
            player_back = self._player is not None and self._player.running
            held = self._voice is not None or bool(self._others)
            if not held or self._preparing or self._pending > 0 or self._player_busy() or player_back:
                return False
            self._voice = None
            others, self._others = len(self._others), {}  # other languages' voices go the same way
        log.info("voice let go with %d of other languages: the output went quiet (they load again at need)", others)
        return True

    def use_voice(self, utterance: int, path: str) -> None:
        """Speak `utterance` with the Piper voice at `path` ("" for this speaker's own); loads it once."""
        if not path or path == self.voice_path:
            self._utterance_voices.pop(utterance, None)
            return
        self._other_voice(path)
        self._utterance_voices[utterance] = path

    def _other_voice(self, path: str) -> Any:
        """The voice at `path`, loaded if it is not (release() may empty the dict; this reference stays good)."""
        with self._load_lock:
            voice = self._others.get(path)
            if voice is None:
                started = time.perf_counter()
                try:
                    voice = _load_voice(Path(path))
                except Exception as exc:
                    log.warning("loading the piper voice %s failed", path, exc_info=True)
                    raise ModelLoadError(
                        f"The voice {Path(path).name} could not be loaded ({type(exc).__name__}).",
                        hint="Download it again: models download " + Path(path).stem,
                    ) from exc
                self._others[path] = voice
                log.info("piper voice %s loaded in %.2f s", path, time.perf_counter() - started)
            return voice

    @property
    def sample_rate(self) -> int:
        voice = self._voice
        if voice is not None:
            return int(voice.config.sample_rate)
        try:
            config = json.loads(Path(f"{models.piper_voice(self.voice_path)}.json").read_text("utf-8"))
            return int(config["audio"]["sample_rate"])
        except (OSError, ValueError, KeyError, TypeError, ModelLoadError):
            return DEFAULT_RATE

    # -- synthesis -----------------------------------------------------------------------
    def synthesize(self, text: str, utterance: int = 0) -> tuple[np.ndarray, int]:
        """The audio of `text` (plain words, not Markdown) as float32 mono, and its sample rate.

        Spoken with the voice `utterance` was given (`use_voice`), else this speaker's own. Needs no audio device.
        """
        parts = list(self._synthesize_parts(text, utterance))
        audio = np.concatenate(parts) if parts else np.zeros(0, np.float32)
        return audio, self.sample_rate

    def _synthesize_parts(self, text: str, utterance: int = 0) -> Any:
        from piper import SynthesisConfig

        own = self._loaded_voice()  # its rate is the output's
        other = self._utterance_voices.get(utterance, "")
        # Let go at the last quiet, another language's voice loads again here rather than the own one speaking.
        voice = self._other_voice(other) if other else own
        config = SynthesisConfig(length_scale=1.0 / self.rate, volume=self.volume)
        rate = int(voice.config.sample_rate)
        for chunk in voice.synthesize(text, syn_config=config):
            part = np.asarray(chunk.audio_float_array, dtype=np.float32)
            # One output stream at the own voice's rate: another voice's audio is brought to it.
            yield part if rate == self.sample_rate else resample(part, rate, self.sample_rate)

    # -- speaking ------------------------------------------------------------------------
    def feed(self, text_delta: str, utterance: int = 0) -> None:
        """Take the next piece of a streaming reply; finished sentences start speaking at once."""
        with self._lock:
            first = self._pending == 0 and not self._player_busy()
            sentences = self._stream.push(text_delta)
            if first and not sentences:
                # Nothing plays and the sentence is still streaming: say its opening words now.
                sentences = self._stream.head(HEAD_WORDS)
            self._enqueue(utterance, sentences)
        if first and text_delta.strip():
            self._warm_output()

    def end(self, utterance: int = 0) -> None:
        """The reply is complete: speak whatever is left, then report the utterance finished."""
        with self._lock:
            self._enqueue(utterance, [*self._stream.flush(), _END])
            self._stream = SpeechStream()

    def say(self, text: str, utterance: int = 0) -> None:
        """Speak a whole Markdown text (feed + end)."""
        self.feed(text, utterance)
        self.end(utterance)

    def stop(self) -> None:
        """Silence within a block of audio and forget every queued sentence (barge-in)."""
        with self._lock:
            self._generation += 1
            self._stream = SpeechStream()
            while True:
                try:
                    self._sentences.get_nowait()
                except queue.Empty:
                    break
            self._pending = 0  # the sentence in synthesis belongs to the old generation now
            self._idle.notify_all()
        self._stamp_first_audio()
        if self._player is not None:
            self._player.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything said so far has been played. False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._pending > 0:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._idle.wait(left)
        if self._player is None:
            return True
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        return self._player.wait(left)

    @property
    def is_speaking(self) -> bool:
        with self._lock:
            return self._pending > 0 or self._player_busy()

    def play_cue(self, name: str, volume: float = 1.0) -> None:
        """Play a short sound cue ("listen_start", "listen_stop") at `volume` (the setting cue_volume, 0..2).

        Its own volume, not the speech's: a person who wants the cues quieter still wants the answer heard.
        Skipped without a device.
        """
        try:
            player = self._get_player()
            player.play(cues.load(name, player.sample_rate) * min(2.0, max(0.0, float(volume))))
        except (AudioDeviceError, KeyError) as exc:
            log.info("sound cue %s not played: %s", name, exc)

    def close(self) -> None:
        """Release the output device; anything still queued is dropped."""
        if self.is_speaking:
            self.stop()
        if self._player is not None:
            self._player.close()

    # -- internals -----------------------------------------------------------------------
    def _loaded_voice(self) -> Any:
        """The voice, loaded if it is not (release() may drop the attribute; this reference stays good)."""
        while True:
            self.load()
            voice = self._voice
            if voice is not None:
                return voice

    def _player_busy(self) -> bool:
        return self._player is not None and self._player.busy

    def _get_player(self) -> Player:
        # Not under the load lock: a cue at key-down must not wait for the voice loading beside it.
        with self._player_lock:
            if self._player is None:
                self._player = Player(self.sample_rate, self.device, on_quiet=self._gone_quiet)
            return self._player

    def _gone_quiet(self) -> None:
        # The output went quiet (IDLE_CLOSE without sound): the voice goes too, before the heap is trimmed.
        self.release()

    def _warm_output(self) -> None:
        with contextlib.suppress(AudioDeviceError):  # reported when the first sentence cannot play
            self._get_player().warm()

    def _enqueue(self, utterance: int, sentences: Sequence[str | None]) -> None:
        now = time.perf_counter()
        if utterance != self._stamped and any(s is not _END for s in sentences):
            self._stamped = utterance
            stamps.mark("first_sentence")
        for sentence in sentences:
            self._pending += 1
            self._sentences.put((self._generation, utterance, sentence, now))
        if sentences and (self._worker is None or not self._worker.is_alive()):
            self._worker = threading.Thread(target=self._run, name="speaker", daemon=True)
            self._worker.start()

    def _run(self) -> None:
        while True:
            generation, utterance, sentence, ready_at = self._sentences.get()
            try:
                if sentence is _END:
                    self._finished(generation, utterance)
                else:
                    self._speak(generation, utterance, sentence, ready_at)
            except Exception as exc:
                if not (isinstance(exc, AudioDeviceError) and self._device_failed):
                    messages.report_exception(exc)
                self._device_failed = isinstance(exc, AudioDeviceError)
            finally:
                with self._lock:
                    if generation == self._generation:  # stop() has already cleared the count
                        self._pending -= 1
                    self._idle.notify_all()

    def _speak(self, generation: int, utterance: int, sentence: str, ready_at: float) -> None:
        # With nothing playing, the listener waits for this sentence's synthesis: say a short
        # head first and synthesise the rest while the head plays.
        pieces = [sentence] if self._player_busy() else split_head(sentence)
        for piece in pieces:
            for part in self._synthesize_parts(piece, utterance):
                first = utterance != self._sounding
                if first:
                    stamps.mark("first_synthesized")
                item = self._play(generation, part, ready_at)
                if item is None:
                    return
                ready_at = 0.0  # only the first part of a sentence measures its latency
                if first:
                    self._sounding = utterance
                    self._first_item = item
                    messages.call_reporting(self.on_started, utterance)

    def _finished(self, generation: int, utterance: int) -> None:
        """The end of an utterance reached the synthesis thread: report once its audio has played out."""
        player = self._player
        # stop() empties the player, so this never outlasts a barge-in; a stream that failed never drains.
        while player is not None and not player.wait(0.5) and player.running and generation == self._generation:
            pass
        self._stamp_first_audio()
        with self._lock:
            current = generation == self._generation
        self._utterance_voices.pop(utterance, None)
        if current:
            self._sounding = 0
            messages.call_reporting(self.on_finished, utterance)

    def _play(self, generation: int, part: np.ndarray, ready_at: float) -> Item | None:
        self._stamp_first_audio()
        player = self._get_player()
        with self._lock:  # a stop() between this check and play() must not let the part through
            if generation != self._generation:
                return None
            item = player.play(part)
        self._device_failed = False
        self.timings.append((ready_at, item))
        return item

    def _stamp_first_audio(self) -> None:
        # The audio callback may not log; its start time is stamped by the next caller that may.
        item = self._first_item
        if item is not None and item.started_at:
            self._first_item = None
            stamps.mark("first_audio", at=item.started_at)


def _load_voice(path: Path) -> Any:
    """Piper's voice as `PiperVoice.load` makes it, with an ONNX session whose idle threads sleep.

    onnxruntime's intra-op threads spin between operations by default. On a busy machine the
    spinning takes cores from everyone, this process's other threads included: at load 11 on
    two cores the first words of a reply were synthesised in 0.71 s instead of 1.0 s (0.27 s
    of CPU instead of 0.34 s) with spinning off.
    """
    import onnxruntime
    from piper import PiperConfig, PiperVoice
    from piper.phonemize_espeak import ESPEAK_DATA_DIR

    config = PiperConfig.from_dict(json.loads(Path(f"{path}.json").read_text("utf-8")))
    options = onnxruntime.SessionOptions()
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    # The CPU arena keeps its peak for the life of the session: after one 30 s reply the voice
    # held 210 MB more for good (350 MB against 140 loaded). Without it, plain malloc serves
    # each run and the memory goes back (137 MB after app.core.heap.trim); the real-time
    # factor of a short sentence did not move beyond the noise of a loaded machine (0.29 either way).
    options.enable_cpu_mem_arena = False
    session = onnxruntime.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    from piper import espeakbridge

    set_voice_once(espeakbridge)
    return PiperVoice(config=config, session=session, espeak_data_dir=Path(ESPEAK_DATA_DIR), download_dir=Path.cwd())


def set_voice_once(bridge: Any) -> None:
    """Make `bridge.set_voice` (piper's espeak-ng binding) load a voice only when it changes.

    Piper sets espeak-ng's voice before every sentence it phonemizes, and espeak-ng loads the
    voice and its dictionary again each time without freeing the last: heaptrack, attached to a
    soak's app from question 10 to 40, found 304 KB from 90 such calls never freed (LoadDictionary,
    DoVoiceChange, NewTranslator), about 10 KB a question. Piper calls it under its own lock, and
    nothing else in the app uses espeak-ng, so the voice set last is the one espeak-ng has.
    """
    original = getattr(bridge, "set_voice", None)
    if original is None or getattr(original, "remembers_voice", False):
        return
    current: list[str] = []

    def set_voice(name: str) -> None:
        if current != [name]:
            original(name)
            current[:] = [name]

    set_voice.remembers_voice = True  # type: ignore[attr-defined]
    bridge.set_voice = set_voice


def split_head(sentence: str, *, words: int = HEAD_WORDS) -> list[str]:
    """`sentence` as [head, rest] when long: cut at an early comma, else after `words` words."""
    tokens = sentence.split()
    if len(tokens) <= words + 3:
        return [sentence]
    for i, token in enumerate(tokens[: words + 3], 1):
        if token.endswith((",", ";", ":")) and i >= 3:
            return [" ".join(tokens[:i]), " ".join(tokens[i:])]
    return [" ".join(tokens[:words]), " ".join(tokens[words:])]
