"""Under Wayland without X11 no global hotkey can work: the app says so once, where it can be seen,
with the `listen --toggle` command to bind; `doctor` gives the same advice as a WARN line."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.settings import Settings
from app.ui.app_menu import AppMenu
from app.ui.application import HotkeyBridge
from app.ui.notify import Notifier
from app.ui.settings_window import SettingsWindow
from app.ui.tray import Tray

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def wayland_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setenv("XDG_SESSION_TYPE", "wayland")


def test_wayland_without_x11_shows_the_command_to_bind_once(qtbot: QtBot, wayland_only: None) -> None:
    menu = AppMenu()
    tray = Tray(menu, use_tray=False)  # offscreen has no tray: the status window is where messages show
    notifier = Notifier(tray.show_message)
    messages.set_sink(notifier.sink)
    bridge = HotkeyBridge()
    try:
        tray.show()
        assert not bridge.start(Settings())
        window = tray.status_window
        assert window is not None
        qtbot.waitUntil(lambda: "listen --toggle" in window._message.text(), timeout=5000)
        shown = window._message.text()
        assert window._message.isVisible()
        assert "Wayland" in shown and "keyboard settings" in shown, shown
        assert not bridge.start(Settings(hotkey="ctrl+alt+k"))  # a changed hotkey is tried again, quietly
        qtbot.wait(100)
        said = [m.text for m in notifier.shown if "listen --toggle" in m.text]
        assert len(said) == 1, said
    finally:
        messages.set_sink(messages.stderr_sink)
        bridge.stop()
        tray.hide()


@pytest.mark.slow
def test_doctor_warns_with_the_same_advice(app_home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(WAYLAND_DISPLAY="wayland-0", XDG_SESSION_TYPE="wayland", VOICE_DEV_AGENT_HOME=str(app_home))
    result = subprocess.run(
        [sys.executable, "-m", "app", "doctor"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )
    (line,) = [line for line in result.stdout.splitlines() if "global hotkey" in line]
    assert line.startswith("WARN global hotkey:"), line
    assert "Wayland" in line and "listen --toggle" in line and "keyboard settings" in line, line


def test_settings_show_the_exact_command_to_bind(qtbot: QtBot, app_home: Path) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    shown = window.voice.listen_command.text()
    assert shown.endswith("listen --toggle") and window.voice.listen_command.isReadOnly()
    # It is a command that runs as shown: with no app running it says so and exits 2.
    result = subprocess.run(shlex.split(shown), cwd=app_home, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "not running" in result.stderr, result.stdout + result.stderr
