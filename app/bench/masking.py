"""`bench --masking`: what masking secrets costs each tool on a large result (budget: 5 ms per 100 KB).

Each tool runs for real through the toolbox on a repository built to give it a large result (a test
run printing 100 KB, a 16,000-character read, a search that fills its cap, a status of 300 files); the
masking's own share is timed on the very text the tool masked, so the figure is the cost added.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.core import trust
from app.core.agent.toolbox import Call, Toolbox
from app.core.agent.tools import masking
from app.core.memory import open_store
from app.core.settings import Settings

BUDGET_MS_PER_100KB = 5.0
_LOG_LINE = "tests/test_rates.py:{n}: in test_rate_{n}: assert fetch_exchange_rates('EUR', 'USD') == 1.{n} (got 0.9)\n"


def run_masking_bench(runs: int = 5, echo: bool = True) -> dict[str, Any]:
    say: Callable[[str], None] = print if echo else (lambda line: None)
    results: dict[str, Any] = {"load_average": round(os.getloadavg()[0], 1)}
    code = "".join(p.read_text(encoding="utf-8") for p in sorted(Path(__file__).parents[1].rglob("*.py")))
    for name, text in (("100 KB of code", code[:100_000]), ("100 KB of test output", _log(100_000))):
        wall = _median_ms(lambda t=text: masking.mask(t), max(runs, 20))  # type: ignore[misc]
        cpu = _cpu_ms(lambda t=text: masking.mask(t), max(runs, 20))  # type: ignore[misc]
        results[name] = {"wall_ms": wall, "cpu_ms": cpu}
        say(f"mask() on {name}: {wall} ms, {cpu} ms of CPU (budget {BUDGET_MS_PER_100KB:g} ms)")
    with tempfile.TemporaryDirectory(prefix="vda-bench-mask-") as tmp:
        repo = _make_repo(Path(tmp))
        trust.grant(repo)
        box = Toolbox(repo, Settings(), open_store(repo), session_id="bench", on_screen=lambda s: None)
        calls = {
            "test (100 KB printed)": Call("test", {}),
            "read_file (16,000 characters)": Call("read_file", {"path": "src/big.py"}),
            "search_code (its 8,000-character cap)": Call("search_code", {"pattern": "def "}),
            "git_status (300 changed files)": Call("git_status", {}),
        }
        cancel = threading.Event()
        for label, call in calls.items():
            result = box.run(call, cancel=cancel)
            tool_ms = _median_ms(lambda c=call: box.run(c, cancel=cancel), runs)  # type: ignore[misc]
            # What the tool masked: for test, the whole output before the digest, then the result.
            raw = _log(100_000) if call.name == "test" else result.text
            mask_ms = _cpu_ms(lambda r=raw: masking.mask(r), max(runs, 20))  # type: ignore[misc]
            results[label] = {"tool_ms": tool_ms, "masking_ms": mask_ms, "result_chars": len(result.text)}
            say(f"{label}: the call {tool_ms} ms, of it masking {mask_ms} ms of CPU ({len(raw):,} characters masked)")
    say(f"load average {results['load_average']} (masking timings are noisy on a busy machine)")
    return results


def _log(size: int) -> str:
    lines = []
    used = n = 0
    while used < size:
        line = _LOG_LINE.format(n=n)
        lines.append(line)
        used += len(line)
        n += 1
    return "".join(lines)[:size]


def _make_repo(parent: Path) -> Path:
    repo = parent / "rates"
    (repo / "src").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "pyproject.toml").write_text("[project]\nname = 'rates'\nversion = '1'\n")
    rows = (f"def rate_{n}(value: float, currency: str = 'EUR') -> float:  # row {n:04d}\n" for n in range(600))
    (repo / "src" / "big.py").write_text("".join(rows))
    (repo / "tests" / "test_print.py").write_text(
        f"def test_prints():\n    print({_log(100_000)!r})\n    assert False\n"
    )
    env = {**os.environ, "GIT_AUTHOR_NAME": "B", "GIT_AUTHOR_EMAIL": "b@example.com",
           "GIT_COMMITTER_NAME": "B", "GIT_COMMITTER_EMAIL": "b@example.com"}  # fmt: skip
    for args in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "start"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)
    for n in range(300):
        (repo / f"new_{n}.txt").write_text("x\n")
    return repo


def _median_ms(action: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter) -> float:
    times = []
    for _ in range(runs):
        started = clock()
        action()
        times.append(clock() - started)
    return round(statistics.median(times) * 1000, 2)


def _cpu_ms(action: Callable[[], object], runs: int) -> float:
    """The CPU time of `action` (median): on a shared machine wall time mostly measures the others' load."""
    return _median_ms(action, runs, time.process_time)
