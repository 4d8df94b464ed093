"""LocalBackend: a memory kept in one folder on this machine, with its lock file and SQLite journal.

Writing work creates the folder when it is missing (so a folder deleted during a session starts
empty); reading work never creates anything. The folder's hidden `.repository.json` says which
checkout it was made for, so the memory window can name it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from app.core.memory.folder import POSIX, Folder, FolderError, LinkRefused
from app.core.memory.journal_file import JournalFile
from app.core.memory.key import MemoryKey
from app.core.memory.lock import LockTimeout, folder_lock
from app.core.memory.sqlite_journal import SqliteChangeLog
from app.core.memory.sqlite_machine import SqliteMachineLog

METADATA_NAME = ".repository.json"

log = logging.getLogger(__name__)

T = TypeVar("T")


class LocalBackend:
    """One memory folder: its files, its inter-process lock, both journal halves in one SQLite file."""

    def __init__(self, folder: Path, *, repository: Path | None = None) -> None:
        self.folder = Path(folder)
        self.repository = repository
        self.key = MemoryKey("local", self.folder.name)
        self.texts = Folder(self.folder)
        file = JournalFile(self.folder)
        self.changes = SqliteChangeLog(file)
        self.machine = SqliteMachineLog(file)
        if self.texts.exists():
            # Temporary files a crash left behind; under the lock, since another process may be mid-write.
            with contextlib.suppress(OSError, LockTimeout, FolderError):
                self.locked(self.texts.remove_temp_files, write=False, empty=lambda: 0)

    @property
    def location(self) -> str:
        return str(self.folder)

    def exists(self) -> bool:
        return self.texts.exists()

    def _prepare(self) -> None:
        created = self.texts.ensure()
        if self.repository is not None and (created or self.texts.kind((METADATA_NAME,)) == "missing"):
            record = {"repository": str(self.repository), "created": datetime.now(UTC).isoformat()}
            self.texts.write_bytes((METADATA_NAME,), json.dumps(record, indent=2).encode("utf-8"))

    def locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T]) -> T:
        """Run `work` under the folder's lock; `empty()` instead when reading and there is no folder."""
        for _attempt in range(5):
            if write:
                self._prepare()
                if not self.texts.exists():  # a link or a file sits where the folder should be
                    raise LinkRefused(str(self.folder))
            elif not self.texts.exists():
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

    def forget(self) -> None:
        if not self.texts.exists():
            return
        if POSIX:
            try:
                with folder_lock(self.folder):
                    self.texts.remove()
            except FileNotFoundError:
                return  # someone else removed it first
        else:  # an open, locked file cannot be deleted on Windows
            self.texts.remove()


def read_metadata(folder: Path) -> Path | None:
    """The repository a memory folder belongs to, from its hidden metadata file."""
    try:
        data = json.loads(Folder(folder).read_bytes((METADATA_NAME,), 65_536))
        return Path(data["repository"]) if isinstance(data.get("repository"), str) else None
    except (FolderError, OSError, ValueError, AttributeError, KeyError):
        return None


def adopt_folder(old: Path, new: Path) -> Path:
    """Move a memory made under its old name (`old`) to `new`, once; the folder to use from now on.

    The folder moves whole (files, journal, lock), so nothing of its history is lost. When both
    exist (a second clone had its own memory before clones shared one), the old one stays where it
    is, untouched and listed in the memory window, rather than be merged by guesswork.
    """
    try:
        if os.path.lexists(new) or not stat.S_ISDIR(os.lstat(old).st_mode):
            return new
    except OSError:
        return new  # no old memory: the usual case
    try:
        if POSIX:
            with folder_lock(old, timeout=2.0):  # not while a session of an older version is mid-write
                os.rename(old, new)
        else:  # Windows renames no folder with an open file inside
            os.rename(old, new)
    except (OSError, LockTimeout):
        if os.path.lexists(new):
            return new  # another process moved it first
        log.warning("could not move the memory %s to %s; using it where it is", old, new, exc_info=True)
        return old
    log.info("memory %s moved to %s (the repository is now known by its identity)", old, new)
    return new
