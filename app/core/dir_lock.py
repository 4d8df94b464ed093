"""An inter-process lock on a folder: a memory's (two sessions never see half of each other's write), a download's.

The lock is a hidden file inside the folder, locked with `fcntl.flock` on POSIX and
`msvcrt.locking` on Windows. If the folder is deleted and created again while a process waits,
the lock it got may belong to the old, unlinked file: it notices and locks the new one.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

LOCK_NAME = ".lock"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class LockTimeout(Exception):
    """Another process held the lock for longer than the timeout."""


if sys.platform != "win32":
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

else:  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _same_file(fd: int, path: Path) -> bool:
    if os.name != "posix":
        return True  # an open file cannot be deleted on Windows, so it is always the current one
    try:
        current = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (current.st_dev, current.st_ino)


@contextlib.contextmanager
def folder_lock(folder: Path, timeout: float = 15.0) -> Iterator[None]:
    """Hold the folder's lock for the duration of the block; raises LockTimeout after `timeout`."""
    path = folder / LOCK_NAME
    deadline = time.monotonic() + timeout
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC, 0o600)
        delay = 0.0005
        while not _try_lock(fd):
            if time.monotonic() > deadline:
                os.close(fd)
                raise LockTimeout(str(folder))
            time.sleep(delay)
            delay = min(delay * 2, 0.01)
        if _same_file(fd, path):
            break
        os.close(fd)  # the folder was replaced while we waited: lock the new lock file
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)
