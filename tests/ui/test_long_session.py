"""On the desktop, a session grown long ends before the next question: the person is told, their pages stay."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text
from app.core import messages
from app.core.agent.lifecycle import HISTORY_LIMIT_CHARS, LONG_SESSION_NOTE
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.controller import Controller
from app.ui.threads import start_thread, stop_thread
from tests.ui.fakes import FakeMicrophone, FakeSpeech


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        server.respond_with(lambda r: text("All good."))
        monkeypatch.setenv("ANTHROPIC_API_KEY", server.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
        yield server


@pytest.fixture
def told() -> Iterator[list[messages.Message]]:
    said: list[messages.Message] = []
    messages.set_sink(said.append)
    yield said
    messages.set_sink(None)


def test_the_question_after_a_long_session_starts_a_new_one_and_says_so(
    qtbot: QtBot, fake: FakeAPI, empty_repo: Path, told: list[messages.Message]
) -> None:
    agent = AgentWorker()
    thread = start_thread(agent, "agent-test")
    try:
        controller = Controller(
            speech=FakeSpeech(), agent=agent, microphone=FakeMicrophone(), settings=Settings(), repo=empty_repo
        )
        controller.start()
        started: list[str] = []
        resets: list[None] = []
        agent.session_started.connect(started.append)
        controller.session_reset.connect(lambda: resets.append(None))
        answers: list[object] = []
        controller.answer_ready.connect(answers.append)
        pasted = "x" * (HISTORY_LIMIT_CHARS // 4)  # four questions this long pass the limit, as a day's would
        for number in range(1, 6):
            controller.ask(f"Question {number}. {pasted if number < 5 else ''}".strip())
            qtbot.waitUntil(lambda n=number: len(answers) == n, timeout=30_000)
        notes = [m.text for m in told if m.text == LONG_SESSION_NOTE]
        assert notes == [LONG_SESSION_NOTE]  # once, before the fifth question
        assert len(started) == 2  # the first question's session, and the fifth's
        assert fake.requests[-1].body["messages"][0]["content"][-1]["text"] == "Question 5."
        assert len(fake.requests[-1].body["messages"]) == 1
        assert resets == []  # unlike an idle end, the person's pages on screen stay: they are still asking
    finally:
        agent.cancel()
        stop_thread(thread)
