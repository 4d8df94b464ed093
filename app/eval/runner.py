"""Run scenarios N times through the real agent (Session, tools, memory store) and score each run.

Runs are sequential, each in its own temp folder and app home. A run whose turn fails (the API
answered with an error after the SDK's retries) is recorded as failed and the next run starts;
Ctrl+C marks the run under way as interrupted and returns everything recorded so far, so the
caller can still write the partial report.
"""

from __future__ import annotations

import dataclasses
import logging
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import anthropic

from app.core import trust
from app.core.agent.events import TurnFailed
from app.core.agent.session import Session
from app.core.agent.tools import python_check
from app.core.settings import Settings
from app.eval.record import RunRecord, SessionRecord, Turn, add_usage, empty_usage, timeline
from app.eval.scenario import Scenario, Step
from app.eval.scoring import score_run
from app.eval.workspace import SetupError, Workspace, isolated_home

log = logging.getLogger(__name__)

Progress = Callable[[str], None]


@dataclass
class Outcome:
    """Everything one eval recorded, finished or not."""

    model: str
    effort: str
    runs_per_scenario: int
    scenarios: list[Scenario]
    started_at: datetime
    finished_at: datetime | None = None
    interrupted: bool = False
    runs: list[RunRecord] = field(default_factory=list)

    @property
    def usage(self) -> dict[str, int]:
        total = empty_usage()
        for run in self.runs:
            add_usage(total, run.usage)
        return total


class Runner:
    """Runs scenarios with one API client and one settings object; reports progress as lines."""

    def __init__(
        self, settings: Settings, client: anthropic.Anthropic, *, model: str = "", progress: Progress | None = None
    ) -> None:
        self.settings = dataclasses.replace(settings, model=model) if model else settings
        self.client = client
        self._progress = progress or (lambda line: None)
        self._started = time.monotonic()
        self._tokens = 0  # of finished sessions
        self._live: Session | None = None  # the session under way, for tokens so far

    def run(self, scenarios: list[Scenario], runs: int) -> Outcome:
        """Every scenario `runs` times; returns on Ctrl+C too, with `interrupted` set.

        Round by round (run 1 of every scenario, then run 2 …), so a report cut short by Ctrl+C or a
        spent budget still covers every scenario.
        """
        outcome = Outcome(self.settings.model, self.settings.effort, runs, scenarios, datetime.now().astimezone())
        self._started = time.monotonic()
        try:
            for number in range(1, runs + 1):
                for scenario in scenarios:
                    record = RunRecord(scenario.name, number)
                    outcome.runs.append(record)
                    self.run_once(scenario, record, of=runs)
        except KeyboardInterrupt:
            outcome.interrupted = True
            if outcome.runs and outcome.runs[-1].status == "running":
                outcome.runs[-1].status = "interrupted"
                outcome.runs[-1].error = "stopped with Ctrl+C"
            self._say("interrupted: writing the report of what finished")
        outcome.finished_at = datetime.now().astimezone()
        return outcome

    def run_once(self, scenario: Scenario, record: RunRecord, *, of: int = 1) -> RunRecord:
        """One run of one scenario into `record` (scored, or marked failed with the reason)."""
        started = time.monotonic()
        label = f"{scenario.name} run {record.run}/{of}"
        self._say(f"{label}: setting up")
        try:
            with tempfile.TemporaryDirectory(prefix="vda-eval-") as tmp, isolated_home(Path(tmp) / "home"):
                workspace = Workspace(Path(tmp) / "repo", scenario.repository)
                pending: list[str] = []
                for step in scenario.steps:
                    if step.kind != "session":
                        workspace.apply(step)
                        pending.append(describe(step, workspace.dated))
                        continue
                    session = SessionRecord(step.name, before=pending)
                    pending = []
                    record.sessions.append(session)
                    if not self._run_session(step, session, workspace, record, label):
                        break
            if record.status == "running":
                record.scores = score_run(scenario, record)
                record.status = "scored"
        except SetupError as exc:
            record.status, record.error = "error", f"setup: {exc}"
        except Exception as exc:  # a bug must cost one run, not the report of all the others
            log.exception("eval run %s failed", label)
            record.status, record.error = "error", f"internal error ({type(exc).__name__}: {exc}); see the log"
        finally:
            record.elapsed_seconds = round(time.monotonic() - started, 2)
        if record.status == "scored":
            passed = sum(s.passed for s in record.scores)
            self._say(f"{label}: {passed}/{len(record.scores)} scores passed ({record.elapsed_seconds:.1f} s)")
        else:
            self._say(f"{label}: failed: {record.error}")
        return record

    def _run_session(
        self, step: Step, session: SessionRecord, workspace: Workspace, record: RunRecord, label: str
    ) -> bool:
        session.memory_before = workspace.memory_files()
        # The eval wrote this repository itself; like a developer it trusts it so the test tool may run.
        # Granted before each session because setup steps between sessions change its history.
        trust.grant(workspace.repo)
        agent = self._live = Session(workspace.repo, self.settings, client=self.client)
        session.memory_block = str(agent.system[-1].get("text", "")) if agent.system else ""
        try:
            for index, words in enumerate(step.say, 1):
                self._say(f"{label}: {step.name} turn {index}/{len(step.say)}: {_short(words)}")
                seen = len(agent.messages)
                result = agent.run_turn(words)
                turn = Turn(said=words, timeline=timeline(agent.messages[seen:]))
                session.turns.append(turn)
                if isinstance(result, TurnFailed):
                    turn.failed = result.message
                    record.status, record.error = "error", f"{step.name} turn {index}: {result.message}"
                    return False
                turn.reply = result.reply
        finally:
            # Counted whatever happened, so a failed or interrupted run still shows what it cost.
            session.usage = agent.usage
            add_usage(record.usage, agent.usage)
            self._tokens += sum(agent.usage.values())
            self._live = None
            session.memory_after = workspace.memory_files()
        return True

    def _say(self, line: str) -> None:
        elapsed = time.monotonic() - self._started
        tokens = self._tokens + (sum(self._live.usage.values()) if self._live is not None else 0)
        self._progress(f"[{_clock(elapsed)}, {tokens:,} tokens] {line}")


def test_runner_problem() -> str:
    """Why the test tool could not run a scenario's pytest tests on this machine, or "".

    Scenario repositories have no virtualenv, so the tool runs pytest with the app's own Python
    (or python3 in a bundle), which has pytest only in a development install.
    """
    with tempfile.TemporaryDirectory(prefix="vda-eval-") as tmp:
        python = python_check.interpreter(Path(tmp), Path(tmp))
    if python is None:
        return "no Python found to run the scenarios' tests with"
    try:
        found = subprocess.run([python, "-c", "import pytest"], capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{python} could not be started to run the scenarios' tests ({exc})"
    if found.returncode != 0:
        return f"pytest is not installed for {python} (install it with: {python} -m pip install pytest)"
    return ""


def describe(step: Step, dated: Callable[[str], str] = str) -> str:
    """One line for a report saying what a setup step did."""
    if step.kind == "write":
        return "wrote " + ", ".join(step.files)
    if step.kind == "delete":
        return "deleted " + ", ".join(step.paths)
    if step.kind == "commit":
        ago = f" ({step.days_ago:g} days ago)" if step.days_ago else ""
        return f"committed '{step.message}'{ago}"
    if step.kind == "git":
        return "git " + " ".join(step.args)
    writer = "a person" if step.by == "person" else "the agent"
    return f"memory {step.memory_path} written by {writer}: {dated(step.text).strip()}"


def _short(words: str, limit: int = 60) -> str:
    flat = " ".join(words.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"
