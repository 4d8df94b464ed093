"""What a person sees of one repository's memory: per file its text, origin, staleness, use and history."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from app.core import clock
from app.core.memory.journal import Change
from app.core.memory.line_cites import Checked
from app.core.memory.lines import LineState
from app.core.memory.pending import LineOrigin, PendingLine
from app.core.memory.store import MemoryStore


@dataclass(frozen=True)
class HistoryItem:
    at: str
    by: str
    command: str
    old: str | None
    new: str | None
    path: str
    session: str
    user_words: str


@dataclass(frozen=True)
class FileReport:
    path: str
    text: str
    written_at: str
    written_by: str
    user_words: str
    commit: str
    commits_since: int | None
    paths_missing: list[str]
    paths_changed: list[str]
    loaded_count: int
    used_count: int
    last_used: str | None
    flags: list[str]
    history: list[HistoryItem]
    lines: list[dict[str, Any]]  # one `line_object` per line that says something

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def _iso(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat(timespec="seconds") if moment else None


def line_object(
    line: LineState, checked: Checked | None = None, *, origin: str = "", pending: bool = False
) -> dict[str, Any]:
    """One line of a file as `memory show --json` gives it (each part of issue 21 adds its keys here).

    `origin` is asked, from-file, inferred or person (`origin_of`); `pending` says it waits for the
    developer's Keep and is in no file yet.
    """
    cites, check = (checked or Checked()).of(line.path, line.text)
    return {
        "text": line.text,
        "by": line.by,
        "origin": origin or ("person" if line.by == "person" else "inferred"),
        "cites": [c.as_json() for c in cites],  # [{path, symbol}], symbol null for a path itself
        "status": check.status,  # holds, changed, gone or unanchored
        "changed": list(check.changed),  # what the mark names: "path" or "path (symbol)", as the block says it
        "gone": list(check.gone),
        "confirmed_sessions": line.confirmed_sessions,
        "promotion_candidate": line.promotion_candidate,
        "standing": line.standing,
        "pending": pending,
        "archived": line.archived,
    }


def origin_of(line: LineState, origins: dict[tuple[str, str], LineOrigin]) -> str:
    """Where a line came from: a person's line is the person's; an agent's says what its write recorded.

    An agent's line written before origins were recorded is `inferred`: nothing says it was asked for.
    """
    if line.by == "person":
        return "person"
    recorded = origins.get((line.path, line.key))
    return recorded.origin if recorded is not None and recorded.origin != "person" else "inferred"


def pending_object(held: PendingLine) -> dict[str, Any]:
    """A held line's object: the line's keys, and which file it is for, why it waits, what it repeats."""
    state = LineState(held.text, held.path, held.key, "agent", 0, standing=False, archived=False)
    return {
        **line_object(state, origin=held.origin, pending=True),
        "path": held.path,
        "reason": held.reason,
        "sources": list(held.sources),
        "user_words": held.user_words,
    }


def history_item(change: Change) -> HistoryItem:
    return HistoryItem(
        _iso(change.at) or "",
        change.by,
        change.command,
        change.old,
        change.new,
        change.path,
        change.session_id,
        change.user_words,
    )


def file_reports(store: MemoryStore, now: datetime | None = None) -> list[FileReport]:
    """One report per memory file; raises JournalError when the history cannot be read."""
    now = now or datetime.fromtimestamp(clock.wall(), UTC)  # the clock lines age by
    problem = store.journal_problem()
    if problem:
        from app.core.memory.journal import JournalError

        raise JournalError(problem)
    written = store.written()
    # A person asking for the report gets the exact count, however long git takes to walk to it.
    marks = store.marks(written, now, count_limit=None)
    stats = store.stats()
    line_states = store.person.line_states(now.timestamp())
    checked = store.line_checks(written, marks)
    origins = store.line_origins()
    pending = store.pending()
    reports: list[FileReport] = []
    for w in written:
        m = marks[w.path]
        s = stats.get(w.path)
        history = store.history(w.path)
        words = next((c.user_words for c in reversed(history) if c.user_words and not c.moves_only), "")
        reports.append(
            FileReport(
                path=w.path,
                text=w.text,
                written_at=_iso(w.at) or "",
                written_by=w.by,
                user_words=words,
                commit=m.commit,
                commits_since=m.commits_since,
                paths_missing=m.missing,
                paths_changed=m.changed,
                loaded_count=s.loaded_count if s else 0,
                used_count=s.used_count if s else 0,
                last_used=_iso(s.last_used) if s else None,
                flags=s.flags(now) if s else [],
                history=[history_item(c) for c in history],
                lines=[
                    line_object(line, checked, origin=origin_of(line, origins)) for line in line_states.get(w.path, [])
                ]
                + [pending_object(p) for p in pending if p.path == w.path],
            )
        )
    return reports
