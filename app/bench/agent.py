"""`python -m app bench --agent`: the size of a session's first request and the loop's own overhead.

The overhead is measured against the fake Messages API the tests use too (app/bench/fakeapi.py):
the wall time of a turn minus the time the fake spent answering its requests, i.e. what the
app, the SDK and HTTP add. Everything runs in a
temporary app home and repository, so the user's memory is never touched.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

import anthropic

from app.bench import fakereplies
from app.bench.fakeapi import FakeAPI
from app.bench.home import temporary_home
from app.core.agent.session import Session
from app.core.memory import open_store
from app.core.settings import Settings

SAMPLE_MEMORY = (
    "- The api/ project is the one that matters; web/ is legacy and only gets security fixes.\n"
    "- Tests run with `pytest -q -m 'not slow'` while iterating; the full run before pushing.\n"
    "- 2026-11-20: halfway through moving the session code into app/core/agent/; next the UI.\n"
)
LONG_SESSION_TURNS = 12


def run_agent_bench(runs: int = 5, echo: bool = True) -> dict[str, Any]:
    with temporary_home() as home, FakeAPI() as fake:
        repo = _make_repo(home)
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
        sizes = _first_request_sizes(fake, client, repo)
        text_turns: list[float] = []
        tool_turns: list[float] = []
        for _ in range(max(1, runs)):
            text_turns.append(_overhead(fake, client, repo, tool=False))
            tool_turns.append(_overhead(fake, client, repo, tool=True))
        long_run = _long_session(fake, client, repo)
        early, late = long_run[:3], long_run[-3:]
    overhead: dict[str, float] = {
        "text_turn": round(statistics.median(text_turns), 2),
        "tool_turn": round(statistics.median(tool_turns), 2),
        f"session_turns_1_to_3_of_{LONG_SESSION_TURNS}": round(statistics.median(early), 2),
        f"session_turns_{LONG_SESSION_TURNS - 2}_to_{LONG_SESSION_TURNS}": round(statistics.median(late), 2),
    }
    result: dict[str, Any] = {"first_request_chars": sizes, "overhead_ms": overhead, "runs": max(1, runs)}
    if echo:
        s, o = sizes, overhead
        print(
            f"agent: first request of a session: {s['body']:,} characters of JSON "
            f"(system prompt {s['system_instructions']:,} + memory block {s['system_memory']:,} "
            f"+ tool definitions {s['tools']:,} + first user message {s['messages']:,})"
        )
        print(
            f"agent: loop overhead per turn, API time excluded (median of {result['runs']}): "
            f"text-only turn {o['text_turn']} ms, turn with one tool call (2 requests) {o['tool_turn']} ms"
        )
        keys = list(o)[2:]
        print(
            f"agent: in a {LONG_SESSION_TURNS}-turn session: turns 1-3 {o[keys[0]]} ms, "
            f"last three turns {o[keys[1]]} ms"
        )
    return result


def _make_repo(home: Path) -> Path:
    repo = home / "project"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "app.py").write_text("def main():\n    return 'hello'\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True, capture_output=True)
    return repo


def _session(client: anthropic.Anthropic, repo: Path) -> Session:
    return Session(repo, Settings(), client=client)


def _first_request_sizes(fake: FakeAPI, client: anthropic.Anthropic, repo: Path) -> dict[str, int]:
    open_store(repo).execute(
        {"command": "create", "path": "/memories/notes.md", "file_text": SAMPLE_MEMORY}, session_id="bench"
    )
    fake.reset()
    fake.script(fakereplies.text("Okay."))
    _session(client, repo).run_turn("Why is the build red?")
    body = fake.requests[0].body
    open_store(repo).forget()
    return {
        "body": len(fake.requests[0].raw.decode("utf-8")),
        "system_instructions": len(body["system"][0]["text"]),
        "system_memory": len(body["system"][1]["text"]),
        "tools": len(json.dumps(body["tools"])),
        "messages": len(json.dumps(body["messages"])),
    }


def _timed_turn(fake: FakeAPI, session: Session, words: str) -> float:
    before = len(fake.requests)
    started = time.monotonic()
    session.run_turn(words)
    wall = time.monotonic() - started
    answered = fake.requests[before:]
    # The fake's thread stamps `finished_at` just after the last byte goes out, which can be
    # a moment after the client has already read it: wait for the stamps, never read a zero.
    deadline = time.monotonic() + 5
    while any(not r.finished_at for r in answered) and time.monotonic() < deadline:
        time.sleep(0.001)
    served = sum(r.finished_at - r.received_at for r in answered if r.finished_at)
    return (wall - served) * 1000


def _overhead(fake: FakeAPI, client: anthropic.Anthropic, repo: Path, *, tool: bool) -> float:
    fake.reset()
    session = _session(client, repo)
    answer = "The build fails because orchestrator.py still imports the old class name. " * 3
    if tool:
        fake.script(
            fakereplies.tool_use("show_on_screen", {"text": "# Errors\n- one\n- two"}), fakereplies.text(answer)
        )
    else:
        fake.script(fakereplies.text(answer))
    return _timed_turn(fake, session, "Why is the build red?")


def _long_session(fake: FakeAPI, client: anthropic.Anthropic, repo: Path) -> list[float]:
    fake.reset()
    session = _session(client, repo)
    timings = []
    for turn in range(LONG_SESSION_TURNS):
        fake.script(
            fakereplies.tool_use("show_on_screen", {"text": f"# Step {turn}\n" + "- detail line\n" * 40}),
            fakereplies.text("Here is the next step; it is on screen. " * 4),
        )
        timings.append(_timed_turn(fake, session, f"And the next step? ({turn})"))
    return timings
