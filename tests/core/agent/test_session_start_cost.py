"""What a session's start loads in a fresh process: nothing of a feature that is off."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import git

_PROBE = """
import sys
from pathlib import Path
from app.core.agent.session import Session
from app.core.settings import Settings
Session(Path(sys.argv[1]), Settings())
print("psycopg" in sys.modules)
"""


@pytest.mark.slow
def test_a_session_with_team_memory_off_never_loads_the_postgresql_driver(empty_repo: Path, tmp_path: Path) -> None:
    # Importing psycopg took 0.9 s of a fresh app's first press, before its warm-up could go.
    (empty_repo / "README.md").write_text("hello\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "start")
    env = {k: v for k, v in os.environ.items() if k != "VOICE_DEV_AGENT_TEAM_DSN"}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_STATE_HOME=str(tmp_path / "state"))
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(empty_repo)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[3],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
