"""A test desktop of its own for each parallel test worker after the first.

installer/test.sh starts one desktop (installer/desktop-env.sh: Xvfb with a tray, PulseAudio with the
"mic" and "speaker" null sinks) and runs the suite on several workers (pytest-xdist). Desktop tests
hold a global hotkey, play into the one microphone and record the one speaker, so two of them on
the same desktop would hear each other. The first worker keeps the desktop the test command made;
every other worker starts its own with the same script and points its environment at it, so the
desktop tests spread over the workers like any other test.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "installer" / "desktop-env.sh"
# What desktop-env.sh exports, and the processes it starts, printed once it is up.
_REPORT = (
    'source "$0" >/dev/null 2>&1 || exit 3; '
    'printf "%s\\n" "$DISPLAY" "$XDG_RUNTIME_DIR" "$PULSE_RUNTIME_PATH" '
    '"$VDA_XVFB_PID $VDA_WM_PID $VDA_PULSE_PID"'
)


@dataclass
class Desktop:
    display: str
    runtime: Path
    pulse: Path
    pids: list[int]

    def environment(self) -> dict[str, str]:
        return {"DISPLAY": self.display, "XDG_RUNTIME_DIR": str(self.runtime), "PULSE_RUNTIME_PATH": str(self.pulse)}

    def stop(self) -> None:
        for pid in self.pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        shutil.rmtree(self.runtime, ignore_errors=True)


def wanted() -> bool:
    """True in a parallel worker other than the first, under a test command that started a desktop."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return bool(worker) and worker != "gw0" and bool(os.environ.get("DISPLAY"))


def start(screen: str = "") -> Desktop:
    """Start a desktop as desktop-env.sh does (its screen `screen`, e.g. "1920x1080x24", else the script's);
    raises RuntimeError saying why when it cannot."""
    env = {**os.environ, "VDA_SCREEN": screen} if screen else None
    done = subprocess.run(["bash", "-c", _REPORT, str(SCRIPT)], capture_output=True, text=True, timeout=60, env=env)
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != 4 or not lines[0].startswith(":"):
        raise RuntimeError(f"desktop-env.sh did not start a desktop: {done.stdout!r} {done.stderr!r}")
    return Desktop(lines[0], Path(lines[1]), Path(lines[2]), [int(p) for p in lines[3].split()])
