"""`python -m app doctor`: check what the app needs on this computer, one line each, OK or what to fix.

Each check runs on its own and catches everything, so a missing display, sound
server or model only turns its own line into a FIX; the command always finishes.
Exit code 0 when every line is OK or WARN (it works, with a limit and its way around), 1 otherwise.
The API key is never printed:
only where it was found and a masked form.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import APP_NAME
from app.core import api_key, paths
from app.core import settings as settings_module
from app.core.errors import MissingApiKeyError, UserFacingError
from app.core.settings import Settings

MIC_WAIT_SECONDS = 5.0
API_WAIT_SECONDS = 10.0  # the models list answers in well under a second; longer is a network that hangs


@dataclass(frozen=True)
class Check:
    ok: bool
    name: str
    text: str
    warn: bool = False  # works, with a limit the person should know how to get around

    def line(self) -> str:
        return f"{'WARN' if self.warn else 'OK ' if self.ok else 'FIX'} {self.name}: {self.text}"


def _fix(name: str, exc: BaseException) -> Check:
    if isinstance(exc, UserFacingError):
        return Check(False, name, str(exc))
    return Check(False, name, f"unexpected error ({type(exc).__name__}: {exc}); see the log file.")


def check_settings() -> tuple[Check, Settings]:
    result = settings_module.load(report=False)  # the check line below is how doctor says it
    if result.problem:
        return Check(False, "settings", f"{result.problem} Open Settings and save them again."), result.settings
    return Check(True, "settings", str(paths.settings_file())), result.settings


def check_microphone(settings: Settings) -> Check:
    from app.voice.audio import Recorder
    from app.voice.devices import list_devices

    devices = list_devices()
    recorder = Recorder(settings.input_device)
    try:
        recorder.arm()
        if not recorder.wait_ready(MIC_WAIT_SECONDS):
            return Check(
                False,
                "microphone",
                f"{recorder.device_name!r} opened but sent no sound for {MIC_WAIT_SECONDS:.0f} s; "
                "choose another microphone under Settings, Audio, or check the system's sound settings.",
            )
        name, rate, route = recorder.device_name, recorder.sample_rate, recorder.route
    finally:
        recorder.close()
    others = ", ".join(repr(n) for n in [d.description for d in devices.server_inputs] or devices.inputs)
    return Check(True, "microphone", f"{name!r} delivers sound at {rate} Hz, {route} (inputs: {others})")


def check_speaker(settings: Settings) -> Check:
    from app.voice.devices import find_device, list_devices, portaudio

    devices = list_devices()
    device = find_device(settings.output_device, "output")
    others = ", ".join(repr(n) for n in [d.description for d in devices.server_outputs] or devices.outputs)
    if device.server_name:  # the sound server lists it now; the server's own route plays on it
        return Check(True, "speaker", f"{device.name!r} on the sound server (outputs: {others})")
    sd = portaudio()
    try:
        sd.check_output_settings(device=device.index, samplerate=device.default_samplerate, channels=1)
    except Exception as exc:
        return Check(False, "speaker", f"{device.name!r} cannot play ({exc}); choose another under Settings, Audio.")
    return Check(True, "speaker", f"{device.name!r} (outputs: {others})")


def check_hotkey(settings: Settings) -> Check:
    from app.voice.chord import parse_chord
    from app.voice.hotkey import FALLBACK_HINT, bind_advice, hotkey_support, is_wayland
    from app.voice.portal_shortcut import portal_version

    try:
        chord = parse_chord(settings.hotkey)
    except ValueError as exc:
        return Check(False, "global hotkey", f"{exc} Fix it under Settings, Hotkey.")
    support = hotkey_support()
    if is_wayland() and (version := portal_version()):
        return Check(
            True,
            "global hotkey",
            f"{chord} ({settings.hotkey_mode}) through the desktop portal's "
            f"global shortcuts (version {version}); the desktop's dialog may ask which keys to use",
        )
    if is_wayland() and (not support.ok or support.note):
        # The app still works: the desktop's own shortcut can run `listen --toggle`.
        return Check(True, "global hotkey", f"{support.reason or support.note} {bind_advice()}", warn=True)
    if not support.ok:
        return Check(False, "global hotkey", f"{support.reason} {FALLBACK_HINT}")
    where = {"x11": f"X11 display {os.environ.get('DISPLAY', '')}", "macos": "macOS", "windows": "Windows"}
    text = f"{chord} ({settings.hotkey_mode}) can be watched on {where.get(support.backend, support.backend)}"
    return Check(True, "global hotkey", f"{text}. {support.note}".strip().rstrip("."))


def check_transcriber(settings: Settings) -> Check:
    from app.voice.model_store import folder_for
    from app.voice.transcriber import Transcriber

    folder = folder_for(settings)
    model = Transcriber(folder)
    model.load()
    which = folder or "embedded tiny.en"
    if not settings.whisper_model and folder == "" and settings.speech_model != "tiny.en":
        which += f" ({settings.speech_model} is chosen but not downloaded: {APP_NAME} models download)"
    return Check(True, "transcription model", f"{which} loaded in {model.load_seconds:.2f} s")


def check_voice(settings: Settings) -> Check:
    from app.voice.speaker import Speaker

    speaker = Speaker(settings.piper_voice)
    speaker.load()
    which = Path(settings.piper_voice).name if settings.piper_voice else "embedded en_US-joe-medium"
    return Check(True, "voice", f"{which} loaded in {speaker.load_seconds:.2f} s")


def check_speech_detector() -> Check:
    from app.voice import vad

    started = time.perf_counter()
    vad.warm_up()
    took = time.perf_counter() - started
    if vad.silero_loaded():
        return Check(True, "speech detector", f"Silero VAD ready in {took:.2f} s")
    return Check(True, "speech detector", "Silero VAD unavailable; the energy detector stands in")


def check_api_key() -> Check:
    """Whether the API takes the key: a key that is only present may still be rejected or unreachable."""
    key, source = api_key.find_api_key()
    if not key:
        missing = MissingApiKeyError()
        return Check(False, "API key", f"{missing.message} {missing.hint}")
    from app.core.agent.client import check_api_key as ask_the_api  # the SDK: imported when first needed

    found = f"found in the {source} ({api_key.mask(key)})"
    try:
        ask_the_api(key, timeout=API_WAIT_SECONDS)
    except UserFacingError as exc:
        return Check(False, "API key", f"{found}, but: {exc}")
    return Check(True, "API key", f"{found}; the API accepted it")


def check_team(settings: Settings) -> Check | None:
    """The team memory server: reachable as the configured role, its schema one this app can use. None when off."""
    from app.core.team import config

    dsn = config.configured_dsn(settings)
    if not dsn:
        return None
    try:
        from app.core.team.schema import check_version, usable
        from app.core.team.server import connect, describe, translated

        with connect(dsn, password=config.stored_password(dsn)) as conn, translated("doctor"):
            who = conn.info.user
            if not usable(conn):
                return Check(
                    True, "team memory", f"{describe(dsn)} as {who}; no repository is shared with you yet", warn=True
                )
            version = check_version(conn)
        return Check(True, "team memory", f"{describe(dsn)} as {who}, schema version {version}")
    except Exception as exc:
        return _fix("team memory", exc)


def check_folders() -> Check:
    folders = {
        "data": paths.data_dir(),
        "config": paths.config_dir(),
        "cache": paths.cache_dir(),
        "logs": paths.log_dir(),
    }
    broken: list[str] = []
    for label, folder in folders.items():
        try:
            paths.ensure_private_dir(folder)
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-", delete=True) as probe:
                probe.write(b"ok")
                probe.flush()
        except OSError as exc:
            broken.append(f"{label} folder {folder} ({exc.strerror or exc})")
    if broken:
        return Check(
            False,
            "data folders",
            "cannot write to " + "; ".join(broken) + ". Fix the permissions, or set VOICE_DEV_AGENT_HOME "
            "to a writable folder.",
        )
    return Check(True, "data folders", "writable: " + ", ".join(str(f) for f in folders.values()))


def check_prompt_cache(settings: Settings) -> Check | None:
    """Whether the last session's first request read the API's prompt cache (a report: never a FIX by itself).

    None before any session has sent a request: there is nothing to say yet.
    """
    from app.core.agent.prompt_cache import load_first_request

    name = "prompt cache"
    first = load_first_request(paths.prompt_cache_file())
    warming = "on" if settings.prepare_while_speaking else "off (Settings, General: Prepare the answer while I speak)"
    if first is None:
        return None
    when = f"the last session's first request ({first.at}, {first.model})"
    if first.read_cache:
        how = " after a warm-up" if first.warmed else ""
        return Check(True, name, f"{when} read {first.cache_read_input_tokens:,} tokens from the cache{how}.")
    why = (
        " although a warm-up had written it: the model may not cache a prompt this short"
        if first.warmed
        else f" (it wrote {first.cache_creation_input_tokens:,}); preparing the answer is {warming}"
    )
    return Check(True, name, f"{when} did not read the cache{why}.")


def run_checks(echo: Callable[[Check], None] = lambda c: None) -> list[Check]:
    """Every check in order; `echo` sees each result as soon as it is known."""
    checks: list[Check] = []

    def record(name: str, func: Callable[[], Check]) -> None:
        try:
            check = func()
        except Exception as exc:  # one failing check must not hide the others
            check = _fix(name, exc)
        checks.append(check)
        echo(check)

    try:
        settings_check, settings = check_settings()
    except Exception as exc:
        settings_check, settings = _fix("settings", exc), Settings()
    checks.append(settings_check)
    echo(settings_check)
    record("microphone", lambda: check_microphone(settings))
    record("speaker", lambda: check_speaker(settings))
    record("global hotkey", lambda: check_hotkey(settings))
    record("transcription model", lambda: check_transcriber(settings))
    record("voice", lambda: check_voice(settings))
    record("speech detector", check_speech_detector)
    record("API key", check_api_key)
    record("data folders", check_folders)
    team = check_team(settings)
    if team is not None:
        checks.append(team)
        echo(team)
    try:
        cache_check = check_prompt_cache(settings)
    except Exception as exc:
        cache_check = _fix("prompt cache", exc)
    if cache_check is not None:
        checks.append(cache_check)
        echo(cache_check)
    return checks


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("doctor", help="check devices, hotkey, models, API key and folders; say what to fix")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    checks = run_checks(echo=lambda check: print(check.line(), flush=True))
    return 0 if all(check.ok for check in checks) else 1
