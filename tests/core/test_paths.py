"""Every location follows VOICE_DEV_AGENT_HOME, or the platform's folders (XDG on Linux)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core import paths


def test_home_override_puts_everything_under_one_folder(app_home: Path) -> None:
    for location in (paths.data_dir(), paths.config_dir(), paths.cache_dir(), paths.log_dir()):
        assert location.is_relative_to(app_home)
    assert paths.memory_root().is_relative_to(paths.data_dir())


@pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are a Linux convention")
def test_xdg_folders_are_honoured_without_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOICE_DEV_AGENT_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.data_dir() == tmp_path / "data" / "voice-dev-agent"
    assert paths.settings_file() == tmp_path / "config" / "voice-dev-agent" / "settings.json"


def test_private_dir_is_owner_only(tmp_path: Path) -> None:
    folder = paths.ensure_private_dir(tmp_path / "a" / "b")
    if sys.platform != "win32":
        assert folder.stat().st_mode & 0o777 == 0o700


def test_resources_dir_is_the_project_resources_folder() -> None:
    assert (paths.resources_dir().parent / "app" / "__init__.py").exists()
