"""`python -m app bench --startup`: time from launch to a usable tray app, source against bundle.

"Usable" is the app's own `ready:` log line: tray (or status window) shown, hotkey
listening, speech models loaded. Each target runs several times in a fresh app home
and the medians are compared within this one run, since absolute times on a shared
machine mean little. Needs a display (the test desktop, or a real one).
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
READY_MARK = " ready: "
TIMEOUT = 120.0


def _targets() -> list[tuple[str, list[str]]]:
    targets = [("python -m app", [sys.executable, "-m", "app"])]
    bundle = Path(os.environ.get("VDA_BUNDLE", ROOT / "dist" / "voice-dev-agent" / "voice-dev-agent"))
    if bundle.is_file() and os.access(bundle, os.X_OK):
        targets.append(("bundle", [str(bundle)]))
    return targets


def _time_to_ready(argv: list[str]) -> float:
    with tempfile.TemporaryDirectory(prefix="vda-startup-") as home:
        env = {**os.environ, "VOICE_DEV_AGENT_HOME": home, "QT_QPA_PLATFORM": "xcb"}
        log_file = Path(home) / "logs" / "voice-dev-agent.log"
        started = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=home)
        try:
            while time.perf_counter() - started < TIMEOUT:
                if proc.poll() is not None:
                    raise RuntimeError(f"{argv[0]} exited with {proc.returncode} before it was ready")
                if log_file.exists() and READY_MARK in log_file.read_text(errors="replace"):
                    return time.perf_counter() - started
                time.sleep(0.02)
            raise RuntimeError(f"{argv[0]} was not ready after {TIMEOUT:.0f} s")
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def run_startup_bench(runs: int = 5, echo: bool = True) -> dict[str, Any]:
    if not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        if echo:
            print("startup: needs a display (run it on your desktop or under the test desktop)")
        return {"skipped": "no display"}
    results: dict[str, Any] = {}
    for name, argv in _targets():
        times = [_time_to_ready(argv) for _ in range(runs)]
        results[name] = {"median_s": round(statistics.median(times), 3), "runs_s": [round(t, 3) for t in times]}
        if echo:
            print(f"startup to ready tray, {name}: median {statistics.median(times):.2f} s over {runs} runs")
    if "bundle" in results:
        ratio = results["bundle"]["median_s"] / results["python -m app"]["median_s"]
        results["bundle_vs_source"] = round(ratio, 2)
        if echo:
            print(f"startup: bundle takes {ratio:.2f}× the time of python -m app")
    elif echo:
        print("startup: no bundle in dist/ (build one with installer/build-bundle.sh to compare)")
    return results
