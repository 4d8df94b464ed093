"""The process runner: a cancel or a timeout kills the whole process tree at once; output is capped."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from app.core.agent.tools import process
from tests.core.agent.tools.procs import alive


def _wait_for(path: Path, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not (path.exists() and path.read_text().strip()):
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def _gone(pids: list[int], seconds: float = 2.0) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


SPAWNER = """\
sleep 60 &
echo $! > child.pid
setsid sleep 60 &
echo $! > escaped.pid
echo started
wait
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_cancel_kills_children_and_escaped_grandchildren_within_half_a_second(tmp_path: Path) -> None:
    (tmp_path / "spawn.sh").write_text(SPAWNER)
    cancel = threading.Event()
    box: list[process.Outcome] = []
    worker = threading.Thread(
        target=lambda: box.append(process.run(["sh", "spawn.sh"], tmp_path, timeout=60, cancel=cancel))
    )
    worker.start()
    _wait_for(tmp_path / "child.pid")
    _wait_for(tmp_path / "escaped.pid")
    pids = [int((tmp_path / name).read_text()) for name in ("child.pid", "escaped.pid")]
    assert all(alive(pid) for pid in pids)
    started = time.monotonic()
    cancel.set()
    worker.join(5)
    elapsed = time.monotonic() - started
    assert box, "run() did not return after cancel"
    assert elapsed < 3.0, f"cancel took {elapsed:.2f} s"  # the children sleep for minutes; generous for load
    assert box[0].cancelled and box[0].exit_code is None
    assert _gone(pids, 0.3), "a child process outlived the cancelled command"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_background_children_do_not_outlive_a_finished_command(tmp_path: Path) -> None:
    outcome = process.run(["sh", "-c", "sleep 60 & echo $! > child.pid; echo done"], tmp_path, timeout=30)
    assert outcome.exit_code == 0 and "done" in outcome.output
    assert _gone([int((tmp_path / "child.pid").read_text())])


def test_timeout_stops_the_command(tmp_path: Path) -> None:
    started = time.monotonic()
    outcome = process.run(["sh", "-c", "echo before; sleep 60"], tmp_path, timeout=0.5)
    assert time.monotonic() - started < 2.0
    assert outcome.timed_out and outcome.exit_code is None and "before" in outcome.output


def test_already_cancelled_never_starts(tmp_path: Path) -> None:
    cancel = threading.Event()
    cancel.set()
    outcome = process.run(["sh", "-c", "touch ran"], tmp_path, timeout=5, cancel=cancel)
    assert outcome.cancelled and not (tmp_path / "ran").exists()


def test_huge_output_keeps_head_and_tail(tmp_path: Path) -> None:
    code = "import sys\nprint('FIRST')\nfor _ in range(40000): print('x' * 99)\nprint('LAST')"
    outcome = process.run([sys.executable, "-c", code], tmp_path, timeout=30)
    assert outcome.exit_code == 0 and outcome.truncated
    assert outcome.output.startswith("FIRST") and outcome.output.rstrip().endswith("LAST")
    assert "output cut in the middle" in outcome.output
    assert len(outcome.output) < process.HEAD_BYTES + process.TAIL_BYTES + 200_000


def test_missing_program_is_a_start_error(tmp_path: Path) -> None:
    outcome = process.run(["definitely-not-a-program-xyz"], tmp_path, timeout=5)
    assert outcome.exit_code is None and outcome.start_error


def test_the_apps_secrets_are_not_passed_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-should-not-leak")
    code = "import os; print(os.environ.get('ANTHROPIC_API_KEY', 'absent'), os.environ.get('NO_COLOR'))"
    outcome = process.run([sys.executable, "-c", code], tmp_path, timeout=30)
    assert outcome.output.strip() == "absent 1"


def test_arguments_are_never_given_to_a_shell(tmp_path: Path) -> None:
    outcome = process.run(["echo", "x; touch pwned", "$(touch pwned2)"], tmp_path, timeout=5)
    assert outcome.output.strip() == "x; touch pwned $(touch pwned2)"
    assert not (tmp_path / "pwned").exists() and not (tmp_path / "pwned2").exists()
    assert os.listdir(tmp_path) == []


DAEMON = """\
import os, sys, time
if os.fork() == 0:          # the child starts a new session and forks the daemon, then exits:
    os.setsid()             # the daemon is an orphan, outside the command's group and session
    if os.fork() == 0:
        with open("daemon.pid", "w") as handle:
            handle.write(str(os.getpid()))
        time.sleep(120)
    os._exit(0)
os.wait()
while not os.path.exists("daemon.pid") or not open("daemon.pid").read():
    time.sleep(0.01)
print("daemon started")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_double_forked_daemon_does_not_outlive_the_command(tmp_path: Path) -> None:
    (tmp_path / "daemon.py").write_text(DAEMON)
    outcome = process.run([sys.executable, "daemon.py"], tmp_path, timeout=30)
    assert outcome.exit_code == 0 and "daemon started" in outcome.output
    daemon = int((tmp_path / "daemon.pid").read_text())
    assert _gone([daemon], 0.5), "a double-forked daemon outlived the build or test that started it"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_double_forked_daemon_is_stopped_on_cancel_and_timeout(tmp_path: Path) -> None:
    (tmp_path / "daemon.py").write_text(DAEMON + "time.sleep(120)\n")
    cancel = threading.Event()
    box: list[process.Outcome] = []
    worker = threading.Thread(
        target=lambda: box.append(process.run([sys.executable, "daemon.py"], tmp_path, timeout=60, cancel=cancel))
    )
    worker.start()
    _wait_for(tmp_path / "daemon.pid")
    cancel.set()
    worker.join(10)
    assert box and box[0].cancelled
    assert _gone([int((tmp_path / "daemon.pid").read_text())], 0.5)
    (tmp_path / "daemon.pid").unlink()
    outcome = process.run([sys.executable, "daemon.py"], tmp_path, timeout=2)
    assert outcome.timed_out
    assert _gone([int((tmp_path / "daemon.pid").read_text())], 0.5)


def test_no_child_gets_the_apps_variables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_AUTH_TOKEN", "sk-ant-token-should-not-leak")
    monkeypatch.setenv("VOICE_DEV_AGENT_SECRET", "app-secret")
    code = "import os; print(sorted(k for k in os.environ if k.startswith(('ANTHROPIC', 'VOICE_DEV_AGENT'))))"
    outcome = process.run([sys.executable, "-c", code], tmp_path, timeout=30)
    assert outcome.output.strip() == "[]"
