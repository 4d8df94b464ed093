"""One app per session, and a trigger any desktop can bind: the real app, real launches, real sound.

On the test desktop the app runs against the fake Messages API. A second launch with
another --repo must leave at once with exit 0 and hand that repository to the first;
`listen --toggle` twice (what a desktop's custom shortcut runs) must record one spoken
question, sound the stop cue and be answered once. After the app is killed outright, its
socket and lock are left behind; a new start must not be blocked by them, and without
any instance `listen` says so in one line and exits 2.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bench.desktop import wait_for
from app.bench.fakereplies import text
from app.bench.sound import Monitor
from app.bench.speech import espeak_wav
from app.core.history import History
from tests.conftest import git
from tests.e2e.test_voice_turn import API_KEY, ROOT, Rig, _spawn_fake, stop_cue_end, user_text, words_of
from tests.scenario import make_scenario_repo

QUESTION = "run the build and tell me what failed"
REPLY = "The build fails because a class was renamed."
HANDOFF_LIMIT = 2.0  # seconds for a second launch to leave; about 0.5 s on an idle machine


def questions(rig: Rig) -> list[dict[str, Any]]:
    """The requests that asked something: a warm-up (max_tokens 1, never in the history) is not one."""
    return [body for body in rig.requests() if body.get("max_tokens") != 1]


def app_env(rig_home: Path, base_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update(
        VOICE_DEV_AGENT_HOME=str(rig_home),
        ANTHROPIC_BASE_URL=base_url,
        ANTHROPIC_API_KEY=API_KEY,
        QT_QPA_PLATFORM="xcb",
        PYTHONUNBUFFERED="1",
    )
    return env


def launch(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


@contextlib.contextmanager
def running_app(tmp_path: Path, replies: list[dict[str, Any]]) -> Iterator[tuple[Rig, dict[str, str]]]:
    """The real app on a scenario repository, with a fake Messages API in a process of its own."""
    repo = make_scenario_repo(tmp_path)
    home = tmp_path / "home"
    fake, base_url, requests_log = _spawn_fake(tmp_path, replies)
    env = app_env(home, base_url)
    stderr = tmp_path / "app-stderr.txt"
    with stderr.open("wb") as err:
        app = subprocess.Popen(
            [sys.executable, "-m", "app", "--repo", str(repo)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err
        )
    rig = Rig(repo, home, requests_log, app, stderr, Monitor("speaker.monitor"))
    try:
        yield rig, env
    finally:
        for proc in (rig.app, fake):
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        rig.monitor.stop()


@pytest.fixture
def running(desktop: None, tmp_path: Path) -> Iterator[tuple[Rig, dict[str, str]]]:
    # One reply: the warm-up sent at the start of listening (one output token) takes none.
    with running_app(tmp_path, [text(REPLY)]) as started:
        yield started


def test_second_launch_hands_over_and_listen_toggle_asks_once(
    running: tuple[Rig, dict[str, str]], tmp_path: Path
) -> None:
    rig, env = running
    wav = espeak_wav(QUESTION, tmp_path, speed=175)
    wait_for(lambda: (rig.alive(), "ready: " in rig.log_text())[1], 180, "the ready line")

    # --- a second launch: leaves at once, and its --repo reaches the first ---
    other = tmp_path / "other-project"
    other.mkdir()
    git(other, "init", "-q", "-b", "main")
    started = time.monotonic()
    second = launch(env, "--repo", str(other))
    handoff = time.monotonic() - started
    assert second.returncode == 0, second.stderr
    assert handoff < HANDOFF_LIMIT, f"the second launch took {handoff:.2f} s to leave"
    assert "Now asking about other-project" in second.stdout, second.stdout
    settings = json.loads((rig.home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings["last_repo"] == str(other.resolve())
    # One app: the second launch started no tray, hotkey or models of its own.
    assert rig.log_text().count("desktop app started") == 1
    rig.alive()
    back = launch(env, "--repo", str(rig.repo))
    assert back.returncode == 0 and "Now asking about reviewbot" in back.stdout, back.stdout + back.stderr

    # --- listen --toggle twice: one question, one answer, the cues as for the hotkey ---
    recordings = rig.log_text().count("recording from")
    first = launch(env, "listen", "--toggle")
    assert first.returncode == 0 and "Listening." in first.stdout, first.stdout + first.stderr
    wait_for(lambda: rig.log_text().count("recording from") > recordings, 30, "the app to start recording")
    subprocess.run(["paplay", "--device=mic", str(wav)], check=True, timeout=60)
    time.sleep(0.3)
    second_toggle = launch(env, "listen", "--toggle")
    answered_at = time.monotonic()
    assert second_toggle.returncode == 0 and "Not listening" in second_toggle.stdout, second_toggle.stdout
    # The cue is asked for just before the app answers; a loaded machine can take seconds to start the
    # command, so the cue is looked for around its answer, not around its start. Fails without the cue.
    stop_cue_end(rig.monitor, answered_at - 1.0)

    wait_for(lambda: (rig.alive(), len(questions(rig)) >= 1)[1], 120, "the question to reach the model")
    asked = words_of(user_text(questions(rig)[0]))
    assert len(asked & {"run", "build", "tell", "what", "failed"}) >= 4, f"the model was asked {asked}"
    wait_for(lambda: History(rig.home / "data" / "history.sqlite3").turns(), 60, "the turn in the history")
    time.sleep(2.0)  # a second recording or answer would have started by now
    assert len(questions(rig)) == 1, "one question was asked more than once"
    (turn,) = History(rig.home / "data" / "history.sqlite3").turns()
    assert turn.reply == REPLY
    assert rig.log_text().count("recording from") == recordings + 1

    # --- a crashed instance leaves its socket and lock behind: a new start is not blocked ---
    rig.app.send_signal(signal.SIGKILL)
    rig.app.wait(timeout=10)
    gone = launch(env, "listen", "--toggle")
    assert gone.returncode == 2, gone.stdout + gone.stderr
    assert "not running" in gone.stderr and len(gone.stderr.strip().splitlines()) == 1, gone.stderr
    serving = rig.log_text().count("single instance: serving")
    with (tmp_path / "app-stderr-2.txt").open("wb") as err:
        rig.app = subprocess.Popen(
            [sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err
        )
    wait_for(lambda: (rig.alive(), rig.log_text().count("single instance: serving") > serving)[1], 60, "a new start")
    again = launch(env, "listen", "--cancel")
    assert again.returncode == 0 and "Not listening" in again.stdout, again.stdout + again.stderr
    print(f"\nsecond launch handed over and left in {handoff:.2f} s")
