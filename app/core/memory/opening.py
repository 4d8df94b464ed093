"""The one way to open a memory: which backend and which store a repository (or a known key) uses.

A repository's local store is named from its identity (`repo_identity`), so every clone of one
repository, wherever it lives, opens the same memory. A memory made before that, under the old
path key, is moved to the new name the first time the repository is opened, journal and all.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from app.core import paths
from app.core.memory.key import MemoryKey
from app.core.memory.local import LocalBackend, adopt_folder
from app.core.memory.store import WORDS_DAYS, MemoryStore
from app.core.repo_identity import RepositoryIdentity, repository_identity
from app.core.repos import memory_folder_name
from app.core.settings import Settings


def local_name(identity: RepositoryIdentity) -> str:
    """The folder name of a repository's local store: readable, and the same in every clone.

    A folder that is no repository keeps today's path key; a repository is named from its
    remote's last part (or `commit` when it has none) and a short hash of its identity.
    """
    if identity.kind == "path":
        return identity.value
    readable = identity.value.rsplit("/", 1)[-1] if identity.kind == "origin" else "commit"
    readable = re.sub(r"[^A-Za-z0-9._-]", "_", readable).lstrip(".") or "repo"
    digest = hashlib.sha256(identity.key.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{readable[:60]}-{digest}"


def memory_key(repository: Path) -> MemoryKey:
    """The key of `repository`'s memory, without opening or moving anything."""
    return MemoryKey("local", local_name(repository_identity(repository)))


def open_store(repository: Path, settings: Settings | None = None) -> MemoryStore:
    """The memory of `repository` (a repository's root, or any folder), with `settings`' mode for it.

    Without settings the memory is on: a person's view (the memory window, the command line)
    works whatever the agent's switch says.
    """
    resolved = repository.expanduser().resolve()
    identity = repository_identity(resolved)
    root = paths.memory_root()
    folder = root / local_name(identity)
    if identity.kind != "path":
        folder = adopt_folder(root / memory_folder_name(resolved), folder)
    backend = LocalBackend(folder, repository=resolved)
    if settings is None:
        return MemoryStore(backend, repository=resolved)
    return MemoryStore(
        backend,
        repository=resolved,
        mode=settings.memory_mode_for(repository),
        words_days=settings.memory_words_days,
        ask_first=settings.memory_ask_first,
    )


def open_key(key: MemoryKey, repository: Path | None = None) -> MemoryStore:
    """The store named `key` (a row of the memory window), its git questions asked in `repository`."""
    if key.backend != "local":
        raise ValueError(f"no backend {key.backend!r} for the memory {key}")
    return MemoryStore(LocalBackend(paths.memory_root() / key.name, repository=repository), repository=repository)


__all__ = ["WORDS_DAYS", "memory_key", "open_key", "open_store"]
