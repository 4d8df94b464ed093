"""How stale each memory is, from git: its age, commits since, named paths gone or changed since it was written.

Computed once when a session starts (the marks freeze with the system prompt), with a few git
processes whatever the store and the history hold: one `cat-file --batch` for HEAD and the commit
times, one bounded walk back from HEAD that counts commits for every memory at once (walk.py), one
`diff-tree --stdin` for every commit the memories were written at, and `ls-files` only for a bare
file name a diff shows deleted. What git said is kept per commit (`Since`), so a later session on
the same HEAD asks git only for HEAD. Git runs through the tools' safe helper, app.core.git (no
repository hooks or programs, no secrets in its environment, a time limit).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from app.core import git as safe_git
from app.core.memory.journal import Author
from app.core.memory.names import Names, named_in
from app.core.memory.walk import Count, Walk

log = logging.getLogger(__name__)

GIT_TIMEOUT = 5.0
_OBJECT_NAME = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # SHA-1 or SHA-256
MAX_LISTED = 8  # paths named per mark; the rest are counted
# Commits counted exactly; past this a memory is "over 500 commits since": all a reader needs to know,
# and the walk that counts stays a few milliseconds however long the history is.
COUNT_LIMIT = 500


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
    commits_more: bool = False  # more than commits_since - 1: the count stopped at its limit
    missing: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    state: list[str] = field(default_factory=list)  # state lines a person wrote, the branch having moved since

    def words(self) -> str:
        """The marks in the words the prompt's verify rule points at."""
        parts = [f"written {self.age}" + (" by the developer" if self.by == "person" else "")]
        if self.commits_since is not None:
            parts.append(_commits(self.commits_since, self.commits_more))
        if self.missing:
            parts.append("no longer exists: " + _listed(self.missing))
        if self.changed:
            parts.append("changed since: " + _listed(self.changed))
        if self.state:
            parts.append("repository state, probably out of date: " + "; ".join(f"“{s}”" for s in self.state[:3]))
        return "; ".join(parts)


def _commits(count: int, more: bool = False) -> str:
    if more:
        return f"over {count - 1:,} commits since"
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

    def raw(self, *args: str, stdin: bytes | None = None) -> bytes | None:
        self.calls += 1
        try:
            # drivers=[]: these commands compare object names and list paths; none of them reads file
            # content through a filter or diff driver, so there is nothing to switch off, and skipping
            # the helper's `git config` look-up halves the processes a session start spawns.
            done = safe_git.git(self.repo, *args, timeout=GIT_TIMEOUT, drivers=[], stdin=stdin)
        except (OSError, subprocess.SubprocessError):
            log.warning("git %s failed in %s", args[0], self.repo, exc_info=True)
            return None
        return done.stdout if done.returncode == 0 else None

    def run(self, *args: str, stdin: bytes | None = None) -> str | None:
        out = self.raw(*args, stdin=stdin)
        return None if out is None else safe_git.text(out)


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
    count: int | None  # a lower bound when `more`
    diff: dict[str, str]  # path -> A, M or D; only paths that matter to the memories' names
    names: str  # digest of the names the diff was kept for
    more: bool = False  # the count stopped at the walk's limit


def dump_cache(cache: dict[str, Since]) -> str:
    return json.dumps({c: [s.head, s.count, s.diff, s.names, s.more] for c, s in cache.items()})


def load_cache(text: str | None) -> dict[str, Since]:
    """The cache as kept in the journal; anything unreadable is simply asked again."""
    try:
        data = json.loads(text or "{}")
        return {str(c): Since(str(v[0]), v[1], dict(v[2]), str(v[3]), bool(v[4:5] and v[4])) for c, v in data.items()}
    except (ValueError, TypeError, IndexError, AttributeError):
        return {}


