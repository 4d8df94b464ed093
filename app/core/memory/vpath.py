"""The model's `/memories/...` paths: checked part by part before the operating system sees them."""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from app.core.errors import PathRefused

ROOT = "/memories"
MAX_PATH_CHARS = 1024
MAX_NAME_BYTES = 255  # the usual file system limit for one name
MAX_DEPTH = 16

# Characters Windows refuses in names; refused everywhere so a store moves between systems unchanged.
_FORBIDDEN_CHARS = set('\\:%<>"|?*')
_WINDOWS_DEVICE = re.compile(r"^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$", re.I)
# A Windows 8.3 short name ("JOURNA~1.SQL") can alias a long name, hidden ones included.
_SHORT_NAME = re.compile(r"~\d")


@dataclass(frozen=True)
class VirtualPath:
    """A checked path below /memories: `parts` are plain names, () for the root itself."""

    parts: tuple[str, ...]

    @property
    def is_root(self) -> bool:
        return not self.parts

    @property
    def text(self) -> str:
        return "/".join((ROOT, *self.parts))

    def is_within(self, other: VirtualPath) -> bool:
        """True when self is `other` or lies below it (whole components, never string prefixes)."""
        return self.parts[: len(other.parts)] == other.parts

    def __str__(self) -> str:
        return self.text


def _refuse_name(name: str) -> str | None:
    """Why one path component is refused, or None when it is acceptable."""
    if name == "..":
        return "'..' is not allowed in memory paths"
    if name.startswith("."):
        return f"names starting with '.' are not allowed ({name!r})"
    for char in name:
        if char in _FORBIDDEN_CHARS:
            return f"the character {char!r} is not allowed in memory paths"
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return "control and invisible characters are not allowed in memory paths"
    if name != name.strip() or name.endswith("."):
        return "names may not start or end with a space or end with a dot"
    if _WINDOWS_DEVICE.match(name):
        return f"{name!r} is a reserved device name"
    if _SHORT_NAME.search(name):
        return "names containing '~' followed by a digit are not allowed"
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return "a name in the path is too long"
    return None


def parse(path: object) -> VirtualPath:
    """Check a path from the model and return its parts; raises PathRefused with a readable reason.

    `""` and `"."` parts (a doubled or trailing slash, `/memories/.`) are spelling only and dropped;
    everything else that could name something other than a plain file or folder is refused.
    """
    if not isinstance(path, str):
        raise PathRefused(f"The path must be a string starting with {ROOT}.")
    if len(path) > MAX_PATH_CHARS:
        raise PathRefused(f"The path is too long (more than {MAX_PATH_CHARS} characters).")
    if path != ROOT and not path.startswith(ROOT + "/"):
        raise PathRefused(f"The path {_show(path)} is outside the memory directory: paths must start with {ROOT}/.")
    parts: list[str] = []
    for name in path[len(ROOT) :].split("/"):
        if name in ("", "."):
            continue
        reason = _refuse_name(name)
        if reason:
            raise PathRefused(f"The path {_show(path)} is not allowed: {reason}.")
        parts.append(name)
    if len(parts) > MAX_DEPTH:
        raise PathRefused(f"The path {_show(path)} is nested too deeply (at most {MAX_DEPTH} levels).")
    return VirtualPath(tuple(parts))


def _show(path: str) -> str:
    """The path as it can safely appear in a message: printable and short."""
    cleaned = "".join(c if c.isprintable() else "?" for c in path)
    return cleaned if len(cleaned) <= 120 else cleaned[:117] + "..."


def is_inside(folder: Path, candidate: Path) -> bool:
    """Whether `candidate`, fully resolved, lies in `folder` (compared by whole path components)."""
    try:
        base = Path(os.path.realpath(folder)).parts
        target = Path(os.path.realpath(candidate)).parts
    except (OSError, ValueError):
        return False
    return target[: len(base)] == base


def os_path(folder: Path, vpath: VirtualPath) -> Path:
    """Where `vpath` lives on disk, after checking the resolved result stays in `folder`."""
    candidate = folder.joinpath(*vpath.parts)
    if not is_inside(folder, candidate):
        raise PathRefused(f"The path {vpath} resolves outside the memory directory.")
    return candidate
