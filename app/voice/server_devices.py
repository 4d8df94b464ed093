"""The sound server's own devices (PulseAudio, or PipeWire's pulse server), by the names people know them by.

PortAudio reaches the server through ALSA's pulse plugin and so lists only "pulse" and
"default": every microphone and headset behind the server is missing. The server itself
knows each source and sink with a description ("Blue Yeti Analog Stereo") and a name that
stays the same when the device is unplugged and plugged in again
("alsa_input.usb-Blue_Yeti-00.analog-stereo"). A setting keeps that name behind the
prefix `pulse:`, so it survives a replug and is told apart from a PortAudio name.

Asked through libpulse's introspection calls on a short-lived connection (a few
milliseconds), with ctypes; without libpulse or a server the lists are empty and the
PortAudio names remain.
"""

from __future__ import annotations

import ctypes
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal

from app import APP_DISPLAY_NAME

log = logging.getLogger(__name__)

PREFIX = "pulse:"
TIMEOUT = 2.0  # a server that does not answer in this long is treated as absent
_NOAUTOSPAWN = 0x0001
_CONTEXT_READY, _CONTEXT_FAILED, _CONTEXT_TERMINATED = 4, 5, 6
_OPERATION_RUNNING = 0
_INVALID_INDEX = 0xFFFFFFFF  # monitor_of_sink of a source that is not a monitor

Kind = Literal["input", "output"]


@dataclass(frozen=True)
class ServerDevice:
    name: str  # the server's name: stable across a replug
    description: str  # what a person reads
    monitor: bool = False  # a sink's monitor: what plays on it, not a microphone

    @property
    def setting(self) -> str:
        return PREFIX + self.name


class _SampleSpec(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("rate", ctypes.c_uint32), ("channels", ctypes.c_uint8)]


class _ChannelMap(ctypes.Structure):
    _fields_ = [("channels", ctypes.c_uint8), ("map", ctypes.c_int * 32)]


class _CVolume(ctypes.Structure):
    _fields_ = [("channels", ctypes.c_uint8), ("values", ctypes.c_uint32 * 32)]


