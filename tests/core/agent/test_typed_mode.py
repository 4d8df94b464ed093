"""`python -m app ask` and `python -m app chat` as a person runs them, against the fake API.

The commands run in this process (tests/app_cli.py); a failed ask also runs as a real process, for the
exit code of the real entry point.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from tests.app_cli import Runner, run_app, run_process
from tests.conftest import trusted
from tests.scenario import BUILD_ERROR_FILE, BUILD_ERROR_LINE, make_scenario_repo

ROOT = Path(__file__).resolve().parents[3]


def _app(
    *args: str, fake: FakeAPI | None, key: str | None = None, stdin: str = "", run: Runner = run_app
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    if fake is not None:
        env["ANTHROPIC_BASE_URL"] = fake.base_url
        env["ANTHROPIC_API_KEY"] = key if key is not None else fake.api_key
    return run(*args, env=env, cwd=ROOT, input=stdin)


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    return trusted(make_scenario_repo(tmp_path))  # the developer's repository: the build may run


def _build_red_script() -> list[dict[str, object]]:
    return [
        tool_use("git_status", preface="Let me check."),
        tool_use("build"),
        tool_use("read_file", {"path": BUILD_ERROR_FILE, "start_line": 1, "end_line": 10}),
        text("The build is red because orchestrator.py still imports ChangedFile, which you renamed."),
    ]


def test_an_asked_question_lands_in_the_history_with_its_tools(fake: FakeAPI, scenario: Path) -> None:
    from app.core.history import History

    fake.script(*_build_red_script())
    out = _app("ask", "--repo", str(scenario), "Why is the build red?", fake=fake)
    assert out.returncode == 0, out.stderr
    (turn,) = History().turns(str(scenario.resolve()))
    assert turn.heard == "Why is the build red?" and turn.source == "typed"
    assert turn.reply.startswith("The build is red because")
    assert [t.name for t in turn.tools] == ["git_status", "build", "read_file"]


def test_with_the_history_off_nothing_is_kept(fake: FakeAPI, scenario: Path) -> None:
    from app.core import paths
    from app.core.history import History
    from app.core.settings import Settings, save

    save(Settings(history_enabled=False))
    fake.script(text("Okay."))
    assert _app("ask", "--repo", str(scenario), "Remember nothing", fake=fake).returncode == 0
    assert History().turns() == [] and not paths.history_file().exists()


def test_ask_why_is_the_build_red_runs_the_tools_end_to_end(fake: FakeAPI, scenario: Path) -> None:
    fake.script(*_build_red_script())
    out = _app("ask", "--repo", str(scenario), "Why is the build red?", fake=fake)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        "The build is red because orchestrator.py still imports ChangedFile, which you renamed."
    )
    assert not fake.problems
    requests = fake.requests
    assert len(requests) == 4
    results = [r.body["messages"][-1]["content"][0] for r in requests[1:]]
    assert all(r["type"] == "tool_result" for r in results)
    status, build, read = (r["content"] for r in results)
    assert "main" in status and "models.py" in status
    assert results[1].get("is_error") or "ChangedFile" in build
    assert "ChangedFile" in build
    assert f"{BUILD_ERROR_LINE}" in read and "from reviewbot.models import ChangedFile" in read
    assert "Why is the build red?" in json.dumps(requests[0].body["messages"][0])


def test_ask_json_lists_reply_screen_and_tools(fake: FakeAPI, scenario: Path) -> None:
    fake.script(
        tool_use("show_on_screen", {"text": "# Failing\n- tests/test_rules.py", "title": "Tests"}),
        tool_use("search_code", {"pattern": "ChangedFile"}),
        text("One test fails; the list is on screen."),
    )
    out = _app("ask", "--repo", str(scenario), "--json", "Which", "tests", "fail?", fake=fake)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["reply"] == "One test fails; the list is on screen."
    assert data["screen"] == [{"title": "Tests", "markdown": "# Failing\n- tests/test_rules.py"}]
    assert [t["name"] for t in data["tools"]] == ["show_on_screen", "search_code"]
    assert data["tools"][1]["label"] == "searching for ChangedFile"
    assert "Which tests fail?" in json.dumps(fake.requests[0].body["messages"][0])


def test_ask_prints_what_the_agent_put_on_screen_after_the_reply(fake: FakeAPI, scenario: Path) -> None:
    # No panel in a terminal: "I put a summary on your screen" alone would point at nothing.
    fake.script(
        tool_use("show_on_screen", {"text": "# Failing\n- tests/test_rules.py: ChangedFile", "title": "Tests"}),
        text("One test fails; I put a summary on your screen."),
    )
    out = _app("ask", "--repo", str(scenario), "Which tests fail?", fake=fake)
    assert out.returncode == 0, out.stderr
    reply, _, page = out.stdout.partition("\n")
    assert reply == "One test fails; I put a summary on your screen."
    assert "## Tests" in page and "- tests/test_rules.py: ChangedFile" in page
    assert page.index("## Tests") < page.index("tests/test_rules.py")


@pytest.mark.parametrize("run", [run_app, pytest.param(run_process, marks=pytest.mark.slow)], ids=["main", "process"])
def test_ask_failure_is_one_line_on_stderr_and_nonzero(fake: FakeAPI, scenario: Path, run: Runner) -> None:
    out = _app("ask", "--repo", str(scenario), "Hello?", fake=fake, key="sk-ant-revoked-key", run=run)
    assert out.returncode != 0
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "the API key was rejected" in lines[0]


def test_an_empty_question_sends_nothing_and_says_so(fake: FakeAPI, scenario: Path) -> None:
    # It used to go to the API as "(silence)", and the model answered a question nobody asked.
    out = _app("ask", "--repo", str(scenario), "  ", fake=fake)
    assert out.returncode != 0 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "empty" in lines[0] and "nothing was sent" in lines[0]
    assert fake.requests == []


def test_ask_without_a_key_says_where_to_set_it(scenario: Path) -> None:
    out = _app("ask", "--repo", str(scenario), "Hello?", fake=None)
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "ANTHROPIC_API_KEY" in lines[0] and "Settings" in lines[0]
    assert "Traceback" not in out.stderr


def test_ask_outside_a_repository_is_a_clear_error(fake: FakeAPI, tmp_path: Path) -> None:
    out = _app("ask", "--repo", str(tmp_path), "Hello?", fake=fake)
    assert out.returncode != 0 and "not inside a git repository" in out.stderr
    assert "Traceback" not in out.stderr


def test_chat_converses_shows_screen_content_and_starts_new_sessions(fake: FakeAPI, scenario: Path) -> None:
    fake.script(
        tool_use("show_on_screen", {"text": "- orchestrator.py line 6", "title": "Build errors"}),
        text("The build is red; details are on screen."),
        text("Thanks, noted."),
        text("Hello, new session here."),
    )
    out = _app(
        "chat",
        "--repo",
        str(scenario),
        fake=fake,
        stdin="Why is the build red?\nThanks\n/new\nHello\n/quit\nnever sent\n",
    )
    assert out.returncode == 0, out.stderr
    assert "## Build errors" in out.stdout and "- orchestrator.py line 6" in out.stdout
    assert "[showing it on screen…]" in out.stdout
    for reply in ("The build is red; details are on screen.", "Thanks, noted.", "Hello, new session here."):
        assert reply in out.stdout
    assert not fake.problems
    requests = fake.requests
    assert len(requests) == 4  # "never sent" came after /quit
    assert len(requests[2].body["messages"]) == 5  # the same session went on
    fresh = requests[3].body["messages"]
    assert len(fresh) == 1 and fresh[0]["content"][0]["text"].startswith("[Session started")
    assert fresh[0]["content"][-1]["text"] == "Hello"


def test_chat_turns_are_in_the_history_like_ask_turns(fake: FakeAPI, scenario: Path) -> None:
    from app.core.history import History

    fake.script(text("Asked once."), text("Chatted once."))
    assert _app("ask", "--repo", str(scenario), "What is this repository?", fake=fake).returncode == 0
    out = _app("chat", "--repo", str(scenario), fake=fake, stdin="And the build?\n/quit\n")
    assert out.returncode == 0, out.stderr
    turns = History().turns(str(scenario.resolve()))
    assert [(t.heard, t.reply, t.source) for t in turns] == [
        ("And the build?", "Chatted once.", "typed"),
        ("What is this repository?", "Asked once.", "typed"),
    ]


def test_the_first_use_of_memory_from_the_command_line_says_so_once(fake: FakeAPI, scenario: Path) -> None:
    fake.script(text("One."), text("Two."), text("Three."))
    first = _app("ask", "--repo", str(scenario), "--json", "What is this?", fake=fake)
    assert first.returncode == 0, first.stderr
    assert "the agent keeps short notes about this repository in " in first.stderr
    assert f"memory show --repo {scenario.resolve()}" in first.stderr
    assert f"memory mode --repo {scenario.resolve()} off" in first.stderr
    assert json.loads(first.stdout)["reply"] == "One."  # the note stays out of the JSON
    again = _app("ask", "--repo", str(scenario), "And now?", fake=fake)
    chat = _app("chat", "--repo", str(scenario), fake=fake, stdin="Hi\n/quit\n")
    assert again.returncode == 0 and chat.returncode == 0, again.stderr + chat.stderr
    assert "keeps short notes" not in again.stderr + chat.stderr
