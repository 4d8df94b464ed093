"""Sound devices by name: list inputs and outputs, find the one a setting names.

Settings store a device as a name, not a PortAudio index, because indexes change
when devices come and go. A name matches exactly first, then as a case-insensitive
substring ("usb" finds "USB Audio Device: Audio (hw:1,0)"); an empty name means
the system default. A `pulse:` name is one of the sound server's own devices
(app.voice.server_devices), found only while the server lists it. Failures are
AudioDeviceError with the names that do exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from app.core.errors import AudioDeviceError, NotAMicrophone
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import server_devices
from app.voice.server_devices import ServerDevice

Kind = Literal["input", "output"]

_CHANNELS = {"input": "max_input_channels", "output": "max_output_channels"}

# PortAudio error codes (portaudio.h), for messages a person can act on.
PA_INVALID_SAMPLE_RATE = -9997
PA_INVALID_DEVICE = -9996
PA_DEVICE_UNAVAILABLE = -9985


@dataclass(frozen=True)
class DeviceList:
    inputs: list[str]
    outputs: list[str]
    default_input: str
    default_output: str
    # The sound server's sources and sinks, by description; where there are any, they are what a
    # person chooses from (PortAudio then only sees the server as "pulse" and "default").
    server_inputs: tuple[ServerDevice, ...] = ()
    server_outputs: tuple[ServerDevice, ...] = ()


@dataclass(frozen=True)
class Device:
    index: int  # PortAudio's; -1 for a sound server device
    name: str
    default_samplerate: float
    max_channels: int
    server_name: str = ""  # the sound server's name of the device, opened straight from the server


# Whole sentences per kind of device, marked for the app's windows: "microphone" and "speaker" take different
# articles and agreement in other languages, so no sentence is built around the word.
_SAY: dict[str, dict[str, str]] = {
    "input": {
        "not_connected": QT_TRANSLATE_NOOP("errors", "The microphone {name} is not connected."),
        "plug_in": QT_TRANSLATE_NOOP("errors", "Plug it in, or choose another microphone under Settings, Voice."),
        "none_found": QT_TRANSLATE_NOOP("errors", "No microphone was found on this computer."),
        "connect": QT_TRANSLATE_NOOP("errors", "Connect a microphone, or check that the sound system is running."),
        "no_default": QT_TRANSLATE_NOOP("errors", "There is no default microphone."),
        "choose": QT_TRANSLATE_NOOP("errors", "Choose a microphone under Settings, Audio."),
        "not_named": QT_TRANSLATE_NOOP("errors", "No microphone named {name} is connected."),
    },
    "output": {
        "not_connected": QT_TRANSLATE_NOOP("errors", "The speaker {name} is not connected."),
        "plug_in": QT_TRANSLATE_NOOP("errors", "Plug it in, or choose another speaker under Settings, Voice."),
        "none_found": QT_TRANSLATE_NOOP("errors", "No speaker was found on this computer."),
        "connect": QT_TRANSLATE_NOOP("errors", "Connect a speaker, or check that the sound system is running."),
        "no_default": QT_TRANSLATE_NOOP("errors", "There is no default speaker."),
        "choose": QT_TRANSLATE_NOOP("errors", "Choose a speaker under Settings, Audio."),
        "not_named": QT_TRANSLATE_NOOP("errors", "No speaker named {name} is connected."),
    },
}


def portaudio() -> Any:
    """The sounddevice module; AudioDeviceError when PortAudio itself is missing."""
    try:
        import sounddevice
    except OSError as exc:  # sounddevice raises OSError when the PortAudio library is not installed
        raise AudioDeviceError(
            QT_TRANSLATE_NOOP(
                "errors", "The sound library PortAudio is not installed, so no microphone or speaker can be used."
            ),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Install PortAudio (libportaudio2 on Debian and Ubuntu) and start the app again."
            ),
        ) from exc
    return sounddevice


def _all_devices(sd: Any) -> list[dict[str, Any]]:
    try:
        return [dict(d) for d in sd.query_devices()]
    except Exception as exc:
        raise AudioDeviceError(
            QT_TRANSLATE_NOOP("errors", "The list of sound devices could not be read ({problem}).").format(
                problem=str(exc)
            )
        ) from exc


def _default_index(sd: Any, kind: Kind) -> int:
    try:
        info = sd.query_devices(kind=kind)
    except Exception:  # PortAudio says "no default device" with an exception
        return -1
    return int(info.get("index", -1))


def _unique(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))  # Windows lists one device under several host APIs


def list_devices() -> DeviceList:
    """Names of input and output devices and of the defaults ("" when there is none)."""
    sd = portaudio()
    devices = _all_devices(sd)
    inputs = [d["name"] for d in devices if d.get("max_input_channels", 0) > 0]
    outputs = [d["name"] for d in devices if d.get("max_output_channels", 0) > 0]
    names = {d["index"]: d["name"] for d in devices}
    return DeviceList(
        inputs=_unique(inputs),
        outputs=_unique(outputs),
        default_input=names.get(_default_index(sd, "input"), ""),
        default_output=names.get(_default_index(sd, "output"), ""),
        # A monitor records what plays, never what is said: it is not offered as a microphone.
        server_inputs=tuple(d for d in server_devices.devices("input") if not d.monitor),
        server_outputs=tuple(server_devices.devices("output")),
    )


def _server_device(setting: str, kind: Kind) -> Device:
    found = server_devices.find(setting, kind)
    if found is None:
        raise AudioDeviceError(
            _SAY[kind]["not_connected"].format(name=repr(server_devices.described(setting, kind))),
            hint=_SAY[kind]["plug_in"],
        )
    if found.monitor:  # chosen before monitors left the list: opening it would ask what the speakers play
        raise NotAMicrophone(
            QT_TRANSLATE_NOOP("errors", "{name} records what plays, not what is said: it is not a microphone.").format(
                name=repr(found.description)
            ),
            hint=QT_TRANSLATE_NOOP("errors", "Choose a microphone under Settings, Voice."),
        )
    return Device(index=-1, name=found.description, default_samplerate=0.0, max_channels=1, server_name=found.name)


def find_device(name: str, kind: Kind) -> Device:
    """The device a setting names ("" = the system default); AudioDeviceError when there is none."""
    if server_devices.is_server_setting(name):
        return _server_device(name, kind)
    sd = portaudio()
    devices = [d for d in _all_devices(sd) if d.get(_CHANNELS[kind], 0) > 0]
    say = _SAY[kind]
    wanted = name.strip()
    if not devices:
        raise AudioDeviceError(say["none_found"], hint=say["connect"])
    if not wanted:
        index = _default_index(sd, kind)
        chosen = next((d for d in devices if d["index"] == index), None)
        if chosen is None:
            raise AudioDeviceError(say["no_default"], hint=say["choose"])
    else:
        lowered = wanted.lower()
        chosen = next((d for d in devices if d["name"] == wanted), None) or next(
            (d for d in devices if lowered in d["name"].lower()), None
        )
        if chosen is None:
            available = ", ".join(_unique([d["name"] for d in devices])[:8])
            raise AudioDeviceError(
                say["not_named"].format(name=repr(wanted)),
                hint=QT_TRANSLATE_NOOP(
                    "errors",
                    "Choose one under Settings, Audio (available: {available}), or leave it empty "
                    "for the system default.",
                ).format(available=available),
            )
    return Device(
        index=int(chosen["index"]),
        name=str(chosen["name"]),
        default_samplerate=float(chosen.get("default_samplerate") or 0.0),
        max_channels=int(chosen[_CHANNELS[kind]]),
    )


def error_code(exc: BaseException) -> int | None:
    args: tuple[Any, ...] = tuple(getattr(exc, "args", ()))
    return args[1] if len(args) > 1 and isinstance(args[1], int) else None


def open_error(exc: BaseException, device: Device) -> AudioDeviceError:
    """Turn a PortAudio failure into words about the microphone."""
    text = str(exc.args[0] if getattr(exc, "args", None) else exc)
    code = error_code(exc)
    lowered = text.lower()
    if code == PA_DEVICE_UNAVAILABLE or "unavailable" in lowered or "busy" in lowered:
        return AudioDeviceError(
            f"The microphone {device.name!r} is in use by another program or not ready.",
            hint="Close the program using it, or choose another microphone under Settings, Audio.",
        )
    if code == PA_INVALID_DEVICE or "invalid device" in lowered:
        return AudioDeviceError(
            f"The microphone {device.name!r} is no longer available.",
            hint="Check that it is plugged in, or choose another under Settings, Audio.",
        )
    return AudioDeviceError(
        f"The microphone {device.name!r} could not be opened ({text}).",
        hint="Choose another microphone under Settings, Audio, or check the system's sound settings.",
    )
