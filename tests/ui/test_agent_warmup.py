"""The desktop's key-down warms the API through the real agent worker; the setting turns it off."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel
from app.bench.fakereplies import text
from app.core.agent.session import WARMUP_TEXT
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.controller import Controller, State
from app.ui.threads import start_thread, stop_thread
from tests.conftest import git
from tests.ui.fakes import FakeMicrophone, FakeSpeech


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "README.md").write_text("hello\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "start")
    return empty_repo


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAPI]:
    with FakeAPI(cache=CacheModel()) as server:
        server.respond_with(lambda r: text("Done."))
        monkeypatch.setenv("ANTHROPIC_API_KEY", server.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
        yield server


def _controller(agent: AgentWorker, repo: Path, settings: Settings) -> Controller:
    controller = Controller(speech=FakeSpeech(), agent=agent, microphone=FakeMicrophone(), settings=settings, repo=repo)
    controller.start()
    return controller


def _warmups(fake: FakeAPI) -> int:
    return sum(WARMUP_TEXT in json.dumps(r.body["messages"]) for r in fake.requests)


@pytest.fixture
def agent() -> Iterator[AgentWorker]:
    worker = AgentWorker()
    thread = start_thread(worker, "agent-test")
    yield worker
    worker.cancel()
    stop_thread(thread)


@pytest.mark.slow
def test_holding_the_key_warms_the_prompt_once(qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker) -> None:
    controller = _controller(agent, repo, Settings())
    controller.press()
    assert controller.state is State.LISTENING
    qtbot.waitUntil(lambda: _warmups(fake) == 1, timeout=30_000)
    controller.release()
    controller.press()  # the next question within the cache's five minutes: nothing more is sent
    qtbot.wait(800)
    controller.release()
    assert _warmups(fake) == 1 and fake.connections >= 1


def test_with_the_setting_on_the_sdk_is_ready_at_launch_and_nothing_is_sent(
    qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker
) -> None:
    # A fresh process's first press would otherwise pay the SDK's import (1.5 s of CPU) before its warm-up.
    _controller(agent, repo, Settings())
    qtbot.waitUntil(lambda: agent.prepared, timeout=30_000)
    qtbot.wait(300)
    assert fake.requests == [] and fake.connections == 0  # launch reaches nothing: the press does


@pytest.mark.slow
def test_with_the_setting_off_the_sdk_waits_for_the_first_press(
    qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker
) -> None:
    controller = _controller(agent, repo, replace(Settings(), prepare_while_speaking=False))
    qtbot.wait(1500)
    assert not agent.prepared
    controller.press()
    qtbot.waitUntil(lambda: agent.prepared, timeout=30_000)
    controller.release()


@pytest.mark.slow
def test_a_tap_sends_no_warm_up(qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker) -> None:
    controller = _controller(agent, repo, Settings())
    controller.press()
    controller.release()
    qtbot.wait(1500)  # the SDK's import and the session's start, then the hold's 0.3 s are long past
    assert _warmups(fake) == 0


def test_a_tap_told_before_its_stop_sends_nothing_and_a_double_tap_warms(
    qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker
) -> None:
    # The hotkey tells a tap at once and its stop only after the double-tap window (app.voice.trigger).
    controller = _controller(agent, repo, Settings())
    qtbot.waitUntil(lambda: agent.prepared, timeout=30_000)
    controller.press()
    controller.tapped(time.monotonic())
    qtbot.wait(700)  # the stop would come now, long past the minimum hold
    controller.release(time.monotonic() - 0.6)
    qtbot.wait(500)
    assert _warmups(fake) == 0
    # A double tap: the second press goes hands-free, and the person asks a question.
    controller.press()
    controller.tapped(time.monotonic())
    controller.hands_free()
    qtbot.waitUntil(lambda: _warmups(fake) == 1, timeout=30_000)
    controller.release()


@pytest.mark.slow
def test_with_the_setting_off_nothing_is_sent_ahead(
    qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker
) -> None:
    controller = _controller(agent, repo, replace(Settings(), prepare_while_speaking=False))
    controller.press()
    deadline = time.monotonic() + 30
    while fake.connections == 0 and time.monotonic() < deadline:  # the connection is still opened: it is free
        qtbot.wait(50)
    qtbot.wait(800)
    controller.release()
    assert fake.connections >= 1 and _warmups(fake) == 0
    # Turned on again in Settings: the running app honours it at the next key-down.
    controller.apply_settings(Settings())
    controller.press()
    qtbot.waitUntil(lambda: _warmups(fake) == 1, timeout=30_000)
    controller.release()


def test_the_warm_up_never_shows_in_the_history_window_or_the_conversation(
    qtbot: QtBot, fake: FakeAPI, repo: Path, agent: AgentWorker
) -> None:
    from app.core.history import History

    history = History.for_settings(Settings())
    agent.set_history(history)
    controller = _controller(agent, repo, Settings())
    answers: list[object] = []
    controller.answer_ready.connect(answers.append)
    controller.press()
    qtbot.waitUntil(lambda: _warmups(fake) == 1, timeout=30_000)
    controller.release()
    controller.ask("Why is the build red?")
    qtbot.waitUntil(lambda: bool(answers), timeout=30_000)
    turns = history.turns()
    assert [t.question for t in turns] == ["Why is the build red?"]
    question = fake.requests[-1].body["messages"]
    assert len(question) == 1 and WARMUP_TEXT not in json.dumps(question)
