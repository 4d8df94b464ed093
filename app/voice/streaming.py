"""Transcription while the key is still held, so that after release only the tail remains.

Whisper pads every call to a 30-second window, so one encoder pass is the least a
transcription costs; what grows with a recording's length is decoding its words. A worker
thread therefore commits the recording chunk by chunk while it is being made, cutting only
where the speaker paused:

- every LOOK_EVERY seconds of new audio, Silero looks at the last TAIL_LOOK seconds only (about
  a millisecond), and once more the moment the speaker will have been quiet for QUIET_AFTER
  seconds after the speech it heard last (not at the next regular look, up to LOOK_EVERY
  later); if nothing was said since, the uncommitted audio is transcribed at once,
  speculatively: people let go of the key a moment after their last word, and if nothing
  was said after that pass began, it is the final text already; the key is held, so the
  cores are otherwise idle;
- when the speaker talks on after such a guess, it is kept as a chunk (committed) if it is
  at least GUESS_CHUNK seconds long and the VAD puts its end inside a pause of PAUSE_MS,
  so that the next guess hears only what came after;
- every quarter second of new audio, the Silero VAD looks at the uncommitted audio; once it
  holds at least MIN_CHUNK seconds and a pause of PAUSE_MS has ended (speech resumed, or
  the silence is still going on and no guess covers it yet), everything up to the middle of
  the latest such pause is transcribed once, with the committed text as the prompt, and
  committed;
- audio that runs MAX_CHUNK seconds without a single pause is cut at its quietest 30 ms
  frame at least 1.5 s before the end, so the window always fits one Whisper pass;
- while the hold is at most WHOLE_GUESS_UP_TO seconds long, a guess hears the whole
  recording from its first sample, not only what came after the last cut: it is then the
  very pass one transcription after release would make, with the context of every
  sentence, so the text it gives is the one-pass text (and when no guess covers the end,
  the pass after release is the whole one too);
- on `finish()` the pass in flight completes; then either the speculative text is used
  (no speech after the audio it covered) or only the tail after the last cut is
  transcribed, if it holds speech: one encoder pass and the words since the last pause.

Recordings shorter than GUESS_CHUNK plus a pause are never cut, so they come out exactly
as one pass would make them. Cutting at pauses keeps each phrase whole; a design that forced
the decoder through the agreed words of earlier passes (Whisper's `prefix`) was as
accurate but saved almost nothing, because CTranslate2 still steps through the prefix.
`python -m app bench --voice` measures both speed and word accuracy against one pass.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from app.core import stamps
from app.core.languages import Heard
from app.voice import SAMPLE_RATE, vad

if TYPE_CHECKING:
    from app.voice.transcriber import Transcriber
    from app.voice.vocabulary import Vocabulary

log = logging.getLogger(__name__)

MIN_CHUNK = 5.0  # seconds: shorter chunks give Whisper too little context
MAX_CHUNK = 24.0  # seconds without a pause before a forced cut
PAUSE_MS = 200
CHECK_EVERY = 0.25  # seconds of new audio between looks for a pause to cut at
TRAILING_SILENCE = 0.4  # a pause still going on counts once it is this long
LOOK_EVERY = 0.1  # seconds of new audio between quick looks at the tail
TAIL_LOOK = 0.64  # seconds of the latest audio a quick look hears (20 of Silero's windows)
# Seconds of quiet after speech before the final text is guessed. A person lets go about
# 0.3 s after the last word, and a guess must be done by then; pauses inside a sentence
# that are longer cost a guess that is thrown away, on cores that are idle anyway.
QUIET_AFTER = 0.15
# ... and hears its speech followed by this much quiet, the window padded with silence when the
# guess begins sooner. Decodes given 0.15 s of quiet after the last voiced window heard fewer
# words right than those given 0.25 s (0.860 against 0.880 on 18 two-sentence and everyday
# questions in two voices, 0.811 against 0.824 on 41 other everyday sentences; 0.2-0.45 s were
# alike), so guessing at QUIET_AFTER without the padding lost accuracy (0.876 → 0.865) and with
# it did not (0.864 → 0.863, 0.818 → 0.820 streamed in real time, against guessing at the look).
GUESS_QUIET = 0.25
SPECULATE_SLACK = int(0.12 * SAMPLE_RATE)  # VAD jitter between two looks at the same audio
# Quick looks starting at different places hear the end of the same word a window or two apart.
LOOK_SLACK = int(0.1 * SAMPLE_RATE)
# A guess made in a pause the speaker then talks on from is kept as a chunk when it is at
# least this long, like a cut: a phrase ended by a real pause, whose text the next pass gets
# as its prompt. Keeping guesses of 2 s changed which words came out of the 20 s bench
# question (0.887 → 0.849 against one pass's 0.849), so a guess needs a cut's length.
GUESS_CHUNK = MIN_CHUNK
# Holds up to this long are guessed whole, from their first sample. Chunks decoded apart lost
# words the whole pass heard ('which service and the reminder emails' against 'which service
# sends the reminder emails'): on 30 questions of 10.5-17.9 s per voice, the text made of chunks
# and a tail guess lost 31 words and gained 10 against one pass in espeak-ng's voice, 6 and 0 in
# Piper's; guessed whole, 0 and 0 in both (no text differed). A whole pass costs about 3 times a
# 3 s one at 15 s, so up to 20 s one begun QUIET_AFTER after the last word is done about as the
# key goes up; longer holds keep the chunks and the guess of the tail. Its price is release →
# text: at a load of 6-7 on 2 cores the median went from 0.50-0.73 of one pass's to 0.74-0.95.
WHOLE_GUESS_UP_TO = 20.0


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
    bounds: list[tuple[int, int]] = [(speech[i]["end"], speech[i + 1]["start"]) for i in range(len(speech) - 1)]
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
    """A speculative final pass: the text of audio[start:end], made when the voice was last heard at `voiced`.

    A guess that starts at 0 heard the whole recording so far, so it stays valid whatever was cut since.
    """

    def __init__(self, start: int, end: int, voiced: int, text: str) -> None:
        self.start, self.end, self.voiced, self.text = start, end, voiced, text


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
        self._checked_at = 0  # audio size at the last look for a cut
        self._next_look = int(LOOK_EVERY * SAMPLE_RATE)  # audio size at which the worker looks at the tail again
        self._voiced = 0  # sample offset where the latest speech heard by a quick look ends
        self._done = False
        self._cancelled = False
        self._waiting = False  # the worker has done all it will with the audio so far
        self._cond = threading.Condition()
        self._guess: _Guess | None = None
        self.passes = 0  # chunk passes made while audio still arrived
        self.guessed = False  # the final text came from the speculative pass
        self.tail_seconds = 0.0  # audio left for the final pass
        self.guess_quiet = 0.0  # seconds of quiet after the last speech the used guess had heard when it began
        self.heard: Heard | None = None  # the language of the latest decode (the whole question's, at the end)
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
            if self._size >= self._next_look:
                self._waiting = False
                self._cond.notify_all()

    def finish(self) -> str:
        """Wait for the pass in flight, transcribe what no guess heard, return the whole text (snapped)."""
        with self._cond:
            self._done = True
            self._cond.notify_all()
        self._worker.join()
        stamps.mark("stream_joined")
        if self._cancelled:
            return ""
        audio = self._audio()
        tail = audio[self._committed_samples :]
        self.tail_seconds = tail.size / SAMPLE_RATE
        guess = self._usable_guess(audio)
        if guess is not None:
            self.guessed = True
            self.tail_seconds = 0.0
            self.guess_quiet = (guess.end - guess.voiced) / SAMPLE_RATE
            if guess.start == 0:  # it heard the chunks' audio too
                self._committed.clear()
            self._committed.append(guess.text)
        elif self._committed_samples and audio.size <= int(WHOLE_GUESS_UP_TO * SAMPLE_RATE):
            # No guess heard the end (the worker was busy when the speaker went quiet): the
            # chunks' text would not be the one pass's, so the pass after release is that pass.
            self.tail_seconds = audio.size / SAMPLE_RATE
            self._committed = [self._decode(audio, prompt=False)]
        elif tail.size and _speech_end(tail) is not None:
            # A tail the VAD hears nothing in is one Whisper's own VAD would drop too.
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
            self._cond.notify_all()

    def wait_idle(self, deadline: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Wait until the worker waits for more audio, or `clock()` reaches `deadline`; True if idle.

        Until the next look is due the worker does nothing, so a feeder may hand over the next
        block at once instead of at its real time: what it decides depends on the audio, not on
        the clock (see `feed_as_held`).
        """
        with self._cond:
            while not self._waiting and not self._done:
                left = deadline - clock()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return True

    @property
    def duration(self) -> float:
        with self._cond:
            return self._size / SAMPLE_RATE

    def _audio(self) -> np.ndarray:
        with self._cond:
            if len(self._blocks) > 1:
                self._blocks = [np.concatenate(self._blocks)]
            return self._blocks[0] if self._blocks else np.zeros(0, np.float32)

    def _decode(self, chunk: np.ndarray, *, prompt: bool = True) -> str:
        said = " ".join(self._committed) if prompt else ""
        pieces = self._transcriber.decode(chunk, hotwords=self._hotwords, prompt=said)
        self.heard = self._transcriber.heard(pieces) or self.heard
        return " ".join(p.text.strip() for p in pieces).strip()

    def _run(self) -> None:
        try:
            while True:
                with self._cond:
                    while not self._done and self._size < self._next_look:
                        self._waiting = True
                        self._cond.notify_all()
                        self._cond.wait()
                    self._waiting = False
                    if self._done:
                        return
                audio = self._audio()
                window = audio[self._committed_samples :]
                self._look_at_tail(audio)
                self._plan_next_look(audio.size)
                if self._guess is not None and self._voiced > self._guess.voiced + LOOK_SLACK:
                    self._keep_or_drop_guess(window)
                    window = audio[self._committed_samples :]
                if self._worth_guessing(window.size):
                    self._guess_now(window)
                    continue
                if audio.size - self._checked_at < int(CHECK_EVERY * SAMPLE_RATE) or self._guess_is_current():
                    continue  # a pause the current guess covers needs no second pass to be cut at
                self._checked_at = audio.size
                cut = _find_cut(window)
                if cut is None:
                    continue
                started = time.perf_counter()
                text = self._decode(window[:cut])
                self._committed.append(text)
                self._committed_samples += cut
                self.passes += 1
                log.debug("committed %.1f s in %.2f s", cut / SAMPLE_RATE, time.perf_counter() - started)
        except Exception:  # the final pass still covers everything not committed
            log.exception("streaming transcription pass failed")

    def _look_at_tail(self, audio: np.ndarray) -> None:
        """Note where the latest speech in the last TAIL_LOOK seconds ends (a quick look, not the full VAD)."""
        start = max(self._committed_samples, audio.size - int(TAIL_LOOK * SAMPLE_RATE))
        voiced = vad.voiced_until(audio[start:])
        if voiced is not None:
            self._voiced = max(self._voiced, start + voiced)

    def _plan_next_look(self, size: int) -> None:
        """Look again after LOOK_EVERY of new audio, or sooner: when the quiet after the last speech is due."""
        next_look = size + int(LOOK_EVERY * SAMPLE_RATE)
        quiet_due = self._voiced + int(QUIET_AFTER * SAMPLE_RATE)
        if self._voiced > self._committed_samples and not self._guess_is_current() and size < quiet_due:
            next_look = min(next_look, quiet_due)
        with self._cond:
            self._next_look = next_look

    def _worth_guessing(self, window: int) -> bool:
        """Whether the speaker has just gone quiet after speech no guess has heard yet."""
        size = self._committed_samples + window
        if self._voiced <= self._committed_samples or window < int(0.3 * SAMPLE_RATE):
            return False
        if size - self._voiced < int(QUIET_AFTER * SAMPLE_RATE):
            return False
        return not self._guess_is_current()

    def _guess_is_current(self) -> bool:
        """Whether the last guess began at the last cut and heard all the speech heard since."""
        guess = self._guess
        return (
            guess is not None
            and guess.start in (0, self._committed_samples)
            and self._voiced <= guess.voiced + LOOK_SLACK
        )

    def _keep_or_drop_guess(self, window: np.ndarray) -> None:
        """The speaker went on after a guess: commit it if it ended in a pause, so the next guess is shorter."""
        guess = self._guess
        short = guess is not None and guess.end - guess.start < GUESS_CHUNK * SAMPLE_RATE
        if guess is None or guess.start != self._committed_samples or short:
            self._guess = None
            return
        from faster_whisper.vad import VadOptions, get_speech_timestamps

        cut = guess.end - guess.start
        speech = get_speech_timestamps(
            window, VadOptions(min_silence_duration_ms=PAUSE_MS, speech_pad_ms=60), sampling_rate=SAMPLE_RATE
        )
        if not any(span["start"] >= cut for span in speech):
            return  # the VAD hears no new speech yet: decide at a later look
        self._guess = None
        if any(span["start"] < cut < span["end"] for span in speech):
            return  # the guess ended inside a word: its text is not a whole phrase
        self._committed.append(guess.text)
        self._committed_samples += cut
        self.passes += 1
        log.debug("kept the guess of %.1f s as a chunk", cut / SAMPLE_RATE)

    def _guess_now(self, window: np.ndarray) -> None:
        stamps.mark("guess_begun")
        start, voiced = self._committed_samples, self._voiced
        end = start + window.size
        whole = end <= int(WHOLE_GUESS_UP_TO * SAMPLE_RATE)
        if whole and start > 0:
            window, start = self._audio()[:end], 0
        # The quiet heard so far, and the rest of GUESS_QUIET as silence.
        missing = int(GUESS_QUIET * SAMPLE_RATE) - (end - voiced)
        heard = np.concatenate([window, np.zeros(missing, np.float32)]) if missing > 0 else window
        # A whole guess is decoded as the pass after release would be: without the chunks' text as prompt.
        text = self._decode(heard, prompt=not whole)
        self._guess = _Guess(start, end, voiced, text)

    def _usable_guess(self, audio: np.ndarray) -> _Guess | None:
        """The speculative pass, if it covers all the speech of the tail (nothing said after its audio).

        Only the end of the guess's audio and what came after it are asked: the release waits for
        this, and a VAD pass over the whole tail costs about 3 ms per second of it.
        """
        guess = self._guess
        if guess is None or guess.start not in (0, self._committed_samples):
            return None
        since = max(guess.start, guess.end - int(TAIL_LOOK * SAMPLE_RATE))
        end = _speech_end(audio[since:])
        return guess if end is None or since + end <= guess.end + SPECULATE_SLACK else None


def feed_as_held(
    stream: StreamingTranscription,
    audio: np.ndarray,
    *,
    block: int = SAMPLE_RATE // 10,
    realtime: bool = False,
    clock: Callable[[], float] = time.perf_counter,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Feed `audio` in `block`s as a held key's recording arrives, returning when the last has passed.

    With `realtime` False the time in which the worker only waits for its next look is skipped:
    the worker's choices depend on how much audio it has when it looks, never on the clock, so
    it makes the same passes on the same audio as in real time, while a pass still takes its
    real time and the audio that arrives meanwhile is fed at its real pace. A 20 s hold then
    costs about the worker's CPU time instead of 20 s.
    """
    due = clock()
    for start in range(0, audio.size, block):
        stream.feed(audio[start : start + block])
        due += min(block, audio.size - start) / SAMPLE_RATE
        if not realtime and stream.wait_idle(due, clock):
            due = min(due, clock())  # the skipped wait is time in which nothing happens
        sleep(max(0.0, due - clock()))
