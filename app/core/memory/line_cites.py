"""Each memory line's citations in the journal: recorded at each write, found late for older lines, checked for readers.

A line is known by its file and its normalised text (`lines.normalise`), the key every per-line
record shares. A write records citations for the lines it adds and drops those of the lines it
removes; a line that stays keeps the citations of when it was written, so rewriting a file does not
make its old lines look freshly checked. A line with no record (written before citations existed,
or by hand outside the app) is resolved the first time a reader needs it, at the commit its file was
written at, and kept: later sessions read it from the journal. Recording never fails a write: the
write has happened, and a line without citations is simply found late.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from app.core.memory import citations, citecheck, lines
from app.core.memory.citations import Citation, CitationLog
from app.core.memory.citecheck import LineCheck
from app.core.memory.journal import ChangeLog, Journal, JournalError, MachineLog, NewChange, OpContext
from app.core.memory.lock import LockTimeout
from app.core.memory.text import split_lines

log = logging.getLogger(__name__)

T = TypeVar("T")

GONE_NOTE = "(every line of this file is listed at the end: what it cites no longer exists)"


def line_key(line: str) -> str:
    """The key per-line records share; "" for a line that is structure, not a note (a heading, a rule)."""
    return lines.normalise(line)


def keyed_lines(text: str) -> dict[str, str]:
    """normalised key -> the line's text, the first line of each key, in file order."""
    keyed: dict[str, str] = {}
    for line in split_lines(text):
        key = line_key(line) if line.strip() else ""
        if key:
            keyed.setdefault(key, line)
    return keyed


def _kept_in(changes_log: object) -> CitationLog | None:
    """The change log's citation records, when its backend keeps them."""
    return changes_log if isinstance(changes_log, CitationLog) else None


def record(changes_log: ChangeLog, repository: Path | None, changes: Sequence[NewChange]) -> None:
    """Citations for the lines each change adds; those of lines it removes are dropped."""
    book = _kept_in(changes_log)
    if book is None:
        return
    kept: dict[str, dict[str, str]] | None = None
    for change in changes:
        if change.old_path and change.old is None and change.new is None:
            continue  # a rename carries the rows along with the file (move_seen)
        if kept is None:
            kept = book.citations([c.path for c in changes])
        existing = kept.get(change.path, {})
        rows: dict[str, str | None]
        if change.new is None:
            rows = dict.fromkeys(existing)
        else:
            keyed = keyed_lines(change.new)
            added = [line for key, line in keyed.items() if key not in existing]
            found = citations.find(repository, added)
            rows = {key: citations.dumps(found[line]) for key, line in keyed.items() if key not in existing}
            rows.update(dict.fromkeys(k for k in existing if k not in keyed))
        book.set_citations(change.path, rows)
        kept[change.path] = {k: v for k, v in {**existing, **rows}.items() if v is not None}


class CitingJournal(Journal):
    """The journal that records each written line's citations beside the change."""

    def __init__(self, changes: ChangeLog, machine: MachineLog, repository: Path | None) -> None:
        super().__init__(changes, machine)
        self.repository = repository

    def append(self, ctx: OpContext, changes: Sequence[NewChange]) -> int:
        op = super().append(ctx, changes)
        try:
            record(self.changes, self.repository, changes)
        except Exception:  # the write is done and journaled; its lines are found late instead
            log.exception("citations of a memory write could not be recorded")
        return op


@dataclass
class Checked:
    """What each line of the loaded files cites and how that stands in the working tree now."""

    cites: dict[str, dict[str, tuple[Citation, ...]]] = field(default_factory=dict)
    checks: dict[str, dict[str, LineCheck]] = field(default_factory=dict)

    def of(self, path: str, line: str) -> tuple[tuple[Citation, ...], LineCheck]:
        key = line_key(line) if line.strip() else ""
        return self.cites.get(path, {}).get(key, ()), self.checks.get(path, {}).get(key, citecheck.UNANCHORED)

    def marked(self, path: str, text: str) -> tuple[str, list[str]]:
        """The file's text with each line's mark on it, and its gone lines (marked), taken out for the end."""
        kept: list[str] = []
        gone: list[str] = []
        for line in split_lines(text):
            _cites, check = self.of(path, line)
            mark = check.mark()
            shown = f"{line}  [{mark}]" if mark else line
            (gone if check.status == "gone" else kept).append(shown)
        if gone and not any(line.strip() for line in kept):
            kept = [GONE_NOTE]
        return "\n".join(kept) + ("\n" if kept else ""), gone


class Store(Protocol):
    """What the check needs of a store (`access.StoreCore` has it): its journal, checkout and lock."""

    @property
    def journal(self) -> Journal: ...

    @property
    def repository(self) -> Path | None: ...

    def locked(self, work: Callable[[], T], *, write: bool, empty: Callable[[], T]) -> T: ...


def kept_rows(journal: Journal) -> dict[str, dict[str, str]]:
    """Every line's citations as the journal keeps them (for `checked`, read in a batch the caller holds)."""
    book = _kept_in(journal.changes)
    return book.citations() if book is not None else {}


def checked(
    store: Store,
    files: Sequence[tuple[str, str]],
    commits: Mapping[str, str],
    rows: dict[str, dict[str, str]] | None = None,
) -> Checked:
    """Every line's citations (found late where none are kept) and its check against the working tree.

    `files` are (path, text); `commits` the commit each file was written at, where lines without a
    record are resolved. `rows`: what `kept_rows` read, to save taking the lock again. A journal that
    cannot be read or written only means those lines are resolved again next time.
    """
    journal, repository = store.journal, store.repository
    book = _kept_in(journal.changes)

    def run(work: Callable[[], T], empty: Callable[[], T]) -> T:
        with contextlib.suppress(JournalError, OSError, LockTimeout):
            return store.locked(work, write=False, empty=empty)
        return empty()

    kept: dict[str, dict[str, str]] = {}
    if repository is not None and rows is not None:
        kept = rows
    elif repository is not None and book is not None:
        kept = run(lambda: book.citations(), dict)
    result = Checked()
    late: dict[str, list[tuple[str, str, str]]] = {}  # commit -> (path, key, line)
    for path, text in files:
        mine = result.cites.setdefault(path, {})
        for key, line in keyed_lines(text).items():
            known = kept.get(path, {}).get(key)
            cites = citations.loads(known) if known is not None else None
            if cites is None:
                late.setdefault(commits.get(path, ""), []).append((path, key, line))
            else:
                mine[key] = cites
    if repository is not None and late:
        fresh: dict[str, dict[str, str | None]] = {}
        listing = citations.Listing(repository)  # one file list for every commit
        with ThreadPoolExecutor(max_workers=2) as pool:  # one commit's look-ups wait on git, not on us
            asked = {
                commit: pool.submit(
                    citations.find, repository, [line for _p, _k, line in items], at=commit or None, listing=listing
                )
                for commit, items in late.items()
            }
        for commit, items in late.items():
            found = asked[commit].result()
            for path, key, line in items:
                result.cites[path][key] = found[line]
                fresh.setdefault(path, {})[key] = citations.dumps(found[line])

        def keep(book: CitationLog) -> None:
            with journal.batch(create=True):
                for path, lines_rows in fresh.items():
                    book.set_citations(path, lines_rows)

        if book is not None:
            run(lambda: keep(book), lambda: None)
    flat = {(path, key): cites for path, mine in result.cites.items() for key, cites in mine.items()}
    for (path, key), check in citecheck.check(repository, flat).items():
        result.checks.setdefault(path, {})[key] = check
    return result
