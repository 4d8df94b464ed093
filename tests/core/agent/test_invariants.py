"""The session invariants of DESIGN.md, asserted from the requests the app actually sent to the fake API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anthropic

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import blocks, text, tool_use
from app.core.agent import prompt
from app.core.agent.events import Event, ScreenContent, TextDelta, ToolFinished, ToolStarted, TurnEnded, TurnFailed
from app.core.agent.session import Session
from app.core.memory import open_store
from app.core.settings import Settings


def _texts(message: dict[str, Any]) -> str:
    return " ".join(b.get("text", "") for b in message["content"] if b.get("type") == "text")


def test_system_prompt_is_built_once_and_byte_identical_across_the_session(fake: FakeAPI, session: Session) -> None:
    fake.script(
        tool_use("read_file", {"path": "src/app.py"}, preface="Looking."),
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": "- new note\n"}),
        text("It returns hello."),
        tool_use("git_status"),
        text("Clean."),
    )
    assert isinstance(session.run_turn("What does main return?"), TurnEnded)
    assert isinstance(session.run_turn("Anything changed?"), TurnEnded)
    requests = fake.requests
    assert len(requests) == 5 and not fake.problems
    raw_systems = {json.dumps(r.body["system"], sort_keys=False) for r in requests}
    assert len(raw_systems) == 1, "the system prompt changed during the session"
    # The memory written mid-session did not leak into this session's prompt.
    assert "new note" not in raw_systems.pop()


def test_system_prompt_holds_rules_then_memory_snapshot_with_cache_control_on_last_block(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    open_store(repo).execute(
        {"command": "create", "path": "/memories/notes.md", "file_text": "- Focus on the parser rewrite.\n"}
    )
    fake.script(text("Hi."))
    Session(repo, Settings(), client=client).run_turn("hello")
    system = fake.requests[0].body["system"]
    assert len(system) == 2
    first, second = system
    assert prompt.MEMORY_RULES in first["text"] and prompt.VERIFY_RULE in first["text"]
    assert first["text"].startswith(prompt.BASE_INSTRUCTIONS)
    assert "cache_control" not in first
    assert second["cache_control"] == {"type": "ephemeral"}
    assert "Focus on the parser rewrite." in second["text"]
    assert "/memories/notes.md" in second["text"]


def test_empty_memory_is_said_in_the_second_block(fake: FakeAPI, session: Session) -> None:
    fake.script(text("Hi."))
    session.run_turn("hello")
    second = fake.requests[0].body["system"][-1]
    assert second["text"] == prompt.EMPTY_MEMORY and second["cache_control"] == {"type": "ephemeral"}


def test_memory_written_in_a_session_is_in_the_next_sessions_prompt_with_the_users_words(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    note = "- 2026-11-29: midway through moving Tokenizer into lexing.py\n"
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": note}),
        text("Noted."),
        text("Welcome back."),
    )
    first = Session(repo, Settings(), client=client)
    first.run_turn("Remember I am moving Tokenizer into lexing.py")
    assert fake.requests[1].body["messages"][-1]["content"][0].get("is_error") is not True
    second = Session(repo, Settings(), client=client)
    second.run_turn("Where was I?")
    assert "midway through moving Tokenizer into lexing.py" in fake.requests[2].body["system"][1]["text"]
    assert "midway through" not in json.dumps(fake.requests[0].body["system"])
    history = open_store(repo).history("/memories/notes.md")
    writes = [e for e in history if e.kind == "write"]
    assert writes and writes[0].user_words == "Remember I am moving Tokenizer into lexing.py"
    assert writes[0].session_id == first.id


def test_date_and_time_only_in_the_first_user_message(fake: FakeAPI, session: Session) -> None:
    fake.script(tool_use("git_status"), text("Clean."), text("Sure."))
    session.run_turn("Status?")
    session.run_turn("Thanks")
    note = prompt.session_note(session.started_at, session.repo)
    assert session.started_at.strftime("%Y") in note and session.started_at.strftime("%H:%M") in note
    for request in fake.requests:
        assert note not in json.dumps(request.body["system"])
        messages = request.body["messages"]
        assert messages[0]["content"][0]["text"] == note
        assert all(note not in json.dumps(m) for m in messages[1:])
    assert _texts(fake.requests[-1].body["messages"][-1]) == "Thanks"


def test_history_only_grows_at_the_end(fake: FakeAPI, session: Session) -> None:
    fake.script(
        blocks(
            {"type": "thinking", "thinking": "Check the file."},
            {"type": "tool_use", "name": "read_file", "input": {"path": "src/app.py"}},
        ),
        text("Returns hello."),
        tool_use("search_code", {"pattern": "main"}),
        text("Found it."),
        text("Bye."),
    )
    for words in ("one", "two", "three"):
        session.run_turn(words)
    previous: list[Any] = []
    for request in fake.requests:
        messages = request.body["messages"]
        assert messages[: len(previous)] == previous, "an earlier message was changed or dropped"
        assert len(messages) > len(previous)
        previous = messages


def test_thinking_blocks_go_back_unchanged_in_place(fake: FakeAPI, session: Session) -> None:
    thought = "The user wants the return value; read src/app.py first."
    fake.script(
        blocks(
            {"type": "thinking", "thinking": thought},
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "name": "read_file", "input": {"path": "src/app.py"}},
        ),
        blocks({"type": "thinking", "thinking": "It returns hello."}, {"type": "text", "text": "It says hello."}),
        text("You're welcome."),
    )
    session.run_turn("What does it return?")
    session.run_turn("Thanks")
    assert not fake.problems
    for request in fake.requests[1:]:
        assistant = request.body["messages"][1]
        assert assistant["role"] == "assistant"
        first = assistant["content"][0]
        assert first["type"] == "thinking" and first["thinking"] == thought
        assert len(first["signature"]) == 64  # the fake's signature, passed back as received
    last = fake.requests[-1].body["messages"]
    assert last[3]["content"][0] == {
        "type": "thinking",
        "thinking": "It returns hello.",
        "signature": last[3]["content"][0]["signature"],
    }


def test_every_tool_use_is_answered_even_unknown_malformed_and_failing(fake: FakeAPI, session: Session) -> None:
    fake.script(
        blocks(
            {"type": "tool_use", "name": "rm_rf", "input": {"path": "/"}},
            {"type": "tool_use", "name": "read_file", "input": {"path": 5}},
            {"type": "tool_use", "name": "read_file", "input": {"path": "src/app.py", "mode": "w"}},
            {"type": "tool_use", "name": "read_file", "input": {"path": "../outside.txt"}},
            {"type": "tool_use", "name": "search_code", "input": {}},
            {"type": "tool_use", "name": "show_on_screen", "input": {"text": ""}},
            {"type": "tool_use", "name": "memory", "input": {"command": "explode"}},
            {"type": "tool_use", "name": "read_file", "input": {"path": "src/app.py"}},
        ),
        text("Done."),
    )
    result = session.run_turn("Try everything")
    assert isinstance(result, TurnEnded) and result.reply == "Done."
    assert not fake.problems
    asked = fake.requests[0]  # noqa: F841  (the reply to it held the calls)
    answer = fake.requests[1].body["messages"][-1]["content"]
    assert [b["type"] for b in answer] == ["tool_result"] * 8
    errors = [b.get("is_error", False) for b in answer]
    assert errors == [True, True, True, True, True, True, True, False]
    assert "Unknown tool" in answer[0]["content"] and "read_file" in answer[0]["content"]
    assert "string" in answer[1]["content"]
    assert "mode" in answer[2]["content"]
    assert "pattern" in answer[4]["content"]
    assert "hello" in answer[7]["content"]


def test_truncated_tool_json_is_answered_as_an_error(fake: FakeAPI, session: Session) -> None:
    fake.script(
        blocks({"type": "tool_use", "name": "read_file", "input": {}, "raw_input": '{"start_line": 3, "pa'}),
        text("Sorry."),
    )
    result = session.run_turn("Read it")
    assert isinstance(result, TurnEnded) and result.reply == "Sorry."
    assert not fake.problems
    answer = fake.requests[1].body["messages"][-1]["content"][0]
    assert answer["type"] == "tool_result" and answer["is_error"] is True
    assert "path" in answer["content"]


def test_unreadable_tool_json_fails_the_turn_cleanly(fake: FakeAPI, session: Session) -> None:
    fake.script(blocks({"type": "tool_use", "name": "read_file", "input": {}, "raw_input": "path: src/app.py"}))
    result = session.run_turn("Read it")
    assert isinstance(result, TurnFailed) and "tool call" in result.message
    fake.script(text("Fine."))
    assert isinstance(session.run_turn("Try again"), TurnEnded)
    assert not fake.problems
    assert [_texts(m) for m in fake.requests[-1].body["messages"]][-1].endswith("Try again")
    assert len(fake.requests[-1].body["messages"]) == 1  # the failed turn left nothing behind


def test_turn_never_ends_silent(fake: FakeAPI, session: Session) -> None:
    events: list[Event] = []
    fake.script(blocks({"type": "thinking", "thinking": "nothing to say"}, {"type": "text", "text": " "}))
    first = session.run_turn("Hm", events.append)
    assert isinstance(first, TurnEnded) and first.reply == "Okay."
    assert [e.text for e in events if isinstance(e, TextDelta)][-1] == "Okay."

    events.clear()
    fake.script(tool_use("show_on_screen", {"text": "# Failures\n- test_a\n- test_b", "title": "Tests"}), blocks())
    second = session.run_turn("Show me the failures", events.append)
    assert isinstance(second, TurnEnded) and second.reply == "Details are on screen."
    assert second.screens == (ScreenContent("# Failures\n- test_a\n- test_b", "Tests"),)
    assert ScreenContent("# Failures\n- test_a\n- test_b", "Tests") in events
    assert not fake.problems


def test_events_follow_the_turn(fake: FakeAPI, session: Session) -> None:
    events: list[Event] = []
    fake.script(
        tool_use("read_file", {"path": "src/app.py"}, preface="One moment."),
        text("Main returns the word hello."),
    )
    result = session.run_turn("What does main return?", events.append)
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "TextDelta" and kinds[-1] == "TurnEnded"
    assert kinds.index("ToolStarted") < kinds.index("ToolFinished")
    started = next(e for e in events if isinstance(e, ToolStarted))
    finished = next(e for e in events if isinstance(e, ToolFinished))
    assert started.label == "reading src/app.py" and started.name == "read_file"
    assert finished.tool_use_id == started.tool_use_id and not finished.is_error
    streamed = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert streamed == "One moment.\n\nMain returns the word hello."
    assert sum(isinstance(e, TextDelta) for e in events) > 3  # it streamed, not one lump
    assert isinstance(result, TurnEnded) and result.reply == "Main returns the word hello."
    assert events[-1] == result


def test_request_shape_defaults_tools_and_betas(fake: FakeAPI, session: Session) -> None:
    fake.script(text("Hi."))
    session.run_turn("hello")
    request = fake.requests[0]
    body = request.body
    assert body["model"] == "claude-haiku-5-5"
    assert body["max_tokens"] == 2048
    assert body["output_config"] == {"effort": "low"}
    assert body["stream"] is True
    assert "context-management-2025-06-27" in request.betas
    edits = body["context_management"]["edits"]
    assert edits[0]["type"] == "clear_tool_uses_20250919"
    names = [t["name"] for t in body["tools"]]
    assert names == ["git_status", "build", "test", "read_file", "search_code", "show_on_screen", "memory"]
    assert body["tools"][-1] == {"type": "memory_20250818", "name": "memory"}
    schemas = {t["name"]: t.get("input_schema", {}) for t in body["tools"]}
    assert schemas["read_file"]["required"] == ["path"]
    assert set(schemas["read_file"]["properties"]) == {"path", "start_line", "end_line"}
    assert set(schemas["test"]["properties"]) == {"project", "filter"}
    assert set(schemas["build"]["properties"]) == {"project"}
    assert set(schemas["search_code"]["properties"]) == {"pattern", "path"}
    assert set(schemas["show_on_screen"]["properties"]) == {"text", "title"}


def test_settings_choose_model_effort_and_max_tokens(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> None:
    fake.script(text("Hi."))
    settings = Settings(model="claude-sonnet-5", effort="high", max_tokens=4096)
    Session(repo, settings, client=client).run_turn("hello")
    body = fake.requests[0].body
    assert (body["model"], body["output_config"]["effort"], body["max_tokens"]) == ("claude-sonnet-5", "high", 4096)


def test_a_model_that_never_stops_calling_tools_still_ends_the_turn(fake: FakeAPI, session: Session) -> None:
    from app.core.agent.session import MAX_STEPS

    fake.respond_with(lambda request: tool_use("memory", {"command": "view", "path": "/memories"}))
    result = session.run_turn("Loop forever")
    assert isinstance(result, TurnEnded) and result.reply == "Okay."
    requests = fake.requests
    assert len(requests) == MAX_STEPS
    assert "tool_choice" not in requests[0].body
    assert requests[-1].body["tool_choice"] == {"type": "none"}
    fake.respond_with(None)
    fake.script(text("Back to normal."))
    assert isinstance(session.run_turn("Hello?"), TurnEnded)
    assert not fake.problems
    last_user = fake.requests[-1].body["messages"][-1]["content"]
    assert last_user[0]["type"] == "tool_result" and last_user[0]["is_error"] is True
    assert last_user[-1] == {"type": "text", "text": "Hello?"}


def test_a_refusal_is_said_and_not_carried_into_the_next_turn(fake: FakeAPI, session: Session) -> None:
    fake.script(text("Hi."), blocks({"type": "text", "text": "I'll expl"}, stop_reason="refusal"), text("Sure."))
    session.run_turn("Hello")
    refused = session.run_turn("Something the classifier declines")
    assert isinstance(refused, TurnEnded) and "declined" in refused.reply
    session.run_turn("Something else")
    assert not fake.problems
    messages = fake.requests[-1].body["messages"]
    assert "declines" not in json.dumps(messages) and "I'll expl" not in json.dumps(messages)
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
