"""Opening a microphone: straight from the sound server where it can, else through PortAudio.

A stream is *live* while someone listens (a recording, the settings window's level
meter) and idle otherwise (kept open between presses only for the pre-roll). Live
streams deliver short blocks: a release waits for the block in flight, and the meter
moves smoothly. Idle ones should cost next to nothing, which needs long blocks.

- The sound server's own route (PulseAudio, or PipeWire's pulse server; the devices
  "default", "pulse" and "pipewire" lead there) can change a running stream's block
  length, so the stream switches between 20 ms live and 320 ms idle.
- PortAudio's block length is fixed when it opens: a stream kept open between presses
  uses 80 ms blocks throughout (a compromise measured in `BLOCK_SECONDS`' comment), one
  opened by a press 20 ms.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import numpy as np

from app.core.errors import AudioDeviceError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import server_devices
from app.voice.devices import PA_INVALID_SAMPLE_RATE, Device, error_code, find_device, open_error, portaudio
from app.voice.input_stream import InputStream
from app.voice.pulse_capture import PulseStream, PulseUnavailable

log = logging.getLogger(__name__)

# PortAudio, kept open: each block costs a callback, also while idle, and most of that cost is in the
# audio stack below Python (ALSA's pulse plugin). An open stream took 2.4% of a core with PortAudio's
# own block size, 0.7% at 40 ms, 0.5% at 50 ms, 0.3% at 80 ms and 0.2% at 100 ms blocks here; at
# 100 ms a short sound soon after opening went missing entirely. Opened by a press, it uses short
# blocks: through the pulse plugin a newly opened stream with long blocks garbled its first second
# (tiny.en heard "run the tests" as "fun little test").
BLOCK_SECONDS = 0.08
LIVE_BLOCK_SECONDS = 0.02  # a release waits for the block in flight: half of this on average
# The sound server's idle block: 0.08% of a core and 9 wake-ups/s measured, against 0.25% at 80 ms.
# Longer saves little more, and the first live block after a press comes within one idle block.
IDLE_BLOCK_SECONDS = 0.32
SOUND_SERVER_ROUTES = frozenset({"default", "pulse", "pipewire"})  # PortAudio devices that are the server
_FALLBACK_RATES = (48_000, 44_100, 32_000, 16_000, 22_050, 8_000)


def open_capture(setting: str, *, live: bool, preroll: float, sound_server: bool = True) -> InputStream:
    """Open the microphone a setting names ("" = the system default); raises AudioDeviceError.

    `sound_server=False` skips the sound server's own route (PortAudio only).
    """
    device = find_device(setting, "input")
    if device.server_name:  # one of the sound server's own sources: only the server can open it
        try:
            return _open_pulse(device, live, preroll, source=device.server_name)
        except PulseUnavailable as exc:
            raise AudioDeviceError(
                QT_TRANSLATE_NOOP("errors", "The microphone {name} could not be opened ({problem}).").format(
                    name=repr(device.name), problem=str(exc)
                ),
                hint=QT_TRANSLATE_NOOP(
                    "errors",
                    "Check that the sound server is running, or choose another microphone under Settings, Voice.",
                ),
            ) from exc
    if sound_server and device.name in SOUND_SERVER_ROUTES:
        try:
            return _open_pulse(device, live, preroll)
        except PulseUnavailable as exc:
            log.info("the sound server cannot be used directly (%s); opening %r through PortAudio", exc, device.name)
    return _open_portaudio(device, LIVE_BLOCK_SECONDS if live else BLOCK_SECONDS, preroll)


def _ring(capture: InputStream, preroll: float) -> None:
    # The ring holds the pre-roll plus the longest block in flight, so a press never finds it short.
    capture.ring = np.zeros(int((preroll + 2 * capture.block_seconds) * capture.rate) + 1, np.float32)


# --- the sound server -----------------------------------------------------------------------------


class _PulseCapture:
    """A sound-server stream as an InputStream's stream: live or idle blocks on request."""

    def __init__(self, stream: PulseStream) -> None:
        self._stream = stream

    def set_live(self, live: bool) -> None:
        self._stream.set_block(LIVE_BLOCK_SECONDS if live else IDLE_BLOCK_SECONDS)

    def close(self) -> None:
        self._stream.close()


