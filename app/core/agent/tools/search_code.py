"""The `search_code` tool: `git grep -n` over the tracked files that may be shown, capped.

Which files may be searched is decided first, by the same rule read_file uses
(`disclosure.check`: names, links, hard links and content); git grep is then told to
skip every other file (an exclude pathspec each, all pathspecs literal) and any line
from a file outside the allowed set is dropped. A secret file never reaches the
search, so nothing the result says (matches, counts, timing of the cut) depends on
what a secret holds.

The pattern is an extended regular expression (`git grep -E`), matched ignoring case
when it has no capital letter (spoken questions arrive in lower case), so
"reviewOrchestrator" is exact and "review orchestrator" is forgiving.
"""

from __future__ import annotations

import logging
import os
import subprocess
import tempfile
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any

from app.core.agent.tools import disclosure
from app.core.agent.tools.path_guard import PathRefused, resolve
from app.core.agent.tools.record import STRING, Tool, ToolContext, TurnCap, definition, one_line
from app.core.git import REPOSITORY_GONE, driver_keys, foreign_work_tree, git, text
from app.core.git import command as git_command
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

MAX_MATCHES = 100
MAX_CHARS = 8_000
MAX_LINE_CHARS = 300
MAX_PATTERN_CHARS = 500
MAX_FILES = 50_000  # tracked files considered per search
TIMEOUT_SECONDS = 30.0
# Room for file names on one git command line: Windows allows 32,767 characters in all.
_ARGV_CHARS = 24_000 if os.name == "nt" else 200_000


class _Failed(Exception):
    """git grep could not run the search; the message is for the model."""


def search_code(repo: Path, pattern: object, path: object = None) -> ToolResult:
    """Lines of tracked files in `repo` (or under `path`) matching `pattern`, as `file:line: text`."""
    try:
        return _search(repo, pattern, path)
    except PathRefused as exc:
        return ToolResult.error(f"Refused: {exc}.")
    except _Failed as exc:
        return ToolResult.error(str(exc))
    except FileNotFoundError:
        if not repo.is_dir():  # deleted, moved or unmounted during the turn
            return ToolResult.error(f"{REPOSITORY_GONE}.")
        return ToolResult.error("git is not installed on this machine, so the code cannot be searched.")
    except Exception:  # a bug, not bad input (that is refused above): keep its traceback for the log
        if not repo.is_dir():
            return ToolResult.error(f"{REPOSITORY_GONE}.")
        log.exception("search_code failed")
        return ToolResult.error("The search failed because of an unexpected problem.")


def _check_pattern(pattern: object) -> str:
    if not isinstance(pattern, str) or not pattern.strip():
        raise PathRefused("pattern must be non-empty text, such as 'ReviewOrchestrator'")
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PathRefused(f"pattern is longer than {MAX_PATTERN_CHARS} characters")
    for ch in pattern:
        kind = unicodedata.category(ch)
        if kind == "Cc":
            raise PathRefused("pattern contains a line break or control character; search one line at a time")
        if kind == "Cs":  # a lone surrogate cannot be encoded for git
            raise PathRefused("pattern contains an invalid character (a lone surrogate); search with plain text")
    return pattern


def _search(repo: Path, pattern: object, path: object) -> ToolResult:
    wanted = _check_pattern(pattern)
    root = repo.resolve(strict=True)
    foreign = foreign_work_tree(root)
    if foreign:
        raise _Failed(foreign)
    where = resolve(root, path if path is not None else "", allow_dir=True, allow_root=True)
    drivers = driver_keys(root)  # looked up once for both git commands of this search
    allowed, skipped, withheld = _searchable(root, where.relative, drivers)
    ignore_case = wanted == wanted.lower()
    options = ["grep", "-n", "-z", "-I", "-E", "--no-color", *(["-i"] if ignore_case else []), "-e", wanted, "--"]
    matches, more = _grep(root, options, where.relative, allowed, skipped, drivers) if allowed else ([], False)
    scope = f" under {where.relative}" if where.relative else ""
    how = "ignoring case" if ignore_case else "case-sensitive"
    # Depends on the scope only, never on the pattern: it tells the model why a file it expects is missing.
    withheld_note = (
        f"{withheld} tracked file(s){scope} are never searched: secrets (by name or content) and links."
        if withheld
        else ""
    )
    if not matches:
        return ToolResult(" ".join(filter(None, [f"No matches for '{wanted}' in tracked files{scope} ({how}).",
                                                 withheld_note])))  # fmt: skip
    count = f"{len(matches)}{'+' if more else ''}"
    in_files = len({m.split(":", 1)[0] for m in matches})
    header = f"{count} matching lines in {in_files} files for '{wanted}'{scope} ({how}):"
    body: list[str] = []
    used = len(header) + 300
    cut = more
    for line in matches:
        if used + len(line) + 1 > MAX_CHARS:
            cut = True
            break
        body.append(line)
        used += len(line) + 1
    footer = []
    if cut:
        footer.append(
            f"Results cut after {len(body)} lines; narrow the pattern or give a folder as path to see the rest."
        )
    if withheld_note:
        footer.append(withheld_note)
    return ToolResult("\n".join([header, *body, *footer]))


