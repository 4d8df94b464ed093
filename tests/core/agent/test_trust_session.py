"""Code runs only in a trusted repository: the session asks once, the CLI asks on a terminal, reading still works."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core import trust
from app.core.agent.events import Event, ToolFinished, TrustNeeded
from app.core.agent.session import Session
from app.core.settings import Settings
from tests.app_cli import run_app
from tests.conftest import git

ROOT = Path(__file__).resolve().parents[3]


def _project(parent: Path) -> tuple[Path, Path]:
    """A Python repository whose one test leaves a marker when it runs; (repo, marker)."""
    repo = parent / "shop"
    (repo / "tests").mkdir(parents=True)
    marker = parent / "the-test-ran"
    (repo / "pyproject.toml").write_text("[project]\nname = 'shop'\nversion = '1'\n")
    (repo / "tests" / "test_shop.py").write_text(
        f"from pathlib import Path\n\ndef test_one():\n    Path({str(marker)!r}).write_text('ran')\n"
    )
    git(repo.parent, "init", "-q", "-b", "main", str(repo))
    git(repo, "add", ".")
    git(repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "start")
    return repo, marker


def test_an_untrusted_repository_runs_no_test_asks_once_and_still_reads(
    tmp_path: Path, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    repo, marker = _project(tmp_path)
    fake.script(
        {"content": [{"type": "tool_use", "name": n, "input": {}} for n in ("test", "build")]},
        {"content": [{"type": "tool_use", "name": n, "input": i} for n, i in (
            ("git_status", {}), ("read_file", {"path": "pyproject.toml"}), ("search_code", {"pattern": "def test"}))]},
        text("It is a shop; the tests can run once you trust it."),
    )  # fmt: skip
    events: list[Event] = []
    Session(repo, Settings(), client=client).run_turn("what does this project do", events.append)
    assert not marker.exists()
    asks = [e for e in events if isinstance(e, TrustNeeded)]
    assert len(asks) == 1  # the build after the test is not a second question
    assert asks[0].tool == "test" and "-m pytest" in asks[0].command and asks[0].folder == str(repo.resolve())
    refused = fake.requests[1].body["messages"][-1]["content"]
    assert all(r["is_error"] and r["content"].startswith("Not run: the developer has not trusted") for r in refused)
    reads = fake.requests[2].body["messages"][-1]["content"]
    assert [r.get("is_error", False) for r in reads] == [False, False, False]
    assert "name = 'shop'" in reads[1]["content"] and "test_shop.py" in reads[2]["content"]
    assert [e.is_error for e in events if isinstance(e, ToolFinished)] == [True, True, False, False, False]


@pytest.mark.slow
def test_trusting_while_asked_runs_the_test_and_a_revoke_stops_the_next(
    tmp_path: Path, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    repo, marker = _project(tmp_path)
    fake.script(tool_use("test"), text("Passed."), tool_use("test"), text("Not run."))
    session = Session(repo, Settings(), client=client)

    def say_yes(event: Event) -> None:
        if isinstance(event, TrustNeeded):
            trust.grant(Path(event.repo))

    session.run_turn("run the tests", say_yes)
    assert marker.read_text() == "ran"
    assert "Tests passed" in fake.requests[1].body["messages"][-1]["content"][0]["content"]
    marker.unlink()
    trust.revoke(repo)
    asked: list[Event] = []
    session.run_turn("again", lambda e: asked.append(e) if isinstance(e, TrustNeeded) else None)  # says "not now"
    assert not marker.exists()  # revoked: the next test is not run
    assert len(asked) == 1  # the new turn asks again (a person who said "not now" before is asked once more)


def _cli(*args: str, fake: FakeAPI | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    if fake is not None:
        env.update(ANTHROPIC_BASE_URL=fake.base_url, ANTHROPIC_API_KEY=fake.api_key)
    return run_app(*args, env=env, cwd=ROOT)


def test_ask_without_a_terminal_refuses_with_the_hint(tmp_path: Path, fake: FakeAPI) -> None:
    repo, marker = _project(tmp_path)
    fake.script(tool_use("test"), text("It needs your trust."))
    out = _cli("ask", "--repo", str(repo), "run the tests", fake=fake)
    assert out.returncode == 0, out.stderr
    assert not marker.exists()
    assert f"voice-dev-agent trust --repo {repo.resolve()}" in out.stderr
    assert "python" in out.stderr and "-m pytest" in out.stderr  # what would have run


@pytest.mark.slow  # a process of the app per call; the fast lane keeps one of each kind
def test_ask_on_a_terminal_asks_y_n_once_and_runs_after_yes(tmp_path: Path, fake: FakeAPI) -> None:
    repo, marker = _project(tmp_path)
    fake.script(tool_use("test"), text("Passed."))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update(ANTHROPIC_BASE_URL=fake.base_url, ANTHROPIC_API_KEY=fake.api_key)
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "ask", "--repo", str(repo), "run the tests"],
        stdin=follower, stdout=follower, stderr=follower, env=env, cwd=ROOT,
    )  # fmt: skip
    os.close(follower)
    seen = _read_until(leader, b"[y/N]")
    os.write(leader, b"y\n")
    seen += _read_until(leader, b"Passed.")
    proc.wait(timeout=60)
    os.close(leader)
    assert proc.returncode == 0, seen
    assert marker.read_text() == "ran"
    assert seen.count(b"[y/N]") == 1
    assert trust.is_trusted(repo)


def _read_until(fd: int, wanted: bytes, timeout: float = 60.0) -> bytes:
    got = b""
    deadline = time.monotonic() + timeout
    while wanted not in got and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                got += os.read(fd, 4096)
            except OSError:
                break
    assert wanted in got, got.decode(errors="replace")
    return got


def test_trust_revoke_and_list_on_the_command_line(tmp_path: Path) -> None:
    repo, _ = _project(tmp_path)
    assert "No repository is trusted" in _cli("trust", "--list").stdout
    out = _cli("trust", "--repo", str(repo / "tests"))  # any folder inside it names the repository
    assert out.returncode == 0 and f"Trusted: {repo.resolve()}" in out.stdout
    assert str(repo.resolve()) in _cli("trust", "--list").stdout
    assert trust.is_trusted(repo)
    assert "No longer trusted" in _cli("trust", "--repo", str(repo), "--revoke").stdout
    assert not trust.is_trusted(repo)
    bad = _cli("trust", "--repo", str(tmp_path / "nowhere"))
    assert bad.returncode != 0 and "does not exist" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_only_the_trust_gated_runner_starts_repository_code() -> None:
    """A tripwire for 'any future tool that executes': the one way to run a command with the tools'
    limits is process.run, and only build_runner (which asks the trust gate first) may call it."""
    import ast

    callers = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            imported = isinstance(node, ast.ImportFrom) and node.module == "app.core.agent.tools.process"
            named = (
                isinstance(node, ast.ImportFrom)
                and node.module == "app.core.agent.tools"
                and any(alias.name == "process" for alias in node.names)
            )
            if imported or named:
                callers.append(path.relative_to(ROOT).as_posix())
    assert callers == ["app/core/agent/tools/build_runner.py"]
    source = (ROOT / "app/core/agent/tools/build_runner.py").read_text(encoding="utf-8")
    assert source.index("gate.refusal(") < source.index("process.run(")
