"""Microphone capture: 16 kHz mono float32 recordings with pre-roll, a level meter and a speech check.

Threads: the capture callback (the sound server's or PortAudio's, app.voice.capture) only
writes each block into a ring of raw frames and, while a recording runs, into a queue (no
resampling, no logging, nothing that can block). A consumer thread exists only while a
recording runs: it resamples to 16 kHz, updates the level, calls `on_audio` with each new
chunk and notices a stream that stopped delivering.

Pre-roll: people start talking as they press the key, and opening a stream takes
50–150 ms, so the first syllable would be lost. While the recorder is *armed*
(`arm()`, which the app does for as long as the hotkey is active) the stream stays
open and the callback keeps the last 300 ms in the ring; `start()` begins the recording
with them. Unarmed, `start()` opens the stream itself and there is no pre-roll. An armed,
idle recorder costs one short callback per block and nothing else: no thread wakes up,
nothing is resampled, and the level is computed only when someone reads it. Where the
backend allows, its blocks are long while nobody listens and short during a recording or
while a level meter watches (`watch_level`).

Every failure is an AudioDeviceError the user can act on, and none is sticky:
after a missing device, a busy one, an unsupported rate or a device that stops
delivering (no frames for a second: unplugged), the next `start()` opens afresh.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from app.core import messages
from app.core.errors import AudioDeviceError
from app.voice import SAMPLE_RATE, vad
from app.voice.capture import close_capture, open_capture
from app.voice.devices import DeviceList, list_devices
from app.voice.input_stream import InputStream
from app.voice.resampler import Resampler

__all__ = ["SAMPLE_RATE", "DeviceList", "Recorder", "Recording", "list_devices"]

log = logging.getLogger(__name__)

PREROLL_SECONDS = 0.3
MIN_SECONDS = 0.3  # a shorter press is a slip, not a question
LEVEL_SECONDS = 0.05  # the stretch of audio a level reading covers


@dataclass(frozen=True)
class Recording:
    """One utterance. Only a recording with `is_speech` is worth transcribing."""

    samples: np.ndarray  # 16 kHz mono float32, pre-roll included
    duration: float  # seconds of audio in `samples`
    is_speech: bool
    problem: str = ""  # why the recording ended early or failed, for the user
    held: float = 0.0  # seconds between start() and the release (stop(), or the time it was given)
    speech_seconds: float = 0.0  # speech found, counted until there was enough to transcribe


def _drain(blocks: queue.Queue[np.ndarray | None]) -> None:
    while True:
        try:
            blocks.get_nowait()
        except queue.Empty:
            return


def level_of(chunk: np.ndarray) -> float:
    """A 0..1 meter value: RMS in dBFS mapped from -60 dB (0) to 0 dB (1)."""
    if chunk.size == 0:
        return 0.0
    rms = float(np.sqrt(np.mean(np.square(chunk, dtype=np.float64))))
    db = 20.0 * np.log10(max(rms, 1e-6))
    return float(np.clip((db + 60.0) / 60.0, 0.0, 1.0))


class Recorder:
    """Record from one microphone, chosen by name ("" = the system default)."""

    def __init__(
        self,
        device: str = "",
        on_level: Callable[[float], None] | None = None,
        on_audio: Callable[[np.ndarray], None] | None = None,
        *,
        on_problem: Callable[[str], None] | None = None,
        preroll: float = PREROLL_SECONDS,
        sound_server: bool = True,
    ) -> None:
        self.device = device
        self._sound_server = sound_server  # False: PortAudio only, never the sound server's own route
        self.on_level = on_level
        self.on_audio = on_audio
        self.on_problem = on_problem  # a recording ended by itself (device gone); called from the consumer
        self._preroll = preroll
        self._preroll_samples = int(preroll * SAMPLE_RATE)
        self._control = threading.RLock()  # serialises arm/disarm/start/stop between callers
        self._lock = threading.Lock()  # guards the state the consumer thread shares
        self._capture: InputStream | None = None
        self._armed = False
        self._recording = False
        self._consumer: threading.Thread | None = None
        self._chunks: list[np.ndarray] = []
        self._problem = ""
        self._started_at = 0.0
        self._level = 0.0
        self._watching_level = False

    # --- public -----------------------------------------------------------------------------------

    @property
    def level(self) -> float:
        """The input level, 0..1, for a meter: the recording's (smoothed), else read from the ring now."""
        if self._recording:
            return self._level
        capture = self._capture
        if capture is None or capture.dead:
            return 0.0
        with capture.lock:
            recent = capture.latest(int(LEVEL_SECONDS * capture.rate))
        return level_of(recent)

    @property
    def armed(self) -> bool:
        return self._armed

    @property
    def recording(self) -> bool:
        return self._recording

    @property
    def device_name(self) -> str:
        """The name of the open device ("" when none is open)."""
        capture = self._capture
        return capture.device.name if capture else ""

    @property
    def route(self) -> str:
        """How the open device is reached ("" when none is open), for a person."""
        capture = self._capture
        return capture.route if capture else ""

    @property
    def sample_rate(self) -> int:
        """The device rate the open stream runs at (0 when none is open)."""
        capture = self._capture
        return capture.rate if capture else 0

    def arm(self) -> None:
        """Keep the stream open (for pre-roll) until `disarm()`; raises AudioDeviceError."""
        with self._control:
            self._armed = True
            try:
                self._ensure_capture(live=self._watching_level)
            except AudioDeviceError:
                self._armed = False
                raise

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the open stream delivers sound and the pre-roll is full; False on timeout."""
        deadline = time.monotonic() + timeout
        capture = self._capture
        if capture is None or not capture.ready.wait(timeout):
            return False
        while capture.written < self._preroll * capture.rate and not capture.stalled(time.monotonic()):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return not capture.stalled(time.monotonic())

    def watch_level(self, watching: bool) -> None:
        """Someone shows the level live (a meter): keep the stream's blocks short meanwhile."""
        with self._control:
            self._watching_level = watching
            capture = self._capture
            if capture is not None and capture.stream is not None and not self._recording:
                capture.stream.set_live(watching)

    def disarm(self) -> None:
        """Close the stream unless a recording is running (then it closes when that one stops)."""
        with self._control:
            self._armed = False
            if not self._recording:
                self._close_capture()

    def close(self) -> None:
        """Stop everything; the recorder can be used again afterwards."""
        with self._control:
            self._armed = False
            if self._recording:
                self.stop()
            self._close_capture()

    def start(self) -> None:
        """Begin a recording (with the pre-roll when armed); raises AudioDeviceError."""
        with self._control:
            if self._recording:
                return
            vad.warm_up_in_background()
            capture = self._ensure_capture(live=True)
            if capture.stream is not None:
                capture.stream.set_live(True)  # before capture.lock: the backend's thread takes that lock
            resampler = Resampler(capture.rate, SAMPLE_RATE)
            with capture.lock:
                # From here on the callback queues every block: the ring's frames and the queue's meet exactly.
                # The ring ends with the last block delivered, `behind` seconds ago (up to a long idle block);
                # the blocks still to come hold that stretch. Together they reach back `preroll` from now.
                behind = max(0.0, time.monotonic() - capture.last_frames) if capture.last_frames else 0.0
                preroll = capture.latest(int(max(0.0, self._preroll - behind) * capture.rate))
                skip = int(max(0.0, behind - self._preroll) * capture.rate)
                capture.recording = True
            with self._lock:
                self._chunks = []
                self._problem = ""
                self._started_at = time.monotonic()
                self._recording = True
            self._level = 0.0
            self._consumer = threading.Thread(
                target=self._consume, args=(capture, resampler, preroll, skip), name="audio-in", daemon=True
            )
            self._consumer.start()
            log.info("recording from %r at %d Hz", capture.device.name, capture.rate)

    def stop(self, until: float = 0.0) -> Recording:
        """End the recording and return it; never raises. Every on_audio call has happened by then.

        `until` is the monotonic time the user let go (0, or a time still to come: now). The
        recording ends with the first block delivered at or after it, the block that holds the
        last words: when the app learns of a release late (the hotkey's release grace), that
        block is often in already, and nothing is left to wait for.
        """
        with self._control:
            now = time.monotonic()
            end_at = until if 0 < until <= now else now
            with self._lock:
                if not self._recording:
                    return Recording(np.zeros(0, np.float32), 0.0, False)
                held = end_at - self._started_at
            capture = self._capture
            if capture is not None:
                with capture.lock:
                    capture.end_by(end_at)
            consumer, self._consumer = self._consumer, None
            if consumer is not None and consumer is not threading.current_thread():
                consumer.join(2 * (capture.block_seconds if capture else 0) + 0.2)
                if consumer.is_alive() and capture is not None:  # no block came (device gone): end it here
                    with capture.lock:
                        capture.end()
                    consumer.join(1.0)
            if capture is not None:
                with capture.lock:
                    capture.recording, capture.end_at = False, 0.0
                _drain(capture.blocks)
            with self._lock:
                self._recording = False
                samples = np.concatenate(self._chunks) if self._chunks else np.zeros(0, np.float32)
                self._chunks = []
                problem, self._problem = self._problem, ""
            self._level = 0.0
            if not self._armed or (capture and capture.dead):
                self._close_capture()
            elif capture is not None and capture.stream is not None:
                capture.stream.set_live(self._watching_level)  # kept open: back to idle blocks unless watched
            return self._finish(samples.astype(np.float32, copy=False), held, problem)

    # --- opening and closing ----------------------------------------------------------------------

    def _ensure_capture(self, live: bool) -> InputStream:
        """The open stream, else one opened now (`live`: with short blocks from the start)."""
        capture = self._capture
        if capture is not None and not capture.dead and not capture.stalled(time.monotonic()):
            return capture
        if capture is not None and not capture.dead:
            # Nobody watches an idle stream: a device that vanished since is noticed here, and reopened.
            log.warning("input stream lost while idle: %s", capture.device.name)
        self._close_capture()
        capture = open_capture(self.device, live=live, preroll=self._preroll, sound_server=self._sound_server)
        self._capture = capture
        return capture

    def _close_capture(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            close_capture(capture)

    # --- the consumer thread (only while recording) -----------------------------------------------

    def _consume(self, capture: InputStream, resampler: Resampler, preroll: np.ndarray, skip: int) -> None:
        """Hand on the pre-roll, then each block as it comes, without the first `skip` raw frames."""
        if preroll.size:
            self._take(resampler.process(preroll))
        while True:
            try:
                block = capture.blocks.get(timeout=0.05)
            except queue.Empty:
                if capture.stalled(time.monotonic()):
                    self._lost(capture)
                    return
                continue
            if block is None:  # stop(): everything captured before it has been handed on
                return
            if skip:
                cut = min(skip, block.size)
                block, skip = block[cut:], skip - cut
            self._take(resampler.process(block))

    def _take(self, chunk: np.ndarray) -> None:
        if chunk.size == 0:
            return
        level = level_of(chunk)
        # Fast attack, slower fall, so the meter does not flicker between words.
        self._level = level if level > self._level else 0.7 * self._level + 0.3 * level
        with self._lock:
            self._chunks.append(chunk)
        messages.call_reporting(self.on_audio, chunk)
        messages.call_reporting(self.on_level, self._level)

    def _lost(self, capture: InputStream) -> None:
        """The stream stopped delivering: mark it dead so the next start() opens afresh."""
        capture.dead = True
        problem = (
            f"The microphone {capture.device.name!r} stopped sending sound (was it unplugged?). "
            "Try again, or choose another microphone under Settings, Audio."
        )
        log.warning("input stream lost: %s", capture.device.name)
        with self._lock:
            recording = self._recording
            if recording:
                self._problem = problem
        if recording:
            messages.call_reporting(self.on_problem, problem)

    # --- the result -------------------------------------------------------------------------------

    @staticmethod
    def _finish(samples: np.ndarray, held: float, problem: str) -> Recording:
        duration = samples.size / SAMPLE_RATE
        speech = 0.0
        if not problem and held >= MIN_SECONDS:
            speech = vad.speech_seconds(samples, vad.MIN_SPEECH_SECONDS)  # on the release's path: enough is enough
        return Recording(
            samples=samples,
            duration=duration,
            is_speech=speech >= vad.MIN_SPEECH_SECONDS,
            problem=problem,
            held=held,
            speech_seconds=speech,
        )
