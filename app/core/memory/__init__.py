"""The per-repository memory behind Claude's memory tool (`memory_20250818`): guarded, capped, journaled.

Open a store with `open_store(repository, settings)` (or `open_key` for a listed one); the
backend it lives in is the opener's choice, not the caller's.
"""

from app.core.memory.journal import Change, JournalEntry, JournalError
from app.core.memory.key import MemoryKey
from app.core.memory.limits import FILE_CAP, STORE_CAP, VIEW_CAP
from app.core.memory.opening import memory_key, open_key, open_store
from app.core.memory.person import FileStats, MemoryFile
from app.core.memory.repositories import RepositoryMemory, list_repositories
from app.core.memory.store import MemoryStore

__all__ = [
    "FILE_CAP",
    "STORE_CAP",
    "VIEW_CAP",
    "Change",
    "FileStats",
    "JournalEntry",
    "JournalError",
    "MemoryFile",
    "MemoryKey",
    "MemoryStore",
    "RepositoryMemory",
    "list_repositories",
    "memory_key",
    "open_key",
    "open_store",
]
