"""MemoryStore: one repository's memory behind Claude's memory tool, and its Python API.

Every public method runs as one command of the store's backend (its lock held). This module is the
agent's face: the tool's commands, the snapshot a session starts with, and which loaded files a
session used. It holds a `access.StoreCore` and a person's face (`person.PersonView`) over the same
core, and hands a person's calls (files, marks, saves, reverts, forget) to it. Each repository's
memory is on, read-only or off. `opening.open_store` says which backend a repository uses.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path

from app.core import clock
from app.core.errors import UserFacingError
from app.core.keep_offer import KeepOffer, offered_line
from app.core.memory import (
    agent_view,
    block_split,
    credentials,
    gate,
    handlers,
    judgement,
    keeping,
    limits,
    line_book,
    line_cites,
    line_terms,
    origin,
    snapshot,
    staleness,
    suggest,
)
from app.core.memory import command as commands
from app.core.memory.access import GIT_CACHE, StoreCore, last_write, nothing
from app.core.memory.backend import MemoryBackend
from app.core.memory.folder import FolderError, LinkRefused
from app.core.memory.journal import Author, Change, JournalError, OpContext, QuietJournal
from app.core.memory.key import MemoryKey
from app.core.memory.lines import LineKey, LineState
from app.core.memory.local import LocalBackend
from app.core.memory.lock import LockTimeout
from app.core.memory.names import Names, merged, named_in, tokens
from app.core.memory.pending import MAX_PENDING, HeldLine, LineOrigin, PendingLine, Split, line_key, split
from app.core.memory.person import FileStats, MemoryFile, PersonView, SaveResult
from app.core.settings import MemoryMode, as_memory_mode
from app.core.tool_result import ToolResult
from app.core.ui_text import joined

log = logging.getLogger(__name__)

WORDS_DAYS = 90  # the user's words kept with a change are dropped after this many days; the change stays
OFF_MESSAGE = "Error: The memory is switched off for this repository; nothing can be viewed or saved."
READ_ONLY_MESSAGE = (
    "Error: Not saved: the developer made this repository's memory read-only. Nothing was changed; "
    "if something should be remembered, say so in your answer."
)
_WRITING = (commands.Create, commands.StrReplace, commands.Insert, commands.Delete, commands.Rename)
_WITHHELD_WORDS = "[not recorded: the words looked like a credential]"


def _agent_gate(
    words: str, reads: origin.TurnReads | None, repo: Path | None, offers: list[KeepOffer]
) -> handlers.Gate:
    """The write gate for the agent's writes: the refusal text for the model, or None.

    A line refused as state that the person's own words asked for (`origin` reads it as asked) says how the
    person can keep it anyway, in the tool result the model answers from, and goes to `offers`, which the
    result carries to the person (the answer panel's "Keep it anyway", the command line's hint).
    """

    def judge(path: str, old: str | None, new: str, store: Mapping[str, str]) -> str | None:
        refusal = gate.check_write(path, old, new, store)
        if refusal is None:
            return None
        if refusal.kind == "state" and words and origin.judge(refusal.line, words, reads).origin == "asked":
            offer = KeepOffer(offered_line(refusal.line), refusal.reason, path, str(repo or ""))
            offers.append(offer)
            return joined(refusal.message, gate.kept_by_person(offer))
        return refusal.message

    return judge


def _holder(session_id: str, words: str, reads: origin.TurnReads | None, ask_first: bool) -> handlers.Holder:
    """Which lines of an agent's write wait for the developer, judged from the turn's words and reads."""

    def hold(path: str, old: str | None, new: str) -> Split:
        return split(path, old, new,
                     lambda line: suggest.judged(path, origin.judge(line, words, reads, ask_first=ask_first)),
                     session_id=session_id)  # fmt: skip

    return hold


def held_message(held: list[HeldLine], *, wrote: str, repeated: list[str], discarded: list[str]) -> str:
    """The tool result for a write whose lines wait for the developer: final, so the model does not retry."""
    parts = [wrote] if wrote else []
    fresh = held
    if fresh:
        shown = "; ".join(f'"{line.text.strip()}"' for line in fresh[:5]) + (" …" if len(fresh) > 5 else "")
        parts.append(
            f"Held for the developer, not remembered: {shown} ({fresh[0].reason}). The developer sees the "
            "line with Keep and Discard; until they keep it no later session loads it. Do not write it again "
            "or put it elsewhere; if it matters, say it in your answer."
        )
    if repeated:
        parts.append(f"Already waiting for the developer: {'; '.join(repeated[:5])}. Do not write it again.")
    if discarded:
        parts.append(f"The developer discarded this before: {'; '.join(discarded[:5])}. Do not save it.")
    return " ".join(parts)


def _state_lines() -> Callable[[str], list[tuple[str, str]]]:
    """The gate's reading of state lines, for marking those a person wrote once HEAD moved."""
    return judgement.state_lines


