"""Shared fixtures: every test gets its own app home, so nothing touches the user's folders."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def app_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("vda-home")
    monkeypatch.setenv("VOICE_DEV_AGENT_HOME", str(home))
    # Never reach the user's real keyring or a real API key from a test.
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    return home


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Dev",
        "GIT_AUTHOR_EMAIL": "dev@example.com",
        "GIT_COMMITTER_NAME": "Dev",
        "GIT_COMMITTER_EMAIL": "dev@example.com",
    }
    out = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True)
    return out.stdout


@pytest.fixture
def empty_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "project"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    return repo


def _desktop_problem() -> str:
    """Why the virtual desktop (X display with tray, PulseAudio null devices) is not here, or ""."""
    if not os.environ.get("DISPLAY"):
        return "no DISPLAY"
    try:
        out = subprocess.run(["pactl", "list", "short", "sinks"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"pactl failed: {exc}"
    if "mic" not in out.stdout or "speaker" not in out.stdout:
        return "no PulseAudio 'mic' and 'speaker' null sinks"
    return ""


@pytest.fixture
def desktop() -> None:
    """Tests that need the desktop installer/test.sh starts.

    Outside the test command they skip; under it (VDA_REQUIRE_DESKTOP=1) a missing
    desktop is a failure, so CI can never pass by skipping them.
    """
    problem = _desktop_problem()
    if problem:
        if os.environ.get("VDA_REQUIRE_DESKTOP") == "1":
            pytest.fail(f"the test desktop is missing: {problem}")
        pytest.skip(f"needs the test desktop ({problem}); run installer/test.sh")
