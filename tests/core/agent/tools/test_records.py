"""Each tool's record carries its own policy, and the toolbox, the session and the prompt follow it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from app.core import trust
from app.core.agent import prompt
from app.core.agent.toolbox import REGISTRY, TOOLS, check, definitions
from app.core.agent.tools.record import ToolContext
from app.core.agent.tools.search_code import MAX_SEARCHES_PER_TURN
from app.core.memory import open_store
from app.core.settings import Settings
from tests.conftest import git
from tests.structure import import_graph

KEY_BODY = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"
KEY = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n"
ENV_VALUE = "plain-value-7731"

# For each tool that shows file text: a call that shows an ordinary file, then calls that would show the
# secret files below if the tool skipped the disclosure check. A new such tool fails
# test_every_tool_that_shows_file_text_is_probed until it is here.
PROBES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "read_file": ({"path": "src/app.py"}, [{"path": "src/deploy.py"}, {"path": ".env"}]),
    "search_code": (
        {"pattern": "hello"},
        [{"pattern": "b3BlbnNzaC1rZXkt"}, {"pattern": "plain-value"}, {"pattern": "OPENSSH"}],
    ),
}


@pytest.fixture
def secret_repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "app.py").write_text("def main():\n    return 'hello'\n", encoding="utf-8")
    (empty_repo / "src" / "deploy.py").write_text(f'KEY = """\n{KEY}"""\n', encoding="utf-8")
    (empty_repo / ".env").write_text(f"API_TOKEN={ENV_VALUE}\n", encoding="utf-8")
    git(empty_repo, "add", ".")
    git(empty_repo, "commit", "-q", "-m", "start")
    return empty_repo


def context(repo: Path) -> ToolContext:
    return ToolContext(
        repo=repo,
        settings=Settings(),
        cancel=threading.Event(),
        user_words="",
        memory=open_store(repo),
        session_id="s",
        show=lambda content: None,
        trust=trust.Gate(),
    )


def test_every_tool_that_shows_file_text_is_probed() -> None:
    assert set(PROBES) == {tool.name for tool in REGISTRY if tool.shows_file_text}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_a_tool_that_shows_file_text_never_shows_a_secret_file(secret_repo: Path, name: str) -> None:
    tool = TOOLS[name]
    ordinary, secret = PROBES[name]
    shown = tool.run(context(secret_repo), check(name, ordinary).args)
    assert "hello" in shown.text and not shown.is_error  # an ordinary file shows: refusals below are for secrets
    for args in secret:
        call = check(name, args)
        assert not call.problem, call.problem
        # The tool's own result, before the toolbox's masking: the file must be kept out, not masked after.
        result = tool.run(context(secret_repo), call.args)
        assert KEY_BODY not in result.text and ENV_VALUE not in result.text, (name, args, result.text)


@pytest.mark.slow
def test_a_tool_that_shows_file_text_asks_the_disclosure_check() -> None:
    graph = import_graph()
    for tool in REGISTRY:
        if tool.shows_file_text:
            assert "app.core.agent.tools.disclosure" in graph[tool.run.__module__], tool.name


def test_the_prompt_names_the_tools_from_their_records() -> None:
    look = next(line for line in prompt.BASE_INSTRUCTIONS.splitlines() if line.startswith("- Look before"))
    for tool in REGISTRY:
        assert (tool.name in look) == tool.looks_at_repository, tool.name
        if tool.hint:
            assert f"- {tool.hint}" in prompt.BASE_INSTRUCTIONS
    assert TOOLS["show_on_screen"].hint and "show_on_screen as Markdown" in TOOLS["show_on_screen"].hint


def test_policy_sits_in_the_records() -> None:
    search = TOOLS["search_code"].per_turn
    assert search is not None and search.limit == MAX_SEARCHES_PER_TURN and search.refusal.is_error
    assert TOOLS["memory"].needs_memory and not TOOLS["memory"].counts_memory_use
    assert TOOLS["read_file"].shows_file_text and TOOLS["search_code"].shows_file_text
    assert "memory" not in [d["name"] for d in definitions(include_memory=False)]
