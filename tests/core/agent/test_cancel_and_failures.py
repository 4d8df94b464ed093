"""Cancelling a turn from another thread, API failures, retries and a missing key."""

from __future__ import annotations

import logging
import shutil
import threading
import time
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import blocks, error, text, tool_use
from app.core.agent.client import make_client
from app.core.agent.events import Event, TextDelta, ToolStarted, TurnEnded, TurnFailed
from app.core.agent.session import Session
from app.core.errors import MissingApiKeyError
from app.core.settings import RepoCommands, Settings


def _cancel_when(session: Session, events: list[Event], condition: type, delay: float = 0.1) -> threading.Thread:
    """Call session.cancel() from another thread once an event of type `condition` was seen."""

    def watch() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(isinstance(e, condition) for e in events):
            time.sleep(0.01)
        time.sleep(delay)
        session.cancel()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def test_cancel_mid_stream_stops_at_once_and_the_next_turn_is_accepted(fake: FakeAPI, session: Session) -> None:
    events: list[Event] = []
    fake.script(
        blocks({"type": "text", "text": "The build is red because"}, {"type": "text", "text": "x"}, stall_after=1)
    )
    _cancel_when(session, events, TextDelta)
    started = time.monotonic()
    result = session.run_turn("Why is the build red?", events.append)
    assert time.monotonic() - started < 5
    assert isinstance(result, TurnEnded) and result.cancelled
    fake.script(text("Hello again."))
    follow = session.run_turn("Never mind. Hello?")
    assert isinstance(follow, TurnEnded) and follow.reply == "Hello again."
    assert not fake.problems
    messages = fake.requests[-1].body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[1]["content"] == [{"type": "text", "text": "The build is red because"}]


def test_cancel_before_any_block_finished_keeps_roles_alternating(fake: FakeAPI, session: Session) -> None:
    events: list[Event] = []
    fake.script(blocks({"type": "text", "text": "never finished"}, stall_after=0))
    threading.Timer(0.5, session.cancel).start()
    result = session.run_turn("First question", events.append)
    assert isinstance(result, TurnEnded) and result.cancelled
    fake.script(text("Answer."))
    assert isinstance(session.run_turn("Second question"), TurnEnded)
    assert not fake.problems
    messages = fake.requests[-1].body["messages"]
    assert len(messages) == 1
    assert [b["text"] for b in messages[0]["content"]][-2:] == ["First question", "Second question"]


def test_cancel_answers_a_finished_tool_call_with_cancelled(fake: FakeAPI, session: Session) -> None:
    events: list[Event] = []
    fake.script(
        blocks(
            {"type": "tool_use", "name": "git_status", "input": {}},
            {"type": "text", "text": "more to come"},
            stall_after=1,
        )
    )
    threading.Timer(0.5, session.cancel).start()
    result = session.run_turn("Status?", events.append)
    assert isinstance(result, TurnEnded) and result.cancelled
    assert not any(isinstance(e, ToolStarted) for e in events), "a cancelled turn must not start tools"
    fake.script(text("Okay, stopping."))
    session.run_turn("Stop that")
    assert not fake.problems
    messages = fake.requests[-1].body["messages"]
    tool_id = messages[1]["content"][0]["id"]
    answer = messages[2]["content"]
    assert answer[0]["tool_use_id"] == tool_id and answer[0]["is_error"] is True
    assert "ancel" in answer[0]["content"]
    assert answer[-1] == {"type": "text", "text": "Stop that"}


