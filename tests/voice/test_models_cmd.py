"""`python -m app models …` in a real process, downloading from a hub on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.voice import model_catalog, models
from tests.voice.fakehub import FakeHub

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _app(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The app as `python -m app` runs it, with base.en pinned to the files the test hub serves (see pinned_app).
    return subprocess.run(
        [sys.executable, "-m", "tests.voice.pinned_app", "models", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=ROOT,
    )


def test_download_list_use_and_remove_from_the_command_line(app_home: Path, tmp_path: Path) -> None:
    repo = model_catalog.get("base.en").repo_id
    with FakeHub({repo: models.default_whisper_dir()}) as hub:
        hub.faults.bytes_per_second = 50_000_000  # a fast home line, so the bar has steps to show
        env = {**os.environ, "HF_ENDPOINT": hub.url, "HF_HOME": str(tmp_path / "hf")}
        env.pop("HF_TOKEN", None)
        got = _app("download", "base.en", env=env)
    assert got.returncode == 0, got.stderr
    progress = [line for line in got.stderr.splitlines() if "%" in line]
    assert len(progress) >= 5 and progress[-1].startswith("100%") and "78 MB of 78 MB" in progress[-1], progress
    assert "base.en is in" in got.stdout and "s per second of speech here" in got.stdout
    assert "models use base.en" in got.stdout

    listed = _app("list", env=env)
    assert listed.returncode == 0, listed.stderr
    line = next(x for x in listed.stdout.splitlines() if " base.en " in x)
    assert "downloaded" in line and "s per second of speech here" in line
    tiny = next(x for x in listed.stdout.splitlines() if " tiny.en " in x)
    assert tiny.startswith("*") and "bundled" in tiny and "per second of speech" in tiny

    assert _app("use", "base.en", env=env).returncode == 0
    saved = json.loads((app_home / "config" / "settings.json").read_text())
    assert saved["speech_model"] == "base.en"
    assert next(x for x in _app("list", env=env).stdout.splitlines() if " base.en " in x).startswith("*")

    removed = _app("remove", "base.en", env=env)
    assert removed.returncode == 0 and "bundled tiny.en" in removed.stdout
    refused = _app("use", "base.en", env=env)
    assert refused.returncode == 2 and "not downloaded" in refused.stderr


def test_download_offline_says_so_and_fails(tmp_path: Path) -> None:
    with FakeHub({}) as dead:
        url = dead.url
    env = {**os.environ, "HF_ENDPOINT": url, "HF_HOME": str(tmp_path / "hf")}
    got = _app("download", "small.en", env=env)
    assert got.returncode == 2 and "offline" in got.stderr and "Traceback" not in got.stderr