def _open_pulse(device: Device, live: bool, preroll: float, source: str = "") -> InputStream:
    capture = InputStream(device=device, rate=0, channels=1, block_seconds=IDLE_BLOCK_SECONDS)
    ready, write = capture.ready, capture.write

    def on_frames(block: np.ndarray) -> None:
        # The server's thread: into the ring (and the queue while recording), nothing else.
        capture.last_frames = time.monotonic()
        write(block)
        if not ready.is_set():
            ready.set()

    # Blocks may come before the source's rate is known: a ring for 48 kHz takes them until then.
    capture.ring = np.zeros(int(48_000 * (preroll + 2 * IDLE_BLOCK_SECONDS)) + 1, np.float32)
    # Not under capture.lock: the server's thread holds its own lock while it waits for capture.lock.
    stream = PulseStream(
        on_frames,
        capture.finished.set,
        block_seconds=LIVE_BLOCK_SECONDS if live else IDLE_BLOCK_SECONDS,
        source=source,
    )
    with capture.lock:
        capture.rate = stream.rate
        _ring(capture, preroll)
        capture.written = 0
    if not source and (monitor := server_devices.monitor_source(stream.source)) is not None:
        # The default source fell back to a monitor (the microphone was unplugged): recording it would send
        # what the speakers play as a question.
        stream.close()
        raise AudioDeviceError(
            QT_TRANSLATE_NOOP(
                "errors",
                "No microphone is connected: the system's default input is {name}, "
                "which records what plays, not what is said.",
            ).format(name=repr(monitor.description)),
            hint=QT_TRANSLATE_NOOP("errors", "Plug in a microphone, or choose one under Settings, Voice."),
        )
    capture.stream = _PulseCapture(stream)
    capture.route = f"straight from the sound server (source {stream.source!r})"
    capture.opened_at = time.monotonic()
    log.info("opened the sound server's source %r at %d Hz (as %r)", stream.source, stream.rate, device.name)
    return capture


# --- PortAudio ------------------------------------------------------------------------------------


class _PortAudioCapture:
    """A sounddevice stream as an InputStream's stream: its block length is fixed."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def set_live(self, live: bool) -> None:
        """PortAudio cannot change a running stream's block length."""

    def close(self) -> None:
        self._stream.abort(ignore_errors=True)
        self._stream.close(ignore_errors=True)


def _open_portaudio(device: Device, block_seconds: float, preroll: float) -> InputStream:
    sd = portaudio()
    rates = [int(device.default_samplerate)] if device.default_samplerate > 0 else []
    rates += [r for r in _FALLBACK_RATES if r not in rates]
    channel_options = [1] + ([2] if device.max_channels >= 2 else [])
    settings_error: BaseException | None = None
    for rate in rates:
        for channels in channel_options:
            try:
                sd.check_input_settings(device=device.index, samplerate=rate, channels=channels, dtype="float32")
            except Exception as exc:  # this rate or channel count is not supported; try the next
                settings_error = settings_error or exc
                continue
            return _start_portaudio(sd, device, rate, channels, block_seconds, preroll)
    code = error_code(settings_error) if settings_error else None
    if code is not None and code != PA_INVALID_SAMPLE_RATE:
        raise open_error(settings_error, device) from settings_error  # type: ignore[arg-type]
    raise AudioDeviceError(
        QT_TRANSLATE_NOOP("errors", "The microphone {name} supports none of the usual sample rates.").format(
            name=repr(device.name)
        ),
        hint=QT_TRANSLATE_NOOP("errors", "Choose another microphone under Settings, Audio."),
    )


def _start_portaudio(
    sd: Any, device: Device, rate: int, channels: int, block_seconds: float, preroll: float
) -> InputStream:
    capture = InputStream(device=device, rate=rate, channels=channels, block_seconds=block_seconds)
    _ring(capture, preroll)
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
    capture.stream = _PortAudioCapture(stream)
    capture.route = "through PortAudio"
    capture.opened_at = time.monotonic()
    log.info("opened %r at %d Hz, %d channel(s)", device.name, rate, channels)
    return capture


def close_capture(capture: InputStream) -> None:
    """Close the stream without blocking the caller for long: closing one whose device vanished
    can block inside the driver."""
    closer = threading.Thread(target=_close, args=(capture,), name="audio-close", daemon=True)
    closer.start()
    closer.join(1.0)


def _close(capture: InputStream) -> None:
    stream = capture.stream
    if stream is None:
        return
    try:
        stream.close()
    except Exception as exc:  # the device is gone; nothing more to release
        log.info("closing the input stream failed: %s", exc)
