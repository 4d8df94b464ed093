"""Local speech to text with faster-whisper: one model per process, silence stays silent.

The model is loaded once (int8 on the CPU) and every call goes through one lock, so a
single speech worker can use it from any thread; within a call, the decode helped by
hotwords and the plain decode that checks it run side by side on two of CTranslate2's
workers (a tiny model's decoder keeps one core busy, so two decodes on two cores take
about the time of one). Whisper invents text for silence and
noise ("Thank you.", "Thanks for watching!"); three guards keep that from reaching the
agent: the Silero VAD filter drops non-speech before decoding, segments Whisper itself
marks as no-speech with a low log-probability are dropped (unless the VAD heard a voice
long enough for words), and the stock phrases are dropped when the audio or the
decoder's confidence says nobody spoke them. Whisper also loops ("Again. Again. Again."):
every decode has a budget of tokens from the audio's length, and one that uses it up is
tried again at the next temperature at once, not at the model's limit (app.voice.fallback).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from app.core.errors import ModelLoadError
from app.core.languages import Heard
from app.voice import SAMPLE_RATE, model_check, models
from app.voice.decode_check import hotword_names, keeps_content, kept_text, spoken_words
from app.voice.vocabulary import Vocabulary, snap

__all__ = ["Piece", "Transcriber", "Vocabulary", "read_audio"]

log = logging.getLogger(__name__)


# Decoding without timestamp tokens (beam 5 or 3) was a quarter or so quicker at about the
# same word accuracy on the bench's everyday sentences (en-us 0.823 / 0.813, en+m3 0.828 /
# 0.827, against 0.831 and 0.803), but then tiny.en repeats some short questions ("Why is
# the real thread? Why is the real thread?").
BEAM_SIZE = 5
DECODE_WORKERS = 2  # the helped decode and the plain one that checks it, side by side
# Fewer fallback temperatures than faster-whisper's default: noise that fails every
# temperature would otherwise cost six decodes before being dropped anyway.
TEMPERATURES = (0.0, 0.4, 0.8)
NO_SPEECH_THRESHOLD = 0.6
LOGPROB_THRESHOLD = -1.0
# Whisper's no-speech guard also drops short utterances in an unusual voice: espeak's en+m3
# "Currency converter." decodes right with no_speech_prob 0.64 and avg_logprob -1.19. When
# the VAD heard at least this much voiced time, the audio says a person spoke, and a decode
# that drops everything is tried again without the guard (at temperature 0, no fallback).
SPOKE_SECONDS = 0.6
# ... and kept unless even that decode is a guess: noise that passed the VAD decodes far lower.
RESCUED_LOGPROB = -1.6
PROMPT_CHARS = 200
# A decode helped by names may loop on them: given "apply discount rules, ..." tiny.en heard
# en+m3's "Apply discount rules." as that run over and over to the length limit, at each of
# the three temperatures (2.7 s for a 1.5 s question). The plain decode beside it is the
# check, so the helped one gets one temperature and a token budget of the speech's length
# (English speech is under 5 tokens a second), and an answer that repeats itself (the gzip
# ratio faster-whisper judges repetition by) counts as none.
HELPED_TOKENS_PER_SECOND = 6
HELPED_MIN_TOKENS = 16
HELPED_MAX_TOKENS = 200  # with the hotwords and the prompt, within the 448 tokens Whisper decodes
MAX_COMPRESSION_RATIO = 2.4
# A plain decode is the reference every other is checked against, so its budget only stops a
# loop: the bench's 180 questions needed at most 4.9 tokens per second of the audio passed in
# (its quiet and SETTLE included), and a loop of "Start a new session." that ran to CTranslate2's
# 224 tokens (0.8 s) now stops at 46 and is retried (0.25 s in all, the same words).
PLAIN_TOKENS_PER_SECOND = 10
PLAIN_MIN_TOKENS = 24
# Whisper was trained on 30-second windows and faster-whisper pads every call to one, but
# the encoder's cost grows with the window: 3,000 frames cost tiny.en about 0.35 s on two
# cores, 1,000 frames 0.05 s. Measured on the bench's 71 everyday sentences in two voices,
# a window of the speech plus 2 s, at least 10 s, heard more words right than the full
# window (en-us 0.823 against 0.806, en+m3 0.800 against 0.774) in half the time or less;
# windows of 5-8 s heard no better and fell back to higher temperatures more often.
MIN_WINDOW_FRAMES = 1000
WINDOW_MARGIN_FRAMES = 200
# The VAD filter ends the last stretch of speech only after MIN_SILENCE_MS of quiet; with less,
# it runs to the end of the audio, so what Whisper heard depended on when the key went up: a
# guess made 0.25 s after the last word and the pass after a release 0.4 s later heard different
# tails, and decoded differently ("Why is the real red?" against "wise the real red"). Every
# decode hears SETTLE seconds of silence after its audio, so the stretch always ends MIN_SILENCE_MS
# after the voice does and any later release adds nothing: a pass begun once the speaker has
# been quiet a moment gives exactly the text of the pass after release.
MIN_SILENCE_MS = 500
SPEECH_PAD_MS = 200
SETTLE = 0.6
# What tiny and base models say over silence, music and breath noise (lower-case, no punctuation).
STOCK_HALLUCINATIONS = frozenset(
    {
        "thank you",
        "thank you very much",
        "thanks",
        "thanks for watching",
        "thank you for watching",
        "thanks for listening",
        "thank you for listening",
        "please subscribe",
        "subscribe",
        "like and subscribe",
        "you",
        "bye",
        "bye bye",
        "okay",
        "oh",
        "so",
        "music",
        "applause",
        "silence",
        "the end",
    }
)


@dataclass(frozen=True)
class Piece:
    """One decoded segment, in seconds from the start of the audio passed in."""

    start: float
    end: float
    text: str
    no_speech_prob: float
    avg_logprob: float
    language: str = ""  # the language the decode was told, or the one a multilingual model detected
    language_probability: float = 1.0  # how sure the detection was (1.0 when the language was told)


def _normalise(text: str) -> str:
    return re.sub(r"[^a-z' ]+", "", re.sub(r"[\s\-]+", " ", text.lower())).strip()


def _is_stock_hallucination(pieces: list[Piece], samples: np.ndarray) -> bool:
    """True when the whole text is a stock phrase and nothing suggests a person said it.

    Whisper's own no-speech probability is high even for a real, short "Thank you", so the
    evidence is the audio: little voiced time according to the VAD, or hardly any level.
    """
    text = _normalise(" ".join(p.text for p in pieces))
    if text not in STOCK_HALLUCINATIONS:
        return False
    if min(p.avg_logprob for p in pieces) < LOGPROB_THRESHOLD:
        return True
    loudness = float(np.sqrt(np.mean(np.square(samples)))) if samples.size else 0.0
    return loudness < 0.005 or _voiced_seconds(samples) < 0.25


def _voiced_seconds(samples: np.ndarray) -> float:
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    # Closed by quiet as long as its minimum silence, so that the quiet after the voice, however
    # long the key stayed down, never counts as voiced time.
    options = VadOptions(speech_pad_ms=0)
    closed = np.concatenate([samples, np.zeros(int(options.min_silence_duration_ms * SAMPLE_RATE / 1000), np.float32)])
    spans = get_speech_timestamps(closed, options, sampling_rate=SAMPLE_RATE)
    return sum(span["end"] - span["start"] for span in spans) / SAMPLE_RATE


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class Transcriber:
    """faster-whisper behind a lock; `load()` once, then `transcribe()` (or feed an app.voice.streaming)."""

    def __init__(
        self, model_path: str = "", *, cpu_threads: int = 0, beam_size: int = BEAM_SIZE, language: str = ""
    ) -> None:
        self.model_path = model_path
        # The person's fixed language ("" = Detect), read at each decode, so a new choice needs no reload.
        self.language = language
        # Threads per worker: the two decodes of a call share the cores between them.
        self.cpu_threads = cpu_threads or max(1, min(4, os.cpu_count() or 1) // DECODE_WORKERS)
        self.beam_size = beam_size
        self.load_seconds = 0.0
        self._model: Any = None
        self._english_only = True
        self._load_lock = threading.Lock()
        self._run_lock = threading.Lock()  # one decode() at a time
        self._helper: ThreadPoolExecutor | None = None  # runs the helped decode beside the plain one
        self.second_decodes = 0  # plain decodes made to check a decode helped by hotwords or a prompt
        self._encoding: dict[str, Any] = {}  # the last encoder output, reused within one decode()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    @property
    def english_only(self) -> bool:
        """Whether the loaded model is an English-only (.en) one, which no language setting changes."""
        return self._english_only

    def decode_language(self) -> str | None:
        """The language the next decode is told: English for a .en model, else the setting; None detects."""
        if self._english_only:
            return "en"  # a .en model has no other language tokens: faster-whisper refuses any other code
        return self.language or None

    def heard(self, pieces: list[Piece]) -> Heard | None:
        """The language `pieces` were decoded in, and whether this decode detected it; None for no pieces."""
        if not pieces:
            return None
        longest = max(pieces, key=lambda p: p.end - p.start)
        detected = self.decode_language() is None
        return Heard(longest.language, longest.language_probability if detected else 1.0, detected)

    def load(self) -> None:
        """Load the model if not yet loaded. Raises ModelLoadError with what to do."""
        with self._load_lock:
            if self._model is not None:
                return
            folder = models.whisper_dir(self.model_path)
            started = time.perf_counter()
            model_check.check_whisper(folder)  # before CTranslate2 reads a byte of it
            try:
                from app.voice.fallback import BoundedWhisperModel

                model = BoundedWhisperModel(
                    str(folder),
                    device="cpu",
                    compute_type="int8",
                    cpu_threads=self.cpu_threads,
                    num_workers=DECODE_WORKERS,  # the workers share the weights: no second copy in memory
                )
            except Exception as exc:  # CTranslate2 raises RuntimeError/ValueError for broken files
                log.warning("loading the whisper model from %s failed", folder, exc_info=True)
                raise ModelLoadError(
                    f"The transcription model in {folder} could not be loaded ({type(exc).__name__}).",
                    hint="Choose another faster-whisper model folder in Settings, or clear it for the default.",
                ) from exc
            self._english_only = not bool(getattr(model.model, "is_multilingual", False))
            _remember_last_encoding(model, self._encoding)
            self.load_seconds = time.perf_counter() - started
            self._model = model
            log.info("whisper model %s loaded in %.2f s", folder, self.load_seconds)

    def transcribe(self, samples: np.ndarray, vocabulary: Vocabulary | None = None) -> str:
        """Text of 16 kHz mono float32 `samples`, identifiers snapped; "" for silence or noise."""
        hotwords = vocabulary.hotwords() if vocabulary is not None else ""
        return snap(_joined(self.decode(samples, hotwords=hotwords)), vocabulary)

    def decode(
        self,
        samples: np.ndarray,
        *,
        hotwords: str = "",
        prompt: str = "",
        beam_size: int = 0,
    ) -> list[Piece]:
        """The segments Whisper finds in `samples`, hallucination guards applied.

        `prompt` is the text said just before (it helps Whisper with names and casing) and
        `hotwords` the names the vocabulary expects. Either can make Whisper skip words or
        pull ordinary words towards a name ("why is the build red" → "why is the real
        thread"), so a decode helped by them is compared with a plain decode of the same
        audio (its encoder pass reused): the answer is the plain decode with only the
        stretches where the helped decode says a name taken from it (see
        `app.voice.decode_check.kept_text`). The caller snaps identifiers into the rest.
        """
        self.load()
        audio = np.asarray(samples, dtype=np.float32).reshape(-1)
        if audio.size < SAMPLE_RATE // 10 or not np.isfinite(audio).all():
            return []
        prompt = prompt[-PROMPT_CHARS:].strip()
        audio = np.concatenate([audio, np.zeros(int(SETTLE * SAMPLE_RATE), np.float32)])
        with self._run_lock:
            self._encoding.clear()
            if not hotwords and not prompt:
                return self._decode_once(audio, "", "", beam_size)
            if self._helper is None:
                self._helper = ThreadPoolExecutor(1, thread_name_prefix="whisper-helped")
            helping = self._helper.submit(self._decode_once, audio, hotwords, prompt, beam_size)
            self.second_decodes += 1
            try:
                plain = self._decode_once(audio, "", "", beam_size)
            finally:
                wait((helping,))  # never leave the helper decoding into the next call
            helped = [p for p in helping.result() if not _repeats_itself(p.text)]
        helped_text, plain_text = _joined(helped), _joined(plain)
        names = hotword_names(hotwords)
        text = kept_text(plain_text, helped_text, names, prompt)
        if text == helped_text:
            log.debug("kept the helped decode %r", helped_text)
            return helped
        if spoken_words(text) == spoken_words(plain_text):
            # The same words (snapping spells the names in them): the plain decode's capitals and
            # punctuation, as Whisper writes unprompted; given names said in lower case, it may not.
            if spoken_words(helped_text) == spoken_words(plain_text):
                log.debug("kept the plain decode %r, the helped one %r heard the same words", plain_text, helped_text)
            else:
                verdict = keeps_content(plain_text, helped_text, names)
                log.info("kept the plain decode %r over %r (which %s)", plain_text, helped_text, verdict.reason)
            return plain
        verdict = keeps_content(plain_text, helped_text, names)
        log.info(
            "kept the plain decode %r with the names of %r: %r (the helped one %s)",
            plain_text,
            helped_text,
            text,
            verdict.reason,
        )
        merged = Piece(
            plain[0].start,
            plain[-1].end,
            text,
            max(p.no_speech_prob for p in plain),
            _confidence(plain),
            plain[0].language,
            plain[0].language_probability,
        )
        return [merged]

    def _decode_once(self, audio: np.ndarray, hotwords: str, prompt: str, beam_size: int) -> list[Piece]:
        pieces = [
            p
            for p in self._segments(audio, hotwords, prompt, beam_size, guarded=True)
            if not (p.no_speech_prob > NO_SPEECH_THRESHOLD and p.avg_logprob < LOGPROB_THRESHOLD)
        ]
        if not pieces and _voiced_seconds(audio) >= SPOKE_SECONDS:
            rescued = self._segments(audio, hotwords, prompt, beam_size, guarded=False)
            pieces = [p for p in rescued if p.avg_logprob >= RESCUED_LOGPROB]
            if pieces:
                log.info("kept %r that Whisper took for no speech: the VAD heard a voice", _joined(pieces))
        if pieces and _is_stock_hallucination(pieces, audio):
            log.info("dropped a stock hallucination: %r", " ".join(p.text for p in pieces))
            return []
        return pieces

    def _segments(self, audio: np.ndarray, hotwords: str, prompt: str, beam_size: int, *, guarded: bool) -> list[Piece]:
        """One faster-whisper pass; `guarded` False turns off its no-speech skip and temperature fallback.

        Every pass has a budget of tokens from the audio's length, a tight one when hotwords or a
        prompt help it (see HELPED_TOKENS_PER_SECOND and PLAIN_TOKENS_PER_SECOND); a decode that
        uses it up counts as a loop (app.voice.fallback).
        """
        helped = bool(hotwords or prompt)
        # faster-whisper refuses a budget that with the prompt passes the model's length;
        # a token is at least one character, and it keeps at most half the length of each.
        longest = int(getattr(self._model, "max_length", 448))
        prompt_tokens = sum(min(longest // 2, len(text) + 1) for text in (hotwords, prompt) if text) + 8
        seconds = audio.size / SAMPLE_RATE
        if helped:
            speech = min(HELPED_MIN_TOKENS + int(HELPED_TOKENS_PER_SECOND * seconds), HELPED_MAX_TOKENS)
        else:
            speech = PLAIN_MIN_TOKENS + int(PLAIN_TOKENS_PER_SECOND * seconds)
        fits = min(speech, longest - prompt_tokens)
        budget = fits if fits >= HELPED_MIN_TOKENS else None  # too long a prompt: unbounded, as before
        segments, info = self._model.transcribe(
            audio,
            language=self.decode_language(),
            beam_size=beam_size or self.beam_size,
            temperature=list(TEMPERATURES) if guarded and not helped else [0.0],
            max_new_tokens=budget,
            no_speech_threshold=NO_SPEECH_THRESHOLD if guarded else None,
            log_prob_threshold=LOGPROB_THRESHOLD,
            condition_on_previous_text=False,
            initial_prompt=prompt or None,
            hotwords=hotwords or None,
            vad_filter=True,
            vad_parameters={"min_silence_duration_ms": MIN_SILENCE_MS, "speech_pad_ms": SPEECH_PAD_MS},
        )
        return [
            Piece(s.start, s.end, s.text, s.no_speech_prob, s.avg_logprob, info.language, info.language_probability)
            for s in segments
            if s.text.strip()
        ]


def encoder_frames(features: np.ndarray) -> int:
    """How many of the (padded) feature frames the encoder needs: the speech, a margin, at least 10 s.

    faster-whisper pads the log-mel features with exact zeros (a real frame never has all 80
    bands at 0.0), so the last frame with any non-zero band is the end of the audio.
    """
    frames = int(features.shape[-1])
    columns = np.flatnonzero(np.any(features.reshape(-1, frames) != 0.0, axis=0))
    content = int(columns[-1]) + 1 if columns.size else 0
    return min(frames, max(MIN_WINDOW_FRAMES, content + WINDOW_MARGIN_FRAMES))


def _remember_last_encoding(model: Any, last: dict[str, Any]) -> None:
    """Encode only the audio's part of the window, and let a second decode of it reuse the pass.

    The encoder is most of a short transcription's cost, and the plain decode that checks a
    hotword decode sees exactly the same features. faster-whisper has no public way to pass
    an encoder output into `transcribe` or to shorten its window, so its `encode` method is
    wrapped on this instance: the features are cut to `encoder_frames`, and a one-entry memo
    keyed on their bytes serves the second decode (the other worker waits for it while it is
    computed); `decode` empties it for each new call.
    """
    encode = getattr(model, "encode", None)
    if not callable(encode):
        return
    lock = threading.Lock()  # the two decodes of a call arrive together: the second waits for the first's pass

    def remembered(features: np.ndarray) -> Any:
        features = np.ascontiguousarray(features[..., : encoder_frames(features)])
        key = hashlib.blake2b(features.tobytes(), digest_size=16).digest()
        with lock:
            if last.get("key") != key:
                last["output"] = encode(features)
                last["key"] = key
            return last["output"]

    model.encode = remembered


def _repeats_itself(text: str) -> bool:
    """Whether `text` is a loop: gzip shrinks it more than MAX_COMPRESSION_RATIO, as faster-whisper judges."""
    data = text.strip().encode("utf-8")
    return bool(data) and len(data) / len(zlib.compress(data)) > MAX_COMPRESSION_RATIO


def _joined(pieces: list[Piece]) -> str:
    return _clean(" ".join(p.text for p in pieces))


def _confidence(pieces: list[Piece]) -> float:
    """The decoder's log-probability per token over the segments, weighted by their length."""
    weights = [max(1, len(p.text.split())) for p in pieces]
    return sum(p.avg_logprob * w for p, w in zip(pieces, weights, strict=True)) / sum(weights)


def read_audio(path: Path) -> np.ndarray:
    """Any audio file PyAV can read, as 16 kHz mono float32. Raises ValueError if it cannot."""
    from faster_whisper import decode_audio

    if not path.is_file():
        raise ValueError(f"{path} is not a file")
    try:
        return np.asarray(decode_audio(str(path), sampling_rate=SAMPLE_RATE), dtype=np.float32)
    except Exception as exc:  # PyAV raises its own error types for unreadable input
        raise ValueError(f"{path} is not a readable audio file ({type(exc).__name__})") from exc
