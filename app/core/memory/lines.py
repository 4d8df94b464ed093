"""Per-line records of a memory: who wrote a line, which sessions confirmed it, whether it is standing or archived.

A line is known by its key, `(virtual path, normalise(line))`, so a copy that differs only in case,
spacing or list marker is the same line. The records live in the shared half of the journal
(`ChangeLog`, via `LineLog`), because they are about the line, not about this machine; when a line
was last used is this machine's (`LineUses`, in the `MachineLog`).

Trust is earned, not declared: the session that first wrote a line is its first confirmation, a
later session writing it again is another, a person keeping a pending line is one too. At
`PROMOTE_AT` confirmations an agent's line is a promotion candidate, and only a person makes it
standing. An agent's line neither used nor confirmed for `ARCHIVE_DAYS` is archived: left out of
the session's memory block, kept with its history, restorable. A line the person asked the agent to
remember (origin `asked`) is theirs in substance and never decays by disuse, like a standing line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

By = Literal["agent", "person"]  # the journal's Author, spelled here so the journal can import this module
LineKey = tuple[str, str]  # (virtual path, normalised line)

PROMOTE_AT = 3  # confirmations in separate sessions that make an agent's line a promotion candidate
ARCHIVE_DAYS = 60  # an agent's guess neither used nor confirmed for this long is archived
DAY = 86_400.0

_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX]\]\s+)?")
_DECORATION = re.compile(r"(?:\*\*|__|`)")


def clean(line: str) -> str:
    """The line without its list marker, checkbox or Markdown emphasis, to judge what it says."""
    return _DECORATION.sub("", _LIST_MARKER.sub("", line, count=1)).strip()


def is_structure(cleaned: str) -> bool:
    """Blank lines, headings, rules and code fences carry no claim to judge."""
    return not cleaned or cleaned.startswith(("#", "```", "~~~")) or not any(c.isalnum() for c in cleaned)


# Kept: one session start keys each line in the block split, the line records and the citations (ten
# times a line); a line's key depends on its text alone.
@functools.lru_cache(maxsize=4096)
def normalise(line: str) -> str:
    """A line as the duplicate check compares it: no list marker or emphasis, one case, single spaces."""
    cleaned = clean(line)
    if is_structure(cleaned):
        return ""
    return " ".join(cleaned.lower().split()).rstrip(".;:!,")


def is_claim(line: str) -> bool:
    """A line that says something of its own: not structure, not a label ("Commands:") or a lone word.

    Only these carry records; two files may share a heading or a label without repeating each other.
    """
    key = normalise(line)
    return bool(key) and " " in key and not clean(line).endswith(":")


@dataclass(frozen=True)
class Confirmation:
    """One session that wrote or confirmed a line (the first is the session that wrote it)."""

    session_id: str
    by: By
    at: float


@dataclass(frozen=True)
class LineRecord:
    """What the journal keeps about one line: its confirmations, and what a person decided about it."""

    path: str
    key: str
    confirmations: tuple[Confirmation, ...] = ()
    standing: bool = False
    restored_at: float | None = None  # a person brought it back from the archive

    @property
    def by(self) -> By:
        """Who wrote it first: a line with no journaled writer was put there by hand."""
        return self.confirmations[0].by if self.confirmations else "person"

    @property
    def confirmed_sessions(self) -> int:
        return len({c.session_id for c in self.confirmations})

    @property
    def last_confirmed(self) -> float | None:
        return max((c.at for c in self.confirmations), default=None)

    def confirmed_by(self, session_id: str) -> bool:
        return any(c.session_id == session_id for c in self.confirmations)


def records_from(sessions: Iterable[Sequence[object]], marks: Iterable[Sequence[object]]) -> dict[LineKey, LineRecord]:
    """Line records from the journal's rows, whichever store keeps them: `sessions` as (path, key, session,
    author, at) oldest first, `marks` as (path, key, standing, restored_at)."""
    confirmations: dict[LineKey, list[Confirmation]] = {}
    for path, key, session, author, at in sessions:
        who: By = "person" if author == "person" else "agent"
        confirmations.setdefault((str(path), str(key)), []).append(Confirmation(str(session), who, float(str(at))))
    marked = {(str(p), str(k)): (bool(s), None if r is None else float(str(r))) for p, k, s, r in marks}
    return {
        key: LineRecord(key[0], key[1], tuple(confirmations.get(key, ())), *marked.get(key, (False, None)))
        for key in confirmations.keys() | marked.keys()
    }


class LineLog(Protocol):
    """The per-line records a shared change log keeps beside its changes."""

    def line_records(self) -> dict[LineKey, LineRecord]:
        """Every line's record, by key."""

    def confirm_line(self, path: str, key: str, confirmation: Confirmation) -> None:
        """Record that a session wrote or confirmed the line (once per session: a second time changes nothing)."""

    def set_line(self, path: str, key: str, *, standing: bool | None = None, restored_at: float | None = None) -> None:
        """A person's decision about a line: make it standing (or not), or restore it from the archive."""