def _relevant(diff: dict[str, str], names: set[str]) -> dict[str, str]:
    """The part of a diff that can change a mark: named paths, what lies under them, files of a named name."""
    bare = {n.rstrip("/") for n in names}
    files = {n for n in bare if "/" not in n}
    under: dict[str, bool] = {}  # folder -> it or a folder above it is named; thousands of paths share a few folders
    kept: dict[str, str] = {}
    for path, status in diff.items():
        cut = path.rfind("/")
        if path in bare or path[cut + 1 :] in files:
            kept[path] = status
        elif cut != -1:
            folder = path[:cut]
            if folder not in under:
                under[folder] = folder in bare or any(parent in bare for parent in _parents(folder))
            if under[folder]:
                kept[path] = status
    return kept


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
    count_limit: int | None = COUNT_LIMIT,
) -> dict[str, Marks]:
    """Marks for every file; git marks only where the repository and the commit at write are known.

    `cache` (commit -> Since) carries what earlier sessions learnt: a session on an unchanged HEAD
    asks git only for HEAD, and after new commits only about those. It is updated in place for the
    caller to keep. `names` (path -> what it names) saves reading the texts again. Counts past
    `count_limit` read "over N commits since"; None counts exactly, however long that takes.
    """
    marks = {f.path: Marks(age(f.at, now), f.by, f.head) for f in files}
    if repo is None or not files:
        return marks
    cache = {} if cache is None else cache
    git = _Git(repo)
    named = {f.path: (names[f.path] if names and f.path in names else named_in(f.text)).paths for f in files}
    all_names = {p for paths in named.values() for p in paths}
    digest = _names_digest(all_names)
    # Only object names reach git: the journal is the app's own, but a damaged one must not pass an option.
    commits = {f.path: f.head for f in files if _OBJECT_NAME.fullmatch(f.head)}
    times = _commit_times(git, ["HEAD", *sorted(set(commits.values()))])
    head_now = times.pop("HEAD", ("", 0))[0]
    if not head_now:
        return marks
    known = {c: t for c, (_sha, t) in times.items()}
    hand = [f for f in files if not f.head]
    settled = all(_answer(cache.get(c), digest, head_now) is not None for c in known)
    walk: Walk | None = None
    if count_limit is not None and (hand or not settled):
        listing = git.run("rev-list", "--parents", "--timestamp", f"--max-count={count_limit + 1}", head_now)
        walk = Walk(listing or "", count_limit)
    with ThreadPoolExecutor(max_workers=4) as pool:  # git waits on the disk: overlap the calls
        for f in hand:
            # Written by hand outside the app: the commit that was HEAD when the file last changed.
            moment = int(f.at.timestamp())
            found = walk.before(moment) if walk is not None else None
            if found is None:
                out = git.run("rev-list", "-1", f"--before={moment}", head_now)
                found = out.strip() if out else ""
            commits[f.path] = marks[f.path].commit = found
            if found and found not in known:
                known[found] = moment  # no later than this; all that `Walk.since` needs of a commit past its end
        since = _since_all(git, pool, known, head_now, cache, all_names, digest, walk)
    changes = {c: _Changes(s.diff) for c, s in since.items()}
    tree = _tree(repo, git, named, commits, changes)
    for f in files:
        commit = commits.get(f.path, "")
        if not commit or commit not in since:
            continue
        m = marks[f.path]
        m.commits_since, m.commits_more = since[commit].count, since[commit].more
        _mark_paths(m, named[f.path], tree, changes[commit], repo)
        if state_lines is not None and f.by == "person" and commit != head_now:
            m.state = [line for line, _reason in state_lines(f.text)]
    log.debug("staleness of %d files took %d git calls", len(files), git.calls)
    return marks


def _answer(known: Since | None, digest: str, head_now: str) -> Since | None:
    """The cached answer when it still holds: same names, same HEAD."""
    if known is not None and known.names == digest and known.count is not None and known.head == head_now:
        return known
    return None


def _commit_times(git: _Git, names: list[str]) -> dict[str, tuple[str, int]]:
    """name -> (commit, commit time) for each name git knows as a commit; one process for all of them."""
    out = git.raw("cat-file", "--batch", stdin="".join(n + "\n" for n in names).encode())
    found: dict[str, tuple[str, int]] = {}
    at = 0
    for name in names:  # one answer per name, in order: "<object> <type> <size>" and the object, or "<name> missing"
        end = out.find(b"\n", at) if out else -1
        if out is None or end == -1:
            break
        header = out[at:end].split()
        at = end + 1
        if len(header) != 3 or not header[2].isdigit():
            continue
        size = int(header[2])
        body, at = out[at : at + size], at + size + 1
        if header[1] == b"commit":
            found[name] = (header[0].decode(), _committer_time(body))
    return found


def _committer_time(body: bytes) -> int:
    for line in body.split(b"\n\n", 1)[0].split(b"\n"):
        if line.startswith(b"committer "):
            fields = line.rsplit(b" ", 2)
            if len(fields) == 3 and fields[1].lstrip(b"-").isdigit():
                return int(fields[1])
    return 0


