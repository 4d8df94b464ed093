"""Find the repository a folder belongs to, and name its memory folder."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from app.core.errors import RepositoryError
from app.core.ui_text import QT_TRANSLATE_NOOP


def find_root(start: Path) -> Path:
    """The top folder of the git repository holding `start` (resolved).

    Raises RepositoryError with a message a person can act on when `start` is not
    a folder or lies in no git repository.
    """
    try:
        folder = start.expanduser().resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        raise RepositoryError(
            QT_TRANSLATE_NOOP("errors", "The folder {folder} does not exist.").format(folder=start)
        ) from exc
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    raise RepositoryError(
        QT_TRANSLATE_NOOP("errors", "{folder} is not inside a git repository.").format(folder=folder),
        hint=QT_TRANSLATE_NOOP("errors", "Choose the folder of a git repository."),
    )


def find_root_or_none(start: Path) -> Path | None:
    try:
        return find_root(start)
    except RepositoryError:
        return None


def memory_folder_name(repo: Path) -> str:
    """`<folder-name>-<8 hex of sha256 of the resolved path>`: readable and collision-free."""
    resolved = repo.expanduser().resolve()
    digest = hashlib.sha256(str(resolved).encode("utf-8", "surrogatepass")).hexdigest()[:8]
    # The name part is only for people browsing the folder; keep it filesystem-safe.
    name = re.sub(r"[^A-Za-z0-9._-]", "_", resolved.name or "root").lstrip(".") or "repo"
    return f"{name[:60]}-{digest}"
