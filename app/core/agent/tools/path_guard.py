"""Turn a path the model wrote into a file or folder inside the repository, or a refusal.

Every check runs on the text first, part by part, before the operating system
sees the path; then each part is looked at with lstat so nothing follows a
symbolic link. The refusal messages are read by the model, so each one says what
to do instead.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from app.core.agent.tools.secret_names import secret_reason
from app.core.errors import PathRefused

MAX_PATH_CHARS = 1000

_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SHORT_NAME = re.compile(r"~\d")  # Windows 8.3 names like PROGRA~1 alias other names
_ENCODED = re.compile(r"%[0-9a-fA-F]{2}")
_LOCATION = re.compile(r"^([^:]+):(\d+)(?::\d+)?:?$")
_REPARSE_POINT = 0x400  # Windows junctions and mount points are links that S_ISLNK does not report


@dataclass(frozen=True)
class RepoPath:
    location: str  # the absolute path, as text (a Path is made only when asked for: searches check thousands)
    relative: str  # with forward slashes, "" for the root itself
    is_dir: bool
    identity: tuple[int, int] = (0, 0)  # (st_dev, st_ino) seen by lstat, to catch a swap before open
    info: os.stat_result | None = field(default=None, compare=False)  # what lstat saw (files only)

    @property
    def absolute(self) -> Path:
        return Path(self.location)


def _text_parts(raw: object, *, allow_root: bool) -> list[str]:
    """The checked parts of `raw`, or PathRefused with the reason."""
    if not isinstance(raw, str):
        raise PathRefused("path must be text, such as 'src/app.py'")
    if len(raw) > MAX_PATH_CHARS:
        raise PathRefused(f"path is longer than {MAX_PATH_CHARS} characters")
    # Plain ASCII (nearly every path) needs only the control-character test; the rest is looked at per character.
    if (
        _ASCII_CONTROL.search(raw)
        if raw.isascii()
        else any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in raw)
    ):
        raise PathRefused("path contains a control or invisible character; write it in plain text")
    text = raw.strip()
    if not text or text == ".":
        if allow_root:
            return []
        raise PathRefused("path is empty; give a file path relative to the repository root")
    if _ENCODED.search(text):
        raise PathRefused("path contains %-encoded characters; write the plain path relative to the repository")
    if ":" in text:
        located = _LOCATION.match(text)
        if located:
            # Compiler output says "file:line"; tell the model how to ask for that line instead.
            raise PathRefused(
                f"path contains a colon; to read {located.group(1)} around line {located.group(2)}, "
                f"give path='{located.group(1)}' and start_line={located.group(2)}"
            )
        raise PathRefused("path contains a colon (drive letter, URL or stream name); give a repository path")
    # A backslash is a separator on Windows and never needed in a real path here.
    text = text.replace("\\", "/")
    if text.startswith("~"):
        raise PathRefused("home paths (~) are outside the repository; give a path relative to its root")
    if text.startswith("/"):
        raise PathRefused("absolute paths are refused; give the path relative to the repository root")
    parts = []
    for part in text.split("/"):
        if part in ("", "."):
            continue
        folded = part if part.isascii() else unicodedata.normalize("NFKC", part)
        if folded.strip(". ") == "":
            raise PathRefused("'..' and other dot-only names are refused; give the path from the repository root")
        if part != part.rstrip(". "):
            # Windows drops trailing dots and spaces, so ".env." would open ".env".
            raise PathRefused(f"'{part}' ends with a dot or space; give the exact file name")
        if _SHORT_NAME.search(part):
            raise PathRefused(f"'{part}' looks like a Windows short name (NAME~1); give the full name")
        parts.append(part)
    if not parts and not allow_root:
        raise PathRefused("path is empty; give a file path relative to the repository root")
    return parts


def resolve(repo: Path, raw: object, *, allow_dir: bool = False, allow_root: bool = False) -> RepoPath:
    """Check `raw` and return where it points inside `repo`, or raise PathRefused.

    `allow_dir` accepts a folder as well as a regular file; `allow_root` accepts an
    empty path or "." meaning the repository itself.
    """
    try:
        root = repo.resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        raise PathRefused("the repository folder is not available") from exc
    return resolve_in(str(root), raw, allow_dir=allow_dir, allow_root=allow_root)


def resolve_in(
    root: str,
    raw: object,
    *,
    allow_dir: bool = False,
    allow_root: bool = False,
    folders: dict[str, os.stat_result] | None = None,
) -> RepoPath:
    """`resolve` inside an already resolved repository root, for checking many paths at once.

    `folders` remembers what lstat saw for each folder on the way, so paths sharing folders
    are checked without looking at those folders again (pass the same dict for one batch).
    """
    parts = _text_parts(raw, allow_root=allow_root)
    relative = "/".join(parts)
    reason = secret_reason(relative)
    if reason:
        raise PathRefused(reason)
    current = root
    info: os.stat_result | None = None
    last = len(parts) - 1
    for index, part in enumerate(parts):
        current = current + os.sep + part
        known = folders.get(current) if folders is not None and index < last else None
        if known is not None:
            info = known
            continue
        try:
            info = os.lstat(current)
        except FileNotFoundError as exc:
            shown = "/".join(parts[: index + 1])
            raise PathRefused(
                f"'{shown}' does not exist; check the spelling or find the file with search_code"
            ) from exc
        except OSError as exc:
            raise PathRefused(f"'{relative}' cannot be looked at ({exc.strerror})") from exc
        if stat.S_ISLNK(info.st_mode) or getattr(info, "st_file_attributes", 0) & _REPARSE_POINT:
            raise PathRefused(f"'{'/'.join(parts[: index + 1])}' is a symbolic link; links are never followed")
        if index < last:
            if not stat.S_ISDIR(info.st_mode):
                raise PathRefused(f"'{'/'.join(parts[: index + 1])}' is not a folder")
            if folders is not None:
                folders[current] = info
    # Defence in depth: the lexical checks above already keep the path inside.
    if current != root and not current.startswith(root.rstrip(os.sep) + os.sep):
        raise PathRefused("path resolves outside the repository")
    if info is None or stat.S_ISDIR(info.st_mode):
        if not allow_dir:
            raise PathRefused(f"'{relative or '.'}' is a folder, not a file")
        return RepoPath(current, relative, True)
    if not stat.S_ISREG(info.st_mode):
        raise PathRefused(f"'{relative}' is not a regular file (a pipe, socket or device); it is never read")
    if info.st_nlink > 1:
        # A hard link can make a file from anywhere on the disk appear inside the repository.
        raise PathRefused(f"'{relative}' is a hard link to another file (possibly outside); it is never read")
    return RepoPath(current, relative, False, (info.st_dev, info.st_ino), info)
