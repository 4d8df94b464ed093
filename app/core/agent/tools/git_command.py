"""Run one read-only git command in the repository, with a time limit and no repository hooks."""

from __future__ import annotations

import subprocess
from pathlib import Path

from app.core.agent.tools import process

# fsmonitor would run a program named in the repository's config on every status.
_SAFE_CONFIG = ("-c", "core.fsmonitor=false", "-c", "core.quotePath=false", "-c", "color.ui=false")


def git(repo: Path, *args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[bytes]:
    """`git -C repo args`; raises OSError (no git) or subprocess.TimeoutExpired."""
    env = process.command_env({"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"})
    return subprocess.run(
        ["git", *_SAFE_CONFIG, "-C", str(repo), *args],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
        env=env,
        check=False,
    )


def text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")
