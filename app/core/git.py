"""The one way the app runs git: read-only commands with every config-driven program switched off.

A repository's own config (`.git/config`, `.gitattributes`) can name programs that
git runs on its behalf: an fsmonitor hook, hooks, clean/smudge filters, diff
drivers and textconv, a pager, custom transports. The repository may be hostile
(the agent reads code other people wrote), so each of these is overridden at the
command level, which wins over every config file, and the child gets an environment
without the app's secrets or an inherited GIT_DIR that would point git elsewhere.

The overrides go through GIT_CONFIG_COUNT/KEY_n/VALUE_n, not `-c key=value`: `-c`
splits at the first `=`, so a driver named `a=b` could not be blanked that way.
Submodules are never looked into (each has its own config, naming drivers this
module never saw), and the work tree is pinned to the repository folder, so a
`core.worktree` elsewhere cannot make git read files the tools did not vet.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

# Settings that make git start a program named by the repository.
_SAFE_CONFIG = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", os.devnull),
    ("core.pager", "cat"),
    ("core.editor", "false"),
    ("core.sshCommand", "false"),
    ("core.askPass", ""),
    ("credential.helper", ""),
    ("gpg.program", "false"),
    ("protocol.allow", "never"),  # no transport at all: these commands never fetch
    ("core.quotePath", "false"),
    ("color.ui", "false"),
    ("submodule.recurse", "false"),  # grep and friends stay out of submodules
    ("diff.ignoreSubmodules", "dirty"),
)
# Commands that would run a repository's external diff or textconv program unless told not to.
_DIFFING = frozenset({"diff", "log", "show", "whatchanged", "diff-tree", "diff-index", "diff-files", "format-patch"})
# Commands that would run `git status` inside each submodule (under the submodule's own config) to see if
# it is dirty. "dirty" still reports a submodule whose checked-out commit moved: that is read, not run.
_LOOKING_INTO_SUBMODULES = frozenset({"status", "diff", "diff-index", "diff-files"})
_DRIVER_KEY = re.compile(r"^(filter|diff|merge)\.(.+)\.(clean|smudge|process|textconv|command|driver)$")
# Names of environment variables a git child never needs and must never see.
_DROPPED_PREFIXES = ("ANTHROPIC_", "VOICE_DEV_AGENT_", "GIT_", "AWS_", "AZURE_", "GOOGLE_")
# What every tool says when the folder went away during a turn (deleted, moved, an unmounted drive).
REPOSITORY_GONE = "The repository folder is not available"
_KEPT = frozenset({"GIT_EXEC_PATH"})  # where a portable git finds its own programs
_DROPPED_SUFFIXES = ("_TOKEN", "_KEY", "_SECRET", "_SECRET_KEY", "_PASSWORD", "_PASS", "_CREDENTIALS")


def environment(extra: dict[str, str] | None = None, overrides: list[tuple[str, str]] | None = None) -> dict[str, str]:
    """The environment for a git child: the app's secrets and inherited GIT_* variables removed.

    `overrides` are config settings for the command level, each key taken verbatim.
    """
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
    for index, (key, value) in enumerate(overrides or []):
        env[f"GIT_CONFIG_KEY_{index}"], env[f"GIT_CONFIG_VALUE_{index}"] = key, value
    if overrides:
        env["GIT_CONFIG_COUNT"] = str(len(overrides))
    if extra:
        env.update(extra)
    return env


def command(
    repo: Path, *args: str, drivers: list[str] | None = None, extra_env: dict[str, str] | None = None
) -> tuple[list[str], dict[str, str]]:
    """(argv, environment) for `git args` in `repo`: the overrides above, every filter or diff driver the
    repository names disabled, submodules not looked into, and the work tree pinned to `repo`.

    `drivers` is `driver_keys(repo)` when the caller already has it (several calls in a row).
    """
    # An empty filter command means "no filter"; an empty textconv fails closed rather than run anything.
    blanked = [(key, "") for key in (driver_keys(repo) if drivers is None else drivers)]
    if args and args[0] in _DIFFING:
        args = (args[0], "--no-ext-diff", "--no-textconv", *args[1:])
    elif args and args[0] == "blame":
        args = (args[0], "--no-textconv", *args[1:])
    if args and args[0] in _LOOKING_INTO_SUBMODULES:
        args = (args[0], "--ignore-submodules=dirty", *args[1:])
    argv = ["git", "--work-tree", str(repo), "-C", str(repo), *args]
    return argv, environment(extra_env, [*_SAFE_CONFIG, *blanked])


def git(
    repo: Path,
    *args: str,
    timeout: float = 30.0,
    extra_env: dict[str, str] | None = None,
    drivers: list[str] | None = None,
    stdin: bytes | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """`git -C repo args`, fed `stdin` (batch commands) or nothing; raises OSError (no git) or TimeoutExpired."""
    argv, env = command(repo, *args, drivers=drivers, extra_env=extra_env)
    if stdin is None:  # never the app's own standard input
        return subprocess.run(
            argv, capture_output=True, stdin=subprocess.DEVNULL, timeout=timeout, env=env, check=False
        )
    return subprocess.run(argv, capture_output=True, input=stdin, timeout=timeout, env=env, check=False)


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
        if _DRIVER_KEY.match(key):
            keys.append(key)
    return keys


def foreign_work_tree(repo: Path) -> str:
    """Why git's own idea of the work tree is not `repo` (a `core.worktree` elsewhere), or "" when it is.

    Every command pins the work tree anyway; this lets a tool refuse plainly instead of
    answering about a tree that git and the person see differently.
    """
    try:
        out = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "--show-toplevel"],
            capture_output=True, stdin=subprocess.DEVNULL, timeout=10, check=False,
            env=environment(None, list(_SAFE_CONFIG)),
        )  # fmt: skip
    except subprocess.SubprocessError:
        return ""  # a slow git is the command's own problem, reported there
    top = text(out.stdout).strip()
    if out.returncode != 0 or not top or Path(top).resolve() == repo.resolve():
        return ""  # not a work tree at all is for the command itself to report
    return (
        f"Refused: this repository's git config (core.worktree) points its work tree away from {repo}, "
        "so git would show files from another folder. Remove core.worktree from .git/config to use git here."
    )
