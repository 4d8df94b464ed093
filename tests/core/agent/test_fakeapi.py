"""The fake Messages API refuses the broken histories the real one refuses, so the agent tests mean something."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import blocks, error, text, tool_use


def _first_reply(fake: FakeAPI, client: anthropic.Anthropic) -> list[dict[str, Any]]:
    reply = client.beta.messages.create(model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}])
    return [
        b.model_dump(exclude_none=True, include={"type", "text", "thinking", "signature", "id", "name", "input"})
        for b in reply.content
    ]


def _send(client: anthropic.Anthropic, messages: list[dict[str, Any]]) -> None:
    client.beta.messages.create(model="m", max_tokens=10, messages=messages)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "breakage",
    ["alter_thinking", "drop_thinking", "move_thinking", "no_tool_result", "double_user", "empty_text"],
)
def test_broken_histories_get_400(fake: FakeAPI, client: anthropic.Anthropic, breakage: str) -> None:
    fake.script(
        blocks(
            {"type": "thinking", "thinking": "plan"},
            {"type": "text", "text": "Checking."},
            {"type": "tool_use", "name": "git_status", "input": {}},
        )
    )
    content = _first_reply(fake, client)
    tool_id = content[2]["id"]
    answer: dict[str, Any] = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": "clean"}],
    }
    if breakage == "alter_thinking":
        content[0]["thinking"] = "a different plan"
    elif breakage == "drop_thinking":
        content = content[1:]
    elif breakage == "move_thinking":
        content = [content[1], content[0], content[2]]
    elif breakage == "no_tool_result":
        answer = {"role": "user", "content": [{"type": "text", "text": "go on"}]}
    elif breakage == "empty_text":
        answer["content"].append({"type": "text", "text": ""})
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": content}, answer]
    if breakage == "double_user":
        messages.append({"role": "user", "content": "and more"})
    with pytest.raises(anthropic.BadRequestError):
        _send(client, messages)
    assert fake.problems


def test_an_unchanged_history_is_accepted(fake: FakeAPI, client: anthropic.Anthropic) -> None:
    fake.script(blocks({"type": "thinking", "thinking": "plan"}, {"type": "tool_use", "name": "build", "input": {}}))
    content = _first_reply(fake, client)
    fake.script(text("Done."))
    answer = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": content[1]["id"], "content": "ok"}]}
    _send(client, [{"role": "user", "content": "hi"}, {"role": "assistant", "content": content}, answer])
    assert not fake.problems


def test_errors_have_the_api_shape_and_retry_headers(fake: FakeAPI) -> None:
    client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
    fake.script(error(529))
    with pytest.raises(anthropic.APIStatusError) as caught:
        _send(client, [{"role": "user", "content": "hi"}])
    assert caught.value.status_code == 529
    assert caught.value.type == "overloaded_error"
    assert caught.value.response.headers.get("retry-after-ms")


def test_wrong_key_is_401(fake: FakeAPI) -> None:
    client = anthropic.Anthropic(api_key="sk-ant-wrong", base_url=fake.base_url, max_retries=0)
    with pytest.raises(anthropic.AuthenticationError):
        _send(client, [{"role": "user", "content": "hi"}])


def test_runs_as_a_separate_process_with_a_script_file(tmp_path: Path) -> None:
    script = tmp_path / "replies.json"
    script.write_text(json.dumps([tool_use("git_status"), text("All clean.")]), encoding="utf-8")
    log = tmp_path / "requests.jsonl"
    root = Path(__file__).resolve().parents[3]
    process = subprocess.Popen(
        [sys.executable, "-m", "app.bench.fakeapi", "--port", "0", "--script", str(script), "--log", str(log)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        assert process.stdout is not None
        first_line = process.stdout.readline()
        assert first_line.startswith("listening on http://127.0.0.1:")
        base_url = first_line.split()[-1]
        client = anthropic.Anthropic(api_key="sk-ant-test-fake-key", base_url=base_url, max_retries=0)
        with client.beta.messages.stream(model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}]) as s:
            message = s.get_final_message()
        assert message.stop_reason == "tool_use" and message.content[0].type == "tool_use"
        logged = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        assert logged[0]["body"]["messages"] == [{"role": "user", "content": "hi"}]
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_paced_reply_waits_its_time_to_first_token_and_stamps_each_piece(
    fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    first, second = "The build is red.", " Rename the class and build again."
    fake.script({**text(first + second), "first_token_after": 0.3, "pace": 0.05})
    seen: list[tuple[float, str]] = []
    with client.beta.messages.stream(model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}]) as s:
        for piece in s.text_stream:
            seen.append((time.monotonic(), piece))
    request = fake.requests[0]
    assert "".join(piece for _, piece in seen) == first + second
    # Nothing before the stated time to first token; then one 12-character piece per pace step
    # (timed where the fake sends: the SDK's first stream in a process parses its events late).
    assert seen[0][0] - request.received_at >= 0.3
    stamps = [at for at, _ in request.text_sent]
    assert len(stamps) == 5 and stamps[0] - request.received_at >= 0.3
    assert all(later - earlier >= 0.05 * 0.9 for earlier, later in itertools.pairwise(stamps))
    # The bench reads when a sentence was out in full from these stamps.
    assert request.text_sent[0][0] < request.time_sent(first) < request.time_sent(first + second)
    assert request.time_sent("Something else") == 0.0


def test_the_fakes_prompt_cache_writes_reads_and_forgets_after_five_minutes_as_the_api_reports() -> None:
    from app.bench.fakecache import CacheModel, ManualClock

    clock = ManualClock()
    system = [
        {"type": "text", "text": "rules " * 400},
        {"type": "text", "text": "memory", "cache_control": {"type": "ephemeral"}},
    ]
    with FakeAPI(cache=CacheModel(cold_first_token=0.4, warm_first_token=0.0), clock=clock) as fake:
        fake.respond_with(lambda r: text("Hi."))
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)

        def ask(question: str) -> tuple[anthropic.types.Usage, float]:
            started = time.monotonic()
            reply = client.messages.create(
                model="m",
                max_tokens=5,
                system=system,
                messages=[{"role": "user", "content": question}],  # type: ignore[arg-type]
            )
            return reply.usage, time.monotonic() - started

        cold, cold_time = ask("one")
        warm, warm_time = ask("two")
        clock.advance(301)
        again, _ = ask("three")
    assert cold.cache_creation_input_tokens and not cold.cache_read_input_tokens
    assert warm.cache_read_input_tokens == cold.cache_creation_input_tokens and not warm.cache_creation_input_tokens
    assert again.cache_creation_input_tokens and not again.cache_read_input_tokens  # expired
    assert cold_time >= 0.4 > warm_time


def test_after_a_pause_the_fake_has_closed_idle_connections_and_the_next_request_pays_a_new_one() -> None:
    from app.bench.fakecache import CacheModel, ManualClock

    with FakeAPI(cache=CacheModel(connect=0.3), clock=ManualClock()) as fake:
        fake.respond_with(lambda r: text("Hi."))
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=2)

        def ask() -> float:
            started = time.monotonic()
            client.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
            return time.monotonic() - started

        first, second = ask(), ask()
        fake.pass_time(360)
        time.sleep(0.05)
        third = ask()
    assert fake.connections == 2 and first >= 0.3 > second and third >= 0.3
