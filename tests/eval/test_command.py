"""`python -m app eval` as a person runs it: against the fake API, with progress, reports, Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, error
from app.core.settings import Settings
from app.eval import scenario
from app.eval.runner import Runner
from app.main import main
from tests.app_cli import run_app
from tests.eval import policies

pytestmark = pytest.mark.slow  # real sessions, git repositories and pytest runs: seconds each

ROOT = Path(__file__).resolve().parents[2]


def _env(fake: FakeAPI, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(
        ANTHROPIC_API_KEY=fake.api_key,
        ANTHROPIC_BASE_URL=fake.base_url,
        VOICE_DEV_AGENT_HOME=str(home),
        PYTHONPATH=str(ROOT),
    )
    return env


def test_eval_command_prints_table_cost_and_writes_reports(fake: FakeAPI, tmp_path: Path) -> None:
    fake.respond_with(policies.careful)
    out_dir = tmp_path / "reports"
    done = run_app(
        "eval", "--scenario", "s2-moved-on", "s3-branch-state", "--runs", "2", "--model", "claude-test-model",
        "--out", str(out_dir), env=_env(fake, tmp_path / "home"), cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "s2-moved-on" in done.stdout and "says-finished" in done.stdout and "2/2 (100%)" in done.stdout
    assert "cache read" in done.stdout and "\ntotal " in done.stdout
    progress = done.stderr.splitlines()
    assert any("s3-branch-state run 2/2: monday turn 1/1" in line and "tokens]" in line for line in progress)
    assert "Traceback" not in done.stderr
    (json_path,) = out_dir.glob("eval-*.json")
    data = json.loads(json_path.read_text(encoding="utf-8"))
    assert data["model"] == "claude-test-model" and data["api"] == fake.base_url
    assert len(data["runs"]) == 4 and {r["status"] for r in data["runs"]} == {"scored"}
    assert {r.body["model"] for r in fake.requests} == {"claude-test-model"}
    assert json_path.with_suffix(".html").is_file()
    assert str(json_path) in done.stderr  # the person is told where the reports are


def test_json_flag_prints_the_report(fake: FakeAPI, tmp_path: Path) -> None:
    fake.respond_with(policies.careless)
    done = run_app(
        "eval", "--scenario", "s3-branch-state", "--runs", "1", "--json", "--out", str(tmp_path),
        env=_env(fake, tmp_path / "home"), cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["summary"]["s3-branch-state"]["passed_all"] == 0


def _ctrl_c_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_writes_the_partial_report(fake: FakeAPI, tmp_path: Path) -> None:
    fake.respond_with(policies.careful)
    out_dir = tmp_path / "reports"
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "eval", "--scenario", "s2-moved-on", "--runs", "20", "--out", str(out_dir)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(fake, tmp_path / "home"), cwd=ROOT,
        # A suite started in the background (`.ci/run &`, nohup) passes SIGINT down ignored, and
        # Python then leaves it ignored: the child must get Ctrl+C as a terminal would send it.
        preexec_fn=_ctrl_c_default,
    )  # fmt: skip
    assert process.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + 240
    for line in process.stderr:
        seen.append(line)
        if "run 2/20: friday" in line or time.monotonic() > deadline:
            break
    process.send_signal(signal.SIGINT)
    stdout, rest = process.communicate(timeout=120)
    stderr = "".join(seen) + rest
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert "Interrupted with Ctrl+C" in stdout
    (json_path,) = out_dir.glob("eval-*.json")
    data = json.loads(json_path.read_text(encoding="utf-8"))
    assert data["interrupted"] is True
    statuses = [r["status"] for r in data["runs"]]
    assert statuses[0] == "scored" and statuses[-1] == "interrupted" and len(statuses) < 20
    assert data["summary"]["s2-moved-on"]["scored"] == statuses.count("scored")
    assert json_path.with_suffix(".html").is_file()


def test_no_api_key_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["eval", "--scenario", "s2-moved-on", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip() == (
        "error: No Anthropic API key is set. "
        "Enter it under Settings, API key, or set ANTHROPIC_API_KEY in the environment."
    )
    assert not list(tmp_path.iterdir())  # nothing ran, nothing written


def test_unknown_scenario_and_bad_runs_are_clear(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--scenario", "nope"]) == 2
    assert "No scenario named nope. Known: friday-monday" in capsys.readouterr().err
    assert main(["eval", "--runs", "0"]) == 2
    assert "--runs must be 1 or more" in capsys.readouterr().err


def test_list_and_compare(outcomes: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.eval import html_report, report

    assert main(["eval", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in listed] == [s.name for s in scenario.available()]
    paths = []
    for name in ("careless", "careful"):
        data = report.build(outcomes[name])
        paths.append(report.save(data, tmp_path / name, html_report.render(data))[0])
    assert main(["eval", "--compare", str(paths[0]), str(paths[1])]) == 0
    out = capsys.readouterr().out
    assert "no-rule-saved" in out and "+100 pts" in out
    assert main(["eval", "--compare", str(paths[0]), str(tmp_path / "missing.json")]) == 2


def test_api_failure_marks_that_run_failed_and_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monday_requests = []

    def flaky(request: RecordedRequest) -> Reply:
        words = policies.TurnView.of(request.body).words
        if words.startswith("Where am I"):
            monday_requests.append(words)
            if len(monday_requests) == 1:
                return error(529, "Overloaded")
        return policies.careful(request)

    with FakeAPI() as fake:
        fake.respond_with(flaky)
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
        lines: list[str] = []
        outcome = Runner(Settings(), client, progress=lines.append).run(scenario.select(["s2-moved-on"]), 2)
    first, second = outcome.runs
    assert first.status == "error" and "overloaded" in first.error.lower() and "monday" in first.error
    assert first.session("friday") is not None and first.usage["input_tokens"] > 0  # what it cost still counts
    assert second.status == "scored" and second.passed
    assert any("run 1/2: failed" in line for line in lines)


def test_runs_leave_the_user_memory_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "user-home"
    monkeypatch.setenv("VOICE_DEV_AGENT_HOME", str(home))
    from tests.eval.conftest import run_policy

    run_policy(policies.careful, ["s3-branch-state"])
    assert not (home / "data" / "memory").exists()
    assert os.environ["VOICE_DEV_AGENT_HOME"] == str(home)


def test_an_unwritable_out_folder_still_prints_the_results(fake: FakeAPI, tmp_path: Path) -> None:
    fake.respond_with(policies.careful)
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    done = run_app(
        "eval", "--scenario", "s3-branch-state", "--runs", "1", "--out", str(blocked),
        env=_env(fake, tmp_path / "home"), cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 1
    assert "error: could not write the reports to" in done.stderr and "Traceback" not in done.stderr
    assert "checked-first" in done.stdout and "1/1 (100%)" in done.stdout


def test_a_missing_pytest_is_named_before_the_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from app.eval import runner

    assert runner.test_runner_problem() == ""  # this interpreter has pytest
    bare = tmp_path / "python3"  # an interpreter without pytest: a stand-in that fails the import like one
    bare.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    bare.chmod(0o755)
    monkeypatch.setattr(runner.python_check, "interpreter", lambda folder, root: str(bare))
    expected = f"pytest is not installed for {bare} (install it with: {bare} -m pip install pytest)"
    assert runner.test_runner_problem() == expected
