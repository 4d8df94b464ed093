"""Capture straight from the sound server (PulseAudio, or PipeWire's pulse server) through libpulse.

Why not PortAudio here: PortAudio reaches the sound server through ALSA's pulse plugin,
with a block size fixed when the stream opens. A microphone kept open between presses
then costs the same per-block work all day as during a recording: with 80 ms blocks a
bare PortAudio stream took 0.40-0.47% of a core and ~58 thread wake-ups a second on
the test desktop, two threads waking per block. Spoken to directly, the server changes
a stream's block (its fragment) while it runs: long blocks while idle, short ones while
someone talks or watches the level meter. Measured the same way: 0.08% of a core and
9 wake-ups a second with 0.32 s blocks, 0.25% with 80 ms ones, one thread waking.

Only the calls needed are bound (ctypes; libpulse0 is what PortAudio's own route to
the server uses, so it is there wherever this path can help). The server's
threaded main loop runs our read callback on its own thread: it copies the block out
and hands it on, nothing else. Any failure to open is `PulseUnavailable`, and the
caller falls back to PortAudio.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from app import APP_DISPLAY_NAME

log = logging.getLogger(__name__)

OPEN_TIMEOUT = 3.0  # a server that does not answer in this long is treated as absent
_FORMAT_FLOAT32LE = 5  # pa_sample_format_t
_NOAUTOSPAWN = 0x0001  # pa_context_flags_t: never start a server of our own
_ADJUST_LATENCY = 0x2000  # pa_stream_flags_t: the fragment is the whole capture latency, not a slice of it
_FIX_RATE = 0x0080  # take the source's own rate: no resampling in the server while idle
# A stream of a source chosen by name ends when that source goes (unplugged) instead of being moved to the
# default without a word: the app then says it falls back, and finds the chosen one again when it returns.
_DONT_MOVE = 0x0200
_CONTEXT_READY, _CONTEXT_FAILED, _CONTEXT_TERMINATED = 4, 5, 6
_STREAM_READY, _STREAM_FAILED, _STREAM_TERMINATED = 2, 3, 4
_UNSET = 0xFFFFFFFF  # (uint32_t) -1: the server's choice

_STATE_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)
_READ_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)


class PulseUnavailable(Exception):
    """The sound server cannot be used directly (no libpulse, no server, no source); use PortAudio."""


class _SampleSpec(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("rate", ctypes.c_uint32), ("channels", ctypes.c_uint8)]


class _BufferAttr(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("maxlength", "tlength", "prebuf", "minreq", "fragsize")]


_library: Any = None
_library_lock = threading.Lock()


def _bind(lib: Any) -> Any:
    vp, i = ctypes.c_void_p, ctypes.c_int
    signatures: dict[str, tuple[Any, list[Any]]] = {
        "pa_threaded_mainloop_new": (vp, []),
        "pa_threaded_mainloop_get_api": (vp, [vp]),
        "pa_threaded_mainloop_start": (i, [vp]),
        "pa_threaded_mainloop_stop": (None, [vp]),
        "pa_threaded_mainloop_free": (None, [vp]),
        "pa_threaded_mainloop_lock": (None, [vp]),
        "pa_threaded_mainloop_unlock": (None, [vp]),
        "pa_context_new": (vp, [vp, ctypes.c_char_p]),
        "pa_context_set_state_callback": (None, [vp, _STATE_CB, vp]),
        "pa_context_connect": (i, [vp, ctypes.c_char_p, i, vp]),
        "pa_context_get_state": (i, [vp]),
        "pa_context_errno": (i, [vp]),
        "pa_context_disconnect": (None, [vp]),
        "pa_context_unref": (None, [vp]),
        "pa_stream_new": (vp, [vp, ctypes.c_char_p, ctypes.POINTER(_SampleSpec), vp]),
        "pa_stream_set_state_callback": (None, [vp, _STATE_CB, vp]),
        "pa_stream_set_read_callback": (None, [vp, _READ_CB, vp]),
        "pa_stream_connect_record": (i, [vp, ctypes.c_char_p, ctypes.POINTER(_BufferAttr), i]),
        "pa_stream_get_state": (i, [vp]),
        "pa_stream_get_sample_spec": (ctypes.POINTER(_SampleSpec), [vp]),
        "pa_stream_get_device_name": (ctypes.c_char_p, [vp]),
        "pa_stream_peek": (i, [vp, ctypes.POINTER(vp), ctypes.POINTER(ctypes.c_size_t)]),
        "pa_stream_drop": (i, [vp]),
        "pa_stream_set_buffer_attr": (vp, [vp, ctypes.POINTER(_BufferAttr), vp, vp]),
        "pa_stream_disconnect": (i, [vp]),
        "pa_stream_unref": (None, [vp]),
        "pa_operation_unref": (None, [vp]),
        "pa_strerror": (ctypes.c_char_p, [i]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    return lib


def _pulse() -> Any:
    """libpulse, bound; PulseUnavailable where it is not installed (Windows, macOS, a bare Linux)."""
    global _library
    with _library_lock:
        if _library is None:
            try:
                _library = _bind(ctypes.CDLL("libpulse.so.0"))
            except (OSError, AttributeError) as exc:
                raise PulseUnavailable(f"libpulse cannot be loaded ({exc})") from exc
        return _library


_open_streams: weakref.WeakSet[PulseStream] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    # The server's thread calls into Python; it must be gone before the interpreter is.
    for stream in list(_open_streams):
        stream.close()


class PulseStream:
    """One record stream from the server's default source (or the source named), mono float32.

    `on_frames(block)` runs on the server's thread for each block; `on_end()` once when the
    stream fails or the server goes away after opening. `set_block(seconds)` changes the block
    length of the running stream; no frame is lost doing so.
    """

    def __init__(
        self,
        on_frames: Callable[[np.ndarray], None],
        on_end: Callable[[], None],
        *,
        block_seconds: float,
        source: str = "",
    ) -> None:
        self._lib = _pulse()
        self._on_frames = on_frames
        self._on_end = on_end
        self._changed = threading.Event()
        self._ended = False
        self._mainloop: int | None = None
        self._context: int | None = None
        self._stream: int | None = None
        self._block_seconds = block_seconds
        # Kept on the instance: ctypes frees a callback's trampoline with its Python object.
        self._context_state_cb = _STATE_CB(self._on_context_state)
        self._stream_state_cb = _STATE_CB(self._on_stream_state)
        self._read_cb = _READ_CB(self._on_read)
        self.rate = 0
        self.source = ""
        try:
            self._open(source)
        except BaseException:
            self.close()
            raise
        _open_streams.add(self)

    # --- public -----------------------------------------------------------------------------------

    def set_block(self, seconds: float) -> None:
        """Deliver blocks of `seconds` from now on (the server applies it within one old block)."""
        if seconds == self._block_seconds or self._stream is None or self._mainloop is None:
            return
        self._block_seconds = seconds
        attr = self._buffer_attr(seconds)
        with self._locked():
            operation = self._lib.pa_stream_set_buffer_attr(self._stream, ctypes.byref(attr), None, None)
            if operation:
                self._lib.pa_operation_unref(operation)

    def close(self) -> None:
        """Stop the server's thread and let go of the stream; safe to call twice."""
        self._ended = True  # disconnecting below reports a state change: it is not a failure
        mainloop, self._mainloop = self._mainloop, None
        if mainloop is not None:
            self._lib.pa_threaded_mainloop_stop(mainloop)  # no callback runs after this returns
        stream, self._stream = self._stream, None
        if stream is not None:
            self._lib.pa_stream_disconnect(stream)
            self._lib.pa_stream_unref(stream)
        context, self._context = self._context, None
        if context is not None:
            self._lib.pa_context_disconnect(context)
            self._lib.pa_context_unref(context)
        if mainloop is not None:
            self._lib.pa_threaded_mainloop_free(mainloop)
        _open_streams.discard(self)

    # --- opening ----------------------------------------------------------------------------------

    def _open(self, source: str) -> None:
        lib = self._lib
        self._mainloop = lib.pa_threaded_mainloop_new()
        if not self._mainloop:
            raise PulseUnavailable("no main loop")
        api = lib.pa_threaded_mainloop_get_api(self._mainloop)
        self._context = lib.pa_context_new(api, APP_DISPLAY_NAME.encode())
        if not self._context:
            raise PulseUnavailable("no context")
        lib.pa_context_set_state_callback(self._context, self._context_state_cb, None)
        if lib.pa_context_connect(self._context, None, _NOAUTOSPAWN, None) < 0:
            raise PulseUnavailable(f"no sound server ({self._context_error()})")
        if lib.pa_threaded_mainloop_start(self._mainloop) < 0:
            raise PulseUnavailable("the main loop did not start")
        deadline = time.monotonic() + OPEN_TIMEOUT
        context_failed = (_CONTEXT_FAILED, _CONTEXT_TERMINATED)
        self._wait_for(lambda: lib.pa_context_get_state(self._context), _CONTEXT_READY, context_failed, deadline)
        spec = _SampleSpec(_FORMAT_FLOAT32LE, 48_000, 1)  # the rate is the source's (FIX_RATE)
        with self._locked():
            self._stream = lib.pa_stream_new(self._context, b"microphone", ctypes.byref(spec), None)
            if not self._stream:
                raise PulseUnavailable(f"no stream ({self._context_error()})")
            lib.pa_stream_set_state_callback(self._stream, self._stream_state_cb, None)
            lib.pa_stream_set_read_callback(self._stream, self._read_cb, None)
            attr = self._buffer_attr(self._block_seconds)
            device = source.encode() if source else None
            flags = _ADJUST_LATENCY | _FIX_RATE | (_DONT_MOVE if source else 0)
            if lib.pa_stream_connect_record(self._stream, device, ctypes.byref(attr), flags) < 0:
                raise PulseUnavailable(f"recording refused ({self._context_error()})")
        stream_failed = (_STREAM_FAILED, _STREAM_TERMINATED)
        self._wait_for(lambda: lib.pa_stream_get_state(self._stream), _STREAM_READY, stream_failed, deadline)
        with self._locked():
            self.rate = int(lib.pa_stream_get_sample_spec(self._stream).contents.rate)
            self.source = (lib.pa_stream_get_device_name(self._stream) or b"").decode(errors="replace")
        # The block asked for above counted 48 kHz frames; ask again in the source's own.
        wanted, self._block_seconds = self._block_seconds, 0.0
        self.set_block(wanted)

    def _wait_for(self, state: Callable[[], int], ready: int, failed: tuple[int, ...], deadline: float) -> None:
        """Until `state()` is `ready`; PulseUnavailable when it fails or the server takes too long."""
        while True:
            with self._locked():
                now = state()
                if now in failed:
                    raise PulseUnavailable(self._context_error())
            if now == ready:
                return
            if not self._changed.wait(max(0.0, deadline - time.monotonic())):
                raise PulseUnavailable(f"the sound server did not answer in {OPEN_TIMEOUT:.0f} s")
            self._changed.clear()

    def _buffer_attr(self, seconds: float) -> _BufferAttr:
        frames = max(64, int((self.rate or 48_000) * seconds))
        return _BufferAttr(_UNSET, _UNSET, _UNSET, _UNSET, frames * 4)

    def _context_error(self) -> str:
        if not self._context:
            return "unknown error"
        text = self._lib.pa_strerror(self._lib.pa_context_errno(self._context))
        return text.decode(errors="replace") if text else "unknown error"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the server thread's lock: no callback runs meanwhile."""
        mainloop = self._mainloop
        if mainloop is None:
            yield
            return
        self._lib.pa_threaded_mainloop_lock(mainloop)
        try:
            yield
        finally:
            self._lib.pa_threaded_mainloop_unlock(mainloop)

    # --- the server's thread ----------------------------------------------------------------------

    def _on_context_state(self, context: int, userdata: int) -> None:
        self._changed.set()
        if self._lib.pa_context_get_state(context) in (_CONTEXT_FAILED, _CONTEXT_TERMINATED):
            self._end()

    def _on_stream_state(self, stream: int, userdata: int) -> None:
        self._changed.set()
        if self._lib.pa_stream_get_state(stream) in (_STREAM_FAILED, _STREAM_TERMINATED):
            self._end()

    def _end(self) -> None:
        if self.rate and not self._ended:  # only a stream that had opened: a failed open raises instead
            self._ended = True
            try:
                self._on_end()
            except Exception:
                log.exception("the capture's end handler failed")

    def _on_read(self, stream: int, nbytes: int, userdata: int) -> None:
        lib = self._lib
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        # libpulse hands out whole frames (its record queue is aligned to the stream's frame size).
        while lib.pa_stream_peek(stream, ctypes.byref(data), ctypes.byref(size)) == 0 and size.value:
            if data.value:
                block = np.frombuffer(ctypes.string_at(data.value, size.value), np.float32)
            else:  # a hole in the stream (frames the server lost): silence keeps the time right
                block = np.zeros(size.value // 4, np.float32)
            lib.pa_stream_drop(stream)
            try:
                self._on_frames(block)
            except Exception:  # never let an exception unwind into C
                log.exception("handling captured audio failed")
