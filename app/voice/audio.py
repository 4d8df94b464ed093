"""Microphone capture: 16 kHz mono float32 recordings with pre-roll, a level meter and a speech check.

Threads: PortAudio's audio callback only writes each block into a ring of raw frames
and, while a recording runs, into a queue (no resampling, no logging, nothing that can
block). A consumer thread exists only while a recording runs: it resamples to 16 kHz,
updates the level, calls `on_audio` with each new chunk and notices a stream that stopped
delivering.

Pre-roll: people start talking as they press the key, and opening a stream takes
50–150 ms, so the first syllable would be lost. While the recorder is *armed*
(`arm()`, which the app does for as long as the hotkey is active) the stream stays
open and the callback keeps the last 300 ms in the ring; `start()` begins the recording
with them. Unarmed, `start()` opens the stream itself and there is no pre-roll. An armed,
idle recorder costs one short callback per block and nothing else: no thread wakes up,
nothing is resampled, and the level is computed only when someone reads it.

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
from typing import Any

import numpy as np

from app.core import messages
from app.core.errors import AudioDeviceError
from app.voice import SAMPLE_RATE, vad
from app.voice.devices import (
    PA_INVALID_SAMPLE_RATE,
    Device,
    DeviceList,
    error_code,
    find_device,
    list_devices,
    open_error,
    portaudio,
)
from app.voice.input_stream import InputStream
from app.voice.resampler import Resampler

__all__ = ["SAMPLE_RATE", "DeviceList", "Recorder", "Recording", "list_devices"]

log = logging.getLogger(__name__)

PREROLL_SECONDS = 0.3
MIN_SECONDS = 0.3  # a shorter press is a slip, not a question
# Each block costs a callback, also while idle, and most of that cost is in the audio stack below
# Python (ALSA's pulse plugin). An open stream took 2.4% of a core with PortAudio's own block size,
# 0.7% at 40 ms, 0.5% at 50 ms, 0.3% at 80 ms and 0.2% at 100 ms blocks here; at 100 ms a short
# sound soon after opening went missing entirely, so a stream kept open (armed) uses 80 ms. One
# opened by a press uses short blocks: through the pulse plugin a newly opened stream with long
# blocks garbled its first second (tiny.en heard "run the tests" as "fun little test").
# A release waits for the block in flight (half a block on average).
BLOCK_SECONDS = 0.08  # a stream kept open between presses
RECORDING_BLOCK_SECONDS = 0.02  # a stream opened by a press
LEVEL_SECONDS = 0.05  # the stretch of audio a level reading covers
_FALLBACK_RATES = (48_000, 44_100, 32_000, 16_000, 22_050, 8_000)

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
    ) -> None:
        self.device = device
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
    def sample_rate(self) -> int:
        """The device rate the open stream runs at (0 when none is open)."""
        capture = self._capture
        return capture.rate if capture else 0

    def arm(self) -> None:
        """Keep the stream open (for pre-roll) until `disarm()`; raises AudioDeviceError."""
        with self._control:
            self._armed = True
            try:
                self._ensure_capture(BLOCK_SECONDS)
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
            capture = self._ensure_capture(RECORDING_BLOCK_SECONDS)
            resampler = Resampler(capture.rate, SAMPLE_RATE)
            with capture.lock:
                # From here on the callback queues every block: the ring's frames and the queue's meet exactly.
                preroll = capture.latest(int(self._preroll * capture.rate))
                capture.recording = True
            with self._lock:
                self._chunks = []
                self._problem = ""
                self._started_at = time.monotonic()
                self._recording = True
            self._level = 0.0
            self._consumer = threading.Thread(
                target=self._consume, args=(capture, resampler, preroll), name="audio-in", daemon=True
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
            return self._finish(samples.astype(np.float32, copy=False), held, problem)

    # --- opening and closing ----------------------------------------------------------------------

    def _ensure_capture(self, block_seconds: float) -> InputStream:
        """The open stream, else one opened now with blocks of `block_seconds`."""
        capture = self._capture
        if capture is not None and not capture.dead and not capture.stalled(time.monotonic()):
            return capture
        if capture is not None and not capture.dead:
            # Nobody watches an idle stream: a device that vanished since is noticed here, and reopened.
            log.warning("input stream lost while idle: %s", capture.device.name)
        self._close_capture()
        capture = self._open(block_seconds)
        self._capture = capture
        return capture

    def _open(self, block_seconds: float) -> InputStream:
        sd = portaudio()
        device = find_device(self.device, "input")
        rates = [int(device.default_samplerate)] if device.default_samplerate > 0 else []
        rates += [r for r in _FALLBACK_RATES if r not in rates]
        channel_options = [1] + ([2] if device.max_channels >= 2 else [])
        settings_error: BaseException | None = None
        for rate in rates:
            for channels in channel_options:
                try:
                    sd.check_input_settings(
                        device=device.index, samplerate=rate, channels=channels, dtype="float32"
                    )
                except Exception as exc:  # this rate or channel count is not supported; try the next
                    settings_error = settings_error or exc
                    continue
                return self._start_stream(sd, device, rate, channels, block_seconds)
        code = error_code(settings_error) if settings_error else None
        if code is not None and code != PA_INVALID_SAMPLE_RATE:
            raise open_error(settings_error, device) from settings_error  # type: ignore[arg-type]
        raise AudioDeviceError(
            f"The microphone {device.name!r} supports none of the usual sample rates.",
            hint="Choose another microphone under Settings, Audio.",
        )

    def _start_stream(self, sd: Any, device: Device, rate: int, channels: int, block_seconds: float) -> InputStream:
        capture = InputStream(device=device, rate=rate, channels=channels, block_seconds=block_seconds)
        # The ring holds the pre-roll plus a block, so a press never finds it short of the 300 ms.
        capture.ring = np.zeros(int((self._preroll + 2 * block_seconds) * rate) + 1, np.float32)
        ready, write = capture.ready, capture.write

        def callback(indata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
            # PortAudio's thread: into the ring (and the queue while recording), nothing else.
            capture.last_frames = time.monotonic()
            write(indata[:, 0] if channels == 1 else indata.mean(axis=1, dtype=np.float32))
            if not ready.is_set():
                ready.set()

        try:
            stream = sd.InputStream(
                device=device.index,
                samplerate=rate,
                channels=channels,
                dtype="float32",
                blocksize=max(64, int(rate * block_seconds)),
                callback=callback,
                finished_callback=capture.finished.set,
            )
        except Exception as exc:
            raise open_error(exc, device) from exc
        try:
            stream.start()
        except Exception as exc:
            stream.close(ignore_errors=True)
            raise open_error(exc, device) from exc
        capture.stream = stream
        capture.opened_at = time.monotonic()
        log.info("opened %r at %d Hz, %d channel(s)", device.name, rate, channels)
        return capture

    def _close_capture(self) -> None:
        capture, self._capture = self._capture, None
        if capture is None:
            return
        # Closing a stream whose device vanished can block inside the driver: never on the caller's thread.
        closer = threading.Thread(target=self._close_stream, args=(capture,), name="audio-close", daemon=True)
        closer.start()
        closer.join(1.0)

    @staticmethod
    def _close_stream(capture: InputStream) -> None:
        stream = capture.stream
        if stream is None:
            return
        try:
            stream.abort(ignore_errors=True)
            stream.close(ignore_errors=True)
        except Exception as exc:  # the device is gone; nothing more to release
            log.info("closing the input stream failed: %s", exc)

    # --- the consumer thread (only while recording) -----------------------------------------------

    def _consume(self, capture: InputStream, resampler: Resampler, preroll: np.ndarray) -> None:
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
