"""The scenario repository other tests build on: what its docstring promises, quickly and identically."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from tests.scenario import BUILD_ERROR_FILE, BUILD_ERROR_LINE, CLASS_NAMES, make_scenario_repo


def _head(repo: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_is_quick_and_deterministic(tmp_path: Path) -> None:
    started = time.monotonic()
    first = make_scenario_repo(tmp_path / "one")
    assert time.monotonic() - started < 5.0  # generous: CI machines are shared
    second = make_scenario_repo(tmp_path / "two")
    assert _head(first) == _head(second)
    assert (first / BUILD_ERROR_FILE).read_text() == (second / BUILD_ERROR_FILE).read_text()


def test_contents_match_the_docstring(scenario: Path) -> None:
    source = "".join(p.read_text() for p in (scenario / "reviewbot").glob("*.py"))
    for name in CLASS_NAMES:
        assert name in source
    line = (scenario / BUILD_ERROR_FILE).read_text().splitlines()[BUILD_ERROR_LINE - 1]
    assert line == "from reviewbot.models import ChangedFile, Finding"
    assert (scenario / ".env").is_file() and (scenario / "NOTES.md").is_file()
    log = subprocess.run(["git", "-C", str(scenario), "log", "--format=%s"], capture_output=True, text=True).stdout
    assert len(log.splitlines()) == 3
