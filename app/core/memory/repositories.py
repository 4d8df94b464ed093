"""Every repository that has a memory: its key, which checkout it was made for, and how full it is."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from app.core import paths
from app.core.memory.key import MemoryKey
from app.core.memory.limits import cost
from app.core.memory.local import LocalBackend, read_metadata
from app.core.memory.store import MemoryStore


@dataclass(frozen=True)
class RepositoryMemory:
    """One store with memory: its key, and for a local one its folder."""

    key: MemoryKey
    folder: Path
    repository: Path | None  # None when the folder has no (readable) metadata
    chars: int  # what the files take from the store's cap, their paths included
    files: int
    largest: int  # characters in the largest file

    @classmethod
    def empty(cls, key: MemoryKey, repository: Path | None) -> RepositoryMemory:
        """The row of a store that holds nothing yet (the active repository before its first note)."""
        return cls(key, paths.memory_root() / key.name, repository, 0, 0, 0)


def list_repositories() -> list[RepositoryMemory]:
    """Every memory folder under paths.memory_root(), sorted by repository path (then folder)."""
    root = paths.memory_root()
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    found: list[RepositoryMemory] = []
    for name in names:
        folder = root / name
        try:
            if name.startswith(".") or not stat.S_ISDIR(os.lstat(folder).st_mode):
                continue
        except OSError:
            continue
        files = MemoryStore(LocalBackend(folder)).files()
        sizes = [f.chars for f in files]
        total = sum(cost(f.path, f.text) for f in files)  # as the store's cap counts it: names included
        found.append(
            RepositoryMemory(
                MemoryKey("local", name), folder, read_metadata(folder), total, len(sizes), max(sizes, default=0)
            )
        )
    return sorted(found, key=lambda r: (str(r.repository or ""), str(r.folder)))
