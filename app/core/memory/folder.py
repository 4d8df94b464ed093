"""File operations inside one memory folder that never follow a symbolic link.

On POSIX every path is walked one component at a time with directory file descriptors opened
`O_NOFOLLOW`, and every operation names its target relative to the descriptor of its parent, so
a link placed anywhere in the folder (even between two checks) cannot redirect a read or a write.
Windows has no descriptor-relative calls: there each component is checked with `lstat` (links and
junctions refused) before the full path is used.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.core import paths
from app.core.atomic import TEMP_PREFIX

POSIX = os.name == "posix"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO planted in the folder must not block a read
_BINARY = getattr(os, "O_BINARY", 0)
_DIR_FLAGS = os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC
FILE_MODE = 0o600
DIR_MODE = 0o700
_MAX_WALK_DEPTH = 32


class FolderError(Exception):
    """An operation the folder cannot do; the handlers turn each kind into a message."""


class Missing(FolderError):
    """Nothing exists at the path."""


class LinkRefused(FolderError):
    """The path is or passes through a symbolic link (or another special entry)."""


class NotADirectory(FolderError):
    """A component that must be a folder is a file."""


class NotAFile(FolderError):
    """The target exists but is not a regular file."""


class TooLarge(FolderError):
    """The file is too large to read."""


@dataclass(frozen=True)
class Entry:
    name: str
    is_dir: bool
    size: int


@dataclass(frozen=True)
class _Dir:
    """An opened folder: a descriptor on POSIX, a checked path on Windows."""

    fd: int | None
    path: Path

    def at(self, name: str) -> str:
        """How to name `name` inside this folder for an os call that also gets `dir_fd=self.fd`."""
        return name if self.fd is not None else str(self.path / name)


def _is_link(st: os.stat_result) -> bool:
    reparse = getattr(st, "st_file_attributes", 0) & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0)
    return stat.S_ISLNK(st.st_mode) or bool(reparse)


class Folder:
    """One memory folder on disk; `parts` arguments are already-checked names below it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    # --- the folder itself -------------------------------------------------------------------

    def exists(self) -> bool:
        try:
            st = os.lstat(self.path)
        except OSError:
            return False
        return stat.S_ISDIR(st.st_mode) and not _is_link(st)

    def ensure(self) -> bool:
        """Create the folder (owner-only) when it is missing; True when it was created."""
        if self.exists():
            return False
        paths.ensure_private_dir(self.path.parent, fix_existing=False)
        try:
            os.mkdir(self.path, DIR_MODE)
        except FileExistsError:
            return False
        if POSIX:
            os.chmod(self.path, DIR_MODE)  # mkdir is subject to the umask; chmod is not
        return True

    def remove(self) -> None:
        """Delete the whole folder for real (never following links inside it)."""
        if os.path.lexists(self.path):
            if not self.exists():
                raise LinkRefused(str(self.path))
            shutil.rmtree(self.path)

    @contextlib.contextmanager
    def open_dir(self, parts: tuple[str, ...], *, create: bool = False) -> Iterator[_Dir]:
        """The folder at `parts`, walked one component at a time without following links."""
        if not POSIX:
            yield self._open_dir_checked(parts, create=create)
            return
        try:
            fd = os.open(self.path, _DIR_FLAGS)
        except FileNotFoundError as exc:
            raise Missing("/") from exc
        except OSError as exc:
            raise LinkRefused(str(self.path)) from exc
        path = self.path
        try:
            for name in parts:
                if create:
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(name, DIR_MODE, dir_fd=fd)
                try:
                    child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                except OSError as exc:
                    raise self._classify(fd, name, exc) from exc
                os.close(fd)
                fd, path = child, path / name
            yield _Dir(fd, path)
        finally:
            os.close(fd)

    def _open_dir_checked(self, parts: tuple[str, ...], *, create: bool) -> _Dir:
        path = self.path
        for name in ("", *parts):
            path = path / name if name else path
            try:
                st = os.lstat(path)
            except FileNotFoundError as exc:
                if not (create and name):
                    raise Missing(str(path)) from exc
                os.mkdir(path, DIR_MODE)
                st = os.lstat(path)
            except OSError as exc:
                raise NotADirectory(str(path)) from exc
            if _is_link(st):
                raise LinkRefused(str(path))
            if not stat.S_ISDIR(st.st_mode):
                raise NotADirectory(str(path))
        return _Dir(None, path)

    @staticmethod
    def _classify(fd: int, name: str, exc: OSError) -> FolderError:
        """Turn a failed no-follow open into the reason: missing, a link, or a file in the way."""
        try:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            return Missing(name)
        except OSError:
            return NotADirectory(name) if exc.errno == errno.ENOTDIR else LinkRefused(name)
        if _is_link(st) or not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
            return LinkRefused(name)
        if stat.S_ISREG(st.st_mode):
            return NotADirectory(name)
        return LinkRefused(name)

    # --- single entries ----------------------------------------------------------------------

    def kind(self, parts: tuple[str, ...]) -> str:
        """ "dir", "file" or "missing"; raises LinkRefused for a link or a special file."""
        if not parts:
            return "dir" if self.exists() else "missing"
        try:
            with self.open_dir(parts[:-1]) as parent:
                st = os.stat(parent.at(parts[-1]), dir_fd=parent.fd, follow_symlinks=False)
        except (Missing, NotADirectory, FileNotFoundError, NotADirectoryError):
            return "missing"
        if _is_link(st):
            raise LinkRefused(parts[-1])
        if stat.S_ISDIR(st.st_mode):
            return "dir"
        if stat.S_ISREG(st.st_mode):
            return "file"
        raise LinkRefused(parts[-1])

    def read_bytes(self, parts: tuple[str, ...], limit: int) -> bytes:
        """The bytes of a regular file; a link, folder, device or pipe is refused."""
        with self.open_dir(parts[:-1]) as parent:
            name = parent.at(parts[-1])
            if not POSIX:
                st = os.lstat(name)
                if _is_link(st):
                    raise LinkRefused(name)
            try:
                fd = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY, dir_fd=parent.fd)
            except FileNotFoundError as exc:
                raise Missing(name) from exc
            except IsADirectoryError as exc:
                raise NotAFile(name) from exc
            except OSError as exc:
                raise self._classify(parent.fd, name, exc) if parent.fd is not None else NotAFile(name) from exc
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    raise NotAFile(name)
                if st.st_size > limit:
                    raise TooLarge(name)
                chunks: list[bytes] = []
                while chunk := os.read(fd, 1 << 16):
                    chunks.append(chunk)
                return b"".join(chunks)
            finally:
                os.close(fd)

    def write_bytes(self, parts: tuple[str, ...], data: bytes) -> None:
        """Replace a file atomically: temporary file beside it, flushed to disk, renamed over it."""
        with self.open_dir(parts[:-1], create=True) as parent:
            name = parent.at(parts[-1])
            with contextlib.suppress(FileNotFoundError):
                st = os.stat(name, dir_fd=parent.fd, follow_symlinks=False)
                if stat.S_ISDIR(st.st_mode) and not _is_link(st):
                    raise NotAFile(name)
            tmp = parent.at(f"{TEMP_PREFIX}{secrets.token_hex(8)}")
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
            fd = os.open(tmp, flags, FILE_MODE, dir_fd=parent.fd)
            try:
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view) :]
                    os.fsync(fd)
                    if POSIX:
                        os.fchmod(fd, FILE_MODE)  # the umask may have narrowed or widened the mode
                finally:
                    os.close(fd)
                os.replace(tmp, name, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp, dir_fd=parent.fd)
                raise
            self._sync(parent)

    def delete(self, parts: tuple[str, ...]) -> None:
        """Delete a file or a whole folder; links inside a deleted folder are removed, not followed."""
        with self.open_dir(parts[:-1]) as parent:
            name = parent.at(parts[-1])
            try:
                st = os.stat(name, dir_fd=parent.fd, follow_symlinks=False)
            except FileNotFoundError as exc:
                raise Missing(name) from exc
            if stat.S_ISDIR(st.st_mode) and not _is_link(st):
                if parent.fd is not None:
                    shutil.rmtree(name, dir_fd=parent.fd)
                else:
                    shutil.rmtree(name)
            else:
                os.unlink(name, dir_fd=parent.fd)
            self._sync(parent)

    def rename(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        """Move a file or folder; the caller has checked that nothing exists at `new`."""
        with self.open_dir(old[:-1]) as src, self.open_dir(new[:-1], create=True) as dst:
            os.rename(src.at(old[-1]), dst.at(new[-1]), src_dir_fd=src.fd, dst_dir_fd=dst.fd)
            self._sync(src)
            self._sync(dst)

    @staticmethod
    def _sync(folder: _Dir) -> None:
        """Flush the folder's entries so a rename survives a power cut (POSIX only)."""
        if folder.fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(folder.fd)

    # --- listings ------------------------------------------------------------------------------

    def entries(self, parts: tuple[str, ...]) -> list[Entry]:
        """The plain files and folders directly in `parts`, sorted by name; links are left out."""
        with self.open_dir(parts) as folder:
            target: int | str = folder.fd if folder.fd is not None else str(folder.path)
            found: list[Entry] = []
            with os.scandir(target) as scan:
                for item in scan:
                    try:
                        st = item.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if _is_link(st):
                        continue
                    if stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode):
                        found.append(Entry(item.name, stat.S_ISDIR(st.st_mode), st.st_size))
        return sorted(found, key=lambda e: e.name)

    def modified(self, parts: tuple[str, ...]) -> datetime:
        """When a file or folder last changed (its mtime), as an aware UTC time."""
        with self.open_dir(parts[:-1]) as parent:
            st = os.stat(parent.at(parts[-1]), dir_fd=parent.fd, follow_symlinks=False)
        return datetime.fromtimestamp(st.st_mtime, UTC)

    def dir_size(self, parts: tuple[str, ...]) -> int:
        with self.open_dir(parts) as folder:
            return (os.fstat(folder.fd) if folder.fd is not None else os.lstat(folder.path)).st_size

    def walk_files(self, parts: tuple[str, ...] = (), *, hidden: bool = False) -> Iterator[tuple[str, ...]]:
        """Every regular file below `parts`, depth first in name order; hidden names skipped unless asked."""
        yield from self._walk(parts, hidden, 0)

    def _walk(self, parts: tuple[str, ...], hidden: bool, depth: int) -> Iterator[tuple[str, ...]]:
        if depth > _MAX_WALK_DEPTH:
            return
        try:
            items = self.entries(parts)
        except (FolderError, OSError):
            return
        for item in items:
            if item.name.startswith(".") and not hidden:
                continue
            if item.is_dir:
                yield from self._walk((*parts, item.name), hidden, depth + 1)
            else:
                yield (*parts, item.name)

    def remove_temp_files(self) -> int:
        """Delete temporary files a crash left behind; returns how many."""
        removed = 0
        for parts in list(self.walk_files(hidden=True)):
            if parts[-1].startswith(TEMP_PREFIX):
                with contextlib.suppress(FolderError, OSError):
                    self.delete(parts)
                    removed += 1
        return removed
