"""With "Keep the microphone open" off, the real app holds no microphone stream while idle and opens one on a press."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from app.bench.desktop import xdotool
from app.bench.waiting import wait_for
from app.core import settings as settings_store
from app.core.settings import Settings
from tests.e2e.test_voice_turn import CHORD, ROOT
from tests.scenario import make_scenario_repo


def microphone_streams(pid: int) -> int:
    """How many PulseAudio recording streams process `pid` has open now."""
    listing = subprocess.run(["pactl", "list", "source-outputs"], capture_output=True, text=True, timeout=10).stdout
    return len(re.findall(rf'application\.process\.id = "{pid}"', listing))


def test_the_microphone_opens_only_on_a_press_when_not_kept_open(desktop: None, tmp_path: Path) -> None:
    home = tmp_path / "home"
    settings_store.save(Settings(keep_microphone_open=False), home / "config" / "settings.json")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update(VOICE_DEV_AGENT_HOME=str(home), QT_QPA_PLATFORM="xcb", PYTHONUNBUFFERED="1")
    stderr = tmp_path / "app-stderr.txt"
    with stderr.open("wb") as err:
        app = subprocess.Popen(
            [sys.executable, "-m", "app", "--repo", str(make_scenario_repo(tmp_path))],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )

    def log_text() -> str:
        logs = list((home / "logs").glob("*.log"))
        return logs[0].read_text(errors="replace") if logs else ""

    try:
        ready = wait_for(lambda: app.poll() is None and re.search(r"ready: .*", log_text()), 180, "the ready line")
        assert "hotkey listening" in ready.group(0) and "microphone opens on a press" in ready.group(0), ready.group(0)
        time.sleep(1.0)
        assert microphone_streams(app.pid) == 0  # idle: no stream, so no microphone indicator

        xdotool("keydown", CHORD)
        try:
            wait_for(lambda: "recording from" in log_text(), 30, "the app to start recording")
            wait_for(lambda: microphone_streams(app.pid) == 1, 10, "the app's microphone stream")
        finally:
            xdotool("keyup", CHORD)
        wait_for(lambda: microphone_streams(app.pid) == 0, 10, "the stream to close after the release")
        app.send_signal(signal.SIGTERM)
        assert app.wait(timeout=30) == 0, stderr.read_text(errors="replace")[-3000:]
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=10)
        subprocess.run(["xdotool", "keyup", CHORD], timeout=10, check=False)
