"""The answer panel with its memory boxes wired as the app wires them, on a real agent worker, for their tests.

The agent worker runs on its own thread with the real SDK over HTTP to the fake Messages API,
which answers with the test's `responder`; the repository and its store are real.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply
from app.core.memory import open_store
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.app_menu import AppMenu
from app.ui.controller import Controller
from app.ui.memory_held import HeldBox, HeldNotices, connect_held
from app.ui.memory_keep import KeepAnyway, connect_keep
from app.ui.panel import AnswerPanel
from app.ui.threads import start_thread, stop_thread
from app.ui.tray import Tray
from tests.ui.fakes import FakeMicrophone, FakeSpeech


class HeldRig:
    def __init__(self, repo: Path, fake: FakeAPI, *, settings_for: Callable[[], Settings] = Settings) -> None:
        self.fake = fake
        self.agent = AgentWorker()
        self.thread = start_thread(self.agent, "agent-test")
        self.controller = Controller(
            speech=FakeSpeech(), agent=self.agent, microphone=FakeMicrophone(), settings=Settings(), repo=repo
        )
        self.tray = Tray(AppMenu(), use_tray=False)
        self.panel = AnswerPanel()
        self.held = HeldNotices(lambda: self.controller.repo, settings_for=settings_for)
        c = self.controller
        connect_held(self.held, box=self.panel.held_box, turn_over=c.memory_changed,
                     session_started=self.agent.session_started, session_reset=c.session_reset,
                     panel_visible=self.panel.isVisible, notify=self.tray.show_message)  # fmt: skip
        self.keeper = KeepAnyway(lambda: self.controller.repo)
        connect_keep(self.keeper, box=self.panel.keep_box, offered=c.keep_offered, session_reset=c.session_reset,
                     panel_visible=self.panel.isVisible, notify=self.tray.show_message)  # fmt: skip
        self.controller.start()
        self.store = open_store(repo)

    @property
    def box(self) -> HeldBox:
        return self.panel.held_box


@contextlib.contextmanager
def held_rig(
    qtbot: QtBot,
    repo: Path,
    monkeypatch: pytest.MonkeyPatch,
    responder: Callable[[RecordedRequest], Reply],
    *,
    settings_for: Callable[[], Settings] = Settings,
) -> Iterator[HeldRig]:
    """A rig whose turns the fake answers with `responder`; its worker stopped and panel closed afterwards."""
    with FakeAPI() as fake:
        monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
        fake.respond_with(responder)
        rig = HeldRig(repo, fake, settings_for=settings_for)
        try:
            yield rig
        finally:
            qtbot.waitUntil(lambda: rig.held.busy == 0, timeout=10_000)
            rig.agent.cancel()
            stop_thread(rig.thread)
            rig.panel.close()
