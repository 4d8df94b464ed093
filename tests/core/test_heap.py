"""The process's heap settings: what app.core.heap.configure sets before any worker starts."""

from __future__ import annotations

import os
import subprocess
import sys

from app.core import heap

PROBE = (
    "import os, app.core.heap as h; h.configure(); "
    "import ctranslate2; print(os.environ.get('MKL_DISABLE_FAST_MM'))"
)


def _run(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_mkls_memory_manager_is_off_before_ctranslate2_loads() -> None:
    env = {k: v for k, v in os.environ.items() if k != heap.MKL_FAST_MM}
    assert _run(env) == "1"


def test_a_value_the_person_set_wins() -> None:
    env = {k: v for k, v in os.environ.items() if k != heap.MKL_FAST_MM}
    assert _run({**env, heap.MKL_FAST_MM: "0"}) == "0"
