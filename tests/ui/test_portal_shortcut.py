"""Hold-to-talk on Wayland through the desktop portal, against a real session D-Bus.

A private `dbus-daemon --session` runs a small GlobalShortcuts portal (tests/portal_service.py);
with WAYLAND_DISPLAY set and no X display the app binds its shortcut there, and the
portal's Activated and Deactivated signals (a person holding the keys and letting go)
record one question. Only the microphone, speech and agent are the tests' fakes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from jeepney import DBusAddress, new_method_call
from jeepney.io.blocking import open_dbus_connection
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.settings import Settings
from app.ui.controller import State
from app.ui.hotkey_bridge import HotkeyBridge
from app.ui.settings_window import SettingsWindow
from tests.ui.fakes import SPEECH
from tests.ui.test_controller import Rig

ROOT = Path(__file__).resolve().parents[2]
TEST = DBusAddress(
    "/org/freedesktop/portal/desktop", bus_name="org.freedesktop.portal.Desktop", interface="org.example.PortalTest"
)


@pytest.fixture
def session_bus(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if shutil.which("dbus-daemon") is None:
        if os.environ.get("VDA_REQUIRE_DESKTOP") == "1":
            pytest.fail("dbus-daemon is missing: installer/system-deps.sh --test installs it")
        pytest.skip("needs dbus-daemon (installer/system-deps.sh --test)")
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE, text=True
    )
    assert daemon.stdout is not None
    address = daemon.stdout.readline().strip()
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setenv("XDG_SESSION_TYPE", "wayland")
    try:
        yield address
    finally:
        daemon.kill()
        daemon.wait(timeout=10)


@pytest.fixture
def portal(session_bus: str) -> Iterator[None]:
    service = subprocess.Popen(
        [sys.executable, "-m", "tests.portal_service"], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert service.stdout is not None
    assert service.stdout.readline().strip() == "ready"
    try:
        yield
    finally:
        service.kill()
        service.wait(timeout=10)


def ask_portal(method: str, *args: str) -> tuple[object, ...]:
    with open_dbus_connection(bus="SESSION") as conn:
        reply = conn.send_and_get_reply(new_method_call(TEST, method, "s" if args else None, args), timeout=5)
    return tuple(reply.body)


def test_press_and_release_through_the_portal_ask_one_question(qtbot: QtBot, portal: None, tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    bridge = HotkeyBridge()
    bridge.pressed.connect(rig.controller.press)
    bridge.released.connect(rig.controller.release)
    try:
        assert bridge.start(Settings(hotkey="ctrl+alt+space"))
        assert bridge.backend == "portal"
        qtbot.waitUntil(lambda: bridge.binding == "Ctrl+Alt+Space", timeout=5000)
        (calls,) = ask_portal("Calls")
        bound = json.loads(str(calls))[-1]
        assert bound["method"] == "BindShortcuts"
        assert bound["shortcuts"][0][1]["preferred_trigger"] == "CTRL+ALT+space"

        ask_portal("Press", "listen")
        qtbot.waitUntil(lambda: rig.state is State.LISTENING, timeout=5000)
        rig.mic.hear(SPEECH)
        ask_portal("Release", "listen")
        qtbot.waitUntil(lambda: rig.state is State.TRANSCRIBING, timeout=5000)
        rig.speech.transcribed.emit(rig.speech.last_request, "why is the build red")
        assert [text for _id, text in rig.agent.turns] == ["why is the build red"]

        window = SettingsWindow(Settings())  # Settings shows what the desktop bound
        qtbot.addWidget(window)
        window.voice.show_portal_binding(bridge.binding)
        assert "Ctrl+Alt+Space" in window.voice.portal_binding.text()
        assert not window.voice.portal_binding.isHidden()
    finally:
        bridge.stop()


def test_without_the_portal_the_hotkey_says_what_to_bind(qtbot: QtBot, session_bus: str) -> None:
    said: list[messages.Message] = []
    messages.set_sink(said.append)
    bridge = HotkeyBridge()
    try:
        assert not bridge.start(Settings())  # a session bus, but no portal on it, and no X11
        assert bridge.backend == ""
        assert len(said) == 1 and "listen --toggle" in said[0].text, said
    finally:
        messages.set_sink(messages.stderr_sink)
        bridge.stop()


@pytest.mark.slow
def test_doctor_says_ok_where_the_portal_offers_shortcuts(portal: None, app_home: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "doctor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "VOICE_DEV_AGENT_HOME": str(app_home)},
    )
    (line,) = [line for line in result.stdout.splitlines() if "global hotkey" in line]
    assert line.startswith("OK  global hotkey:") and "desktop portal" in line and "version 1" in line, line
