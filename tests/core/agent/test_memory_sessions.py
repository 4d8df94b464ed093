"""The memory as sessions see it, asserted from the requests the fake Messages API received.

S1 and S2 are the design notes' staleness scenarios: a memory names a file since deleted, and a
memory written before many commits. Then the memory switch (on, read-only, off) and honest use counts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core.agent import prompt
from app.core.agent.session import Session
from app.core.memory import open_store
from app.core.settings import Settings
from tests.conftest import git


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


def _memory_block(request: Any) -> str:
    return str(request.body["system"][-1]["text"])


def _tool_result(request: Any) -> dict[str, Any]:
    block: dict[str, Any] = request.body["messages"][-1]["content"][0]
    assert block["type"] == "tool_result"
    return block


def test_s1_a_memory_naming_a_deleted_file_is_marked_no_longer_exists(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    (repo / "src" / "old_parser.py").write_text("def parse(): ...\n")
    _commit(repo, "old parser")
    note = "- Parsing is done in src/old_parser.py; read it before touching the lexer.\n"
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": note}),
        text("Noted."),
        text("The parser moved."),
    )
    Session(repo, Settings(), client=client).run_turn("Remember where parsing happens")
    git(repo, "rm", "-q", "src/old_parser.py")
    _commit(repo, "parser rewritten into src/app.py")
    Session(repo, Settings(), client=client).run_turn("Where is parsing done?")
    block = _memory_block(fake.requests[2])
    assert "Parsing is done in src/old_parser.py" in block
    assert "no longer exists: src/old_parser.py" in block and "1 commit since" in block
    assert "changed since or no longer exists is probably stale" in fake.requests[2].body["system"][0]["text"]
    assert "no longer exists" not in _memory_block(fake.requests[0])  # frozen per session, computed at its start


def test_s2_a_memory_written_before_many_commits_says_how_many(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    store = open_store(repo)
    store.execute({"command": "create", "path": "/memories/notes.md", "file_text": "- src/app.py returns hello.\n"})
    for i in range(25):
        (repo / "src" / "app.py").write_text(f"def main():\n    return 'hello {i}'\n")
        _commit(repo, f"change {i}")
    fake.script(text("It returns a greeting."))
    Session(repo, Settings(), client=client).run_turn("What does main return?")
    block = _memory_block(fake.requests[0])
    assert 'status="written less than a minute ago; 25 commits since; changed since: src/app.py"' in block


def test_off_means_no_memory_block_and_no_memory_tool(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> None:
    open_store(repo).execute({"command": "create", "path": "/memories/notes.md", "file_text": "- secret plan\n"})
    settings = Settings(memory_modes={str(repo.resolve()): "off"})
    fake.script(text("Hi."))
    Session(repo.resolve(), settings, client=client).run_turn("hello")
    body = fake.requests[0].body
    assert "memory" not in [t["name"] for t in body["tools"]]
    assert "secret plan" not in json.dumps(body["system"])
    assert body["system"][-1]["text"] == prompt.OFF_MEMORY and prompt.MEMORY_RULES not in json.dumps(body["system"])
    assert open_store(repo).stats()["/memories/notes.md"].loaded_count == 0


def test_read_only_loads_the_block_and_refuses_every_write(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    store = open_store(repo)
    store.execute({"command": "create", "path": "/memories/notes.md", "file_text": "- build with make\n"})
    settings = Settings(memory_mode="read-only")  # the default for every repository without its own choice
    fake.script(
        tool_use("memory", {"command": "str_replace", "path": "/memories/notes.md", "old_str": "make", "new_str": "x"}),
        tool_use("memory", {"command": "view", "path": "/memories/notes.md"}),
        text("Okay."),
    )
    Session(repo, settings, client=client).run_turn("we use ninja now")
    assert "build with make" in _memory_block(fake.requests[0]) and "read-only" in _memory_block(fake.requests[0])
    refused = _tool_result(fake.requests[1])
    assert refused.get("is_error") is True and "read-only" in refused["content"]
    assert "build with make" in _tool_result(fake.requests[2])["content"]
    assert (store.folder / "notes.md").read_text() == "- build with make\n"


def test_a_memory_counts_as_used_only_when_the_session_touches_what_it_names(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    store = open_store(repo)
    for name, note in (
        ("app.md", "- src/app.py holds main; keep it tiny.\n"),
        ("orchestrator.md", "- ReviewOrchestrator owns retries.\n"),
        ("habits.md", "- The developer likes short answers.\n"),
    ):
        store.execute({"command": "create", "path": f"/memories/{name}", "file_text": note})
    fake.script(
        tool_use("read_file", {"path": "src/app.py"}),
        text("ReviewOrchestrator is not in this repository."),
    )
    Session(repo, Settings(), client=client).run_turn("What does main do, and where is the orchestrator?")
    stats = store.stats()
    assert {p.removeprefix("/memories/"): (s.loaded_count, s.used_count) for p, s in stats.items()} == {
        "app.md": (1, 1),  # named in a later tool input
        "orchestrator.md": (1, 1),  # named in the reply
        "habits.md": (1, 0),  # loaded only: that is not reading it
    }
    assert stats["/memories/habits.md"].flags(stats["/memories/habits.md"].modified) == ["never used"]


@pytest.mark.parametrize("mode", ["on", "read-only", "off"])
def test_the_system_prompt_stays_byte_identical_in_every_mode(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic, mode: str
) -> None:
    open_store(repo).execute({"command": "create", "path": "/memories/n.md", "file_text": "- n\n"})
    fake.script(tool_use("git_status"), text("Clean."), text("Bye."))
    session = Session(repo, Settings(memory_mode=mode), client=client)  # type: ignore[arg-type]
    session.run_turn("status?")
    time.sleep(0.01)
    session.run_turn("thanks")
    assert len({json.dumps(r.body["system"]) for r in fake.requests}) == 1
    assert len({json.dumps(r.body["tools"]) for r in fake.requests}) == 1
    assert not fake.problems


def test_s3_a_branch_state_line_is_refused_from_the_agent_and_marked_when_a_person_wrote_it(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic
) -> None:
    branch_line = "- On branch feature/login, 2 commits ahead of origin; not merged yet."
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": branch_line + "\n"}),
        text("Okay."),
    )
    Session(repo, Settings(), client=client).run_turn("Remember where I am")
    refused = _tool_result(fake.requests[1])
    assert refused.get("is_error") is True
    assert "Not saved" in refused["content"] and "feature/login" in refused["content"]
    store = open_store(repo)
    assert store.files() == []
    # The developer writes it themselves (the gate does not judge a person), then the branch moves on.
    durable = "- The login work is for the mobile release."
    saved = store.save_as_person("/memories/notes.md", f"{branch_line}\n{durable}\n", None)
    assert saved.saved, saved.message
    fake.script(text("Same branch, it seems."), text("Moved on."))
    Session(repo, Settings(), client=client).run_turn("Where am I?")
    assert "probably out of date" not in _memory_block(fake.requests[2])  # HEAD has not moved: nothing to say
    _commit(repo, "more work")
    Session(repo, Settings(), client=client).run_turn("Where am I now?")
    block = _memory_block(fake.requests[3])
    assert "by the developer; 1 commit since; repository state, probably out of date:" in block
    assert "On branch feature/login, 2 commits ahead of origin" in block.split("status=")[1].split(">")[0]
    assert "mobile release" not in block.split("status=")[1].split(">")[0]  # durable lines are not marked