def _searchable(root: Path, scope: str, drivers: list[str]) -> tuple[set[str], list[str], int]:
    """(tracked files under `scope` that may be shown, the ones git grep must skip, how many are withheld)."""
    out = git(
        root,
        "ls-files",
        "-z",
        "-v",
        "--cached",
        "--",
        scope or ".",
        extra_env={"GIT_LITERAL_PATHSPECS": "1"},
        drivers=drivers,
    )
    if out.returncode != 0:
        reason = text(out.stderr).strip().splitlines()
        raise _Failed(f"The search failed: {reason[-1] if reason else 'git ls-files failed'}.")
    names: list[str] = []
    skipped: list[str] = []
    for entry in dict.fromkeys(text(n) for n in out.stdout.split(b"\0") if len(n) > 2):
        tag, name = entry[0], entry[2:]
        # For an assume-unchanged (lower-case tag) or skip-worktree (S) entry git grep reads the index's copy,
        # not the file that was checked: such entries are never searched.
        (skipped if tag.islower() or tag == "S" else names).append(name)
    allowed: set[str] = set()
    withheld = len(skipped)
    for name, verdict in disclosure.check_many(root, names[:MAX_FILES]).items():
        if verdict.shown:
            allowed.add(name)
            continue
        withheld += verdict.secret
        # Binary files too: a repository's .gitattributes can make git grep -I treat one as text.
        skipped.append(name)
    return allowed, skipped, withheld


def _pathspecs(scope: str, skipped: list[str]) -> list[list[str]]:
    """Pathspec lists for git grep: the scope minus every file that may not be searched, in as many
    command lines as the skipped files need (each line excludes all of them: git searches the rest)."""
    excluded = [f":(exclude,literal){name}" for name in skipped]
    if sum(len(item) + 3 for item in excluded) <= _ARGV_CHARS:
        return [[f":(literal){scope or '.'}", *excluded]]
    # Too many to exclude on one command line: name the allowed files instead (slower, but exact).
    return []


def _grep(
    root: Path, options: list[str], scope: str, allowed: set[str], skipped: list[str], drivers: list[str]
) -> tuple[list[str], bool]:
    """Matching lines in the allowed files, until enough: (lines, more exist).

    git grep reads only files that were checked and allowed; a line from any other file (one
    tracked after the listing) is dropped as well, whatever it says.
    """
    matches: list[str] = []
    deadline = time.monotonic() + TIMEOUT_SECONDS
    pathspecs = _pathspecs(scope, skipped) or [[f":(literal){name}" for name in batch] for batch in _batches(allowed)]
    for batch in pathspecs:
        if _grep_batch(git_command(root, *options, *batch, drivers=drivers), root, allowed, matches, deadline):
            return matches, True
    return matches, False


def _batches(files: set[str]) -> list[list[str]]:
    batches: list[list[str]] = []
    size = _ARGV_CHARS + 1
    for name in sorted(files):
        if size + len(name) + 13 > _ARGV_CHARS:
            batches.append([])
            size = 0
        batches[-1].append(name)
        size += len(name) + 13
    return batches


def _grep_batch(
    argv_env: tuple[list[str], dict[str, str]], root: Path, allowed: set[str], matches: list[str], deadline: float
) -> bool:
    argv, env = argv_env
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL, env=env, cwd=str(root)
        )
        timer = threading.Timer(max(0.1, deadline - time.monotonic()), proc.kill)
        timer.start()
        more = False
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                fields = raw.rstrip(b"\n").split(b"\0", 2)
                if len(fields) != 3:
                    continue
                name, number, line = (text(f) for f in fields)
                if name not in allowed:
                    continue
                if len(matches) >= MAX_MATCHES:
                    more = True
                    break
                line = line.rstrip("\r")
                if len(line) > MAX_LINE_CHARS:
                    line = line[:MAX_LINE_CHARS] + " …[cut]"
                matches.append(f"{name}:{number}: {line}")
        finally:
            timer.cancel()
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        stderr.seek(0)
        errors = text(stderr.read(4000))
    if more:
        return True
    if proc.returncode not in (0, 1):
        reason = errors.strip().splitlines()[-1] if errors.strip() else f"git grep exit code {proc.returncode}"
        if time.monotonic() >= deadline:
            raise _Failed(f"The search took longer than {TIMEOUT_SECONDS:g} s and was stopped; narrow it with path.")
        if "regex" in reason.lower() or "unmatched" in reason.lower() or "invalid" in reason.lower():
            raise _Failed(
                f"The pattern is not a valid extended regular expression ({reason.removeprefix('fatal: ')}). "
                "Escape ( ) [ ] { } . * + ? | with a backslash, or search a plainer word."
            )
        raise _Failed(f"The search failed: {reason}.")
    return False


# Many searches in one turn are how a model (steered by text it read) would probe for hidden content.
MAX_SEARCHES_PER_TURN = 40


def _run(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return search_code(context.repo, args.get("pattern"), args.get("path"))


TOOL = Tool(
    "search_code",
    definition(
        "search_code",
        "Search tracked files with git grep (extended regular expression; case-insensitive "
        "when the pattern is all lower-case); matching lines with file names and line numbers.",
        {
            "pattern": {**STRING, "description": "extended regular expression, e.g. 'class \\w+Orchestrator'"},
            "path": {**STRING, "description": "limit to this folder or file"},
        },
        required=("pattern",),
    ),
    run=_run,
    source=lambda args: f"search for {one_line(args.get('pattern', ''), 60)}",
    label=lambda args: QT_TRANSLATE_NOOP("tools", "searching for {pattern}").format(
        pattern=one_line(args["pattern"], 40)
    ),
    looks_at_repository=True,
    per_turn=TurnCap(
        MAX_SEARCHES_PER_TURN,
        ToolResult.error(
            f"Not run: this question has used its {MAX_SEARCHES_PER_TURN} searches. Answer with what you found, "
            "or read the files the earlier searches pointed to."
        ),
    ),
    shows_file_text=True,
)
