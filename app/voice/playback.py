"""Gapless, interruptible audio output: one sounddevice stream fed from a queue.

Sentences arrive one by one while a reply streams; opening a stream per sentence would
put a gap (and a device open) between them. Instead one output stream runs while there
is something to say and its callback takes samples from a queue, writing silence when
the queue is empty. `stop()` empties the queue and aborts the stream, which also drops
what the device had buffered, so speech ends within a block or two; the stream is started
again at once, because a stream reaching PulseAudio through ALSA's pulse plugin takes
0.6-2 s after start() before it consumes audio (measured here). For the same reason
`warm()` starts it ahead of need (the app does so when listening starts), and it is only
stopped after IDLE_CLOSE seconds without audio, so an idle app does not hold the device.
"""

from __future__ import annotations

import collections
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.core import heap, messages
from app.core.errors import AudioDeviceError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import server_devices

log = logging.getLogger(__name__)

BLOCK = 512  # frames per callback: about 23 ms at 22.05 kHz, the granularity of stop()
IDLE_CLOSE = 30.0  # seconds of silence before the stream is stopped


def output_devices() -> list[str]:
    """Names of the output devices PortAudio can see ([] without any, or without PortAudio)."""
    try:
        import sounddevice as sd

        return [str(d["name"]) for d in sd.query_devices() if int(d["max_output_channels"]) > 0]
    except Exception:  # no PortAudio library, or no audio system at all
        return []


# The person's own PULSE_SINK, if they set one: what a stream gets when no server speaker is chosen.
_ENV_SINK = os.environ.get("PULSE_SINK")


def _route_to(sink: str | None) -> None:
    """Where the next stream through the server's route goes (None: the server's default sink)."""
    if sink is None:
        os.environ.pop("PULSE_SINK", None)
    elif os.environ.get("PULSE_SINK") != sink:
        os.environ["PULSE_SINK"] = sink


def _output_names() -> list[tuple[int, str]]:
    try:
        import sounddevice as sd

        return [(i, str(d["name"])) for i, d in enumerate(sd.query_devices()) if int(d["max_output_channels"]) > 0]
    except Exception:  # no PortAudio: the default (None) is all there is
        return []


def resolve_output_device(name: str) -> int | None:
    """The PortAudio index of the output device called `name` (exact, then substring); None = default.

    Raises AudioDeviceError when a name is given and nothing matches, or no output exists.
    """
    try:
        import sounddevice as sd

        devices = list(enumerate(sd.query_devices()))
    except Exception as exc:
        raise AudioDeviceError(
            "No audio output is available.", hint="Check that a sound card or sound server is running."
        ) from exc
    outputs = [(i, str(d["name"])) for i, d in devices if int(d["max_output_channels"]) > 0]
    if not outputs:
        raise AudioDeviceError("There is no audio output device.", hint="Connect speakers or headphones.")
    if not name.strip():
        return None
    wanted = name.strip().lower()
    for index, device in outputs:
        if device.lower() == wanted:
            return index
    for index, device in outputs:
        if wanted in device.lower():
            return index
    raise AudioDeviceError(
        f"There is no output device called {name!r}.",
        hint="Choose one of " + ", ".join(n for _, n in outputs) + " in Settings.",
    )


@dataclass
class Item:
    """A stretch of audio in the queue; `started_at` is set (perf_counter) when its first sample goes out."""

    samples: np.ndarray
    offset: int = 0
    started_at: float = 0.0
    finished_at: float = 0.0


