"""The `git_status` tool: branch, upstream ahead/behind, changed files and the last few commits."""

from __future__ import annotations

import logging
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.agent.tools.record import Tool, ToolContext, definition
from app.core.git import REPOSITORY_GONE, foreign_work_tree, git, text
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

MAX_CHARS = 8_000
MAX_FILES_PER_SECTION = 40
COMMITS = 5
_WORDS = {
    "M": "modified",
    "A": "added",
    "D": "deleted",
    "R": "renamed",
    "C": "copied",
    "T": "type changed",
    "U": "unmerged",
}
_IN_PROGRESS = {
    "MERGE_HEAD": "a merge",
    "rebase-merge": "a rebase",
    "rebase-apply": "a rebase or am",
    "CHERRY_PICK_HEAD": "a cherry-pick",
    "REVERT_HEAD": "a revert",
    "BISECT_LOG": "a bisect",
}


@dataclass
class _Status:
    oid: str = ""
    head: str = ""
    upstream: str = ""
    ahead: int | None = None
    behind: int | None = None
    staged: list[str] = field(default_factory=list)
    unstaged: list[str] = field(default_factory=list)
    untracked: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)


def git_status(repo: Path) -> ToolResult:
    """A short, capped summary of the working tree and recent history of `repo`."""
    try:
        return _git_status(repo)
    except FileNotFoundError:
        if not repo.is_dir():  # deleted, moved or unmounted during the turn: not git's fault
            return ToolResult.error(f"{REPOSITORY_GONE}.")
        return ToolResult.error("git is not installed on this machine, so the repository cannot be inspected.")
    except subprocess.TimeoutExpired:
        return ToolResult.error("git did not answer within 30 seconds; the repository may be very large or locked.")
    except Exception:
        if not repo.is_dir():  # not a bug either: no traceback in the log
            return ToolResult.error(f"{REPOSITORY_GONE}.")
        log.exception("git_status failed")
        return ToolResult.error("git status failed because of an unexpected problem.")


def _git_status(repo: Path) -> ToolResult:
    if not repo.is_dir():
        return ToolResult.error(f"{REPOSITORY_GONE}.")
    foreign = foreign_work_tree(repo)
    if foreign:
        return ToolResult.error(foreign)
    out = git(repo, "status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal")
    if out.returncode != 0:
        if not repo.is_dir():
            return ToolResult.error(f"{REPOSITORY_GONE}.")
        reason = text(out.stderr).strip().splitlines()
        return ToolResult.error(f"git status failed: {reason[-1] if reason else 'unknown error'}.")
    status = _parse(text(out.stdout))
    lines = [_branch_line(status)]
    busy = _operation_in_progress(repo)
    if busy:
        lines.append(f"In the middle of {busy}.")
    sections = [
        ("Conflicts", status.conflicts),
        ("Staged", status.staged),
        ("Not staged", status.unstaged),
        ("Untracked", status.untracked),
    ]
    if not any(items for _, items in sections):
        lines.append("Working tree clean: no changed or untracked files.")
    for title, items in sections:
        if items:
            lines.append(f"{title} ({len(items)}):")
            lines += [f"  {item}" for item in items[:MAX_FILES_PER_SECTION]]
            if len(items) > MAX_FILES_PER_SECTION:
                lines.append(f"  … and {len(items) - MAX_FILES_PER_SECTION} more")
    lines += _recent_commits(repo, status)
    result = "\n".join(lines)
    if len(result) > MAX_CHARS:
        result = result[: MAX_CHARS - 40] + "\n[status cut: too long]"
    return ToolResult(result)


def _parse(raw: str) -> _Status:
    status = _Status()
    records = raw.split("\0")
    index = 0
    while index < len(records):
        record = records[index]
        index += 1
        if record.startswith("# branch.oid "):
            status.oid = record[len("# branch.oid ") :]
        elif record.startswith("# branch.head "):
            status.head = record[len("# branch.head ") :]
        elif record.startswith("# branch.upstream "):
            status.upstream = record[len("# branch.upstream ") :]
        elif record.startswith("# branch.ab "):
            ahead, _, behind = record[len("# branch.ab ") :].partition(" ")
            status.ahead, status.behind = abs(int(ahead)), abs(int(behind))
        elif record.startswith(("1 ", "2 ")):
            fields = record.split(" ", 9 if record[0] == "2" else 8)
            xy, path = fields[1], fields[-1]
            if record[0] == "2" and index < len(records):
                path = f"{records[index]} -> {path}"
                index += 1  # a rename's original path is the next record
            if xy[0] != ".":
                status.staged.append(f"{_WORDS.get(xy[0], xy[0])}: {path}")
            if xy[1] != ".":
                status.unstaged.append(f"{_WORDS.get(xy[1], xy[1])}: {path}")
        elif record.startswith("u "):
            status.conflicts.append(f"both changed: {record.split(' ', 10)[-1]}")
        elif record.startswith("? "):
            status.untracked.append(record[2:])
    return status


def _branch_line(status: _Status) -> str:
    if status.head == "(detached)":
        line = f"HEAD is detached at {status.oid[:10]} (no branch checked out)."
    elif status.oid == "(initial)":
        line = f"Branch: {status.head} (no commits yet)."
    else:
        line = f"Branch: {status.head}."
    if status.upstream:
        if status.ahead is None:
            line += f" Upstream {status.upstream} is gone or not fetched."
        elif status.ahead or status.behind:
            line += f" Upstream {status.upstream}: {status.ahead} ahead, {status.behind} behind."
        else:
            line += f" Up to date with {status.upstream}."
    elif status.head != "(detached)":
        line += " No upstream branch."
    return line


def _recent_commits(repo: Path, status: _Status) -> list[str]:
    if status.oid in ("", "(initial)"):
        return []
    out = git(
        repo, "log", f"-n{COMMITS}", "--no-show-signature", "--date=format:%Y-%m-%d %H:%M",
        "--format=%h%x1f%ad%x1f%an%x1f%s", "HEAD",
    )  # fmt: skip
    if out.returncode != 0:
        return []
    lines = ["Recent commits (newest first):"]
    for row in text(out.stdout).splitlines():
        parts = row.split("\x1f")
        if len(parts) == 4:
            short, date, author, subject = parts
            lines.append(f"  {short} {date} {author}: {subject[:200]}")
    return lines if len(lines) > 1 else []


def _operation_in_progress(repo: Path) -> str:
    out = git(repo, "rev-parse", "--absolute-git-dir")
    if out.returncode != 0:
        return ""
    git_dir = Path(text(out.stdout).strip())
    return next((what for name, what in _IN_PROGRESS.items() if (git_dir / name).exists()), "")


def _run(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return git_status(context.repo)


TOOL = Tool(
    "git_status",
    definition("git_status", "Branch, upstream ahead/behind, changed files and the last few commits.", {}),
    run=_run,
    label=lambda args: QT_TRANSLATE_NOOP("tools", "checking git status"),
    looks_at_repository=True,
)
