"""`ask` and `chat` say how to keep a line the person asked to remember that the gate refused.

A real process of the app against the fake Messages API, whose scripted model saves what it is asked
to remember and answers "Okay." (tests/remembering.py): the line on stderr comes from the app, never
from the model's wording, and a line the model wrote on its own initiative gets none.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.bench.fakeapi import FakeAPI
from app.core.memory import open_store
from app.core.memory.gate import check_write
from tests.core.agent.test_typed_mode import _app
from tests.remembering import STATE_LINE, writes_what_is_asked


def _hint(repo: Path) -> str:
    refusal = check_write("/memories/notes.md", None, f"- {STATE_LINE}\n", {})
    assert refusal is not None
    return (
        f"Not remembered: “{STATE_LINE}” ({refusal.reason}). To keep it as your own line: Settings → Memory, "
        f'or voice-dev-agent memory add --repo {repo.resolve()} "{STATE_LINE}"'
    )


def test_ask_says_how_to_keep_a_refused_line_the_person_asked_for(fake: FakeAPI, repo: Path) -> None:
    fake.respond_with(writes_what_is_asked)
    out = _app("ask", "--repo", str(repo), "--json", f"Remember that {STATE_LINE}.", fake=fake)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["reply"] == "Okay."  # the model said nothing of it
    assert [line for line in out.stderr.splitlines() if line.startswith("Not remembered")] == [_hint(repo)]
    assert open_store(repo).files() == []
    unasked = _app("ask", "--repo", str(repo), "why is the payments build red?", fake=fake)
    assert unasked.returncode == 0 and "Not remembered" not in unasked.stderr, unasked.stderr
    assert "Not saved" in str(fake.requests[-1].body["messages"][-1])  # refused all the same


@pytest.mark.slow  # a process of the app per call; the fast lane keeps the ask run above
def test_chat_says_it_after_the_turn_that_refused_it(fake: FakeAPI, repo: Path) -> None:
    fake.respond_with(writes_what_is_asked)
    out = _app("chat", "--repo", str(repo), fake=fake, stdin=f"Remember that {STATE_LINE}.\nthanks\n/quit\n")
    assert out.returncode == 0, out.stderr
    assert [line for line in out.stderr.splitlines() if line.startswith("Not remembered")] == [_hint(repo)]