def _since_all(
    git: _Git,
    pool: ThreadPoolExecutor,
    times: dict[str, int],
    head_now: str,
    cache: dict[str, Since],
    names: set[str],
    digest: str,
    walk: Walk | None,
) -> dict[str, Since]:
    """Since for every commit (-> its commit time): from the cache, extended from the cached HEAD, or asked afresh."""
    result: dict[str, Since] = {}
    fresh: list[str] = []
    extend: dict[str, tuple[Count, list[str]]] = {}  # cached head -> commits since it, commits whose cache ends there
    for commit in sorted(times):
        known = cache.get(commit)
        if _answer(known, digest, head_now) is not None:
            result[commit] = cache[commit]
            continue
        if known is not None and known.names == digest and known.count is not None and walk is not None:
            # Extend only along HEAD's history, exactly counted; after a branch switch the old answer does not hold.
            step = extend[known.head][0] if known.head in extend else walk.since(known.head, None)
            if step is not None and not step.more:
                extend.setdefault(known.head, (step, []))[1].append(commit)
                continue
        fresh.append(commit)
    counts = {c: walk.since(c, times[c]) if walk is not None else None for c in fresh}
    exact = {c: pool.submit(_count, git, c, head_now) for c, n in counts.items() if n is None}
    diffs = _diffs(git, [*fresh, *extend], head_now)
    for commit in fresh:
        n = counts[commit]
        count, more = (n.n, n.more) if n is not None else (exact[commit].result(), False)
        diff = diffs.get(commit)
        if diff is None:
            # Unknown (git failed): nothing is kept, so the next session asks again.
            result[commit] = Since(head_now, None, {}, digest)
            continue
        result[commit] = Since(head_now, count, _relevant(diff, names), digest, more)
    for h, (step, waiting) in extend.items():
        step_diff = diffs.get(h)
        for commit in waiting:
            known = cache[commit]
            assert known.count is not None
            if step_diff is None:
                result[commit] = Since(head_now, None, {}, digest)
            else:
                diff = _compose(known.diff, _relevant(step_diff, names))
                # Past the limit it stays "over N": the walk that said so went no further.
                count = known.count if known.more else known.count + step.n
                result[commit] = Since(head_now, count, diff, digest, known.more)
    cache.update({c: s for c, s in result.items() if s.count is not None})
    return result


def _diffs(git: _Git, commits: list[str], head_now: str) -> dict[str, dict[str, str]]:
    """commit -> path -> A/M/D from it to HEAD, all in one process; committed history, what readers check out."""
    result: dict[str, dict[str, str]] = {c: {} for c in commits if c == head_now}
    asked = [c for c in commits if c != head_now]
    if not asked:
        return result
    # Each line "HEAD c" is HEAD taken as a commit whose parent is c; --always answers even an empty diff.
    lines = "".join(f"{head_now} {c}\n" for c in asked).encode()
    out = git.run("diff-tree", "--stdin", "--always", "-r", "--name-status", "--no-renames", "-z", stdin=lines)
    if out is None:
        return result
    items = out.split("\0")
    # Each answer is HEAD's name, then status and path in turn (a status is a letter, never a commit name).
    starts = [i for i, item in enumerate(items) if item == head_now]
    for commit, start, end in zip(asked, starts, [*starts[1:], len(items)], strict=False):
        block = items[start + 1 : end]  # the last one ends in "", which zip leaves out
        result[commit] = dict(zip(block[1::2], block[0::2], strict=False))
    return result


def _tree(
    repo: Path, git: _Git, named: dict[str, tuple[str, ...]], commits: dict[str, str], changes: dict[str, _Changes]
) -> _Tree | None:
    """The tracked files that decide whether a named file name "no longer exists" (None: git failed).

    Only file names a diff shows deleted somewhere are looked up, for a file of that name elsewhere. A
    named path a diff shows deleted is gone when the disk does not hold it either: the file list would
    only add a file staged again and then removed from the disk.
    """
    names: set[str] = set()
    for path, paths in named.items():
        change = changes.get(commits.get(path, ""))
        if change is None:
            continue
        for name in paths:
            bare = name.rstrip("/")
            if "/" not in bare and bare in change.deleted_names and not (repo / bare).exists():
                names.add(bare)
    if not names:
        return _Tree("")
    listing = git.run("ls-files", "-z", "--", *(f":(glob)**/{n}" for n in sorted(names)))
    return None if listing is None else _Tree(listing)


def _parents(path: str) -> Iterator[str]:
    while "/" in path:
        path = path.rsplit("/", 1)[0]
        yield path


class _Tree:
    """The tracked files `git ls-files` listed: is a file of this name anywhere?"""

    def __init__(self, listing: str) -> None:
        self._names = {p.rpartition("/")[2] for p in listing.split("\0") if p}

    def has_name(self, name: str) -> bool:
        return name in self._names


class _Changes:
    """What changed between a commit and HEAD, by path, folder and file name."""

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


def _mark_paths(marks: Marks, named: tuple[str, ...], tree: _Tree | None, changes: _Changes, repo: Path) -> None:
    """Named paths deleted or changed since; a file name is not called gone when git could not list the files."""
    for path in named:
        bare = path.rstrip("/")
        if "/" in bare:
            # "No longer exists" only for what existed when the memory was written: a plan to create
            # src/new_feature.py, or "and/or", is not stale.
            if bare in changes.deleted_under and not (repo / bare).exists():
                marks.missing.append(path)
            elif bare in changes.changed_under:
                marks.changed.append(path)
        # A bare file name: gone when a file of that name was deleted and none is left.
        elif bare in changes.deleted_names and tree and not tree.has_name(bare) and not (repo / bare).exists():
            marks.missing.append(path)
        elif bare in changes.changed_names:
            marks.changed.append(path)
