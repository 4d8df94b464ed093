"""The login entry starts the app the way it runs now, with an Exec line desktops can parse."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core import autostart


def test_a_path_with_spaces_is_quoted_the_desktop_entry_way(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    exe = tmp_path / "My Apps" / "voice-dev-agent"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    assert autostart.launch_command() == f'"{exe}"'


def test_from_source_it_runs_the_console_script_or_the_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    command = autostart.launch_command()
    assert command.endswith("voice-dev-agent") or command.endswith(" -m app")
    assert "'" not in command  # the shell's single quotes mean nothing in a desktop entry
