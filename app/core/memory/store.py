"""MemoryStore: one repository's memory folder behind Claude's memory tool, and its Python API.

Every public method holds the folder's inter-process lock while it works. Writing commands create
the folder when it is missing (so a folder deleted during a session starts empty); reading ones
never create anything. Each repository's memory is on, read-only or off.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, TypeVar, get_args

from app.core import paths
from app.core.memory import command as commands
from app.core.memory import credentials, gate, handlers, limits, snapshot, staleness, undo
from app.core.memory.folder import POSIX, Folder, FolderError, LinkRefused
from app.core.memory.journal import Author, Change, JournalError, OpContext, SqliteJournal, Usage, UseKind
from app.core.memory.lock import LockTimeout, folder_lock
from app.core.memory.names import Names, named_in, tokens
from app.core.memory.vpath import PathRefused, parse
from app.core.repos import memory_folder_name
from app.core.tool_result import ToolResult

log = logging.getLogger(__name__)

Mode = Literal["on", "read-only", "off"]
MODES: tuple[str, ...] = get_args(Mode)
WORDS_DAYS = 90  # the user's words kept with a change are dropped after this many days; the change stays
UNUSED_DAYS = 90
PERSON_SESSION = "person"
METADATA_NAME = ".repository.json"
GIT_CACHE = "staleness"
OFF_MESSAGE = "Error: The memory is switched off for this repository; nothing can be viewed or saved."
READ_ONLY_MESSAGE = (
    "Error: Not saved: the developer made this repository's memory read-only. Nothing was changed; "
    "if something should be remembered, say so in your answer."
)
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
    """One file's size, its last write and by whom, and how often it was loaded and actually used."""

    path: str
    chars: int
    modified: datetime
    last_written: datetime | None  # None: written outside the app, with no journaled change
    written_by: Author
    loaded_count: int
    used_count: int
    last_used: datetime | None
    write_count: int

    # The names the memory window used when loading counted as reading.
    @property
    def last_read(self) -> datetime | None:
        return self.last_used

    @property
    def read_count(self) -> int:
        return self.used_count

    def flags(self, now: datetime) -> list[str]:
        """Why the file deserves a person's look: it was never used, or not for 90 days."""
        if self.used_count == 0:
            return ["never used"]
        if self.last_used is not None and (now - self.last_used).days >= UNUSED_DAYS:
            return [f"not used in {UNUSED_DAYS} days"]
        return []


@dataclass(frozen=True)
class SaveResult:
    """The outcome of a person's save: saved, refused, or a conflict carrying the current text."""

    saved: bool
    message: str
    conflict: bool = False
    current_text: str | None = None


class _Quiet(SqliteJournal):
    """The journal for a reading command: a damaged journal must not stop anyone reading the memory."""

    def seen(self, session_id: str, path: str) -> str | None:
        with contextlib.suppress(JournalError):
            return super().seen(session_id, path)
        return None

    def mark_seen(self, session_id: str, digests: dict[str, str | None]) -> None:
        with contextlib.suppress(JournalError):
            super().mark_seen(session_id, digests)

    def note_use(self, session_id: str, paths: Iterable[str], kind: UseKind) -> None:
        with contextlib.suppress(JournalError):
            super().note_use(session_id, paths, kind)


def _written(path: str, text: str, modified: datetime, last: Change | None) -> staleness.Written:
    """Who last wrote a file and when: the journal's change, or a person by hand when the text differs."""
    if last is not None and (last.new == text or (last.new is None and last.old is None)):
        return staleness.Written(path, text, last.at, last.by, last.head)
    return staleness.Written(path, text, modified, "person", "")


def _agent_gate() -> handlers.Gate:
    """The write gate for the agent's writes: the refusal text for the model, or None."""

    def judge(path: str, old: str | None, new: str, store: Mapping[str, str]) -> str | None:
        refusal = gate.check_write(path, old, new, store)
        return refusal.message if refusal is not None else None

    return judge


def _state_lines() -> Callable[[str], list[tuple[str, str]]]:
    """The gate's reading of state lines, for marking those a person wrote once HEAD moved."""
    return gate.state_lines