class Player:
    """Plays float32 mono audio at `sample_rate` on one output stream, without gaps."""

    def __init__(
        self, sample_rate: int, device: str = "", *, volume: float = 1.0, on_quiet: Callable[[], None] | None = None
    ) -> None:
        self.sample_rate = sample_rate
        self.on_quiet = on_quiet  # runs on the idle watcher's thread once the stream stopped for quiet
        self.device = device
        self.volume = max(0.0, float(volume))
        self._queue: collections.deque[Item] = collections.deque()
        self._lock = threading.Lock()  # queue state, shared with the audio callback
        self._control = threading.Lock()  # start/stop/abort; never held by the callback
        self._stream: Any = None
        self._stream_rate = sample_rate
        self._running = False
        self._last_audio = 0.0
        self._idle = threading.Event()
        self._idle.set()
        self._watcher: threading.Thread | None = None
        self._watching = False  # a watcher runs and will see the stream started again (under _control)
        self._fell_back = False  # a chosen sound-server speaker is missing and the default plays meanwhile
        self.stopped_at = 0.0  # perf_counter of the last stop(), for measurements
        self.last_sound_at = 0.0  # perf_counter of the last callback that wrote audio

    # -- public API -------------------------------------------------------------------
    def play(self, samples: np.ndarray) -> Item:
        """Queue `samples` after whatever is queued; starts the stream if needed."""
        audio = np.asarray(samples, dtype=np.float32).reshape(-1)
        if self._stream_rate != self.sample_rate and audio.size:
            audio = _resample(audio, self.sample_rate, self._stream_rate)
        item = Item(audio * self.volume if self.volume != 1.0 else audio)
        with self._lock:
            self._queue.append(item)
            self._idle.clear()
            self._last_audio = time.monotonic()
        self._ensure_running()
        return item

    def warm(self) -> None:
        """Start the stream ahead of the first audio, so opening the device costs no latency later."""
        with self._lock:
            self._last_audio = time.monotonic()
        self._ensure_running()

    def stop(self) -> None:
        """Silence now: drop the queue and what the device has buffered."""
        with self._control:
            with self._lock:
                self._queue.clear()
                self.stopped_at = time.perf_counter()
            if self._stream is not None and self._running:
                try:
                    self._stream.abort()
                    self._stream.start()  # flowing again by the time the next reply comes
                except Exception:
                    self._running = False
                    log.warning("restarting the output stream after stop failed", exc_info=True)
        self._idle.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been played (or stopped). False on timeout."""
        return self._idle.wait(timeout)

    @property
    def running(self) -> bool:
        """The output stream is started (it plays what is queued)."""
        return self._running

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def close(self) -> None:
        """Release the device; audio already handed to it still plays out unless stop() came first."""
        with self._control:
            stream, self._stream = self._stream, None
            running, self._running = self._running, False
        if stream is not None and running:
            try:
                stream.stop()  # unlike abort(), lets the device play what it holds
            except Exception:
                log.warning("stopping the output stream failed", exc_info=True)
        if stream is not None:
            try:
                stream.close()
            except Exception:
                log.warning("closing the output stream failed", exc_info=True)
        with self._lock:
            self._queue.clear()
        self._idle.set()

    # -- stream handling -------------------------------------------------------------------
    def _ensure_running(self) -> None:
        with self._control:
            if self._running:
                return
            if self._stream is None:
                self._stream = self._open()
            try:
                self._stream.start()
            except Exception as exc:
                self._stream = None
                raise AudioDeviceError(
                    "The audio output could not be started.", hint="Check the output device in Settings."
                ) from exc
            self._running = True
            self._last_audio = time.monotonic()
            # Not the thread's is_alive(): a watcher that has just called on_quiet is alive but would not see
            # this start, and the output (and the voices the quiet lets go) would stay up for good.
            if not self._watching:
                self._watching = True
                self._watcher = threading.Thread(target=self._watch_idle, name="playback-idle", daemon=True)
                self._watcher.start()

    def _open(self) -> Any:
        import sounddevice as sd

        index = self._output_index()
        rates = [self.sample_rate]
        try:
            default_rate = int(
                sd.query_devices(index if index is not None else sd.default.device[1])["default_samplerate"]
            )
            rates.append(default_rate)
        except Exception:
            pass
        problem: Exception | None = None
        for rate in rates:
            try:
                stream = sd.OutputStream(
                    samplerate=rate,
                    blocksize=BLOCK,
                    channels=1,
                    dtype="float32",
                    device=index,
                    latency="low",
                    callback=self._callback,
                )
            except Exception as exc:  # PortAudioError: busy device, unsupported rate
                problem = exc
                continue
            if rate != self._stream_rate:
                self._resample_queue(rate)
            return stream
        raise AudioDeviceError(
            f"The audio output could not be opened ({problem}).",
            hint="Check the output device in Settings, or that nothing else holds it.",
        ) from problem

    def _output_index(self) -> int | None:
        """The PortAudio device to open; a `pulse:` speaker is reached through the server's own route.

        PortAudio cannot name a sink, but libpulse (under ALSA's pulse plugin) sends a new stream to
        the sink PULSE_SINK names. A chosen sink that is missing plays on the default meanwhile, said
        once; each later open (a reply after 30 s of quiet) looks for it again.
        """
        if not server_devices.is_server_setting(self.device):
            _route_to(_ENV_SINK)
            return resolve_output_device(self.device)
        route = next((i for i, n in _output_names() if n in ("pulse", "pipewire")), None)
        sink = server_devices.find(self.device, "output")
        if sink is None:
            _route_to(_ENV_SINK)
            if not self._fell_back:
                self._fell_back = True
                name = server_devices.described(self.device, "output")  # as last listed: it is unplugged now
                messages.warning(
                    QT_TRANSLATE_NOOP(
                        "playback",
                        "The speaker {name} is not connected. Using the system default speaker until it returns.",
                    ).format(name=repr(name))
                )
            return route
        _route_to(sink.name)
        if self._fell_back:
            self._fell_back = False
            messages.info(
                QT_TRANSLATE_NOOP("playback", "The speaker {name} is back and in use again.").format(
                    name=repr(sink.description)
                )
            )
        return route

    def _resample_queue(self, rate: int) -> None:
        with self._lock:
            for item in self._queue:
                item.samples = _resample(item.samples, self._stream_rate, rate)
            self._stream_rate = rate

    def _callback(self, outdata: np.ndarray, frames: int, _time: Any, _status: Any) -> None:
        # Runs on PortAudio's thread: no allocation beyond slicing, no logging, no waiting.
        out = outdata[:, 0]
        filled = 0
        now = time.perf_counter()
        with self._lock:
            while filled < frames and self._queue:
                item = self._queue[0]
                if item.offset == 0:
                    item.started_at = now
                take = min(frames - filled, item.samples.size - item.offset)
                out[filled : filled + take] = item.samples[item.offset : item.offset + take]
                item.offset += take
                filled += take
                if item.offset >= item.samples.size:
                    item.finished_at = now
                    self._queue.popleft()
            if filled:
                self.last_sound_at = now
                self._last_audio = time.monotonic()
            elif not self._queue:
                self._idle.set()
        if filled < frames:
            out[filled:] = 0.0

    def _watch_idle(self) -> None:
        while True:
            time.sleep(0.2)
            with self._control:
                if not self._running or self._stream is None:
                    self._watching = False
                    return
                with self._lock:
                    if self._queue or time.monotonic() - self._last_audio < IDLE_CLOSE:
                        continue
                self._running = False
                try:
                    self._stream.stop()
                except Exception:
                    log.warning("stopping the idle output stream failed", exc_info=True)
            # The app has gone quiet: whatever the owner lets go now (the speaker: its voice), and what the
            # last turn and the output freed since the trim at its end, go back (glibc's own trim waits for
            # far more free heap, see heap.py). Outside the lock: the owner's own lock may be held by a
            # thread waiting for this one to start the stream again.
            messages.call_reporting(self.on_quiet)
            heap.trim_soon()
            # Watching on: the stream may have started again meanwhile (the next loop returns if it did not).


def _resample(audio: np.ndarray, src: int, dst: int) -> np.ndarray:
    if src == dst or audio.size == 0:
        return audio
    count = round(audio.size * dst / src)
    return np.interp(np.arange(count) * (src / dst), np.arange(audio.size), audio).astype(np.float32)