class LineUses(Protocol):
    """When this machine last saw a session use each line."""

    def note_line_use(self, session_id: str, keys: Iterable[LineKey], at: float) -> None:
        """Record that a session used these lines (once per session and line, latest time kept)."""

    def line_uses(self) -> dict[LineKey, float]:
        """The latest use of each line, by key."""


def key_of(path: str, line: str) -> LineKey:
    return (path, normalise(line))


def claims(text: str | None) -> list[str]:
    """The lines of `text` that carry records, in order (each normalised key once)."""
    found: dict[str, str] = {}
    for line in (text or "").split("\n"):
        if is_claim(line):
            found.setdefault(normalise(line), line)
    return list(found.values())


def added_claims(old: str | None, new: str | None) -> list[str]:
    """The lines `new` holds that `old` did not (by key): what a write adds."""
    before = {normalise(line) for line in claims(old)}
    return [line for line in claims(new) if normalise(line) not in before]


class _Change(Protocol):
    """What `written_by` reads of a journaled change (the journal's `Change`)."""

    @property
    def old(self) -> str | None: ...
    @property
    def new(self) -> str | None: ...
    @property
    def session_id(self) -> str: ...
    @property
    def by(self) -> By: ...
    @property
    def at(self) -> datetime: ...


def written_by(history: Iterable[_Change]) -> dict[str, Confirmation]:
    """Who first wrote each line of a file, from its history: for lines older than the records.

    A line's writer is the first change whose new text holds it and whose old text did not; a line
    no change added was put in the file by hand, and is missing here.
    """
    found: dict[str, Confirmation] = {}
    for change in history:
        if change.new is None:
            continue
        before = {normalise(line) for line in claims(change.old)}
        for line in claims(change.new):
            key = normalise(line)
            if key not in before and key not in found:
                found[key] = Confirmation(change.session_id, change.by, change.at.timestamp())
    return found


class _Book(LineLog, Protocol):
    def history(self, path: str) -> Sequence[_Change]: ...


def confirm(book: _Book, path: str, line: str, confirmation: Confirmation) -> LineRecord:
    """Count `confirmation` for the line of `path` (a session wrote it again, a person kept it); its record after.

    The call to make when a person keeps a pending line, inside the command that keeps it. A line
    written before records were kept first gets its writer from the history, so the session that
    wrote it stays its first confirmation. The same session twice counts once.
    """
    key = normalise(line)
    record = book.line_records().get((path, key))
    if record is None or not record.confirmations:
        writer = written_by(book.history(path)).get(key)
        if writer is not None:
            book.confirm_line(path, key, writer)
    book.confirm_line(path, key, confirmation)
    return book.line_records()[(path, key)]


@dataclass(frozen=True)
class LineState:
    """One line of a memory file as a person and the session block see it."""

    text: str
    path: str
    key: str
    by: By
    confirmed_sessions: int
    standing: bool
    archived: bool
    last_used: float | None = None
    last_confirmed: float | None = None

    @property
    def promotion_candidate(self) -> bool:
        """An agent's line confirmed in enough separate sessions to offer a person to make it standing."""
        return self.by == "agent" and not self.standing and self.confirmed_sessions >= PROMOTE_AT

    @property
    def from_developer(self) -> bool:
        """Loaded under "From the developer": a standing line, or one a person wrote."""
        return self.standing or self.by == "person"


def archived(record: LineRecord, last_used: float | None, now: float, *, asked: bool = False) -> bool:
    """An agent's line neither used, confirmed nor restored for ARCHIVE_DAYS.

    Standing lines never decay, nor do lines the person `asked` to remember: a rule said once ("we
    never deploy on Fridays") may go unused for months and is still what they want kept.
    """
    if record.by != "agent" or record.standing or asked:
        return False
    moments = [m for m in (record.last_confirmed, last_used, record.restored_at) if m is not None]
    return bool(moments) and now - max(moments) > ARCHIVE_DAYS * DAY


def states(
    path: str,
    text: str,
    records: Mapping[LineKey, LineRecord],
    uses: Mapping[LineKey, float],
    now: float,
    *,
    derived: Mapping[str, Confirmation] | None = None,
    asked: AbstractSet[LineKey] = frozenset(),
) -> list[LineState]:
    """Every line of one file that carries a record, with what its record says at `now`.

    `derived` gives the writer of lines that have no record yet (written before records were kept);
    `asked` the keys of lines the person asked to remember (they are never archived).
    """
    found: list[LineState] = []
    for line in claims(text):
        key = normalise(line)
        record = records.get((path, key)) or LineRecord(
            path, key, (derived[key],) if derived and key in derived else ()
        )
        used = uses.get((path, key))
        found.append(
            LineState(
                text=line,
                path=path,
                key=key,
                by=record.by,
                confirmed_sessions=record.confirmed_sessions,
                standing=record.standing,
                archived=archived(record, used, now, asked=(path, key) in asked),
                last_used=used,
                last_confirmed=record.last_confirmed,
            )
        )
    return found