def _none() -> None:
    return None


class MemoryStore:
    """The memory of one repository (or any folder): commands, snapshot, journal, undo, forget."""

    def __init__(
        self, folder: Path, *, repository: Path | None = None, mode: Mode = "on", words_days: int = WORDS_DAYS
    ) -> None:
        self.folder = Path(folder)
        self.repository = repository
        self.mode: Mode = mode if mode in MODES else "on"
        self.words_days = max(1, int(words_days))
        self._fs = Folder(self.folder)
        self._journal = SqliteJournal(self.folder)
        self._names: dict[str, dict[str, Names]] = {}  # per session: what each loaded file names
        self._cached_git: str | None = None
        if self._fs.exists():
            # Temporary files a crash left behind; under the lock, since another process may be mid-write.
            with contextlib.suppress(OSError, LockTimeout, FolderError):
                self._locked(self._fs.remove_temp_files, write=False, empty=lambda: 0)

    @classmethod
    def for_repository(cls, repo: Path, *, mode: Mode = "on", words_days: int = WORDS_DAYS) -> MemoryStore:
        """The store of `repo`: `<memory root>/<folder name>-<8 hex>`, outside the repository."""
        resolved = repo.expanduser().resolve()
        folder = paths.memory_root() / memory_folder_name(resolved)
        return cls(folder, repository=resolved, mode=mode, words_days=words_days)

    # --- the memory tool ---------------------------------------------------------------------------

    def execute(
        self, command: object, *, session_id: str = "", user_words: str = "", by: Author = "agent"
    ) -> ToolResult:
        """Run one memory tool command; every problem comes back as an error result, never an exception.

        `by="person"` is a person's edit (the memory window, the command line): journaled as theirs
        and not judged by the write gate, since a person decides what they keep.
        """
        try:
            parsed = commands.parse(command)
            writing = isinstance(parsed, _WRITING)
            if self.mode == "off":
                return ToolResult.error(OFF_MESSAGE)
            if writing and self.mode == "read-only" and by == "agent":
                return ToolResult.error(READ_ONLY_MESSAGE)
            if not isinstance(user_words, str) or (user_words and credentials.find_credential(user_words)):
                user_words = _WITHHELD_WORDS
            op = OpContext(by, str(session_id), user_words, staleness.head(self.repository) if writing else "")
            ctx = handlers.Context(self._fs, self._journal if writing else _Quiet(self.folder), op)
            if by == "agent":
                ctx.gate = _agent_gate()

            def run() -> ToolResult:
                # A write's several journal calls share one connection; a read must work without a journal.
                with self._journal.batch(create=True) if writing else contextlib.nullcontext():
                    if writing:
                        self._journal.sizes()  # a damaged journal refuses before anything is written
                    result = handlers.run(ctx, parsed)
                    if ctx.changes:
                        self._journal.append(op, ctx.changes)
                    return result

            # With no folder yet, a read needs no lock: it finds nothing, and says so in the usual words.
            return self._locked(run, write=writing, empty=run)
        except commands.InvalidCommand as exc:
            return ToolResult.error(str(exc))
        except JournalError as exc:
            log.warning("memory journal unusable: %s", exc)
            return ToolResult.error(
                "Error: The memory cannot be changed right now: its history file is damaged or from a newer "
                "version of the app. Nothing was changed; tell the developer if something should be remembered."
            )
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

    # --- for the session ---------------------------------------------------------------------------

    def snapshot(self, *, session_id: str = "") -> str:
        """Every memory file with its staleness marks, for the system prompt; "" when empty or off.

        The files are journaled as loaded (not used) by `session_id`, and remembered as seen by it.
        """
        if self.mode == "off":
            return ""
        try:
            found: list[staleness.Written] = self._locked(lambda: self._load(session_id), write=False, empty=list)
        except (OSError, FolderError, LockTimeout):
            # A session must start even when its memory cannot be read right now.
            log.warning("memory snapshot of %s failed", self.folder, exc_info=True)
            return ""
        if not found:
            return ""
        cache = staleness.load_cache(self._cached_git)
        names = {w.path: named_in(w.text) for w in found}
        marks = staleness.assess(
            self.repository, found, datetime.now(UTC), state_lines=_state_lines(), cache=cache, names=names
        )
        text, included = snapshot.render([(w.path, w.text) for w in found], {p: m.words() for p, m in marks.items()})
        if session_id:
            self._names[session_id] = {path: names[path] for path in included}

        def keep() -> None:
            with self._journal.batch(create=True):  # one connection for the three
                if session_id:
                    self._journal.note_use(session_id, included, "loaded")
                    # Seen as shown, even if a file changed since it was read: that is the point of the check.
                    shown: dict[str, str | None] = {
                        w.path: handlers.digest(w.text) for w in found if w.path in included
                    }
                    self._journal.mark_seen(session_id, shown)
                # Only the commits the files were written at: the cache never grows past the store.
                kept = {m.commit: cache[m.commit] for m in marks.values() if m.commit in cache}
                self._journal.keep(GIT_CACHE, staleness.dump_cache(kept))

        with contextlib.suppress(JournalError, OSError, LockTimeout):
            self._locked(keep, write=False, empty=_none)
        return text

    def _load(self, session_id: str) -> list[staleness.Written]:
        """Under the lock: every file's text and last write, a fresh running total, what the session saw."""
        files: list[tuple[str, str, datetime]] = []
        for vp in handlers.memory_files(self._fs):
            try:
                files.append((vp.text, handlers.read_text(self._fs, vp.parts), self._fs.modified(vp.parts)))
            except (FolderError, OSError):
                continue
        try:
            with self._journal.batch(create=True):  # one connection for the four
                self._cached_git = self._journal.cached(GIT_CACHE)
                last = self._journal.last_changes(p for p, _t, _m in files)
                self._journal.set_sizes({p: limits.cost(p, t) for p, t, _m in files}, replace=True)
                self._journal.drop_words_before(time.time() - self.words_days * 86_400)
        except JournalError:
            log.warning("memory journal of %s unusable; loading the files without their history", self.folder)
            last = {}
        return [_written(p, t, modified, last.get(p)) for p, t, modified in files]

    def written(self) -> list[staleness.Written]:
        """Every file with its text and last write (when, by whom, at which commit), changing nothing."""

        def collect() -> list[staleness.Written]:
            files = self._read_files()
            last = self._journal.last_changes(f.path for f in files)
            return [_written(f.path, f.text, f.modified, last.get(f.path)) for f in files]

        return self._locked(collect, write=False, empty=list)

    def observe(self, session_id: str, text: str) -> list[str]:
        """Count loaded files as used when `text` (a tool input, the reply) names what they name."""
        names = self._names.get(session_id)
        if not names or not text:
            return []
        found = tokens(text)
        used = [path for path, named in names.items() if named.all() & found]
        if not used:
            return []
        for path in used:
            del names[path]  # once per session is enough
        with contextlib.suppress(JournalError, OSError, LockTimeout, FolderError):
            self._locked(lambda: self._journal.note_use(session_id, used, "used"), write=False, empty=_none)
        return used

    # --- for a person: the memory window and the command line --------------------------------------

    def save_as_person(self, path: str, text: str, expected_text: str | None) -> SaveResult:
        """Save a person's edit of one file, unless it changed since they loaded `expected_text`.

        `expected_text` is the text the editor showed (None: the file did not exist). On a conflict
        nothing is written and the result carries the current text to merge with. Caps and the
        credential filter apply; the write gate does not (a person decides).
        """
        try:
            vp = parse(path)
        except PathRefused as exc:
            return SaveResult(False, str(exc))
        if vp.is_root:
            return SaveResult(False, "Give a file path below /memories.")

        def save() -> SaveResult:
            self._journal.sizes()
            kind = self._fs.kind(vp.parts)
            if kind == "dir":
                return SaveResult(False, f"{vp} is a folder.")
            current = handlers.read_text(self._fs, vp.parts) if kind == "file" else None
            if current != expected_text:
                what = "was deleted" if current is None else "changed"
                return SaveResult(
                    False, f"{vp} {what} since you opened it; nothing was saved.", conflict=True, current_text=current
                )
            op = OpContext("person", PERSON_SESSION, "", staleness.head(self.repository))
            ctx = handlers.Context(self._fs, self._journal, op)
            if current == text:
                return SaveResult(True, "No changes to save.", current_text=current)
            refused = handlers.write(ctx, vp, current, text, "save")
            if refused:
                return SaveResult(False, refused.text.removeprefix("Error: "), current_text=current)
            self._journal.append(op, ctx.changes)
            return SaveResult(True, f"Saved {vp}.", current_text=text)

        try:
            return self._locked(save, write=True, empty=lambda: SaveResult(False, "No memory folder."))
        except (JournalError, FolderError, OSError, LockTimeout) as exc:
            return SaveResult(False, f"Could not save {vp}: {exc}")

    def undo(self) -> str:
        """Revert the newest change (a delete included) as a person; returns what was reverted.

        Raises UndoRefused (nothing to undo, or it changed since) or JournalError.
        """
        op = OpContext("person", PERSON_SESSION, "", staleness.head(self.repository))

        def revert() -> str:
            ctx = handlers.Context(self._fs, self._journal, op)
            described = undo.undo(ctx)
            self._journal.append(op, ctx.changes)
            return described

        def nothing() -> str:
            raise undo.UndoRefused("Nothing to undo: this repository has no memory.")

        return self._locked(revert, write=True, empty=nothing) if self._fs.exists() else nothing()

    def forget_git_answers(self) -> None:
        """Drop what earlier sessions learnt from git, so the next session asks it everything again."""
        self._locked(lambda: self._journal.keep(GIT_CACHE, "{}"), write=True, empty=_none)

    def journal_problem(self) -> str:
        """Why the journal cannot be used (damaged, from a newer version), or ""."""
        try:
            self._locked(self._journal.undoable, write=False, empty=list)
        except JournalError as exc:
            return str(exc)
        return ""

    def files(self) -> list[MemoryFile]:
        """Every memory file with its text (not journaled as a use)."""
        return self._locked(self._read_files, write=False, empty=list)

    def _read_files(self) -> list[MemoryFile]:
        found: list[MemoryFile] = []
        for vp in handlers.memory_files(self._fs):
            try:
                content = handlers.read_text(self._fs, vp.parts)
                modified = self._fs.modified(vp.parts)
            except (FolderError, OSError):
                continue
            found.append(MemoryFile(vp.text, len(content), content, modified))
        return found

    def total_chars(self) -> int:
        """What the files take from the store's cap, their paths included."""
        return sum(limits.cost(f.path, f.text) for f in self.files())

    def history(self, path: str = "") -> list[Change]:
        """Every journaled change of one file (all files when `path` is ""), oldest first; [] when unknown."""
        if path:
            try:
                path = parse(path).text
            except PathRefused:
                return []
        read = (lambda: self._journal.history(path)) if path else self._journal.all_changes
        try:
            return self._locked(read, write=False, empty=list)
        except JournalError:
            return []

    def stats(self) -> dict[str, FileStats]:
        """Per existing file: size, last written and by whom, loaded and used counts."""
        files = self.files()
        try:
            usage, last = self._locked(
                lambda: (self._journal.usage(), self._journal.last_changes(f.path for f in files)),
                write=False,
                empty=lambda: ({}, {}),
            )
        except JournalError:
            usage, last = {}, {}
        result: dict[str, FileStats] = {}
        for f in files:
            u = usage.get(f.path, Usage())
            w = _written(f.path, f.text, f.modified, last.get(f.path))
            journaled = last.get(f.path)
            result[f.path] = FileStats(
                f.path,
                f.chars,
                f.modified,
                w.at if journaled is not None else None,
                w.by,
                u.loaded_count,
                u.used_count,
                u.last_used,
                len([c for c in self.history(f.path) if not c.moves_only]) if journaled is not None else 0,
            )
        return result

    def forget(self) -> None:
        """Remove this repository's whole memory and journal, for real: nothing of it remains on disk."""
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
        self._names.clear()

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
