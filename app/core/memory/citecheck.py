"""The check at session start: does what each memory line cites still hold in the working tree?

A line holds when everything it cites is as it was; it is changed when a cited file's content or a
cited definition changed; it is gone when a cited path or definition no longer exists; it is
unanchored when it cites nothing code can check. Only cited files are read (each once, from disk,
no git), so an unrelated change marks nothing and the check costs a few milliseconds whatever the
history holds. Git is asked only when a definition has left its file: one `git grep` for all of
them, to tell a moved definition from a gone one.

A definition that moved to another file with its text unchanged still holds: the citation is of
the code, and the code is as it was. A line that also says where the code lives names that path,
which is its own citation and is marked on its own (a file the definition left has changed, or is
gone). A moved definition whose text changed too is changed, named at its new place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from app.core.memory.citations import Checkout, Citation, definition_lines, extent_digest, file_digest, grep

Status = Literal["holds", "changed", "gone", "unanchored"]
STATUSES: tuple[Status, ...] = ("holds", "changed", "gone", "unanchored")
MAX_LISTED = 4  # names per mark; the rest are counted, so a mark stays a few words

K = TypeVar("K")


@dataclass(frozen=True)
class LineCheck:
    """One line's verdict and what its mark names."""

    status: Status
    changed: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()

    def mark(self) -> str:
        """The mark the block puts on the line ("" for a line that holds or cites nothing)."""
        parts = []
        if self.gone:
            parts.append("no longer exists: " + _listed(self.gone))
        if self.changed:
            parts.append("changed since: " + _listed(self.changed))
        return "; ".join(parts)


UNANCHORED = LineCheck("unanchored")


def _listed(names: tuple[str, ...]) -> str:
    shown = ", ".join(names[:MAX_LISTED])
    return shown + (f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else "")


class _Checkout:
    """The cited files as they are on disk now, each read once."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._reader = Checkout(repo)
        self._data: dict[str, bytes | int | None] = {}
        self._lines: dict[str, list[str]] = {}

    def data(self, path: str) -> bytes | int | None:
        if path not in self._data:
            self._data[path] = self._reader.read(path)
        return self._data[path]

    def text(self, path: str) -> str | None:
        data = self.data(path)
        return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else None

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            self._lines[path] = (self.text(path) or "").split("\n")
        return self._lines[path]

    def is_folder(self, path: str) -> bool:
        return self._reader.is_folder(path)


# A citation's status, the path its mark names, and what of that path ("" for the file itself).
Verdict = tuple[Status, str, str]


def _definition_verdict(checkout: _Checkout, cite: Citation, path: str) -> Verdict | None:
    """The verdict on `cite`'s definition as found in `path`; None when that file does not define it."""
    assert cite.symbol is not None
    text = checkout.text(path)
    if text is None:
        return None
    found = definition_lines(text, cite.symbol)
    if not found:
        return None
    lines = checkout.lines(path)
    if any(extent_digest(lines, at) == cite.digest for at in found):
        return "holds", path, cite.symbol
    moved = "" if path == cite.path else f", moved from {cite.path}"
    return "changed", path, cite.symbol + moved


def _verdict(checkout: _Checkout, cite: Citation) -> Verdict | None:
    """One citation against the working tree; None: its definition left the file (look elsewhere)."""
    if cite.symbol is not None:
        return _definition_verdict(checkout, cite, cite.path)
    if cite.folder:
        return ("holds" if checkout.is_folder(cite.path) else "gone"), cite.path, ""
    data = checkout.data(cite.path)
    if data is None:
        return "gone", cite.path, ""
    return ("holds" if file_digest(data) == cite.digest else "changed"), cite.path, ""


def _moved(checkout: _Checkout, cites: list[Citation]) -> dict[Citation, Verdict]:
    """Definitions no longer in their file: found elsewhere (moved), or gone; one `git grep` for all."""
    names = sorted({c.symbol for c in cites if c.symbol})
    hits = grep(checkout.repo, names)
    verdicts: dict[Citation, Verdict] = {}
    for cite in cites:
        assert cite.symbol is not None
        elsewhere = sorted({path for path, text in hits if cite.symbol in text and path != cite.path})
        found = [v for v in (_definition_verdict(checkout, cite, p) for p in elsewhere) if v is not None]
        held = next((v for v in found if v[0] == "holds"), None)
        verdicts[cite] = held or (found[0] if found else ("gone", cite.path, cite.symbol))
    return verdicts


def check(repo: Path | None, lines: Mapping[K, Iterable[Citation]]) -> dict[K, LineCheck]:
    """Every line's verdict: gone if anything it cites is gone, else changed if anything changed, else holds."""
    if repo is None:
        return {key: UNANCHORED for key in lines}
    checkout = _Checkout(repo)
    verdicts: dict[Citation, Verdict] = {}
    left: list[Citation] = []
    for cites in lines.values():
        for cite in cites:
            if cite not in verdicts:
                found = _verdict(checkout, cite)
                if found is None:
                    left.append(cite)
                else:
                    verdicts[cite] = found
    if left:
        verdicts.update(_moved(checkout, list(dict.fromkeys(left))))
    result: dict[K, LineCheck] = {}
    for key, cites in lines.items():
        own = [verdicts[c] for c in cites]
        if not own:
            result[key] = UNANCHORED
            continue
        gone = _names(v for v in own if v[0] == "gone")
        changed = _names(v for v in own if v[0] == "changed")
        status: Status = "gone" if gone else "changed" if changed else "holds"
        result[key] = LineCheck(status, changed, gone)
    return result


def _names(verdicts: Iterable[Verdict]) -> tuple[str, ...]:
    """What a mark lists: each path once, with the definitions in it that it is about (`a.py (f, g)`)."""
    parts: dict[str, list[str]] = {}
    for _status, path, what in verdicts:
        details = parts.setdefault(path, [])
        if what and what not in details:
            details.append(what)
    return tuple(f"{path} ({', '.join(d)})" if d else path for path, d in parts.items())
