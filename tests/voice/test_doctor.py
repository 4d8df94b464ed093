"""`python -m app doctor` as a person runs it: on a bare machine, with bad settings, on the test desktop."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bench.fakeapi import FakeAPI
from app.commands import doctor
from app.core.settings import Settings

REPO = Path(__file__).resolve().parents[2]
FAKE_KEY = "sk-ant-api03-" + "x" * 40 + "WXYZ"


def run_doctor(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "doctor"], cwd=REPO, env=env, capture_output=True, text=True, timeout=180
    )


def lines_by_name(stdout: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in stdout.splitlines():
        assert line.startswith(("OK  ", "FIX ")), f"not an OK/FIX line: {line!r}"
        name = line[4:].split(":", 1)[0]
        found[name] = line
    return found


@pytest.fixture
def api() -> Iterator[FakeAPI]:
    """The Messages API on loopback, taking FAKE_KEY: doctor asks it whether the key is good."""
    with FakeAPI(api_key=FAKE_KEY) as fake:
        yield fake


@pytest.fixture
def bare_env(app_home: Path) -> dict[str, str]:
    """No display, no sound server, no API key: a headless box."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER")}
    env["PULSE_RUNTIME_PATH"] = str(app_home / "no-pulse-here")
    env["VOICE_DEV_AGENT_HOME"] = str(app_home)
    return env


@pytest.mark.slow
def test_headless_machine_gets_fix_lines_and_no_traceback(bare_env: dict[str, str], app_home: Path) -> None:
    result = run_doctor(bare_env)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    lines = lines_by_name(result.stdout)
    expected = "settings,microphone,speaker,global hotkey,transcription model,voice,speech detector,API key"
    assert list(lines) == [*expected.split(","), "data folders"]
    for name in ("microphone", "speaker", "global hotkey", "API key"):
        assert lines[name].startswith("FIX "), lines[name]
    assert "DISPLAY" in lines["global hotkey"] and "voice-dev-agent ask" in lines["global hotkey"]
    assert "ANTHROPIC_API_KEY" in lines["API key"]
    for name in ("settings", "transcription model", "voice", "speech detector", "data folders"):
        assert lines[name].startswith("OK  "), lines[name]
    assert " s" in lines["transcription model"] and "loaded in" in lines["voice"]
    assert str(app_home) in lines["data folders"]


@pytest.mark.slow  # a process of the app per call; the fast lane keeps one of each kind
def test_api_key_source_is_shown_but_never_the_key(bare_env: dict[str, str], api: FakeAPI) -> None:
    result = run_doctor({**bare_env, "ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": api.base_url})
    line = lines_by_name(result.stdout)["API key"]
    assert line.startswith("OK  ") and "environment" in line and "WXYZ)" in line
    assert FAKE_KEY not in result.stdout + result.stderr
    assert "x" * 10 not in result.stdout


@pytest.mark.slow
def test_bad_settings_point_at_what_to_fix(bare_env: dict[str, str], app_home: Path) -> None:
    config = app_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    bad = {
        "hotkey": "ctrl+banana",
        "whisper_model": str(app_home / "no-model"),
        "piper_voice": str(app_home / "voice.onnx"),
    }
    (config / "settings.json").write_text(json.dumps(bad), encoding="utf-8")
    result = run_doctor(bare_env)
    lines = lines_by_name(result.stdout)
    assert result.returncode == 1
    assert lines["global hotkey"].startswith("FIX ") and "banana" in lines["global hotkey"]
    assert lines["transcription model"].startswith("FIX ") and "no-model" in lines["transcription model"]
    assert lines["voice"].startswith("FIX ") and "voice.onnx" in lines["voice"]


def test_unwritable_data_folder_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("VOICE_DEV_AGENT_HOME", str(blocker))
    check = doctor.check_folders()
    assert not check.ok
    assert "a-file" in check.text and "VOICE_DEV_AGENT_HOME" in check.text


def test_a_key_the_api_accepts_is_ok(app_home: Path, api: FakeAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    check = doctor.check_api_key()
    assert check.ok and check.line().startswith("OK  API key: found in the environment")
    assert "accepted" in check.text and FAKE_KEY not in check.text


def test_a_key_the_api_rejects_is_a_fix_line(app_home: Path, api: FakeAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    # Present is not good: a revoked key used to read "OK API key", and every question then failed.
    monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-revoked-" + "y" * 30 + "QRST")
    check = doctor.check_api_key()
    assert not check.ok and check.line().startswith("FIX API key: ")
    assert "rejected" in check.text and "QRST" in check.text and "y" * 10 not in check.text


def test_an_api_nothing_answers_is_a_fix_line(app_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens on it
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    check = doctor.check_api_key()
    assert not check.ok and check.line().startswith("FIX API key: ")
    assert "cannot be reached" in check.text and f"127.0.0.1:{port}" in check.text


def test_hotkey_setting_that_does_not_parse_is_a_fix_line() -> None:
    check = doctor.check_hotkey(Settings(hotkey="ctrl+"))
    assert not check.ok and "Settings" in check.line()


def test_on_the_test_desktop_everything_is_ok(desktop: None, app_home: Path, api: FakeAPI) -> None:
    env = {
        **os.environ,
        "VOICE_DEV_AGENT_HOME": str(app_home),
        "ANTHROPIC_API_KEY": FAKE_KEY,
        "ANTHROPIC_BASE_URL": api.base_url,
    }
    result = run_doctor(env)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = lines_by_name(result.stdout)
    assert all(line.startswith("OK  ") for line in lines.values())
    assert "delivers sound" in lines["microphone"]
    assert "straight from the sound server (source 'microphone')" in lines["microphone"]
    assert "Ctrl+Alt+Space" in lines["global hotkey"]


def test_with_the_microphone_unplugged_doctor_says_there_is_none(desktop: None, app_home: Path) -> None:
    # The default source fell back to a monitor; doctor used to call that "OK microphone".
    from tests.voice.test_audio_pulse import PrivatePulse

    usb = PrivatePulse()
    try:
        usb.unplug_microphone()
        env = {**os.environ, "VOICE_DEV_AGENT_HOME": str(app_home), "PULSE_SERVER": usb.env["PULSE_SERVER"]}
        line = lines_by_name(run_doctor(env).stdout)["microphone"]
    finally:
        usb.close()
    assert line.startswith("FIX microphone: No microphone is connected"), line
    assert "'Monitor of Speakers'" in line


def test_a_microphone_setting_naming_a_monitor_is_a_fix_line(desktop: None, app_home: Path) -> None:
    # Saved before monitors left the list; doctor used to say "OK microphone: 'Monitor of speaker' delivers sound".
    from app.core import settings

    settings.save(dataclasses.replace(settings.Settings(), input_device="pulse:speaker.monitor"))
    env = {**os.environ, "VOICE_DEV_AGENT_HOME": str(app_home)}
    line = lines_by_name(run_doctor(env).stdout)["microphone"]
    assert line.startswith("FIX microphone: 'Monitor of speaker' records what plays, not what is said"), line
    assert line.endswith("Choose a microphone under Settings, Voice."), line
