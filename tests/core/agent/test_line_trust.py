"""Lessons earn trust across sessions, asserted from what the fake Messages API received and `memory show --json`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anthropic

from app.bench.fakeapi import FakeAPI, text, tool_use
from app.core.agent.session import Session
from app.core.settings import Settings

LESSON = "- If the build fails with CS0246 after switching branches, run dotnet restore first."


def _tool_result(request: Any) -> dict[str, Any]:
    block: dict[str, Any] = request.body["messages"][-1]["content"][0]
    assert block["type"] == "tool_result"
    return block


def memory_show(repo: Path, *extra: str) -> dict[str, Any]:
    """`python -m app memory show --repo REPO --json`, as a person runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run(
        [sys.executable, "-m", "app", "memory", "show", "--repo", str(repo), "--json", *extra],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def test_three_sessions_writing_one_lesson_confirm_it_in_three_and_make_it_a_candidate(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": LESSON + "\n"}),
        text("Noted."),
        # A later session learns the same lesson again, in other words' case and spacing, into another file.
        tool_use("memory", {"command": "create", "path": "/memories/build.md", "file_text": LESSON.upper() + "\n"}),
        text("Noted again."),
        tool_use(
            "memory", {"command": "insert", "path": "/memories/notes.md", "insert_line": 1, "insert_text": LESSON}
        ),
        text("Still true."),
    )
    for words in ("the build broke after a checkout; restore fixed it", "it happened again", "and again today"):
        Session(repo, Settings(), client=client).run_turn(words)
    second, third = _tool_result(fake.requests[3]), _tool_result(fake.requests[5])
    assert second.get("is_error") is not True and third.get("is_error") is not True
    assert "Already remembered; confirmed in 2 sessions" in second["content"]
    assert "Already remembered; confirmed in 3 sessions" in third["content"]
    files = {f["path"]: f for f in memory_show(repo)["files"]}
    assert list(files) == ["/memories/notes.md"]  # one copy of the lesson, however often it was written
    (line,) = files["/memories/notes.md"]["lines"]
    assert line["text"] == LESSON and line["by"] == "agent" and line["confirmed_sessions"] == 3
    assert line["promotion_candidate"] is True and line["standing"] is False and line["archived"] is False
