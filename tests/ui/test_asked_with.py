"""The answer panel says which editor context a question was asked with, and "Ask without it" asks again without it.

The agent worker runs on its own thread with the real SDK over HTTP to the fake Messages API (with
its prompt cache); the panel is wired to the controller as the app wires it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.core.agent.events import Answer
from app.core.editor import block
from app.core.editor.latest import LatestContext
from app.core.editor.report import parse
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.controller import Controller
from app.ui.panel import AnswerPanel
from app.ui.panel_fit import shown_text
from app.ui.threads import start_thread, stop_thread
from tests.conftest import git
from tests.ui.fakes import FakeMicrophone, FakeSpeech

SOURCE = "def reconcile_batches(batches):\n    total = 0\n    for batch in batches:\n        total += batch.amount\n"


@pytest.fixture
def ledger(empty_repo: Path) -> Path:
    (empty_repo / "src" / "ledger").mkdir(parents=True)
    (empty_repo / "src" / "ledger" / "sync.py").write_text(SOURCE, encoding="utf-8")
    git(empty_repo, "add", ".")
    git(empty_repo, "commit", "-q", "-m", "ledger")
    return empty_repo


class Rig:
    def __init__(self, repo: Path, fake: FakeAPI) -> None:
        self.fake = fake
        self.editor = LatestContext()
        self.agent = AgentWorker()
        self.thread = start_thread(self.agent, "agent-test")
        self.controller = Controller(
            speech=FakeSpeech(),
            agent=self.agent,
            microphone=FakeMicrophone(),
            settings=Settings(),
            repo=repo,
            editor=self.editor,
        )
        self.panel = AnswerPanel()
        self.controller.answer_ready.connect(self.panel.add_answer)  # as DesktopApp._on_answer
        self.panel.asked_with.ask_without.connect(self.controller.ask_without_editor)  # as DesktopApp._wire
        self.controller.start()

    def turns(self) -> list[RecordedRequest]:
        """The requests of real turns (the prompt-cache warm-up asks for one token)."""
        return [r for r in self.fake.requests if r.body.get("max_tokens", 0) > 1]


@pytest.fixture
def rig(qtbot: QtBot, ledger: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Rig]:
    with FakeAPI(cache=CacheModel()) as fake:
        monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
        fake.script(text("The loop adds each batch's amount."), text("Which function do you mean?"))
        r = Rig(ledger, fake)
        try:
            yield r
        finally:
            r.agent.cancel()
            stop_thread(r.thread)
            r.panel.close()


def last_user_texts(request: RecordedRequest) -> list[str]:
    content: Any = request.body["messages"][-1]["content"]
    if isinstance(content, str):
        return [content]
    return [b["text"] for b in content if b.get("type") == "text"]


@pytest.mark.slow
def test_the_panel_names_the_context_and_ask_without_it_sends_none_with_the_same_cached_prefix(
    qtbot: QtBot, rig: Rig, ledger: Path
) -> None:
    rig.editor.put(
        parse(
            {
                "editor": "nvim",
                "root": str(ledger),
                "path": "src/ledger/sync.py",
                "line": 4,
                "column": 9,
                "selection": "total += batch.amount",
                "diagnostics": [{"severity": "error", "line": 3, "message": "'batches' may be None"}],
            }
        )
    )
    rig.controller.ask("what does this do")
    qtbot.waitUntil(lambda: rig.controller.last_answer is not None, timeout=30_000)
    rig.panel.show_last()
    line = rig.panel.asked_with
    assert line.isVisible()
    assert shown_text(line.label) == "Asked with src/ledger/sync.py:4 (selection, 1 diagnostic)"
    (first,) = rig.turns()
    assert any(t.startswith(block.HEADER) for t in last_user_texts(first))

    qtbot.mouseClick(line.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(rig.turns()) == 2, timeout=30_000)
    qtbot.waitUntil(lambda: rig.controller.last_answer is not None and "Which" in rig.controller.last_answer.reply)
    again = rig.turns()[1]
    asked = last_user_texts(again)
    assert asked[-1] == "what does this do"
    assert not any(block.HEADER in t or "sync.py" in t for t in asked), asked
    # The frozen prefix, byte for byte, and read from the cache.
    assert json.dumps(again.body["system"]) == json.dumps(first.body["system"])
    assert json.dumps(again.body["tools"]) == json.dumps(first.body["tools"])
    assert again.cache is not None and again.cache.warm, "the prompt cache missed"
    # The new page was asked without the editor: it says nothing of it.
    rig.panel.show_last()
    assert rig.panel.index == 1 and not line.isVisible()
    rig.panel.show_previous()
    assert line.isVisible()


def test_a_question_without_editor_context_shows_no_line(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_answer(Answer("why is the build red", "The parser fails.", ()))
    panel.show_last()
    assert not panel.asked_with.isVisible()
