"""MemoryStore: one repository's memory folder behind Claude's memory tool, and its Python API.

Every public method holds the folder's inter-process lock while it works. Writing commands create
the folder when it is missing (so a folder deleted during a session starts empty); reading ones
never create anything.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from app.core import paths
from app.core.memory import command as commands
from app.core.memory import credentials, handlers
from app.core.memory.folder import POSIX, Folder, FolderError, LinkRefused
from app.core.memory.journal import Journal, JournalEntry, Usage
from app.core.memory.limits import VIEW_CAP
from app.core.memory.lock import LockTimeout, folder_lock
from app.core.memory.vpath import PathRefused, parse
from app.core.repos import memory_folder_name
from app.core.tool_result import ToolResult

log = logging.getLogger(__name__)

METADATA_NAME = ".repository.json"
_WRITING = (commands.Create, commands.StrReplace, commands.Insert, commands.Delete, commands.Rename)
_WITHHELD_WORDS = "[not recorded: the words looked like a credential]"

T = TypeVar("T")


@dataclass(frozen=True)
class MemoryFile:
    """One memory file as a person sees it."""

    path: str  # virtual: /memories/notes.md
    chars: int
    text: str
    modified: datetime


@dataclass(frozen=True)
class FileStats:
    """One file's size and what the journal knows about it."""

    path: str
    chars: int
    modified: datetime
    last_written: datetime | None
    last_read: datetime | None
    read_count: int
    write_count: int


class MemoryStore:
    """The memory of one repository (or any folder): commands, snapshot, journal, forget."""

    def __init__(self, folder: Path, *, repository: Path | None = None) -> None:
        self.folder = Path(folder)
        self.repository = repository
        self._fs = Folder(self.folder)
        self._journal = Journal(self.folder)
        if self._fs.exists():
            # Temporary files a crash left behind; under the lock, since another process may be mid-write.
            with contextlib.suppress(OSError, LockTimeout, FolderError):
                self._locked(self._fs.remove_temp_files, write=False, empty=lambda: 0)

    @classmethod
    def for_repository(cls, repo: Path) -> MemoryStore:
        """The store of `repo`: `<memory root>/<folder name>-<8 hex>`, outside the repository."""
        resolved = repo.expanduser().resolve()
        return cls(paths.memory_root() / memory_folder_name(resolved), repository=resolved)

    # --- the memory tool ---------------------------------------------------------------------------

    def execute(self, command: object, *, session_id: str = "", user_words: str = "") -> ToolResult:
        """Run one memory tool command; every problem comes back as an error result, never an exception."""
        try:
            parsed = commands.parse(command)
            if not isinstance(user_words, str) or (user_words and credentials.find_credential(user_words)):
                user_words = _WITHHELD_WORDS
            ctx = handlers.Context(self._fs, self._journal, str(session_id), user_words)
            # With no folder yet, a read needs no lock: it finds nothing, and says so in the usual words.
            run = lambda: handlers.run(ctx, parsed)  # noqa: E731
            return self._locked(run, write=isinstance(parsed, _WRITING), empty=run)
        except commands.InvalidCommand as exc:
            return ToolResult.error(str(exc))
        except LinkRefused:
            return ToolResult.error("Error: The memory folder is not a plain folder (a link?); nothing was changed.")
        except LockTimeout:
            return ToolResult.error("Error: The memory is busy (another session is using it). Try again shortly.")
        except OSError as exc:
            log.warning("memory command failed: %s", exc)
            return ToolResult.error(f"Error: The memory could not be read or written ({exc.strerror or exc}).")
        except Exception as exc:  # the handler must never raise into the agent loop
            log.exception("memory command failed")
            return ToolResult.error(f"Error: The memory tool failed unexpectedly ({type(exc).__name__}).")

    # --- for the session and the memory window -----------------------------------------------------

    def snapshot(self, *, session_id: str = "") -> str:
        """Every memory file wrapped with its virtual path, for the system prompt; "" when empty.

        Each included file is journaled as read by `session_id`.
        """

        def build() -> str:
            blocks: list[str] = []
            included: list[str] = []
            for vp in handlers.memory_files(self._fs):
                try:
                    content = handlers.read_text(self._fs, vp.parts)
                except (FolderError, OSError):
                    continue
                # A memory must not be able to close its own wrapper and pose as something else.
                content = content.replace("</memory", "&lt;/memory")
                if len(content) > VIEW_CAP:  # only a file edited by hand can be this long
                    content = content[:VIEW_CAP] + f"\n[cut: the file is longer than {VIEW_CAP:,} characters]"
                blocks.append(f'<memory path="{vp}">\n{content.rstrip(chr(10))}\n</memory>')
                included.append(vp.text)
            self._journal.record("read", "snapshot", included, session_id=session_id, user_words="")
            return "\n\n".join(blocks)

        try:
            return self._locked(build, write=False, empty=str)
        except (OSError, FolderError, LockTimeout):
            # A session must start even when its memory cannot be read right now.
            log.warning("memory snapshot of %s failed", self.folder, exc_info=True)
            return ""

    def files(self) -> list[MemoryFile]:
        """Every memory file with its text (not journaled as a read)."""

        def collect() -> list[MemoryFile]:
            found: list[MemoryFile] = []
            for vp in handlers.memory_files(self._fs):
                try:
                    content = handlers.read_text(self._fs, vp.parts)
                    modified = self._fs.modified(vp.parts)
                except (FolderError, OSError):
                    continue
                found.append(MemoryFile(vp.text, len(content), content, modified))
            return found

        return self._locked(collect, write=False, empty=list)

    def total_chars(self) -> int:
        return sum(f.chars for f in self.files())

    def history(self, path: str) -> list[JournalEntry]:
        """Every journaled write and read of one file, oldest first; [] for an unknown or invalid path."""
        try:
            vp = parse(path)
        except PathRefused:
            return []
        return self._locked(lambda: self._journal.history(vp.text), write=False, empty=list)

    def stats(self) -> dict[str, FileStats]:
        """Per existing file: size, last written, last read, read and write counts."""
        usage: dict[str, Usage] = self._locked(self._journal.usage, write=False, empty=dict)
        result: dict[str, FileStats] = {}
        for f in self.files():
            u = usage.get(f.path)
            result[f.path] = FileStats(
                f.path,
                f.chars,
                f.modified,
                u.last_written if u else None,
                u.last_read if u else None,
                u.read_count if u else 0,
                u.write_count if u else 0,
            )
        return result

    def forget(self) -> None:
        """Remove this repository's whole memory and journal, for real."""
        if not self._fs.exists():
            return
        if POSIX:
            try:
                with folder_lock(self.folder):
                    self._fs.remove()
            except FileNotFoundError:
                return  # someone else removed it first
        else:  # an open, locked file cannot be deleted on Windows
            self._fs.remove()

    # --- internals -----------------------------------------------------------------------------------

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
