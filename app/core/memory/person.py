"""A person's view of one repository's memory: its files, their use and marks, saves, reverts and forgetting.

What the memory window and the `memory` command line see and do. A person's writes are
journaled as theirs and not judged by the write gate, since a person decides what they keep.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.core import clock
from app.core.memory import handlers, limits, line_book, line_cites, lines, staleness, undo
from app.core.memory.access import GIT_CACHE, StoreCore, last_write, nothing
from app.core.memory.backend import Texts
from app.core.memory.folder import FolderError
from app.core.memory.journal import Author, Change, JournalError, OpContext, Usage
from app.core.memory.lines import LineState
from app.core.memory.lock import LockTimeout
from app.core.memory.vpath import PathRefused, parse
from app.core.ui_text import QT_TRANSLATE_NOOP

UNUSED_DAYS = 90
PERSON_SESSION = "person"


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
            return [QT_TRANSLATE_NOOP("person", "never used")]
        if self.last_used is not None and (now - self.last_used).days >= UNUSED_DAYS:
            return [QT_TRANSLATE_NOOP("person", "not used in {days} days").format(days=UNUSED_DAYS)]
        return []


@dataclass(frozen=True)
class SaveResult:
    """The outcome of a person's save: saved, refused, or a conflict carrying the current text."""

    saved: bool
    message: str
    conflict: bool = False
    current_text: str | None = None


