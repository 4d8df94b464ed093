"""Microphone capture: 16 kHz mono float32 recordings with pre-roll, a level meter and a speech check.

Threads: PortAudio's audio callback only copies each block into a queue (no
resampling, no logging, nothing that can block). One consumer thread per open
stream resamples to 16 kHz, keeps the pre-roll ring, updates the level, calls
`on_audio` with each new chunk and notices a stream that stopped delivering.

Pre-roll: people start talking as they press the key, and opening a stream takes
50–150 ms, so the first syllable would be lost. While the recorder is *armed*
(`arm()`, which the app does for as long as the hotkey is active) the stream stays
open and the last 300 ms are kept in a ring; `start()` begins the recording with
them. Unarmed, `start()` opens the stream itself and there is no pre-roll. The
cost of staying armed is an open microphone (the system may show its indicator)
and about 1% of one core for resampling.

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
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from app.core import messages
from app.core.errors import AudioDeviceError
from app.voice import vad
from app.voice.devices import Device, DeviceList, find_device, list_devices, portaudio
from app.voice.resampler import Resampler

__all__ = ["DeviceList", "Recorder", "Recording", "list_devices"]

log = logging.getLogger(__name__)

SAMPLE_RATE = 16_000
PREROLL_SECONDS = 0.3
STALL_SECONDS = 1.0  # no frames for this long while the stream should run: the device is gone
# The first frames can take a while: through PulseAudio's ALSA plugin 0.7-1.8 s were measured here.
STARTUP_SECONDS = 4.0
MIN_SECONDS = 0.3  # a shorter press is a slip, not a question
BLOCK_SECONDS = 0.02
_FALLBACK_RATES = (48_000, 44_100, 32_000, 16_000, 22_050, 8_000)
_QUEUE_BLOCKS = 500  # 10 s of blocks: a stalled consumer drops audio rather than eating memory

# PortAudio error codes (portaudio.h), for messages a person can act on.
_PA_INVALID_SAMPLE_RATE = -9997
_PA_INVALID_DEVICE = -9996
_PA_DEVICE_UNAVAILABLE = -9985


@dataclass(frozen=True)
class Recording:
    """One utterance. Only a recording with `is_speech` is worth transcribing."""

    samples: np.ndarray  # 16 kHz mono float32, pre-roll included
    duration: float  # seconds of audio in `samples`
    is_speech: bool
    problem: str = ""  # why the recording ended early or failed, for the user
    held: float = 0.0  # seconds between start() and stop()
    speech_seconds: float = 0.0


@dataclass
class _Capture:
    """One open input stream and the consumer thread that drains it."""

    device: Device
    rate: int
    channels: int
    blocks: queue.Queue[np.ndarray] = field(default_factory=lambda: queue.Queue(_QUEUE_BLOCKS))
    stream: Any = None
    thread: threading.Thread | None = None
    closing: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)  # PortAudio ended the stream
    ready: threading.Event = field(default_factory=threading.Event)  # frames have arrived
    dead: bool = False
    dropped: int = 0


def _error_code(exc: BaseException) -> int | None:
    args: tuple[Any, ...] = tuple(getattr(exc, "args", ()))
    return args[1] if len(args) > 1 and isinstance(args[1], int) else None


def _open_error(exc: BaseException, device: Device) -> AudioDeviceError:
    """Turn a PortAudio failure into words about the microphone."""
    text = str(exc.args[0] if getattr(exc, "args", None) else exc)
    code = _error_code(exc)
    lowered = text.lower()
    if code == _PA_DEVICE_UNAVAILABLE or "unavailable" in lowered or "busy" in lowered:
        return AudioDeviceError(
            f"The microphone {device.name!r} is in use by another program or not ready.",
            hint="Close the program using it, or choose another microphone under Settings, Audio.",
        )
    if code == _PA_INVALID_DEVICE or "invalid device" in lowered:
        return AudioDeviceError(
            f"The microphone {device.name!r} is no longer available.",
            hint="Check that it is plugged in, or choose another under Settings, Audio.",
        )
    return AudioDeviceError(
        f"The microphone {device.name!r} could not be opened ({text}).",
        hint="Choose another microphone under Settings, Audio, or check the system's sound settings.",
    )


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
        self._preroll_samples = int(preroll * SAMPLE_RATE)
        self._control = threading.RLock()  # serialises arm/disarm/start/stop between callers
        self._lock = threading.Lock()  # guards the state the consumer thread shares
        self._capture: _Capture | None = None
        self._armed = False
        self._ring: list[np.ndarray] = []
        self._ring_len = 0
        self._recording = False
        self._stop_requested = False
        self._drained = threading.Event()
        self._chunks: list[np.ndarray] = []
        self._emitted = 0
        self._problem = ""
        self._started_at = 0.0
        self._level = 0.0

    # --- public -----------------------------------------------------------------------------------

    @property
    def level(self) -> float:
        """The input level, 0..1, for a meter."""
        return self._level

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
                self._ensure_capture()
            except AudioDeviceError:
                self._armed = False
                raise

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the open stream delivers sound and the pre-roll is full; False on timeout."""
        deadline = time.monotonic() + timeout
        capture = self._capture
        if capture is None or not capture.ready.wait(timeout):
            return False
        while self._ring_len < self._preroll_samples and not capture.dead:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return not capture.dead

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
            capture = self._ensure_capture()
            with self._lock:
                preroll = np.concatenate(self._ring) if self._ring else np.zeros(0, np.float32)
                self._chunks = [preroll[-self._preroll_samples :]] if preroll.size else []
                self._emitted = 0
                self._problem = ""
                self._stop_requested = False
                self._drained.clear()
                self._started_at = time.monotonic()
                self._recording = True
            log.info("recording from %r at %d Hz", capture.device.name, capture.rate)

    def stop(self) -> Recording:
        """End the recording and return it; never raises. Every on_audio call has happened by then."""
        with self._control:
            with self._lock:
                if not self._recording:
                    return Recording(np.zeros(0, np.float32), 0.0, False)
                held = time.monotonic() - self._started_at
                self._stop_requested = True
            capture = self._capture
            consumer = capture.thread if capture else None
            if capture and not capture.dead and consumer is not threading.current_thread():
                self._drained.wait(0.5)  # the blocks already captured still count
            with self._lock:
                self._recording = False
                self._stop_requested = False
                samples = np.concatenate(self._chunks) if self._chunks else np.zeros(0, np.float32)
                self._chunks = []
                problem, self._problem = self._problem, ""
            self._level = 0.0
            if not self._armed or (capture and capture.dead):
                self._close_capture()
            return self._finish(samples.astype(np.float32, copy=False), held, problem)

    # --- opening and closing ----------------------------------------------------------------------

    def _ensure_capture(self) -> _Capture:
        capture = self._capture
        if capture is not None and not capture.dead:
            return capture
        self._close_capture()
        capture = self._open()
        self._capture = capture
        return capture

    def _open(self) -> _Capture:
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
                return self._start_stream(sd, device, rate, channels)
        code = _error_code(settings_error) if settings_error else None
        if code is not None and code != _PA_INVALID_SAMPLE_RATE:
            raise _open_error(settings_error, device) from settings_error  # type: ignore[arg-type]
        raise AudioDeviceError(
            f"The microphone {device.name!r} supports none of the usual sample rates.",
            hint="Choose another microphone under Settings, Audio.",
        )

    def _start_stream(self, sd: Any, device: Device, rate: int, channels: int) -> _Capture:
        capture = _Capture(device=device, rate=rate, channels=channels)
        blocks = capture.blocks

        def callback(indata: np.ndarray, frames: int, time_info: Any, status: Any) -> None:
            # PortAudio's thread: copy and hand over, nothing else.
            try:
                blocks.put_nowait(indata.copy())
            except queue.Full:
                capture.dropped += 1

        try:
            stream = sd.InputStream(
                device=device.index,
                samplerate=rate,
                channels=channels,
                dtype="float32",
                blocksize=max(64, int(rate * BLOCK_SECONDS)),
                callback=callback,
                finished_callback=capture.finished.set,
            )
        except Exception as exc:
            raise _open_error(exc, device) from exc
        try:
            stream.start()
        except Exception as exc:
            stream.close(ignore_errors=True)
            raise _open_error(exc, device) from exc
        capture.stream = stream
        with self._lock:
            self._ring, self._ring_len = [], 0
        capture.thread = threading.Thread(target=self._consume, args=(capture,), name="audio-in", daemon=True)
        capture.thread.start()
        log.info("opened %r at %d Hz, %d channel(s)", device.name, rate, channels)
        return capture

    def _close_capture(self) -> None:
        capture, self._capture = self._capture, None
        if capture is None:
            return
        capture.closing.set()
        # Closing a stream whose device vanished can block inside the driver: never on the caller's thread.
        closer = threading.Thread(target=self._close_stream, args=(capture,), name="audio-close", daemon=True)
        closer.start()
        closer.join(1.0)
        if capture.thread is not None and capture.thread is not threading.current_thread():
            capture.thread.join(1.0)

    @staticmethod
    def _close_stream(capture: _Capture) -> None:
        stream = capture.stream
        if stream is None:
            return
        try:
            stream.abort(ignore_errors=True)
            stream.close(ignore_errors=True)
        except Exception as exc:  # the device is gone; nothing more to release
            log.info("closing the input stream failed: %s", exc)

    # --- the consumer thread ----------------------------------------------------------------------

    def _consume(self, capture: _Capture) -> None:
        resampler = Resampler(capture.rate, SAMPLE_RATE)
        last_frames = time.monotonic()
        while not capture.closing.is_set():
            try:
                block = capture.blocks.get(timeout=0.05)
            except queue.Empty:
                block = None
            if capture.closing.is_set():
                break
            if block is not None:
                last_frames = time.monotonic()
                capture.ready.set()
                mono = block.mean(axis=1) if block.ndim == 2 and block.shape[1] > 1 else block.reshape(-1)
                self._take(resampler.process(mono))
            elif capture.finished.is_set() or time.monotonic() - last_frames > (
                STALL_SECONDS if capture.ready.is_set() else STARTUP_SECONDS
            ):
                self._lost(capture)
                return
            self._deliver(capture)

    def _take(self, chunk: np.ndarray) -> None:
        if chunk.size == 0:
            return
        level = level_of(chunk)
        # Fast attack, slower fall, so the meter does not flicker between words.
        self._level = level if level > self._level else 0.7 * self._level + 0.3 * level
        with self._lock:
            self._ring.append(chunk)
            self._ring_len += chunk.size
            while self._ring and self._ring_len - self._ring[0].size >= self._preroll_samples:
                self._ring_len -= self._ring.pop(0).size
            if self._recording:
                self._chunks.append(chunk)

    def _deliver(self, capture: _Capture) -> None:
        with self._lock:
            if not self._recording:
                return
            new = self._chunks[self._emitted :]
            self._emitted = len(self._chunks)
            drained = self._stop_requested and capture.blocks.empty()
        if new:
            self._call(self.on_audio, np.concatenate(new) if len(new) > 1 else new[0])
            self._call(self.on_level, self._level)
        if drained:
            self._drained.set()

    def _lost(self, capture: _Capture) -> None:
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
        self._drained.set()
        if recording:
            self._call(self.on_problem, problem)

    @staticmethod
    def _call(callback: Callable[[Any], None] | None, value: Any) -> None:
        if callback is None:
            return
        try:
            callback(value)
        except Exception as exc:  # the app's callback failing must not end the capture
            messages.report_exception(exc)

    # --- the result -------------------------------------------------------------------------------

    @staticmethod
    def _finish(samples: np.ndarray, held: float, problem: str) -> Recording:
        duration = samples.size / SAMPLE_RATE
        speech = 0.0
        if not problem and held >= MIN_SECONDS:
            speech = vad.speech_seconds(samples)
        return Recording(
            samples=samples,
            duration=duration,
            is_speech=speech >= vad.MIN_SPEECH_SECONDS,
            problem=problem,
            held=held,
            speech_seconds=speech,
        )
