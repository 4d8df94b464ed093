"""The one way the app runs git: read-only commands with every config-driven program switched off.

A repository's own config (`.git/config`, `.gitattributes`) can name programs that
git runs on its behalf: an fsmonitor hook, hooks, clean/smudge filters, diff
drivers and textconv, a pager, custom transports. The repository may be hostile
(the agent reads code other people wrote), so each of these is overridden on the
command line, which wins over every config file, and the child gets an environment
without the app's secrets or an inherited GIT_DIR that would point git elsewhere.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

# Settings that make git start a program named by the repository.
_SAFE_CONFIG = (
    "core.fsmonitor=false",
    f"core.hooksPath={os.devnull}",
    "core.pager=cat",
    "core.editor=false",
    "core.sshCommand=false",
    "core.askPass=",
    "credential.helper=",
    "gpg.program=false",
    "protocol.allow=never",  # no transport at all: these commands never fetch
    "core.quotePath=false",
    "color.ui=false",
)
# Commands that would run a repository's external diff or textconv program unless told not to.
_DIFFING = frozenset({"diff", "log", "show", "whatchanged", "diff-tree", "diff-index", "diff-files", "format-patch"})
_DRIVER_KEY = re.compile(r"^(filter|diff|merge)\.(.+)\.(clean|smudge|process|textconv|command|driver)$")
# Names of environment variables a git child never needs and must never see.
_DROPPED_PREFIXES = ("ANTHROPIC_", "VOICE_DEV_AGENT_", "GIT_", "AWS_", "AZURE_", "GOOGLE_")
_KEPT = frozenset({"GIT_EXEC_PATH"})  # where a portable git finds its own programs
_DROPPED_SUFFIXES = ("_TOKEN", "_KEY", "_SECRET", "_SECRET_KEY", "_PASSWORD", "_PASS", "_CREDENTIALS")


def environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a git child: the app's secrets and inherited GIT_* variables removed."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name.upper() in _KEPT
        or not (name.upper().startswith(_DROPPED_PREFIXES) or name.upper().endswith(_DROPPED_SUFFIXES))
    }
    env.update(
        {
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_OPTIONAL_LOCKS": "0",  # read-only: never rewrite the index (which could run a hook)
            "GIT_PAGER": "cat",
            "GIT_NO_REPLACE_OBJECTS": "1",
            "LC_ALL": "C",
        }
    )
    if extra:
        env.update(extra)
    return env


def argv(repo: Path, *args: str, drivers: list[str] | None = None) -> list[str]:
    """`git -C repo args` with the overrides above and every filter or diff driver the repository names disabled.

    `drivers` is `driver_keys(repo)` when the caller already has it (several calls in a row).
    """
    overrides = [item for setting in _SAFE_CONFIG for item in ("-c", setting)]
    # An empty filter command means "no filter"; an empty textconv fails closed rather than run anything.
    for key in driver_keys(repo) if drivers is None else drivers:
        overrides += ["-c", f"{key}="]
    if args and args[0] in _DIFFING:
        args = (args[0], "--no-ext-diff", "--no-textconv", *args[1:])
    elif args and args[0] == "blame":
        args = (args[0], "--no-textconv", *args[1:])
    return ["git", *overrides, "-C", str(repo), *args]


def git(
    repo: Path,
    *args: str,
    timeout: float = 30.0,
    extra_env: dict[str, str] | None = None,
    drivers: list[str] | None = None,
    stdin: bytes | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """`git -C repo args`, fed `stdin` (batch commands) or nothing; raises OSError (no git) or TimeoutExpired."""
    command, env = argv(repo, *args, drivers=drivers), environment(extra_env)
    if stdin is None:  # never the app's own standard input
        return subprocess.run(
            command, capture_output=True, stdin=subprocess.DEVNULL, timeout=timeout, env=env, check=False
        )
    return subprocess.run(command, capture_output=True, input=stdin, timeout=timeout, env=env, check=False)


def text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def driver_keys(repo: Path) -> list[str]:
    """Config keys naming a filter, diff or merge program (`filter.lfs.clean`, ...), to blank them out.

    Which drivers exist is only known from the config, so it is read first; `git config`
    itself runs no program.
    """
    try:
        out = subprocess.run(
            ["git", "-c", "core.fsmonitor=false", "-C", str(repo), "config", "-z", "--get-regexp",
             r"^(filter|diff|merge)\..*\.(clean|smudge|process|textconv|command|driver)$"],
            capture_output=True, stdin=subprocess.DEVNULL, timeout=10, env=environment(), check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return []
    keys = []
    for record in text(out.stdout).split("\0"):
        key = record.split("\n", 1)[0]
        if _DRIVER_KEY.match(key) and "=" not in key:
            keys.append(key)
    return keys