class PersonView:
    """The memory as the memory window and the command line show it, and a person's changes to it."""

    def __init__(self, core: StoreCore) -> None:
        self._core = core
        self._journal = core.journal
        self._locked = core.locked

    @property
    def _fs(self) -> Texts:
        return self._core.texts

    @property
    def repository(self) -> Path | None:
        return self._core.repository

    # --- reading ---------------------------------------------------------------------------------------

    def written(self) -> list[staleness.Written]:
        """Every file with its text and last write (when, by whom, at which commit), changing nothing."""

        def collect() -> list[staleness.Written]:
            files = self._read_files()
            last = self._journal.last_changes(f.path for f in files)
            return [last_write(f.path, f.text, f.modified, last.get(f.path)) for f in files]

        return self._locked(collect, write=False, empty=list)

    def marks(
        self, written: list[staleness.Written], now: datetime, *, count_limit: int | None = staleness.COUNT_LIMIT
    ) -> dict[str, staleness.Marks]:
        """Staleness marks for a person's view (the memory window, `memory show`), changing no file.

        Uses the git answers sessions keep in the journal, so opening the window after a session asks
        git only about new commits (a 10,000-commit repository: ~300 ms afresh, ~30 ms after). An exact
        count (`count_limit=None`) ignores the answers a session's walk stopped short of, and keeps
        nothing back, so sessions keep reading "over N commits" as before.
        """
        try:
            cache = staleness.load_cache(
                self._locked(lambda: self._journal.cached(GIT_CACHE), write=False, empty=nothing)
            )
        except (JournalError, OSError, LockTimeout):
            cache = {}
        if count_limit is None:
            cache = {commit: since for commit, since in cache.items() if not since.more}
        marks = staleness.assess(self.repository, written, now, cache=cache, count_limit=count_limit)
        if count_limit is None:
            return marks
        kept = {m.commit: cache[m.commit] for m in marks.values() if m.commit in cache}

        def keep() -> None:
            self._journal.keep(GIT_CACHE, staleness.dump_cache(kept))

        with contextlib.suppress(JournalError, OSError, LockTimeout):
            self._locked(keep, write=False, empty=nothing)
        return marks

    def line_states(self, now: float | None = None) -> dict[str, list[LineState]]:
        """Every file's lines with who wrote them, their confirmations, standing and archive state, by path."""
        moment = clock.wall() if now is None else now

        def read() -> dict[str, list[LineState]]:
            files = [(f.path, f.text) for f in self._read_files()]
            try:
                return line_book.read_states(self._journal, files, moment)
            except JournalError:  # a damaged history: the lines still show, without what it knew of them
                return line_book.read_states_bare(files, moment)

        return self._locked(read, write=False, empty=dict)

    def line_checks(self, written: list[staleness.Written], marks: dict[str, staleness.Marks]) -> line_cites.Checked:
        """What each line cites and how that stands in the working tree now (lines found late are kept)."""
        commits = {p: m.commit for p, m in marks.items()}
        return line_cites.checked(self._core, [(w.path, w.text) for w in written], commits)

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
            w = last_write(f.path, f.text, f.modified, last.get(f.path))
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

    # --- changing ------------------------------------------------------------------------------------

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
                return SaveResult(False, QT_TRANSLATE_NOOP("person", "{path} is a folder.").format(path=str(vp)))
            current = handlers.read_text(self._fs, vp.parts) if kind == "file" else None
            if current != expected_text:  # whole sentences per case, so each language words them its own way
                if current is None:
                    said = QT_TRANSLATE_NOOP("person", "{path} was deleted since you opened it; nothing was saved.")
                else:
                    said = QT_TRANSLATE_NOOP("person", "{path} changed since you opened it; nothing was saved.")
                return SaveResult(False, said.format(path=str(vp)), conflict=True, current_text=current)
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
            return self._locked(
                save, write=True, empty=lambda: SaveResult(False, QT_TRANSLATE_NOOP("person", "No memory folder."))
            )
        except (JournalError, FolderError, OSError, LockTimeout) as exc:
            return SaveResult(
                False, QT_TRANSLATE_NOOP("person", "Could not save {path}: {exc}").format(path=str(vp), exc=str(exc))
            )

    def add_line(self, line: str, path: str = "/memories/notes.md") -> SaveResult:
        """A person's own line added at the end of `path` (`memory add`), saved as the memory window saves.

        Journaled as the person's; caps and the credential filter apply, the write gate does not. A line
        without a list marker gets one, as the agent's notes have.
        """
        text = line.strip()
        if not text or "\n" in text or "\r" in text:
            return SaveResult(False, QT_TRANSLATE_NOOP("person", "Give one line of text to remember."))
        if not text.startswith(("- ", "* ", "+ ", "#")):
            text = f"- {text}"
        for _ in range(3):  # another writer between reading and saving: read again
            current = next((f.text for f in self.files() if f.path == path), None)
            base = current if not current or current.endswith("\n") else current + "\n"
            result = self.save_as_person(path, (base or "") + text + "\n", current)
            if not result.conflict:
                return result
        return result

    def confirm(self, path: str, line: str) -> int:
        """A person vouches for a line of `path` (kept it from pending): one more confirmation; the count after.

        Inside a command that already holds the lock, call `lines.confirm` with its journal instead.
        """
        at = lines.Confirmation(PERSON_SESSION, "person", clock.wall())

        def count() -> int:
            return lines.confirm(self._journal, parse(path).text, line, at).confirmed_sessions

        return self._locked(count, write=True, empty=lambda: 0)

    def make_standing(self, line: str, path: str = "") -> str:
        """Make a promotion candidate standing (the only way a line becomes standing); what was done.

        Raises line_book.LineChoiceRefused when no such line is a candidate, saying why.
        """
        return self._choose(lambda states, now: line_book.make_standing(self._journal, states, line, path))

    def restore(self, line: str, path: str = "") -> str:
        """Bring an archived line back into the sessions' memory; what was done. Raises LineChoiceRefused."""
        return self._choose(lambda states, now: line_book.restore(self._journal, states, line, now, path))

    def _choose(self, choice: Callable[[dict[str, list[LineState]], float], str]) -> str:
        now = clock.wall()

        def decide() -> str:
            files = [(f.path, f.text) for f in self._read_files()]
            return choice(line_book.read_states(self._journal, files, now), now)

        if not self._core.backend.exists():
            return _no_memory_line()
        return self._locked(decide, write=True, empty=_no_memory_line)

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

        return self._locked(revert, write=True, empty=_no_memory) if self._core.backend.exists() else _no_memory()

    def revert(self, op: int) -> str:
        """Revert one chosen operation (a delete included) as a person, e.g. from the history list.

        Like `undo`, but for any operation not undone yet: the memory window's history and the
        "Undo" beside a change the agent just made. Raises UndoRefused or JournalError.
        """
        person = OpContext("person", PERSON_SESSION, "", staleness.head(self.repository))

        def put_back() -> str:
            ctx = handlers.Context(self._fs, self._journal, person)
            described = undo.revert(ctx, undo.operation(ctx, op))
            self._journal.append(person, ctx.changes)
            return described

        return self._locked(put_back, write=True, empty=_no_memory) if self._core.backend.exists() else _no_memory()

    def forget_git_answers(self) -> None:
        """Drop what earlier sessions learnt from git, so the next session asks it everything again."""
        self._locked(lambda: self._journal.keep(GIT_CACHE, "{}"), write=True, empty=nothing)

    def forget(self) -> None:
        """Remove this repository's whole memory and journal, for real: nothing of it remains on disk."""
        self._core.backend.forget()


def _no_memory_line() -> str:
    raise line_book.LineChoiceRefused("This repository has no memory.")


def _no_memory() -> str:
    raise undo.UndoRefused("Nothing to undo: this repository has no memory.")
