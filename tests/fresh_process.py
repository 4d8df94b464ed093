"""A Python snippet run in a process of its own, as the app would start: what one process loaded or kept is measured
without everything the test process has imported already."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_python(code: str, *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """`python -c code args` in the project's folder with offscreen Qt; its output as text."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
