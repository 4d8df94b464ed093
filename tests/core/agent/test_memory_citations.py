"""Per-line citation marks as a session sees them, asserted from the requests the fake Messages API received."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anthropic

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core.agent.session import Session
from app.core.memory.snapshot import GONE_HEADING
from app.core.settings import Settings
from tests.conftest import git


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


def _memory_block(request: Any) -> str:
    return str(request.body["system"][-1]["text"])


def test_the_next_session_sees_each_line_marked_and_gone_lines_last(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    (repo / "src" / "greet.py").write_text("def greeting_text(name):\n    return 'hello ' + name\n")
    (repo / "src" / "helpers.py").write_text("def shout(s):\n    return s.upper()\n")
    (repo / "src" / "words.py").write_text("def farewell_text():\n    return 'bye'\n")
    _commit(repo, "greetings")
    note = (
        "- `greeting_text` puts hello before the name.\n"
        "- src/helpers.py holds the string helpers.\n"
        "- farewell_text always says bye.\n"
        "- Answer in one sentence.\n"
    )
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": note}),
        text("Noted."),
        text("It greets."),
    )
    Session(repo, Settings(), client=client).run_turn("Remember how greetings work")
    (repo / "src" / "greet.py").write_text("def greeting_text(name):\n    return 'hi ' + name\n")
    git(repo, "rm", "-q", "src/helpers.py")
    (repo / "README.md").write_text("unrelated\n")
    _commit(repo, "greet with hi; helpers inlined")
    Session(repo, Settings(), client=client).run_turn("How does the greeting go?")
    block = _memory_block(fake.requests[2])
    notes, heading, tail = block.partition(GONE_HEADING)
    assert heading, block
    assert "- `greeting_text` puts hello before the name.  [changed since: src/greet.py (greeting_text)]" in notes
    assert "- farewell_text always says bye.\n" in notes and "- Answer in one sentence.\n" in notes  # no marks
    assert "src/helpers.py holds" not in notes
    assert "- src/helpers.py holds the string helpers.  [no longer exists: src/helpers.py]" in tail
    rule = fake.requests[2].body["system"][0]["text"]
    assert "[changed since: PATH]" in rule and "[no longer exists: PATH]" in rule
    # Frozen per session: the first session's block was computed before anything changed.
    assert "changed since" not in _memory_block(fake.requests[1])
