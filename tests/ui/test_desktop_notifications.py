"""Notifications through the desktop's notification service (a small server on a real dbus-daemon), with Undo
on the memory notice where the server shows actions; the tray balloon where there is no service."""

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

from app.bench.fakeapi import FakeAPI
from app.core import messages
from app.core.memory import open_store
from app.core.messages import Level, Message
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.app_menu import AppMenu
from app.ui.application import connect_memory_notices
from app.ui.controller import Controller
from app.ui.desktop_notifications import DesktopNotifications
from app.ui.memory_notice import MemoryNotices
from app.ui.notify import Notifier
from app.ui.panel import AnswerPanel
from app.ui.threads import start_thread, stop_thread
from app.ui.tray import Tray
from tests.ui.fakes import FakeMicrophone, FakeSpeech
from tests.ui.test_memory_notice import NOTE, Rig, _script_a_memory_write, repo  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
TEST = DBusAddress("/org/freedesktop/Notifications", bus_name="org.freedesktop.Notifications",
                   interface="org.example.NotifyTest")  # fmt: skip


@pytest.fixture
def session_bus(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if shutil.which("dbus-daemon") is None:
        if os.environ.get("VDA_REQUIRE_DESKTOP") == "1":
            pytest.fail("dbus-daemon is missing: installer/system-deps.sh --test installs it")
        pytest.skip("needs dbus-daemon (installer/system-deps.sh --test)")
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                              text=True)  # fmt: skip
    assert daemon.stdout is not None
    address = daemon.stdout.readline().strip()
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
    yield address
    daemon.kill()
    daemon.wait(timeout=10)


def _server(*args: str) -> subprocess.Popen[str]:
    service = subprocess.Popen([sys.executable, "-m", "tests.notify_service", *args], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert service.stdout is not None and service.stdout.readline().strip() == "ready"
    return service


@pytest.fixture
def server(session_bus: str) -> Iterator[None]:
    service = _server()
    yield
    service.kill()
    service.wait(timeout=10)


def _test_call(method: str, signature: str | None = None, body: tuple[object, ...] = ()) -> tuple[object, ...]:
    with open_dbus_connection(bus="SESSION") as conn:
        return tuple(conn.send_and_get_reply(new_method_call(TEST, method, signature, body), timeout=5).body)


def _shown() -> list[dict[str, object]]:
    return json.loads(str(_test_call("Shown")[0]))


class NotifyingRig(Rig):
    """The memory-notice rig with the desktop's notifications in the tray, wired as the app wires them."""

    def __init__(self, repo: Path) -> None:  # noqa: F811
        self.agent = AgentWorker()
        self.thread = start_thread(self.agent, "agent-test")
        self.speech = FakeSpeech()
        self.controller = Controller(
            speech=self.speech, agent=self.agent, microphone=FakeMicrophone(), settings=Settings(), repo=repo
        )
        self.menu = AppMenu()
        self.tray = Tray(self.menu, use_tray=False)
        self.tray.notifications = DesktopNotifications()
        self.panel = AnswerPanel()
        self.notices = MemoryNotices(lambda: self.controller.repo)
        connect_memory_notices(
            self.notices, controller=self.controller, agent=self.agent, panel=self.panel, menu=self.menu
        )
        self.notifier = Notifier(self.tray.show_message)  # the message path ends at the tray, as in the app
        messages.set_sink(self.notifier.sink)
        self.controller.start()
        self.store = open_store(repo)


@pytest.mark.slow
def test_the_memory_notice_is_a_desktop_notification_whose_undo_reverts_the_change(
    qtbot: QtBot,
    server: None,
    repo: Path,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with FakeAPI() as fake:
        monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
        rig = NotifyingRig(repo)
        try:
            _script_a_memory_write(fake)
            rig.controller.ask("remember that Ana owns the parser")
            qtbot.waitUntil(lambda: bool(_shown()), timeout=30_000)
            (note,) = _shown()
            assert note["app"] == "Voice Dev Agent" and note["actions"] == ["undo", "Undo"]
            assert str(note["body"]).startswith("Remembered: “Ana owns the parser")
            assert [f.text for f in rig.store.files()] == [NOTE]

            _test_call("Click", "us", (note["id"], "undo"))  # the person clicks Undo on the notification
            qtbot.waitUntil(lambda: rig.store.files() == [], timeout=10_000)
            qtbot.waitUntil(lambda: len(_shown()) == 2, timeout=10_000)
            assert _shown()[1]["body"] == (
                "Undone: I forgot “Ana owns the parser; ask her before changing src/app.py” in notes.md."
            )
        finally:
            assert rig.tray.notifications is not None
            rig.tray.notifications.stop()
            rig.agent.cancel()
            stop_thread(rig.thread)
            rig.panel.close()


def test_a_server_without_actions_gets_no_buttons_and_no_server_means_the_tray(qtbot: QtBot, session_bus: str) -> None:
    service = _server("--no-actions")
    tray = Tray(AppMenu(), use_tray=False)
    tray.notifications = DesktopNotifications()
    try:
        assert tray.show_message(Message(Level.INFO, "Remembered: x", actions=(("undo", "Undo"),))) == 1
        assert _shown()[0]["actions"] == []
    finally:
        tray.notifications.stop()
        service.kill()
        service.wait(timeout=10)
    alone = Tray(AppMenu(), use_tray=False)
    alone.notifications = DesktopNotifications()  # nobody owns the name now
    assert alone.show_message(Message(Level.WARNING, "No API key yet")) is None
    assert alone.last_message is not None and alone.last_message.text == "No API key yet"