class _SourceInfo(ctypes.Structure):
    """The leading fields of pa_source_info, unchanged since libpulse 0.9 (later fields are appended)."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("index", ctypes.c_uint32),
        ("description", ctypes.c_char_p),
        ("sample_spec", _SampleSpec),
        ("channel_map", _ChannelMap),
        ("owner_module", ctypes.c_uint32),
        ("volume", _CVolume),
        ("mute", ctypes.c_int),
        ("monitor_of_sink", ctypes.c_uint32),
    ]


class _SinkInfo(ctypes.Structure):
    """The leading fields of pa_sink_info."""

    _fields_ = [("name", ctypes.c_char_p), ("index", ctypes.c_uint32), ("description", ctypes.c_char_p)]


_SOURCE_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_SourceInfo), ctypes.c_int, ctypes.c_void_p)
_SINK_CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_SinkInfo), ctypes.c_int, ctypes.c_void_p)

_library: Any = None
_missing = False
_lock = threading.Lock()
# Each device's description as last listed: an unplugged device is still named as the person knew it.
_described: dict[str, str] = {}


def _bind() -> Any:
    """Our own handle on libpulse (its functions' signatures are set here only); None without it."""
    global _library, _missing
    with _lock:
        if _library is None and not _missing:
            try:
                lib = ctypes.CDLL("libpulse.so.0")
            except OSError:
                _missing = True
                return None
            vp, i = ctypes.c_void_p, ctypes.c_int
            for name, restype, argtypes in (
                ("pa_mainloop_new", vp, []),
                ("pa_mainloop_get_api", vp, [vp]),
                ("pa_mainloop_iterate", i, [vp, i, vp]),
                ("pa_mainloop_free", None, [vp]),
                ("pa_context_new", vp, [vp, ctypes.c_char_p]),
                ("pa_context_connect", i, [vp, ctypes.c_char_p, i, vp]),
                ("pa_context_get_state", i, [vp]),
                ("pa_context_disconnect", None, [vp]),
                ("pa_context_unref", None, [vp]),
                ("pa_context_get_source_info_list", vp, [vp, _SOURCE_CB, vp]),
                ("pa_context_get_sink_info_list", vp, [vp, _SINK_CB, vp]),
                ("pa_operation_get_state", i, [vp]),
                ("pa_operation_unref", None, [vp]),
            ):
                function = getattr(lib, name)
                function.restype, function.argtypes = restype, argtypes
            _library = lib
        return _library


def _text(raw: bytes | None) -> str:
    return (raw or b"").decode("utf-8", errors="replace")


def devices(kind: Kind) -> list[ServerDevice]:
    """The server's sources (kind "input": microphones first, then monitors) or sinks; [] without a server."""
    lib = _bind()
    if lib is None:
        return []
    found: list[ServerDevice] = []

    def on_source(_context: int, info: Any, eol: int, _userdata: int) -> None:
        if eol == 0 and info:
            entry = info.contents
            monitor = entry.monitor_of_sink != _INVALID_INDEX
            found.append(ServerDevice(_text(entry.name), _text(entry.description) or _text(entry.name), monitor))

    def on_sink(_context: int, info: Any, eol: int, _userdata: int) -> None:
        if eol == 0 and info:
            entry = info.contents
            found.append(ServerDevice(_text(entry.name), _text(entry.description) or _text(entry.name)))

    # Kept referenced until the call returns: ctypes frees a callback's trampoline with its object.
    callback: Any = _SOURCE_CB(on_source) if kind == "input" else _SINK_CB(on_sink)
    mainloop = lib.pa_mainloop_new()
    if not mainloop:
        return []
    context = lib.pa_context_new(lib.pa_mainloop_get_api(mainloop), APP_DISPLAY_NAME.encode())
    try:
        if not context or lib.pa_context_connect(context, None, _NOAUTOSPAWN, None) < 0:
            return []
        deadline = time.monotonic() + TIMEOUT
        while (state := lib.pa_context_get_state(context)) != _CONTEXT_READY:
            if state in (_CONTEXT_FAILED, _CONTEXT_TERMINATED) or time.monotonic() > deadline:
                return []
            _step(lib, mainloop)
        ask = lib.pa_context_get_source_info_list if kind == "input" else lib.pa_context_get_sink_info_list
        operation = ask(context, callback, None)
        if not operation:
            return []
        try:
            while lib.pa_operation_get_state(operation) == _OPERATION_RUNNING:
                if time.monotonic() > deadline:
                    log.info("the sound server did not list its devices within %.0f s", TIMEOUT)
                    return []
                _step(lib, mainloop)
        finally:
            lib.pa_operation_unref(operation)
    finally:
        if context:
            lib.pa_context_disconnect(context)
            lib.pa_context_unref(context)
        lib.pa_mainloop_free(mainloop)
    with _lock:
        _described.update((d.name, d.description) for d in found)
    return sorted(found, key=lambda d: d.monitor)  # stable: the server's order within each group


def _step(lib: Any, mainloop: int) -> None:
    if lib.pa_mainloop_iterate(mainloop, 0, None) == 0:
        time.sleep(0.002)  # nothing was ready: do not spin


def find(setting: str, kind: Kind) -> ServerDevice | None:
    """The server device a `pulse:` setting names, if the server lists it now."""
    wanted = setting.removeprefix(PREFIX)
    return next((d for d in devices(kind) if d.name == wanted), None)


def is_server_setting(setting: str) -> bool:
    return setting.startswith(PREFIX)


def described(setting: str, kind: Kind) -> str:
    """A setting as a person reads it: the device's description (as last listed, when it is unplugged now),
    else its name."""
    if not is_server_setting(setting):
        return setting
    device = find(setting, kind)
    if device is not None:
        return device.description
    name = setting.removeprefix(PREFIX)
    with _lock:
        return _described.get(name, name)


def monitor_source(name: str) -> ServerDevice | None:
    """The source `name` when it is a sink's monitor (what plays on it, never a microphone), else None."""
    found = find(PREFIX + name, "input")
    if found is not None:
        return found if found.monitor else None
    # Not listed (gone, or no list from the server): the server's own naming of monitors says it.
    return ServerDevice(name, name, monitor=True) if name.endswith(".monitor") else None
