"""One decision for every tool that shows file text: may this file of the repository be shown to the model?

A file is shown only when its path passes `path_guard` (no secret name, no symbolic
or hard link, a regular file inside the repository) and its content holds no key or
credential (`app.core.detector.files`). read_file and search_code both ask here, and so must
any later tool that shows file text. search_code asks before it searches, so a secret
file never reaches the search at all and nothing it reports depends on a secret.
"""

from __future__ import annotations

import os
import stat
import threading
from dataclasses import dataclass
from pathlib import Path

from app.core import heap_probe
from app.core.agent.tools.path_guard import PathRefused, RepoPath, resolve_in
from app.core.detector.files import secret_kind

MAX_CHECKED_BYTES = 16_000_000  # larger files are never searched: their content cannot be vetted cheaply
BINARY_PROBE_BYTES = 8_000  # git's own test: a NUL byte in the first 8,000 bytes means binary
OPEN_FLAGS = (
    os.O_RDONLY
    # O_NONBLOCK: a FIFO swapped in after the checks must not hang the agent.
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
# Files whose verdicts are kept: a search asks about every tracked file, every time (a 50,000-file repository).
_CACHE_ENTRIES = 200_000


@dataclass(frozen=True)
class Verdict:
    """Whether a file may be shown; `reason` is one line for the model when it may not."""

    shown: bool
    reason: str = ""
    secret: bool = False  # refused to keep a secret in, not merely because it is binary, large or gone


_SHOWN = Verdict(True)
# One verdict per file, with the identity (device, inode, size, times) it was given for: a file that changes
# replaces its verdict. Keyed by the identity itself, each edit between two questions added an entry for good.
_cache: dict[str, tuple[tuple[int, ...], Verdict]] = {}
_cache_lock = threading.Lock()


def verdicts_kept() -> int:
    """How many files' verdicts are kept (the heap probe reports it)."""
    return len(_cache)


heap_probe.count("disclosure_verdicts", verdicts_kept)


def content_refusal(relative: str, data: bytes) -> str:
    """Why `data` (the bytes of `relative`) must not be shown, or ""."""
    kind = secret_kind(data)
    return f"'{relative}' contains {kind} and is never read" if kind else ""


def read_bytes(target: RepoPath, limit: int, *, stop_if_binary: bool = False) -> bytes | None:
    """The bytes of a checked file, or None when it has more than `limit`; PathRefused if it changed underneath.

    With `stop_if_binary`, a file with a NUL byte in its first 8,000 bytes gives only its first chunk.
    """
    try:
        fd = os.open(target.location, OPEN_FLAGS)
    except OSError as exc:
        raise PathRefused(f"'{target.relative}' cannot be opened ({exc.strerror})") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PathRefused(f"'{target.relative}' is not a regular file; it is never read")
        if target.identity != (0, 0) and (info.st_dev, info.st_ino) != target.identity:
            raise PathRefused(f"'{target.relative}' changed while it was being checked; ask again")
        if info.st_size > limit:
            return None
        chunks = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
            if stop_if_binary and len(chunks) == 1 and b"\0" in chunk[:BINARY_PROBE_BYTES]:
                return chunk
    finally:
        os.close(fd)
    data = b"".join(chunks)
    return None if len(data) > limit else data


def check(root: Path, relative: str) -> Verdict:
    """May the text of `relative` be shown (and so searched)? Path rules first, then the content, cached."""
    try:
        base = str(root.resolve(strict=True))
    except (OSError, RuntimeError):
        return Verdict(False, "the repository folder is not available")
    return _check(base, relative, None)


def check_many(root: Path, names: list[str]) -> dict[str, Verdict]:
    """`check` for many repository paths at once (the folders they share are looked at once)."""
    try:
        base = str(root.resolve(strict=True))
    except (OSError, RuntimeError):
        return {name: Verdict(False, "the repository folder is not available") for name in names}
    folders: dict[str, os.stat_result] = {}
    return {name: _check(base, name, folders) for name in names}


def _check(base: str, relative: str, folders: dict[str, os.stat_result] | None) -> Verdict:
    try:
        target = resolve_in(base, relative, folders=folders)
    except PathRefused as exc:
        gone = isinstance(exc.__cause__, FileNotFoundError)
        return Verdict(False, str(exc), secret=not gone)
    info = target.info
    if info is None:  # resolve always gives a file its lstat; be safe if that changes
        return Verdict(False, f"'{relative}' could not be checked", secret=True)
    identity = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    with _cache_lock:
        known = _cache.get(target.location)
    if known is not None and known[0] == identity:
        return known[1]
    verdict = _check_content(target)
    with _cache_lock:
        if len(_cache) >= _CACHE_ENTRIES and target.location not in _cache:
            _cache.clear()
        _cache[target.location] = (identity, verdict)
    return verdict


def _check_content(target: RepoPath) -> Verdict:
    try:
        # A binary file is never shown as text, so its bytes need no closer look (a repository's images
        # and archives are not read whole).
        data = read_bytes(target, MAX_CHECKED_BYTES, stop_if_binary=True)
    except PathRefused as exc:
        return Verdict(False, str(exc), secret=True)
    if data is None:
        return Verdict(False, f"'{target.relative}' is too large to check and is never searched")
    if b"\0" in data[:BINARY_PROBE_BYTES]:
        return Verdict(False, f"'{target.relative}' is a binary file; only text files can be shown")
    reason = content_refusal(target.relative, data)
    if reason:
        return Verdict(False, reason, secret=True)
    return _SHOWN
