"""A session whose history has grown long ends before the next question; the next starts from memory.

Real sessions over the real SDK against the fake Messages API: each reply is long, so a few
turns pass the limit the way a day of questions without an idle break would.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text
from app.core.agent.lifecycle import HISTORY_LIMIT_CHARS, SessionLifecycle
from app.core.agent.session import Session
from app.core.settings import Settings

REPLY_CHARS = HISTORY_LIMIT_CHARS // 4 + 1  # four replies pass the limit


@pytest.fixture
def lifecycle(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> SessionLifecycle:
    fake.respond_with(lambda request: text("x" * REPLY_CHARS))
    return SessionLifecycle(repo, Settings(idle_minutes=30), make_session=lambda r, s: Session(r, s, client=client))


def ask(lifecycle: SessionLifecycle, words: str) -> Any:
    turn = lifecycle.session_for_turn()
    turn.session.run_turn(words)
    lifecycle.turn_ended()
    return turn


def test_the_history_is_measured_as_sent(fake: FakeAPI, session: Session) -> None:
    assert session.history_chars == 0
    fake.respond_with(lambda request: text("The build is green. " * 50))
    session.run_turn("Is the build green?")
    measured = session.history_chars
    session.run_turn("And the tests?")
    # The next request carries the first turn as it was measured: its question and its answer.
    carried = json.dumps(fake.requests[-1].body["messages"][:2], ensure_ascii=False)
    assert "The build is green." in carried
    assert abs(measured - len(carried)) < 0.05 * len(carried)


@pytest.mark.slow
def test_a_long_session_ends_before_the_next_question_and_the_next_starts_from_memory(
    fake: FakeAPI, lifecycle: SessionLifecycle
) -> None:
    first = ask(lifecycle, "Question one.")
    turns = [first] + [ask(lifecycle, f"Question {n}.") for n in range(2, 5)]
    assert all(t.session is first.session and not t.grew_long for t in turns)
    assert first.session.history_chars > HISTORY_LIMIT_CHARS

    fifth = ask(lifecycle, "Question five.")
    assert fifth.fresh and fifth.grew_long and not fifth.expired
    assert fifth.session is not first.session
    # The new session's request carries only its own question, opened with the session's date note.
    messages = fake.requests[-1].body["messages"]
    assert len(messages) == 1
    assert "Question five." in str(messages[0]) and "Question four." not in str(messages[0])
    assert fake.requests[-1].body["system"] == fake.requests[0].body["system"]  # the same prompt, from memory

    sixth = ask(lifecycle, "Question six.")
    assert sixth.session is fifth.session and not sixth.fresh and not sixth.grew_long


@pytest.mark.slow
def test_a_key_down_after_a_long_session_prepares_the_next_one(fake: FakeAPI, lifecycle: SessionLifecycle) -> None:
    for n in range(4):
        ask(lifecycle, f"Question {n}.")
    old = lifecycle.current
    prepared = lifecycle.prepared_session()  # the warm-up must warm the session the question will run in
    assert prepared is not None and prepared is not old
    turn = lifecycle.session_for_turn()
    assert turn.session is prepared and turn.fresh and turn.grew_long


def test_a_short_session_is_kept(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> None:
    fake.respond_with(lambda request: text("Fine."))
    lifecycle = SessionLifecycle(repo, Settings(), make_session=lambda r, s: Session(r, s, client=client))
    first = ask(lifecycle, "One.")
    assert all(ask(lifecycle, f"Question {n}.").session is first.session for n in range(10))
