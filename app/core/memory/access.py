"""Access to one repository's memory folder: its files and journal, worked on under the folder's lock.

`MemoryAccess` is what the store's two faces share: the agent's (`store.MemoryStore`) and a
person's (`person.PersonView`). Writing work creates the folder when it is missing (so a folder
deleted during a session starts empty); reading work never creates anything.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from app.core.memory import staleness
from app.core.memory.folder import Folder, FolderError, LinkRefused
from app.core.memory.journal import Change
from app.core.memory.lock import LockTimeout, folder_lock
from app.core.memory.sqlite_journal import SqliteJournal

METADATA_NAME = ".repository.json"
GIT_CACHE = "staleness"  # the journal's cache entry holding what git said about earlier commits

T = TypeVar("T")


def last_write(path: str, text: str, modified: datetime, last: Change | None) -> staleness.Written:
    """Who last wrote a file and when: the journal's change, or a person by hand when the text differs."""
    if last is not None and (last.new == text or (last.new is None and last.old is None)):
        return staleness.Written(path, text, last.at, last.by, last.head)
    return staleness.Written(path, text, modified, "person", "")


def nothing() -> None:
    """The `empty` answer of work that returns nothing."""
    return None


class MemoryAccess:
    """One memory folder and its journal; `_locked` runs work under the folder's inter-process lock."""

    def __init__(self, folder: Path, *, repository: Path | None = None) -> None:
        self.folder = Path(folder)
        self.repository = repository
        self._fs = Folder(self.folder)
        self._journal = SqliteJournal(self.folder)
        if self._fs.exists():
            # Temporary files a crash left behind; under the lock, since another process may be mid-write.
            with contextlib.suppress(OSError, LockTimeout, FolderError):
                self._locked(self._fs.remove_temp_files, write=False, empty=lambda: 0)

    def _prepare(self) -> None:
        created = self._fs.ensure()
        if self.repository is not None and (created or self._fs.kind((METADATA_NAME,)) == "missing"):
            record = {"repository": str(self.repository), "created": datetime.now(UTC).isoformat()}
            self._fs.write_bytes((METADATA_NAME,), json.dumps(record, indent=2).encode("utf-8"))

    def _locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T]) -> T:
        """Run `work` under the folder's lock; `empty()` instead when reading and there is no folder."""
        for _attempt in range(5):
            if write:
                self._prepare()
                if not self._fs.exists():  # a link or a file sits where the folder should be
                    raise LinkRefused(str(self.folder))
            elif not self._fs.exists():
                return empty()
            with contextlib.ExitStack() as stack:
                try:
                    stack.enter_context(folder_lock(self.folder))
                except FileNotFoundError:
                    continue  # the folder vanished between the check and the lock: look again
                if write:
                    self._prepare()  # it may have been replaced while we waited for the lock
                return work()
        raise LockTimeout(str(self.folder))


def read_metadata(folder: Path) -> Path | None:
    """The repository a memory folder belongs to, from its hidden metadata file."""
    try:
        data = json.loads(Folder(folder).read_bytes((METADATA_NAME,), 65_536))
        return Path(data["repository"]) if isinstance(data.get("repository"), str) else None
    except (FolderError, OSError, ValueError, AttributeError, KeyError):
        return None
