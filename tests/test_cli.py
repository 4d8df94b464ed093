"""The entry points work on a machine with no display and no audio device.

The command line's answers are checked in this process (tests/app_cli.py); the console script and
what a fresh process imports are checked on real processes.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from app import __version__
from tests.app_cli import run_app


def _headless() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER")}
    env["PULSE_RUNTIME_PATH"] = "/nonexistent"  # no sound server either
    return env


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_app(*args, env=_headless())


def _process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=_headless(), timeout=60)


def test_version_without_display() -> None:
    out = _run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"voice-dev-agent {__version__}"


def test_help_lists_the_commands_without_loading_qt() -> None:
    out = _run("--help")
    assert out.returncode == 0, out.stderr
    assert "--repo" in out.stdout
    assert "PySide6" not in out.stderr


@pytest.mark.slow
def test_console_script_matches_module() -> None:
    script = os.path.join(os.path.dirname(sys.executable), "voice-dev-agent")
    out = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == f"voice-dev-agent {__version__}"


def test_help_and_headless_commands_start_without_heavy_imports() -> None:
    """`--help` and `memory show` stay instant: no SDK, speech runtime or Qt loaded for them."""
    out = _process("-X", "importtime", "-m", "app", "--help")
    heavy = ("anthropic", "faster_whisper", "ctranslate2", "piper", "onnxruntime", "PySide6")
    loaded = {line.split("|")[-1].strip().split(".")[0] for line in out.stderr.splitlines() if "|" in line}
    assert not loaded & set(heavy), loaded & set(heavy)


def test_a_settings_file_saved_as_utf16_does_not_stop_a_command() -> None:
    from app.core import paths

    target = paths.settings_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes('{"model": "claude-x"}\n'.encode("utf-16"))
    out = _run("memory", "list")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert list(target.parent.glob("settings.json.corrupt-*")), "the person's file is kept aside"


def test_messages_of_the_command_line_go_through_the_message_path_to_stderr_and_the_log() -> None:
    from app.core import paths

    out = _run("listen", "--toggle")
    assert out.returncode == 2
    said = "Voice Dev Agent is not running: start it first ("
    assert out.stderr.startswith(f"error: {said}") and out.stderr.count("\n") == 1, out.stderr
    assert said in paths.log_file().read_text()  # logged first, as every message is