@pytest.mark.slow
def test_cancel_kills_a_running_build(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> None:
    marker = repo / "build-finished"
    settings = Settings(repo_commands={str(repo): RepoCommands(build=f"sleep 20 && touch {marker}")})
    session = Session(repo, settings, client=client)
    events: list[Event] = []
    fake.script(
        blocks({"type": "tool_use", "name": "build", "input": {}}, {"type": "tool_use", "name": "test", "input": {}})
    )
    _cancel_when(session, events, ToolStarted, delay=0.5)
    started = time.monotonic()
    result = session.run_turn("Build it", events.append)
    assert time.monotonic() - started < 8, "the build was not killed on cancel"
    assert isinstance(result, TurnEnded) and result.cancelled
    assert [e.label for e in events if isinstance(e, ToolStarted)] == ["building"]  # test never started
    fake.script(text("Fine."))
    assert isinstance(session.run_turn("Forget it"), TurnEnded)
    assert not fake.problems
    answers = fake.requests[-1].body["messages"][2]["content"]
    assert [a["is_error"] for a in answers[:2]] == [True, True]
    assert all("ancel" in a["content"] for a in answers[:2])
    time.sleep(0.5)
    assert not marker.exists()


def test_a_529_then_success_recovers_within_the_turn(fake: FakeAPI, session: Session) -> None:
    fake.script(error(529, "Overloaded"), text("All good."))
    result = session.run_turn("Hello?")
    assert isinstance(result, TurnEnded) and result.reply == "All good."
    assert [r.status for r in fake.requests] == [529, 200]
    assert fake.requests[0].body == fake.requests[1].body


@pytest.mark.slow
def test_rate_limit_and_server_errors_are_retried(fake: FakeAPI, session: Session) -> None:
    fake.script(error(429), error(500), text("Made it."))
    result = session.run_turn("Hello?")
    assert isinstance(result, TurnEnded) and result.reply == "Made it."


def test_persistent_overload_fails_with_one_sentence_and_restores_history(fake: FakeAPI, session: Session) -> None:
    fake.script(text("First answer."))
    session.run_turn("First")
    fake.script(tool_use("git_status"), *[error(529)] * 4)
    events: list[Event] = []
    result = session.run_turn("Second", events.append)
    assert isinstance(result, TurnFailed)
    assert result.message == "Claude is overloaded right now. Try again in a minute."
    assert events[-1] == result
    fake.script(text("Third answer."))
    assert isinstance(session.run_turn("Third"), TurnEnded)
    messages = fake.requests[-1].body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[-1]["content"] == [{"type": "text", "text": "Third"}]
    assert not fake.problems


def test_rejected_key_is_a_sentence_a_person_can_act_on(fake: FakeAPI, repo: Path) -> None:
    client = anthropic.Anthropic(api_key="sk-ant-wrong-key", base_url=fake.base_url, max_retries=3)
    result = Session(repo, Settings(), client=client).run_turn("Hello?")
    assert isinstance(result, TurnFailed)
    assert result.message.startswith("I couldn't reach Claude: the API key was rejected.")
    assert len(fake.requests) == 1  # a 401 is not retried


def test_unreachable_api_fails_cleanly(repo: Path) -> None:
    client = anthropic.Anthropic(api_key="k", base_url="http://127.0.0.1:9", max_retries=0)
    result = Session(repo, Settings(), client=client).run_turn("Hello?")
    assert isinstance(result, TurnFailed) and result.message.startswith("I couldn't reach Claude")


def test_missing_api_key_names_where_to_set_it(repo: Path) -> None:
    with pytest.raises(MissingApiKeyError) as caught:
        make_client(Settings())
    assert "ANTHROPIC_API_KEY" in str(caught.value) and "Settings" in str(caught.value)
    result = Session(repo, Settings()).run_turn("Hello?")
    assert isinstance(result, TurnFailed) and "ANTHROPIC_API_KEY" in result.message


def test_make_client_uses_the_key_and_honours_anthropic_base_url(
    fake: FakeAPI, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
    fake.script(text("Reached the fake."))
    result = Session(repo, Settings(), client=make_client(Settings())).run_turn("Hello?")
    assert isinstance(result, TurnEnded) and result.reply == "Reached the fake."


def test_sessions_share_one_client_until_the_key_or_the_server_changes(
    fake: FakeAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A new session keeps the connection the last one opened and builds no TLS context again.
    monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
    first = make_client(Settings())
    assert make_client(Settings()) is first
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-another-key")
    other_key = make_client(Settings())
    assert other_key is not first and other_key.api_key == "sk-ant-another-key"
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    other_server = make_client(Settings())
    assert other_server is not other_key and str(other_server.base_url).startswith("http://127.0.0.1:9")


def test_a_broken_event_listener_does_not_break_the_turn(fake: FakeAPI, session: Session) -> None:
    def explode(event: Event) -> None:
        raise RuntimeError("listener bug")

    fake.script(tool_use("git_status"), text("Still fine."))
    result = session.run_turn("Status?", explode)
    assert isinstance(result, TurnEnded) and result.reply == "Still fine."


def test_a_repository_folder_that_disappears_mid_turn_is_said_plainly(
    fake: FakeAPI, session: Session, repo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Deleted (or its drive unmounted) once the turn has begun: not 'git is not installed', no traceback."""
    calls = [
        {"type": "tool_use", "name": "git_status", "input": {}},
        {"type": "tool_use", "name": "search_code", "input": {"pattern": "main"}},
        {"type": "tool_use", "name": "read_file", "input": {"path": "src/app.py"}},
    ]
    fake.script(blocks(*calls), text("The folder is gone."))

    def remove_on_first_tool(event: Event) -> None:
        if isinstance(event, ToolStarted) and repo.exists():
            shutil.rmtree(repo)

    with caplog.at_level(logging.WARNING):
        assert isinstance(session.run_turn("What changed?", remove_on_first_tool), TurnEnded)
    assert not fake.problems
    answers = fake.requests[-1].body["messages"][-1]["content"]
    results = [a for a in answers if a["type"] == "tool_result"]
    assert len(results) == 3
    for answer in results:
        assert answer["is_error"] is True
        assert "repository folder is not available" in str(answer["content"]), answer
        assert "not installed" not in str(answer["content"])
    assert not [r for r in caplog.records if r.exc_info], "a missing folder is not a bug to log"


def test_an_empty_question_sends_no_request_and_the_reply_says_so(fake: FakeAPI, session: Session) -> None:
    # A transcript of nothing reached the API as "(silence)": a request paid for, answering nobody.
    result = session.run_turn("  \n")
    assert isinstance(result, TurnEnded) and result.reply == "I didn't hear a question."
    assert fake.requests == []
    fake.script(text("Hello."))
    follow = session.run_turn("Hello?")  # the session is untouched: the next question is its first
    assert isinstance(follow, TurnEnded) and follow.reply == "Hello."
    assert [m["role"] for m in fake.requests[-1].body["messages"]] == ["user"]
