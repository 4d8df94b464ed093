"""Transcription while the key is still held, so that after release only the tail remains.

Whisper pads every call to a 30-second window, so one encoder pass is the least a
transcription costs; what grows with a recording's length is decoding its words. A worker
thread therefore commits the recording chunk by chunk while it is being made, cutting only
where the speaker paused:

- every quarter second of new audio, the Silero VAD looks at the uncommitted audio; once it
  holds at least MIN_CHUNK seconds and a pause of PAUSE_MS has ended (speech resumed, or
  the silence is still going on), everything up to the middle of the latest such pause is
  transcribed once, with the committed text as the prompt, and committed;
- audio that runs MAX_CHUNK seconds without a single pause is cut at its quietest 30 ms
  frame at least 1.5 s before the end, so the window always fits one Whisper pass;
- once the speaker has been quiet for SPECULATE_AFTER seconds, the uncommitted audio is
  transcribed at once, speculatively: people let go of the key a moment after their last
  word, and if nothing was said after that pass began, it is the final text already;
- on `finish()` the pass in flight completes; then either the speculative text is used
  (no speech after it) or only the tail after the last cut is transcribed: one encoder
  pass and the words since the last pause.

Recordings shorter than MIN_CHUNK plus a pause are never cut, so they come out exactly as
one pass would make them. Cutting at pauses keeps each phrase whole; a design that forced
the decoder through the agreed words of earlier passes (Whisper's `prefix`) was as
accurate but saved almost nothing, because CTranslate2 still steps through the prefix.
`python -m app bench --voice` measures both speed and word accuracy against one pass.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

import numpy as np

from app.core import stamps
from app.voice import SAMPLE_RATE

if TYPE_CHECKING:
    from app.voice.transcriber import Transcriber
    from app.voice.vocabulary import Vocabulary

log = logging.getLogger(__name__)

MIN_CHUNK = 5.0  # seconds: shorter chunks give Whisper too little context
MAX_CHUNK = 24.0  # seconds without a pause before a forced cut
PAUSE_MS = 200
CHECK_EVERY = 0.25  # seconds of new audio between looks for a pause
TRAILING_SILENCE = 0.4  # a pause still going on counts once it is this long
SPECULATE_AFTER = 0.25  # seconds of quiet after speech before the final text is guessed
SPECULATE_SLACK = int(0.12 * SAMPLE_RATE)  # VAD jitter between two looks at the same audio


def _find_cut(window: np.ndarray) -> int | None:
    """Sample offset in `window` where a chunk can end, or None to wait for more audio."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    if window.size < int(MIN_CHUNK * SAMPLE_RATE):
        return None
    speech = get_speech_timestamps(
        window, VadOptions(min_silence_duration_ms=PAUSE_MS, speech_pad_ms=60), sampling_rate=SAMPLE_RATE
    )
    if not speech:
        return None  # silence so far; the final pass (with its VAD) handles it
    bounds: list[tuple[int, int]] = [
        (speech[i]["end"], speech[i + 1]["start"]) for i in range(len(speech) - 1)
    ]
    if window.size - speech[-1]["end"] >= int(TRAILING_SILENCE * SAMPLE_RATE):
        bounds.append((speech[-1]["end"], window.size))
    min_samples = int(MIN_CHUNK * SAMPLE_RATE)
    for gap_start, gap_end in reversed(bounds):
        cut = (gap_start + min(gap_end, gap_start + SAMPLE_RATE // 2)) // 2
        if cut >= min_samples:
            return cut
    if window.size < int(MAX_CHUNK * SAMPLE_RATE):
        return None
    return _quietest_frame(window, min_samples, window.size - int(1.5 * SAMPLE_RATE))


def _quietest_frame(window: np.ndarray, lo: int, hi: int) -> int:
    frame = int(0.03 * SAMPLE_RATE)
    part = window[lo:hi]
    count = max(1, part.size // frame)
    energy = np.square(part[: count * frame]).reshape(count, frame).mean(axis=1)
    return lo + int(np.argmin(energy)) * frame + frame // 2


def _speech_end(audio: np.ndarray) -> int | None:
    """Sample offset where the last speech in `audio` ends, or None when there is none."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    speech = get_speech_timestamps(
        audio, VadOptions(min_silence_duration_ms=PAUSE_MS, speech_pad_ms=60), sampling_rate=SAMPLE_RATE
    )
    return int(speech[-1]["end"]) if speech else None


class _Guess:
    """A speculative final pass: the text of audio[start:end], whose speech ended at `speech_end`."""

    def __init__(self, start: int, end: int, speech_end: int, text: str) -> None:
        self.start, self.end, self.speech_end, self.text = start, end, speech_end, text


class StreamingTranscription:
    """Feed 16 kHz mono float32 blocks as they arrive; `finish()` returns the text.

    `feed` never blocks on the model (it only appends and wakes the worker), so it is
    safe to call from any thread. All of the recording is buffered here, so a recording
    needs nothing else to be transcribed: `finish()` covers whatever no pass has yet.
    """

    def __init__(self, transcriber: Transcriber, vocabulary: Vocabulary | None = None) -> None:
        self._transcriber = transcriber
        self._vocabulary = vocabulary
        self._hotwords = vocabulary.hotwords() if vocabulary is not None else ""
        self._blocks: list[np.ndarray] = []
        self._size = 0
        self._committed_samples = 0  # audio before this offset is already text
        self._committed: list[str] = []
        self._checked_at = 0
        self._done = False
        self._cancelled = False
        self._cond = threading.Condition()
        self._guess: _Guess | None = None
        self.passes = 0  # chunk passes made while audio still arrived
        self.guessed = False  # the final text came from the speculative pass
        self.tail_seconds = 0.0  # audio left for the final pass
        self._worker = threading.Thread(target=self._run, name="streaming-transcription", daemon=True)
        self._worker.start()

    def feed(self, samples: np.ndarray) -> None:
        block = np.asarray(samples, dtype=np.float32).reshape(-1)
        if block.size == 0:
            return
        with self._cond:
            if self._done:
                return
            self._blocks.append(block.copy())
            self._size += block.size
            if self._size - self._checked_at >= int(CHECK_EVERY * SAMPLE_RATE):
                self._cond.notify()

    def finish(self) -> str:
        """Wait for the pass in flight, transcribe the tail, return the whole text (snapped)."""
        with self._cond:
            self._done = True
            self._cond.notify()
        self._worker.join()
        stamps.mark("stream_joined")
        if self._cancelled:
            return ""
        tail = self._audio()[self._committed_samples :]
        self.tail_seconds = tail.size / SAMPLE_RATE
        guess = self._usable_guess(tail)
        if guess is not None:
            self.guessed = True
            self.tail_seconds = 0.0
            self._committed.append(guess)
        elif tail.size:
            self._committed.append(self._decode(tail))
        text = " ".join(t for t in self._committed if t).strip()
        if text and self._vocabulary is not None:
            text = self._vocabulary.snap(text)
        return text

    def cancel(self) -> None:
        """Drop everything; a later `finish()` returns ""."""
        with self._cond:
            self._cancelled = True
            self._done = True
            self._blocks.clear()
            self._cond.notify()

    @property
    def duration(self) -> float:
        with self._cond:
            return self._size / SAMPLE_RATE

    def _audio(self) -> np.ndarray:
        with self._cond:
            if len(self._blocks) > 1:
                self._blocks = [np.concatenate(self._blocks)]
            return self._blocks[0] if self._blocks else np.zeros(0, np.float32)

    def _decode(self, chunk: np.ndarray) -> str:
        prompt = " ".join(self._committed)
        pieces = self._transcriber.decode(chunk, hotwords=self._hotwords, prompt=prompt)
        return " ".join(p.text.strip() for p in pieces).strip()

    def _run(self) -> None:
        try:
            while True:
                with self._cond:
                    while not self._done and self._size - self._checked_at < int(CHECK_EVERY * SAMPLE_RATE):
                        self._cond.wait()
                    if self._done:
                        return
                    self._checked_at = self._size
                audio = self._audio()
                window = audio[self._committed_samples :]
                cut = _find_cut(window)
                if cut is None:
                    self._maybe_guess(window)
                    continue
                started = time.perf_counter()
                text = self._decode(window[:cut])
                self._committed.append(text)
                self._committed_samples += cut
                self.passes += 1
                log.debug("committed %.1f s in %.2f s", cut / SAMPLE_RATE, time.perf_counter() - started)
        except Exception:  # the final pass still covers everything not committed
            log.exception("streaming transcription pass failed")

    def _maybe_guess(self, window: np.ndarray) -> None:
        """Transcribe the uncommitted audio now if the speaker has just gone quiet."""
        if window.size < int(0.3 * SAMPLE_RATE):
            return
        end = _speech_end(window)
        if end is None or window.size - end < int(SPECULATE_AFTER * SAMPLE_RATE):
            return
        start = self._committed_samples
        guess = self._guess
        if guess is not None and guess.start == start and abs(guess.speech_end - (start + end)) <= SPECULATE_SLACK:
            return  # this pause was guessed already
        stamps.mark("guess_begun")
        self._guess = _Guess(start, start + window.size, start + end, self._decode(window))

    def _usable_guess(self, tail: np.ndarray) -> str | None:
        """The speculative text, if it covers the same speech as the tail (nothing said since)."""
        guess = self._guess
        if guess is None or guess.start != self._committed_samples or not tail.size:
            return None
        end = _speech_end(tail)
        if end is None:
            return guess.text
        return guess.text if self._committed_samples + end <= guess.speech_end + SPECULATE_SLACK else None