class MemoryStore:
    """The memory of one repository (or any folder): commands, snapshot, journal, undo, forget."""

    def __init__(
        self,
        backend: MemoryBackend | Path,
        *,
        repository: Path | None = None,
        mode: MemoryMode = "on",
        words_days: int = WORDS_DAYS,
        ask_first: bool = False,
    ) -> None:
        # A bare folder is a local store of its own: what tests and tools that make a store by hand mean.
        chosen = LocalBackend(backend, repository=repository) if isinstance(backend, Path) else backend
        self._core = StoreCore(chosen, repository=repository)
        self.person = PersonView(self._core)
        self._fs = self._core.texts
        self._journal = self._core.journal
        self._locked = self._core.locked
        self.mode: MemoryMode = as_memory_mode(mode) or "on"
        self.words_days = max(1, int(words_days))
        self.ask_first = bool(ask_first)  # "Ask before remembering": every agent line waits for the developer
        self._reads: dict[str, origin.TurnReads] = {}  # per session: what the running turn's tools returned
        self._names: dict[str, dict[str, Names]] = {}  # per session: what each loaded file names
        self._terms: dict[str, dict[LineKey, frozenset[str]]] = {}  # per session: each loaded line's terms
        self._term_lines: dict[str, list[tuple[LineKey, str, Names | None]]] = {}  # the lines, terms not yet found
        self._cached_git: str | None = None
        self._cited: dict[str, dict[str, str]] | None = None  # the lines' citations, read with the files

    # --- which store -------------------------------------------------------------------------------

    @property
    def key(self) -> MemoryKey:
        return self._core.backend.key

    @property
    def repository(self) -> Path | None:
        return self._core.repository

    @property
    def location(self) -> str:
        """Where the memory is kept, for a person to read (the folder of a local store)."""
        return self._core.backend.location

    @property
    def folder(self) -> Path:
        """The folder of a local store (what tests of the local format look at); TypeError for another backend."""
        backend = self._core.backend
        if not isinstance(backend, LocalBackend):
            raise TypeError(f"the {backend.key.backend} memory of {self.key} has no folder")
        return backend.folder

    def exists(self) -> bool:
        """Whether anything of this memory is kept yet."""
        return self._core.backend.exists()

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
            offers: list[KeepOffer] = []  # refused lines the person asked for, told beside the result
            ctx = handlers.Context(self._fs, self._journal if writing else QuietJournal(self._journal), op)
            if by == "agent":
                ctx.gate = _agent_gate(user_words, self._reads.get(str(session_id)), self.repository, offers)
                ctx.hold = _holder(str(session_id), user_words, self._reads.get(str(session_id)), self.ask_first)
                ctx.archived = agent_view.archived_in(ctx.journal)  # what it sees is what is loaded

            def run() -> ToolResult:
                # A write's several journal calls share one connection; a read must work without a journal.
                with self._journal.batch(create=True) if writing else contextlib.nullcontext():
                    if writing:
                        self._journal.sizes()  # a damaged journal refuses before anything is written
                    result = handlers.run(ctx, parsed)
                    if ctx.changes:
                        self._journal.append(op, ctx.changes)
                    if ctx.held and not result.is_error:
                        result = self._hold(ctx, result)
                    return dataclasses.replace(result, offers=tuple(offers)) if offers else result

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
        except UserFacingError as exc:  # a team server's refusal or absence, in its own words
            return ToolResult.error(f"Error: {exc} Nothing was changed.")
        except LockTimeout:
            return ToolResult.error("Error: The memory is busy (another session is using it). Try again shortly.")
        except OSError as exc:
            log.warning("memory command failed: %s", exc)
            return ToolResult.error(f"Error: The memory could not be read or written ({exc.strerror or exc}).")
        except Exception as exc:  # the handler must never raise into the agent loop
            log.exception("memory command failed")
            return ToolResult.error(f"Error: The memory tool failed unexpectedly ({type(exc).__name__}).")

    def _hold(self, ctx: handlers.Context, result: ToolResult) -> ToolResult:
        """Keep the command's held lines for the developer (under the lock) and say so to the model."""
        log_ = self._journal.changes
        waiting = {(p.path, p.key) for p in log_.pending()}
        dropped = {(p.path, p.key) for p in log_.pending("discarded")}
        repeated = [h.text.strip() for h in ctx.held if (h.path, line_key(h.text)) in waiting]
        discarded = [h.text.strip() for h in ctx.held if (h.path, line_key(h.text)) in dropped - waiting]
        fresh = [h for h in ctx.held if h.text.strip() not in repeated and h.text.strip() not in discarded]
        wrote = result.text if ctx.changes else " ".join(ctx.notes)  # lines confirmed instead are still said
        if len(waiting) + len(fresh) > MAX_PENDING:
            full = (
                f"Not saved: {len(waiting)} lines already wait for the developer to keep or discard them. "
                "Save nothing more that repeats what you read; say it in your answer instead."
            )
            return ToolResult(f"{wrote} {full}") if wrote else ToolResult.error(f"Error: {full}")
        log_.hold(ctx.op.session_id, ctx.op.user_words, fresh)
        return ToolResult(held_message(fresh, wrote=wrote, repeated=repeated, discarded=discarded))

    # --- the turn under way --------------------------------------------------------------------------

    def begin_turn(self, session_id: str) -> None:
        """A new turn of `session_id`: what earlier turns read no longer makes a line `from-file`."""
        self._reads[session_id] = origin.TurnReads()

    def note_read(self, session_id: str, source: str, text: str) -> None:
        """What a tool returned to the model in this turn (a file read, a search), judged against writes."""
        self._reads.setdefault(session_id, origin.TurnReads()).add(source, text)

    # --- for the session ---------------------------------------------------------------------------

    def snapshot(self, *, session_id: str = "", team: str = "") -> str:
        """Every memory file with its staleness marks, for the system prompt; "" when empty or off.

        `team` (the team's lines, already rendered) goes between the developer's lines and the agent's notes.

        The files are journaled as loaded (not used) by `session_id`, and remembered as seen by it.
        """
        if self.mode == "off":
            return ""
        try:
            found, states = self._locked(lambda: self._load(session_id), write=False, empty=lambda: ([], {}))
        except (OSError, FolderError, LockTimeout):
            # A session must start even when its memory cannot be read right now.
            log.warning("memory snapshot of %s failed", self.location, exc_info=True)
            return ""
        if not found:
            return ""
        cache = staleness.load_cache(self._cached_git)
        # Each line read for its names once: the file's names (staleness) and each line's terms (use) share them.
        line_names = {line: named_in(line) for w in found for line in w.text.split("\n")}
        names = {w.path: merged(line_names[line] for line in w.text.split("\n")) for w in found}
        marks = staleness.assess(
            self.repository, found, datetime.now(UTC), state_lines=_state_lines(), cache=cache, names=names
        )
        words = {p: m.words() for p, m in marks.items()}
        # Each line's citations against the working tree: computed once here, frozen with the prompt.
        commits = {p: m.commit for p, m in marks.items()}
        lines = line_cites.checked(self._core, [(w.path, w.text) for w in found], commits, self._cited)
        # The developer's lines first, then the agent's notes (each line marked); archived lines are not loaded.
        parts = {w.path: block_split.split(w.text, states.get(w.path, [])) for w in found}
        notes = [(w.path, parts[w.path].notes) for w in found if parts[w.path].notes]
        text, included = snapshot.render(notes, words, lines.marked)
        developer = [(w.path, parts[w.path].developer) for w in found]
        text = block_split.join(block_split.developer_section(developer, words, lines.marked), text, team)
        included = [w.path for w in found if w.path in included or parts[w.path].developer]
        if session_id:
            self._names[session_id] = {path: names[path] for path in included}
            # Each loaded line's terms are worked out when the first tool result or reply comes, not here:
            # a session's start waits for its block, its turn waits for the API anyway.
            self._terms.pop(session_id, None)
            self._term_lines[session_id] = [
                ((s.path, s.key), s.text, line_names.get(s.text))
                for path in included
                for s in states.get(path, [])
                if not s.archived
            ]

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
            self._locked(keep, write=False, empty=nothing)
        return text

    def _load(self, session_id: str) -> tuple[list[staleness.Written], dict[str, list[LineState]]]:
        """Under the lock: every file's text, last write and line records, a fresh running total."""
        files: list[tuple[str, str, datetime]] = []
        for vp in handlers.memory_files(self._fs):
            try:
                files.append((vp.text, handlers.read_text(self._fs, vp.parts), self._fs.modified(vp.parts)))
            except (FolderError, OSError):
                continue
        self._cited = None  # unknown until read: the check then reads it itself
        try:
            with self._journal.batch(create=True):  # one connection for the four
                self._cached_git = self._journal.cached(GIT_CACHE)
                self._cited = line_cites.kept_rows(self._journal)
                last = self._journal.last_changes(p for p, _t, _m in files)
                self._journal.set_sizes({p: limits.cost(p, t) for p, t, _m in files}, replace=True)
                self._journal.drop_words_before(time.time() - self.words_days * 86_400)
                states = line_book.read_states(self._journal, [(p, t) for p, t, _m in files], clock.wall())
        except JournalError:
            log.warning("memory journal of %s unusable; loading the files without their history", self.location)
            last, states = {}, {}  # without records every line is shown as a note
        return [last_write(p, t, modified, last.get(p)) for p, t, modified in files], states

    def observe(self, session_id: str, text: str) -> list[str]:
        """Count loaded files as used when `text` (a tool input, the reply) names what they name.

        Each loaded line counts as used too when `text` (also a tool result) repeats one of its
        distinctive terms (`line_terms`): a preference that names no path can be used.
        """
        if text:
            self._observe_lines(session_id, text)
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
            self._locked(lambda: self._journal.note_use(session_id, used, "used"), write=False, empty=nothing)
        return used

    def _observe_lines(self, session_id: str, text: str) -> None:
        waiting = self._term_lines.pop(session_id, None)
        if waiting is not None:
            self._terms[session_id] = {
                key: named for key, line, names in waiting if (named := line_terms.terms(line, names))
            }
        terms = self._terms.get(session_id)
        if not terms:
            return
        found = line_terms.found_in(text)
        used = [key for key, named in terms.items() if named & found]
        if not used:
            return
        for key in used:
            del terms[key]  # once per session is enough
        at = clock.wall()
        with contextlib.suppress(JournalError, OSError, LockTimeout, FolderError):
            self._locked(lambda: self._journal.note_line_use(session_id, used, at), write=False, empty=nothing)

    # --- a person's face, over the same core --------------------------------------------------------

    def written(self) -> list[staleness.Written]:
        return self.person.written()

    def marks(
        self, written: list[staleness.Written], now: datetime, *, count_limit: int | None = staleness.COUNT_LIMIT
    ) -> dict[str, staleness.Marks]:
        return self.person.marks(written, now, count_limit=count_limit)

    def line_checks(self, written: list[staleness.Written], marks: dict[str, staleness.Marks]) -> line_cites.Checked:
        return self.person.line_checks(written, marks)

    def journal_problem(self) -> str:
        return self.person.journal_problem()

    def files(self) -> list[MemoryFile]:
        return self.person.files()

    def total_chars(self) -> int:
        return self.person.total_chars()

    def history(self, path: str = "") -> list[Change]:
        return self.person.history(path)

    def stats(self) -> dict[str, FileStats]:
        return self.person.stats()

    def save_as_person(self, path: str, text: str, expected_text: str | None) -> SaveResult:
        return self.person.save_as_person(path, text, expected_text)

    def undo(self) -> str:
        return self.person.undo()

    def revert(self, op: int) -> str:
        return self.person.revert(op)

    def forget_git_answers(self) -> None:
        self.person.forget_git_answers()

    def pending(self) -> list[PendingLine]:
        """The lines held for the developer to keep or discard, oldest first."""
        return keeping.pending_lines(self._core)

    def keep(self, line: str) -> list[keeping.Settled]:
        """Keep the held line reading `line` (as `pending` gives it); raises keeping.NotPending."""
        return keeping.keep(self._core, line)

    def shared(self, line: str) -> list[keeping.Settled]:
        """Settle the held line reading `line` as shared with the team (`memory share`); raises keeping.NotPending."""
        return keeping.shared(self._core, line)

    def discard(self, line: str) -> list[keeping.Settled]:
        """Discard the held line reading `line`; raises keeping.NotPending."""
        return keeping.discard(self._core, line)

    def line_origins(self) -> dict[tuple[str, str], LineOrigin]:
        """Each written line's origin by (path, `pending.line_key`), as recorded when it was written."""
        return self._locked(lambda: self._journal.changes.origins(), write=False, empty=dict)

    def forget(self) -> None:
        """Remove this repository's whole memory and journal, for real: nothing of it remains on disk."""
        self.person.forget()
        self._terms.clear()
        self._term_lines.clear()
        self._names.clear()  # nothing a session loaded is left to count as used
