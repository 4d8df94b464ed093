"""The `search_code` tool: `git grep -n` over tracked files, capped, never showing secret files.

The pattern is an extended regular expression (`git grep -E`), matched ignoring case
when it has no capital letter (spoken questions arrive in lower case), so
"reviewOrchestrator" is exact and "review orchestrator" is forgiving.
"""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import tempfile
import threading
import unicodedata
from pathlib import Path

from app.core.agent.tools import process
from app.core.agent.tools.git_command import text
from app.core.agent.tools.path_guard import PathRefused, resolve, secret_reason
from app.core.tool_result import ToolResult

log = logging.getLogger(__name__)

MAX_MATCHES = 100
MAX_CHARS = 8_000
MAX_LINE_CHARS = 300
MAX_PATTERN_CHARS = 500
TIMEOUT_SECONDS = 30.0


def search_code(repo: Path, pattern: object, path: object = None) -> ToolResult:
    """Lines of tracked files in `repo` (or under `path`) matching `pattern`, as `file:line: text`."""
    try:
        return _search(repo, pattern, path)
    except PathRefused as exc:
        return ToolResult.error(f"Refused: {exc}.")
    except FileNotFoundError:
        return ToolResult.error("git is not installed on this machine, so the code cannot be searched.")
    except Exception:
        log.exception("search_code failed")
        return ToolResult.error("The search failed because of an unexpected problem.")


def _check_pattern(pattern: object) -> str:
    if not isinstance(pattern, str) or not pattern.strip():
        raise PathRefused("pattern must be non-empty text, such as 'ReviewOrchestrator'")
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PathRefused(f"pattern is longer than {MAX_PATTERN_CHARS} characters")
    if any(unicodedata.category(ch) == "Cc" for ch in pattern):
        raise PathRefused("pattern contains a line break or control character; search one line at a time")
    return pattern


def _search(repo: Path, pattern: object, path: object) -> ToolResult:
    wanted = _check_pattern(pattern)
    root = repo.resolve(strict=True)
    where = resolve(root, path if path is not None else "", allow_dir=True, allow_root=True)
    ignore_case = wanted == wanted.lower()
    argv = ["git", "-c", "core.fsmonitor=false", "-C", str(root), "grep", "-n", "-z", "-I", "-E", "--no-color"]
    if ignore_case:
        argv.append("-i")
    argv += ["-e", wanted, "--"]
    if where.relative:
        argv.append(where.relative)
    # Literal pathspecs: a file named '*' or ':(glob)…' means just that.
    env = process.command_env({"GIT_LITERAL_PATHSPECS": "1", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"})
    matches, hidden, more, code, errors = _collect(argv, root, env)
    scope = f" under {where.relative}" if where.relative else ""
    how = "ignoring case" if ignore_case else "case-sensitive"
    if code not in (0, 1) and not matches:
        reason = errors.strip().splitlines()[-1] if errors.strip() else f"git grep exit code {code}"
        if "regex" in reason.lower() or "unmatched" in reason.lower() or "invalid" in reason.lower():
            return ToolResult.error(
                f"The pattern is not a valid extended regular expression ({reason.removeprefix('fatal: ')}). "
                "Escape ( ) [ ] { } . * + ? | with a backslash, or search a plainer word."
            )
        return ToolResult.error(f"The search failed: {reason}.")
    hidden_note = f" ({hidden} matching lines in secret files such as .env or keys are not shown.)" if hidden else ""
    if not matches:
        return ToolResult(f"No matches for '{wanted}' in tracked files{scope} ({how}).{hidden_note}")
    files = len({m.split(":", 1)[0] for m in matches})
    count = f"{len(matches)}{'+' if more else ''}"
    header = f"{count} matching lines in {files} files for '{wanted}'{scope} ({how}):"
    body: list[str] = []
    used = len(header) + 200
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
    if hidden_note:
        footer.append(hidden_note.strip())
    return ToolResult("\n".join([header, *body, *footer]))


def _collect(argv: list[str], root: Path, env: dict[str, str]) -> tuple[list[str], int, bool, int, str]:
    """Read git grep's output until enough matches: (lines, hidden count, more exist, exit code, stderr)."""
    matches: list[str] = []
    hidden = 0
    more = False
    allowed: dict[str, bool] = {}
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL, env=env, cwd=str(root)
        )
        timer = threading.Timer(TIMEOUT_SECONDS, proc.kill)
        timer.start()
        try:
            assert proc.stdout is not None
            for raw in proc.stdout:
                fields = raw.rstrip(b"\n").split(b"\0", 2)
                if len(fields) != 3:
                    continue
                name, number, line = (text(f) for f in fields)
                if name not in allowed:
                    allowed[name] = _may_show(root, name)
                if not allowed[name]:
                    hidden += 1
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
    return matches, hidden, more, proc.returncode if not more else 0, errors


def _may_show(root: Path, name: str) -> bool:
    """False for secret files and for anything reached through a symbolic link."""
    if secret_reason(name):
        return False
    current = root
    for part in name.split("/"):
        current = current / part
        try:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return False
        except OSError:
            return False
    return True
