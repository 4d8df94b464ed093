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


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_every_folder_the_app_creates_is_owner_only_whatever_the_umask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from app.core import settings
    from app.core.memory import open_store

    home = tmp_path / "deep" / "home"  # neither exists yet: the app makes both
    monkeypatch.setenv("VOICE_DEV_AGENT_HOME", str(home))
    repo = tmp_path / "repo"
    repo.mkdir()
    previous = os.umask(0)  # the worst case: nothing masked
    try:
        store = open_store(repo)
        assert not store.execute({"command": "create", "path": "/memories/a/b/notes.md", "file_text": "x\n"}).is_error
        settings.save(settings.Settings())
        paths.ensure_private_dir(paths.log_dir())
    finally:
        os.umask(previous)
    created = [p for p in (tmp_path / "deep").rglob("*") if p.is_dir()] + [tmp_path / "deep"]
    assert len(created) >= 8
    wide = {str(p.relative_to(tmp_path)): oct(p.stat().st_mode & 0o777) for p in created if p.stat().st_mode & 0o077}
    assert wide == {}
