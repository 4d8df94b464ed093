"""How stale each memory is, from git: its age, commits since, named paths gone or changed since it was written.

Computed once when a session starts (the marks freeze with the system prompt), with few git calls
whatever the store holds: one `rev-parse`, one `ls-files`, and per distinct commit the memories were
written at one `rev-list --count` and one `diff --name-status`. Git runs through the tools' safe
helper (no repository hooks, no fsmonitor, a time limit).
"""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from app.core.memory.journal import Author
from app.core.memory.names import named_in

log = logging.getLogger(__name__)

GIT_TIMEOUT = 5.0
MAX_LISTED = 8  # paths named per mark; the rest are counted


@dataclass(frozen=True)
class Written:
    """What is known about one memory file's last write."""

    path: str  # virtual path
    text: str
    at: datetime
    by: Author
    head: str  # commit at write; "" when unknown


@dataclass
class Marks:
    """What the start-of-session block says about one file."""

    age: str
    by: str
    commit: str = ""
    commits_since: int | None = None
    missing: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    state: list[str] = field(default_factory=list)  # state lines a person wrote, the branch having moved since

    def words(self) -> str:
        """The marks in the words the prompt's verify rule points at."""
        parts = [f"written {self.age}" + (" by the developer" if self.by == "person" else "")]
        if self.commits_since is not None:
            parts.append(_commits(self.commits_since))
        if self.missing:
            parts.append("no longer exists: " + _listed(self.missing))
        if self.changed:
            parts.append("changed since: " + _listed(self.changed))
        if self.state:
            parts.append("repository state, probably out of date: " + "; ".join(f"“{s}”" for s in self.state[:3]))
        return "; ".join(parts)


def _commits(count: int) -> str:
    if count == 0:
        return "no commits since"
    return "1 commit since" if count == 1 else f"{count:,} commits since"


def _listed(paths: list[str]) -> str:
    shown = ", ".join(paths[:MAX_LISTED])
    return shown + (f" and {len(paths) - MAX_LISTED} more" if len(paths) > MAX_LISTED else "")


def age(moment: datetime, now: datetime) -> str:
    """'3 days ago', in the largest whole unit."""
    seconds = max(0.0, (now - moment).total_seconds())
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "less than a minute ago"


class _Git:
    """The few git questions staleness asks; any failure means 'unknown', never an exception."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self.calls = 0

    def run(self, *args: str) -> str | None:
        from app.core.agent.tools.git_command import git, text  # imported late: the store loads without git

        self.calls += 1
        try:
            done = git(self.repo, *args, timeout=GIT_TIMEOUT)
        except (OSError, subprocess.SubprocessError):
            log.warning("git %s failed in %s", args[0], self.repo, exc_info=True)
            return None
        return text(done.stdout) if done.returncode == 0 else None


def head(repo: Path | None) -> str:
    """The repository's HEAD commit, or "" (no repository, no commits yet, no git)."""
    if repo is None:
        return ""
    out = _Git(repo).run("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    return out.strip() if out else ""


def assess(
    repo: Path | None,
    files: list[Written],
    now: datetime,
    *,
    state_lines: Callable[[str], list[tuple[str, str]]] | None = None,
) -> dict[str, Marks]:
    """Marks for every file; git marks only where the repository and the commit at write are known."""
    marks = {f.path: Marks(age(f.at, now), f.by, f.head) for f in files}
    if repo is None or not files:
        return marks
    git = _Git(repo)
    current = git.run("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    listing = git.run("ls-files", "-z") if current else None
    if not current or listing is None:
        return marks
    current = current.strip()
    tracked = {p for p in listing.split("\0") if p}
    folders = {str(parent) for p in tracked for parent in PurePosixPath(p).parents if str(parent) != "."}
    basenames = {PurePosixPath(p).name for p in tracked}
    by_commit: dict[str, tuple[int | None, dict[str, str]]] = {}
    for f in files:
        commit = f.head
        if not commit:
            # Written by hand outside the app: the commit that was HEAD when the file last changed.
            stamp = int(f.at.timestamp())
            found = git.run("rev-list", "-1", f"--before={stamp}", "HEAD")
            commit = found.strip() if found else ""
            marks[f.path].commit = commit
        if not commit:
            continue
        if commit not in by_commit:
            by_commit[commit] = (_count(git, commit, current), _diff(git, commit))
        count, diff = by_commit[commit]
        m = marks[f.path]
        m.commits_since = count
        _mark_paths(m, f.text, tracked, folders, basenames, diff, repo)
        if state_lines is not None and f.by == "person" and commit != current:
            m.state = [line for line, _reason in state_lines(f.text)]
    log.debug("staleness of %d files took %d git calls", len(files), git.calls)
    return marks


def _count(git: _Git, commit: str, current: str) -> int | None:
    if commit == current:
        return 0
    out = git.run("rev-list", "--count", f"{commit}..{current}")
    try:
        return int(out.strip()) if out else None
    except ValueError:
        return None


def _diff(git: _Git, commit: str) -> dict[str, str]:
    """Path -> A/M/D between `commit` and the working tree (uncommitted edits count as changes)."""
    out = git.run("diff", "--name-status", "--no-renames", "-z", commit, "--")
    if out is None:
        return {}
    items = out.split("\0")
    return {items[i + 1]: items[i][:1] for i in range(0, len(items) - 1, 2) if items[i]}


def _mark_paths(
    marks: Marks,
    text: str,
    tracked: set[str],
    folders: set[str],
    basenames: set[str],
    diff: dict[str, str],
    repo: Path,
) -> None:
    deleted_names = {PurePosixPath(p).name for p, s in diff.items() if s == "D"}
    changed = {p for p, s in diff.items() if s in "AM"}
    changed_names = {PurePosixPath(p).name for p in changed}
    for path in named_in(text).paths:
        bare = path.rstrip("/")
        if "/" in path:
            # "No longer exists" only for what existed when the memory was written: a plan to create
            # src/new_feature.py, or "and/or", is not stale.
            was_here = any(s == "D" and (p == bare or p.startswith(bare + "/")) for p, s in diff.items())
            exists = bare in tracked or bare in folders or (repo / bare).exists()
            if not exists and was_here:
                marks.missing.append(path)
            elif bare in changed or any(p.startswith(bare + "/") for p in changed):
                marks.changed.append(path)
        else:
            # A bare file name: gone when a file of that name was deleted and none is left.
            if bare in deleted_names and bare not in basenames and not (repo / bare).exists():
                marks.missing.append(path)
            elif bare in changed_names or bare in changed:
                marks.changed.append(path)
