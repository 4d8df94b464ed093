"""The real desktop app under the test desktop, driven as a person would: launch, hotkey, speech in.

The benches of the whole turn and of idle cost start the app in its own process with a
throwaway home, hold its hotkey with xdotool and speak into the virtual microphone with
paplay. They need the desktop installer/desktop-env.sh starts (an X display with a tray,
PulseAudio null sinks "mic" and "speaker"); `desktop_problem` says what is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.bench.waiting import wait_for
from app.core import heap_probe, paths
from app.core.settings import Settings

if TYPE_CHECKING:
    from app.bench.sound import Monitor

SOURCE_ROOT = Path(__file__).resolve().parents[2]
READY = re.compile(r" ready: (.*)")
RECORDING = "recording from"  # logged when a press starts capturing
TOOLS = ("xdotool", "paplay", "parec", "pactl")


def desktop_problem() -> str:
    """Why the test desktop (X display with tray, PulseAudio "mic" and "speaker" sinks) is not here, or ""."""
    if not os.environ.get("DISPLAY"):
        return "no DISPLAY"
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        return f"{', '.join(missing)} not installed"
    try:
        out = subprocess.run(["pactl", "list", "short", "sinks"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"pactl failed: {exc}"
    if "mic" not in out.stdout or "speaker" not in out.stdout:
        return "no PulseAudio 'mic' and 'speaker' null sinks"
    return ""


def machine_load() -> str:
    """The 1-minute load average against the core count: timings on a busy machine read high."""
    try:
        load = os.getloadavg()[0]
    except OSError:
        return "load average unknown"
    return f"load average {load:.1f} on {os.cpu_count()} cores"


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def app_command() -> list[str]:
    """How to start the desktop app from this process: the bundle runs itself, a checkout runs `-m app`."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "app"]


class AppLog:
    """The part of the app's log file written from now on.

    Apps started one after another in the same home write to the same log: without this, the next
    app's ready line was found at once in the text of the app before it, and a bench pressed the
    hotkey while the new app was still starting.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._start = path.stat().st_size if path.is_file() else 0

    def text(self) -> str:
        try:
            with self.path.open("rb") as log:
                size = log.seek(0, os.SEEK_END)
                log.seek(self._start if size >= self._start else 0)  # rotated: the new file is all ours
                return log.read().decode("utf-8", errors="replace")
        except FileNotFoundError:
            return ""


class DesktopApp:
    """The desktop app in its own process, with the app home the caller points HOME_OVERRIDE at."""

    def __init__(self, repo: Path, *, settings: Settings | None = None, env: dict[str, str] | None = None) -> None:
        from app.core import settings as settings_store

        if not os.environ.get(paths.HOME_OVERRIDE):
            raise RuntimeError("start the desktop app inside temporary_home(), never in the user's own home")
        self.home = home = Path(os.environ[paths.HOME_OVERRIDE])
        self.chord = (settings or Settings()).hotkey
        settings_store.save(settings or Settings())
        self.log_file = paths.log_file()
        self._log = AppLog(self.log_file)
        self.stderr_file = home / "app-stderr.txt"
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
        full_env.update(QT_QPA_PLATFORM="xcb", PYTHONUNBUFFERED="1", **(env or {}))
        with self.stderr_file.open("wb") as err:
            self.process = subprocess.Popen(
                [*app_command(), "--repo", str(repo)],
                cwd=SOURCE_ROOT if (SOURCE_ROOT / "app" / "__main__.py").is_file() else home,
                env=full_env,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
        self.pid = self.process.pid

    def log_text(self) -> str:
        return self._log.text()

    def log_tail(self, lines: int = 12) -> str:
        """The end of the app's log, for a failure message."""
        return "\n".join(self.log_text().splitlines()[-lines:])

    def alive(self) -> bool:
        """True while the app runs; RuntimeError with the end of its stderr once it has exited."""
        if self.process.poll() is not None:
            tail = self.stderr_file.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"the app exited with {self.process.returncode}:\n{tail}")
        return True

    def wait_ready(self, timeout: float = 180) -> str:
        """The app's ready line ("tray shown, hotkey listening, ..."), once it is there."""

        def ready() -> re.Match[str] | None:
            self.alive()
            return READY.search(self.log_text())

        found = wait_for(ready, timeout, "the app's ready line")
        return found.group(1) if found else ""

    def heap_report(self, folder: Path, number: int, timeout: float = 60) -> dict[str, Any]:
        """The app's heap probe report number `number` (app.core.heap_probe), asked for now; {} from a build
        without the probe or started without its environment variable pointing at `folder`."""
        if "heap probe on" not in self.log_text():
            return {}
        report = folder / f"report-{number:04d}.json"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "next").write_text(str(number))
        os.kill(self.pid, heap_probe.SIGNAL)

        def written() -> dict[str, Any]:
            self.alive()
            return dict(json.loads(report.read_text())) if report.is_file() else {}

        return wait_for(written, timeout, "the app's heap report")

    def recordings(self) -> int:
        return self.log_text().count(RECORDING)

    def ask_out_loud(self, wav: Path, mic: Monitor, *, lag: float = 0.3) -> float:
        """Hold the hotkey, play `wav` into the microphone, let go `lag` s after the last sound reached it
        (heard by `mic`, a recording of the microphone); the release time.

        Not `lag` after paplay returns: that waits for the sink to play everything out, which takes as
        long as the sink's latency, and whoever records the microphone sets that.
        """
        before = self.recordings()
        self.press()
        try:
            # Speak once the app listens, as a person watching the tray icon would.
            wait_for(lambda: self.alive() and self.recordings() > before, 30, "the app to start recording")
            speaking = time.monotonic()
            subprocess.run(["paplay", "--device=mic", str(wav)], check=True, timeout=120)
            last_word = mic.wait_for_silence(speaking, quiet=0.05, timeout=10)
            time.sleep(max(0.0, last_word + lag - time.monotonic()))
        finally:
            released = time.monotonic()
            self.release()
        return released

    def press(self) -> None:
        xdotool("keydown", self.chord)

    def release(self) -> None:
        xdotool("keyup", self.chord)

    def stop(self) -> int:
        """Quit as a session manager would (SIGTERM); kill it if it does not go within 30 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        subprocess.run(["xdotool", "keyup", self.chord], timeout=10, check=False, capture_output=True)
        return self.process.returncode

    def __enter__(self) -> DesktopApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
