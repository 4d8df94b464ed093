"""Lessons earn trust across sessions, asserted from what the fake Messages API received and `memory show --json`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anthropic

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core.agent.session import Session
from app.core.settings import Settings
from tests.app_cli import run_app

LESSON = "- If the build fails with CS0246 after switching branches, run dotnet restore first."


def _tool_result(request: Any) -> dict[str, Any]:
    block: dict[str, Any] = request.body["messages"][-1]["content"][0]
    assert block["type"] == "tool_result"
    return block


def memory_show(repo: Path, *extra: str) -> dict[str, Any]:
    """`python -m app memory show --repo REPO --json`, as a person runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = run_app("memory", "show", "--repo", str(repo), "--json", *extra, env=env)
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


DAY = 86_400
SIGNED = "- Release builds are signed on the CI machine only, by policy."


def _days_later(skew: Path, days: int) -> None:
    """Move the app's wall clock on (app.core.clock), for this process and the commands it starts."""
    skew.write_text(str(days * DAY))


def _lines_of(repo: Path) -> dict[str, dict[str, Any]]:
    return {line["text"]: line for f in memory_show(repo)["files"] for line in f["lines"]}


def test_a_lesson_unused_for_60_days_is_archived_not_loaded_and_restorable(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic, tmp_path: Path, monkeypatch: Any
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    _days_later(skew, 0)
    note = f"{LESSON}\n{SIGNED}\n"
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": note}),
        text("Noted."),
        text("Hello."),
        text("Hello again."),
    )
    # Not asked to remember: the agent's own notes (a line the person asked for never decays).
    Session(repo, Settings(), client=client).run_turn("how do we build?")
    _days_later(skew, 59)
    assert not any(line["archived"] for line in _lines_of(repo).values())
    _days_later(skew, 61)
    assert all(line["archived"] for line in _lines_of(repo).values())
    Session(repo, Settings(), client=client).run_turn("hi")
    block = fake.requests[2].body["system"][-1]["text"]
    assert "dotnet restore" not in block and "signed on the CI machine" not in block
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    shown = run_app("memory", "show", "--repo", str(repo), env=env)
    assert "archived, not loaded (60 days neither used nor confirmed): " + SIGNED in shown.stdout
    assert f'memory restore --repo {repo} "{SIGNED}"' in shown.stdout
    assert "never used" in shown.stdout  # the file's 90-day flag stays as it was
    restored = run_app("memory", "restore", "--repo", str(repo), SIGNED.upper(), env=env)
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.startswith(f'Restored "{SIGNED}" (/memories/notes.md)')
    lines = _lines_of(repo)
    assert lines[SIGNED]["archived"] is False and lines[LESSON]["archived"] is True  # kept, with its history
    Session(repo, Settings(), client=client).run_turn("hi again")
    block = fake.requests[3].body["system"][-1]["text"]
    assert "signed on the CI machine" in block and "dotnet restore" not in block
    again = run_app("memory", "restore", "--repo", str(repo), SIGNED, env=env)
    assert again.returncode == 2 and "is not archived" in again.stderr


def test_a_preference_that_names_no_path_counts_as_used_by_its_terms(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic, tmp_path: Path, monkeypatch: Any
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    _days_later(skew, 0)
    (repo / ".editorconfig").write_text("[*.cs]\ndotnet_diagnostic.CS1591.severity = none\n")
    quick = "- The developer prefers pytest -x for quick runs."
    noise = "- CS1591 warnings are noise in this repository, by team convention."
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": f"{quick}\n{noise}\n"}),
        text("Noted."),
        tool_use("memory", {"command": "create", "path": "/memories/build.md", "file_text": f"{SIGNED}\n"}),
        text("Noted."),
        tool_use("read_file", {"path": ".editorconfig"}),  # its result says CS1591
        text("I would run pytest -x, as you like it."),  # the reply repeats the command
    )
    # The agent's own notes, not asked for (a line asked for never decays, used or not).
    Session(repo, Settings(), client=client).run_turn("pytest -x is quick here; CS1591 is noise")
    Session(repo, Settings(), client=client).run_turn("how are releases signed?")  # not asked for: it may decay
    _days_later(skew, 40)
    Session(repo, Settings(), client=client).run_turn("what do the editor settings say?")
    _days_later(skew, 70)
    lines = _lines_of(repo)
    assert lines[quick]["archived"] is False and lines[noise]["archived"] is False  # used on day 40
    assert lines[SIGNED]["archived"] is True  # loaded, never used
