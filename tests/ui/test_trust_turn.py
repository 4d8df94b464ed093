"""Trust from the panel, in a real turn: the test the agent asked for runs in that same turn once Trust is pressed,
and after Not now the next turn that needs it asks again.

The agent worker runs on its own thread with the real SDK over HTTP to the fake Messages API; the
panel is wired to it as the app wires it (`connect_trust`); the repository's one test leaves a marker
when it runs, so "ran" is something on disk, not a message.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text, tool_use
from app.core import trust
from app.ui.trust_box import connect_trust
from tests.core.agent.test_trust_session import _project as marked_project
from tests.ui.held_rig import HeldRig, held_rig


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    """A Python repository whose one test leaves a marker when it runs; (repo, marker)."""
    return marked_project(tmp_path)


def _results(request: RecordedRequest) -> list[dict[str, Any]]:
    last = request.body["messages"][-1]["content"]
    return [b for b in last if isinstance(b, dict) and b.get("type") == "tool_result"] if isinstance(last, list) else []


def runs_the_tests(request: RecordedRequest) -> Reply:
    """Asked anything, the model runs the tests; given their result, it says what it saw."""
    results = _results(request)
    if not results:
        return tool_use("test", preface="Let me run the tests.")
    return text("They passed." if not results[0].get("is_error") else "I could not run them.")


@pytest.fixture
def rig(qtbot: QtBot, project: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldRig]:
    with held_rig(qtbot, project[0], monkeypatch, runs_the_tests) as r:
        connect_trust(
            r.panel.trust_box, asked=r.controller.trust_asked, show=r.panel.ask_trust, answer=r.controller.answer_trust
        )
        yield r


def _turn_over(rig: HeldRig) -> bool:
    answer = rig.controller.last_answer
    return answer is not None and answer.reply != ""


@pytest.mark.slow
def test_trust_in_the_panel_runs_the_test_in_the_turn_that_asked(
    qtbot: QtBot, rig: HeldRig, project: tuple[Path, Path]
) -> None:
    repo, marker = project
    box = rig.panel.trust_box
    rig.controller.ask("run the tests")
    qtbot.waitUntil(lambda: box.isVisible() and box.trust_button.isVisible(), timeout=30_000)
    assert "-m pytest" in box.question.text()
    qtbot.wait(300)
    assert len(rig.fake.requests) == 1 and not marker.exists()  # the turn waits for the person, nothing ran

    qtbot.mouseClick(box.trust_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(rig.fake.requests) == 2, timeout=60_000)
    [result] = _results(rig.fake.requests[1])
    assert not result.get("is_error") and "Tests passed" in str(result["content"])  # the same turn's request
    assert marker.read_text() == "ran" and trust.is_trusted(repo)
    assert "Ask again" not in box.question.text() and "run now" in box.question.text()
    qtbot.waitUntil(lambda: _turn_over(rig), timeout=30_000)
    assert rig.controller.last_answer is not None and rig.controller.last_answer.reply == "They passed."


@pytest.mark.slow
def test_not_now_runs_nothing_and_the_next_turn_asks_again(
    qtbot: QtBot, rig: HeldRig, project: tuple[Path, Path]
) -> None:
    repo, marker = project
    box = rig.panel.trust_box
    rig.controller.ask("run the tests")
    qtbot.waitUntil(lambda: box.isVisible() and box.later_button.isVisible(), timeout=30_000)
    qtbot.mouseClick(box.later_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(rig.fake.requests) == 2, timeout=30_000)
    [refused] = _results(rig.fake.requests[1])
    assert refused["is_error"] and str(refused["content"]).startswith("Not run: the developer has not trusted")
    assert not box.isVisible() and not marker.exists() and not trust.is_trusted(repo)
    qtbot.waitUntil(lambda: _turn_over(rig), timeout=30_000)

    rig.controller.ask("run the tests again")  # the same session: asked again all the same
    qtbot.waitUntil(lambda: box.isVisible() and box.trust_button.isVisible(), timeout=30_000)
    assert len(rig.fake.requests) == 3
    qtbot.mouseClick(box.trust_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(rig.fake.requests) == 4, timeout=60_000)
    [result] = _results(rig.fake.requests[3])
    assert not result.get("is_error") and marker.read_text() == "ran"
