"""The per-repository memory behind Claude's memory tool (`memory_20250818`): guarded, capped, journaled."""

from app.core.memory.journal import Change, JournalEntry, JournalError
from app.core.memory.limits import FILE_CAP, STORE_CAP, VIEW_CAP
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
    "MemoryStore",
    "RepositoryMemory",
    "list_repositories",
]
