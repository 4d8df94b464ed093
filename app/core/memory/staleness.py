"""How stale each memory is, from git: its age, commits since, named paths gone or changed since it was written.

Computed once when a session starts (the marks freeze with the system prompt), with few git calls
whatever the store holds: one `rev-parse`, one `ls-files`, and per distinct commit the memories were
written at one `rev-list --count` and one `diff --name-status`. Git runs through the tools' safe
helper, app.core.git (no repository hooks or programs, no secrets in its environment, a time limit).
"""

from __future__ import annotations

import bisect
import hashlib
import json
import logging
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from app.core import git as safe_git
from app.core.memory.journal import Author
from app.core.memory.names import Names, named_in

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
        self.calls += 1
        try:
            # drivers=[]: these commands compare object names and list paths; none of them reads file
            # content through a filter or diff driver, so there is nothing to switch off, and skipping
            # the helper's `git config` look-up halves the processes a session start spawns.
            done = safe_git.git(self.repo, *args, timeout=GIT_TIMEOUT, drivers=[])
        except (OSError, subprocess.SubprocessError):
            log.warning("git %s failed in %s", args[0], self.repo, exc_info=True)
            return None
        return safe_git.text(done.stdout) if done.returncode == 0 else None


def head(repo: Path | None) -> str:
    """The repository's HEAD commit, or "" (no repository, no commits yet, no git)."""
    if repo is None:
        return ""
    out = _Git(repo).run("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    return out.strip() if out else ""


@dataclass(frozen=True)
class Since:
    """What happened between a commit and a later HEAD: how many commits, which named paths changed how."""

    head: str
    count: int | None
    diff: dict[str, str]  # path -> A, M or D; only paths that matter to the memories' names
    names: str  # digest of the names the diff was kept for


def dump_cache(cache: dict[str, Since]) -> str:
    return json.dumps({c: [s.head, s.count, s.diff, s.names] for c, s in cache.items()})


def load_cache(text: str | None) -> dict[str, Since]:
    """The cache as kept in the journal; anything unreadable is simply asked again."""
    try:
        data = json.loads(text or "{}")
        return {str(c): Since(str(v[0]), v[1], dict(v[2]), str(v[3])) for c, v in data.items()}
    except (ValueError, TypeError, IndexError, AttributeError):
        return {}


def _relevant(diff: dict[str, str], names: set[str]) -> dict[str, str]:
    bare = {n.rstrip("/") for n in names}
    files = {n for n in bare if "/" not in n}
    return {
        p: s
        for p, s in diff.items()
        if p in bare or p.rsplit("/", 1)[-1] in files or any(parent in bare for parent in _parents(p))
    }


def _compose(first: dict[str, str], then: dict[str, str]) -> dict[str, str]:
    """c -> h, then h -> H, as c -> H."""
    result = dict(first)
    for path, status in then.items():
        before = first.get(path)
        if before is None:
            result[path] = status
        elif before == "A":
            if status == "D":
                del result[path]  # made and removed again: as at c, absent
        elif before == "D":
            result[path] = "M"  # removed and made again: there, maybe different
        elif status == "D":
            result[path] = "D"
    return result


def _names_digest(names: set[str]) -> str:
    return hashlib.sha256("\0".join(sorted(names)).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def assess(
    repo: Path | None,
    files: list[Written],
    now: datetime,
    *,
    state_lines: Callable[[str], list[tuple[str, str]]] | None = None,
    cache: dict[str, Since] | None = None,
    names: dict[str, Names] | None = None,
) -> dict[str, Marks]:
    """Marks for every file; git marks only where the repository and the commit at write are known.

    `cache` (commit -> Since) carries what earlier sessions learnt: a session on an unchanged HEAD
    asks git only for HEAD and the file list, and after new commits only about those. It is updated
    in place for the caller to keep. `names` (path -> what it names) saves reading the texts again.
    """
    marks = {f.path: Marks(age(f.at, now), f.by, f.head) for f in files}
    if repo is None or not files:
        return marks
    cache = {} if cache is None else cache
    git = _Git(repo)
    named = {f.path: (names[f.path] if names and f.path in names else named_in(f.text)).paths for f in files}
    all_names = {p for paths in named.values() for p in paths}
    digest = _names_digest(all_names)
    hand = [f for f in files if not f.head]
    with ThreadPoolExecutor(max_workers=4) as pool:  # git waits on the disk: overlap the calls
        listing = pool.submit(git.run, "ls-files", "-z") if all_names else None
        current = pool.submit(git.run, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
        # Written by hand outside the app: the commit that was HEAD when the file last changed.
        before = {
            f.path: pool.submit(git.run, "rev-list", "-1", f"--before={int(f.at.timestamp())}", "HEAD") for f in hand
        }
        commits = {f.path: f.head for f in files if f.head}
        for path, found in before.items():
            out = found.result()
            commits[path] = out.strip() if out else ""
            marks[path].commit = commits[path]
        head_now = (current.result() or "").strip()
        if not head_now:
            return marks
        since = _since_all(git, pool, sorted({c for c in commits.values() if c}), head_now, cache, all_names, digest)
        tracked_out = listing.result() if listing is not None else ""
    if tracked_out is None:
        return marks
    tree = _Tree(tracked_out)
    for f in files:
        commit = commits.get(f.path, "")
        if not commit or commit not in since:
            continue
        m = marks[f.path]
        m.commits_since = since[commit].count
        _mark_paths(m, named[f.path], tree, _Changes(since[commit].diff), repo)
        if state_lines is not None and f.by == "person" and commit != head_now:
            m.state = [line for line, _reason in state_lines(f.text)]
    log.debug("staleness of %d files took %d git calls", len(files), git.calls)
    return marks


def _since_all(
    git: _Git,
    pool: ThreadPoolExecutor,
    commits: list[str],
    head_now: str,
    cache: dict[str, Since],
    names: set[str],
    digest: str,
) -> dict[str, Since]:
    """Since for every commit: from the cache, extended from the cached HEAD, or asked afresh."""
    result: dict[str, Since] = {}
    fresh: list[str] = []
    extend: dict[str, list[str]] = {}  # cached head -> commits whose cache ends there
    for commit in commits:
        known = cache.get(commit)
        if known is not None and known.names == digest and known.count is not None:
            if known.head == head_now:
                result[commit] = known
            else:
                extend.setdefault(known.head, []).append(commit)
        else:
            fresh.append(commit)
    asks = {c: (pool.submit(_count, git, c, head_now), pool.submit(_diff, git, c, head_now)) for c in fresh}
    steps = {
        h: (
            pool.submit(git.run, "merge-base", "--is-ancestor", h, head_now),
            pool.submit(_count, git, h, head_now),
            pool.submit(_diff, git, h, head_now),
        )
        for h in extend
    }
    for commit, (count, diff) in asks.items():
        result[commit] = Since(head_now, count.result(), _relevant(diff.result(), names), digest)
    for h, (ancestor, count, diff) in steps.items():
        step_count, step_diff = count.result(), _relevant(diff.result(), names)
        for commit in extend[h]:
            known = cache[commit]
            if ancestor.result() is None or step_count is None or known.count is None:
                # HEAD moved sideways (another branch, a rebase): the old answer does not extend.
                fresh_diff = _relevant(_diff(git, commit, head_now), names)
                result[commit] = Since(head_now, _count(git, commit, head_now), fresh_diff, digest)
            else:
                result[commit] = Since(head_now, known.count + step_count, _compose(known.diff, step_diff), digest)
    cache.update(result)
    return result


def _parents(path: str) -> Iterator[str]:
    while "/" in path:
        path = path.rsplit("/", 1)[0]
        yield path


class _Tree:
    """The tracked files, as `git ls-files` lists them (sorted): which named paths exist, in O(log n) each."""

    def __init__(self, listing: str) -> None:
        self.files = [p for p in listing.split("\0") if p]
        self._set = set(self.files)
        self._names: set[str] | None = None

    def has(self, path: str) -> bool:
        """A tracked file, or a folder holding one."""
        if path in self._set:
            return True
        at = bisect.bisect_left(self.files, path + "/")
        return at < len(self.files) and self.files[at].startswith(path + "/")

    def has_name(self, name: str) -> bool:
        if self._names is None:  # only when a memory names a bare file name
            self._names = {p.rpartition("/")[2] for p in self.files}
        return name in self._names


class _Changes:
    """What changed between a commit and the working tree, by path, folder and file name."""

    def __init__(self, diff: dict[str, str]) -> None:
        self.deleted = {p for p, s in diff.items() if s == "D"}
        self.deleted_under = self.deleted | {parent for p in self.deleted for parent in _parents(p)}
        self.deleted_names = {p.rsplit("/", 1)[-1] for p in self.deleted}
        changed = {p for p, s in diff.items() if s in "AM"}
        self.changed_under = changed | {parent for p in changed for parent in _parents(p)}
        self.changed_names = {p.rsplit("/", 1)[-1] for p in changed}


def _count(git: _Git, commit: str, current: str) -> int | None:
    if commit == current:
        return 0
    out = git.run("rev-list", "--count", f"{commit}..{current}")
    try:
        return int(out.strip()) if out else None
    except ValueError:
        return None


def _diff(git: _Git, commit: str, head_now: str) -> dict[str, str]:
    """Path -> A/M/D between two commits (committed history: what the memory's readers will check out)."""
    if commit == head_now:
        return {}
    out = git.run("diff-tree", "-r", "--name-status", "--no-renames", "-z", commit, head_now)
    if out is None:
        return {}
    items = out.split("\0")
    return {items[i + 1]: items[i][:1] for i in range(0, len(items) - 1, 2) if items[i]}


def _mark_paths(marks: Marks, named: tuple[str, ...], tree: _Tree, changes: _Changes, repo: Path) -> None:
    for path in named:
        bare = path.rstrip("/")
        if "/" in bare:
            # "No longer exists" only for what existed when the memory was written: a plan to create
            # src/new_feature.py, or "and/or", is not stale.
            if bare in changes.deleted_under and not tree.has(bare) and not (repo / bare).exists():
                marks.missing.append(path)
            elif bare in changes.changed_under:
                marks.changed.append(path)
        # A bare file name: gone when a file of that name was deleted and none is left.
        elif bare in changes.deleted_names and not tree.has_name(bare) and not (repo / bare).exists():
            marks.missing.append(path)
        elif bare in changes.changed_names:
            marks.changed.append(path)
