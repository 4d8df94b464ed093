"""The team tier of a repository's memory: its lines with who wrote each and when, the cache, and people's writes.

A repository's team memory is a memory store on the team server (`TeamBackend`), keyed by the
repository's identity, so every clone on every machine reads the same one. Its lines are what a
session loads under their own heading; each line's author, time and version come from the
server's append-only history (the change that last wrote that line). Only people write it:
`promote` shares one of the person's own lines, `edit` and `delete` change a team line from the
version the person saw (a stale version is refused with the current text; an identical retry
is a success). Every write passes the write gate and the credential filter, as a personal one.

The last team memory this machine saw is kept in a small cache file, so a session that cannot
reach the server in time loads it, marked "team memory as of TIME; the team server is unreachable".
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.errors import TeamRefused, TeamServerError, TeamUnreachable, UserFacingError
from app.core.memory import citations, citecheck, credentials, gate, handlers, limits, lines
from app.core.memory.citations import Citation
from app.core.memory.citecheck import LineCheck
from app.core.memory.journal import Change
from app.core.memory.names import named_in
from app.core.memory.pending import line_key
from app.core.memory.store import MemoryStore
from app.core.memory.vpath import PathRefused, parse
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import config
from app.core.team.backend import TeamBackend
from app.core.team.changes import history_of
from app.core.team.sentences import ALREADY, SHARED
from app.core.ui_text import QT_TRANSLATE_NOOP

State = Literal["connected", "cached", "off"]
LOAD_WAIT = 1.0  # seconds a session waits for the team server before it uses the cache
CACHE_NAME = "team-lines.json"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TeamLine:
    """One line of the team memory, as the server's history tells who wrote it."""

    text: str
    path: str
    by: str  # the database role that last wrote it
    at: datetime
    version: int  # the sequence number of the change that last wrote it; an edit names it
    status: str = "unanchored"  # holds / changed / gone / unanchored, against this machine's checkout
    gone: tuple[str, ...] = ()  # what it cites that this checkout no longer has
    cites: str = ""  # its citations as the writer's checkout recorded them (`citations.dumps`); "" none kept
    changed: tuple[str, ...] = ()  # what it cites that differs in this checkout from the writer's

    def mark(self) -> str:
        """The block's and the window's mark on the line ("" when it holds or cites nothing)."""
        return LineCheck("holds", self.changed, self.gone).mark()

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "by": self.by, "at": self.at.isoformat(), "status": self.status}


@dataclass(frozen=True)
class TeamView:
    """The team memory as one session sees it: live from the server, the cached copy, or off."""

    state: State
    as_of: datetime | None = None
    lines: tuple[TeamLine, ...] = ()
    problem: str = ""  # why it is cached (the server's words), for the log and `doctor`
    seq: int = 0  # the newest change the server had when read: where a live listener starts (`live`)

    @property
    def unreachable(self) -> str:
        """The sentence that marks a cached team memory, in the block, the window and a refused write."""
        # the English words are UNREACHABLE's; marked, so the memory window shows the sentence translated
        return QT_TRANSLATE_NOOP("team", "team memory as of {when}; the team server is unreachable").format(
            when=self._as_of()
        )

    @property
    def unreachable_sentence(self) -> str:
        """`unreachable` beginning a sentence (capitalised in English; each language's catalogue says its own)."""
        return QT_TRANSLATE_NOOP("team", "Team memory as of {when}; the team server is unreachable").format(
            when=self._as_of()
        )

    def _as_of(self) -> str:
        return self.as_of.astimezone().strftime("%Y-%m-%d %H:%M") if self.as_of else QT_TRANSLATE_NOOP("team", "never")

    def as_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "lines": [line.as_json() for line in self.lines],
        }


@dataclass
class Team:
    """One repository's team memory for the developer connected to the server."""

    backend: TeamBackend
    repository: Path | None
    cache: Path
    store: MemoryStore = field(init=False)

    def __post_init__(self) -> None:
        self.store = MemoryStore(self.backend, repository=self.repository)

    def close(self) -> None:
        self.backend.close()

    # --- reading -------------------------------------------------------------------------------------

    def read(self) -> TeamView:
        """The team lines now, from the server (raises TeamServerError); kept as this machine's cache."""

        def collect() -> tuple[list[tuple[str, str]], list[Change], dict[str, dict[str, str]]]:
            texts = self.store._core.texts
            found = [(vp.text, handlers.read_text(texts, vp.parts)) for vp in handlers.memory_files(texts)]
            return found, self.backend.changes.all_changes(), self.backend.changes.citations()

        files, changes, cites = self.backend.locked(collect, write=False, empty=lambda: ([], [], {}))
        newest = max((c.id for c in changes), default=0)
        found = [replace(x, cites=cites.get(x.path, {}).get(line_key(x.text), "")) for x in team_lines(files, changes)]
        view = TeamView("connected", datetime.now(UTC), tuple(self._checked(found)), seq=newest)
        self._keep(view)
        return view

    def _checked(self, found: list[TeamLine]) -> list[TeamLine]:
        return check_lines(found, self.repository)

    def cached(self, problem: str = "") -> TeamView:
        """The last team memory this machine saw (no lines and no time when it never saw any)."""
        try:
            data = json.loads(self.cache.read_text(encoding="utf-8"))
            as_of = datetime.fromisoformat(data["as_of"])
            found = [
                TeamLine(
                    str(d["text"]),
                    str(d["path"]),
                    str(d["by"]),
                    datetime.fromisoformat(d["at"]),
                    int(d["version"]),
                    cites=str(d.get("cites", "")),
                )
                for d in data["lines"]
            ]
        except (OSError, ValueError, KeyError, TypeError):
            return TeamView("cached", None, (), problem)
        return TeamView("cached", as_of, tuple(self._checked(found)), problem)

    def _keep(self, view: TeamView) -> None:
        data = {
            "identity": self.backend.identity,
            "as_of": view.as_of.isoformat() if view.as_of else None,
            "lines": [
                {
                    "text": x.text,
                    "path": x.path,
                    "by": x.by,
                    "at": x.at.isoformat(),
                    "version": x.version,
                    "cites": x.cites,
                }
                for x in view.lines
            ],
        }
        try:
            paths.ensure_private_dir(self.cache.parent)
            write_text_atomic(self.cache, json.dumps(data, indent=1, ensure_ascii=False))
        except OSError:
            log.warning("could not keep the team memory cache %s", self.cache, exc_info=True)

    # --- people's writes -----------------------------------------------------------------------------

    def promote(self, path: str, line: str) -> str:
        """Share one line at `path` (below /memories) with the team; the sentence to show. Raises UserFacingError."""
        text = _one_line(line)
        vp = _path(path)

        def share() -> str:
            current = self._text(vp.parts)
            if any(lines.normalise(x) == lines.normalise(text) for x in (current or "").splitlines()):
                return f"{ALREADY} {text}"
            new = (current or "") + ("" if not current or current.endswith("\n") else "\n") + text + "\n"
            self._save(vp.text, current, new)
            return f"{SHARED} {text}"

        return self.backend.locked(share, write=True, empty=_no_access, files=(vp.text,))

    def edit(self, path: str, old_line: str, new_line: str, version: int) -> str:
        """Replace one team line, seen at `version`, with `new_line` ("" deletes it). Raises UserFacingError."""
        vp = _path(path)
        new = _one_line(new_line) if new_line.strip() else ""

        def change() -> str:
            current = self._text(vp.parts) or ""
            changes = self.backend.changes.all_changes()
            found = {x.text: x for x in team_lines([(vp.text, current)], changes)}
            old = found.get(old_line.strip())
            if old is None:
                if (new and new in found) or (not new and old_line.strip() not in current.splitlines()):
                    return "No change needed: the team memory already reads so."  # an identical retry
                raise TeamRefused(
                    QT_TRANSLATE_NOOP(
                        "errors", "That team line changed since you saw it; nothing was changed. It now reads:\n{text}"
                    ).format(text=current.rstrip())
                )
            if old.version != version:
                raise TeamRefused(
                    QT_TRANSLATE_NOOP(
                        "errors",
                        "That team line was rewritten by {by} since you saw it; nothing was changed. "
                        "It now reads: {text}",
                    ).format(by=old.by, text=old.text)
                )
            kept = [x for x in current.splitlines() if x.strip() != old.text]
            at = [x.strip() for x in current.splitlines()].index(old.text)
            if new:
                kept.insert(at, new)
            self._save(vp.text, current, "\n".join(kept) + ("\n" if kept else ""))
            return f"Changed the team line: {new}" if new else f"Deleted the team line: {old.text}"

        return self.backend.locked(change, write=True, empty=_no_access, files=(vp.text,))

    def undo(self) -> str:
        """Undo the newest team change (a new change, kept in the history like any other); a sentence saying which."""
        return f"Undid the {self.store.undo()}."  # the journal describes it as "save of PATH by WHO on WHEN"

    def _text(self, parts: tuple[str, ...]) -> str | None:
        texts = self.store._core.texts
        return handlers.read_text(texts, parts) if texts.kind(parts) == "file" else None

    def _save(self, path: str, current: str | None, new: str) -> None:
        kind = credentials.find_credential(new)
        if kind:
            raise UserFacingError(credentials.refusal(kind).removeprefix("Error: "))
        everything = {
            vp.text: handlers.read_text(self.store._core.texts, vp.parts)
            for vp in handlers.memory_files(self.store._core.texts)
        }
        refusal = gate.check_write(path, current, new, everything)
        if refusal is not None:
            raise UserFacingError(refusal.said)  # the gate's sentences, marked: a window shows them translated
        result = self.store.save_as_person(path, new, current)
        if not result.saved:
            raise TeamRefused(result.message)


def team_lines(files: list[tuple[str, str]], changes: list[Change]) -> list[TeamLine]:
    """Every line of the team files with the change that last wrote it (its author, time and version)."""
    found: list[TeamLine] = []
    for path, text in files:
        wrote: dict[str, Change] = {}
        for change in history_of(changes, path):
            before = {lines.normalise(x) for x in (change.old or "").splitlines()}
            for line in (change.new or "").splitlines():
                key = lines.normalise(line)
                if key and (key not in before or key not in wrote):
                    wrote[key] = change
        for line in text.splitlines():
            key = lines.normalise(line)
            if not key:
                continue
            change_of = wrote.get(key)
            by, at, version = (change_of.role, change_of.at, change_of.id) if change_of else ("", datetime.now(UTC), 0)
            found.append(TeamLine(line.strip(), path, by or "(by hand)", at, version))
    return found


def check_lines(found: list[TeamLine], repository: Path | None) -> list[TeamLine]:
    """Each line's citations against this checkout, as a personal line's are (`citecheck`): holds, changed, gone.

    What a line cites was recorded from the writer's checkout when it was written; here it is checked
    against mine, so a file changed or gone on my branch marks the line for me. A line written before
    citations were kept (none recorded) is checked by the paths it names: there, or gone.
    """
    recorded: dict[int, tuple[Citation, ...]] = {}
    for n, line in enumerate(found):
        cites = citations.loads(line.cites) if line.cites else None
        if cites is not None:
            recorded[n] = cites
    checks = citecheck.check(repository, recorded) if recorded else {}
    result = []
    for n, line in enumerate(found):
        if n in checks:
            check = checks[n]
            result.append(replace(line, status=check.status, gone=check.gone, changed=check.changed))
            continue
        cited = named_in(line.text).paths
        if repository is None or not cited:
            result.append(replace(line, status="unanchored", gone=(), changed=()))
            continue
        gone = tuple(p for p in cited if not (repository / p).exists())
        result.append(replace(line, status="gone" if gone else "holds", gone=gone, changed=()))
    return result


def render(view: TeamView) -> str:
    """The team part of a session's memory block; "" when team memory is off or empty and reachable."""
    if view.state == "off" or (not view.lines and view.state == "connected"):
        return ""
    heading = "Team memory (written by people on this repository's team; check cited code before relying on it):"
    if view.state == "cached":
        heading = f"Team memory ({view.unreachable}):"
    body = []
    for line in view.lines:
        mark = f" [{line.mark()}]" if line.mark() else ""
        body.append(f"{line.text}{mark} (by {line.by}, {line.at.astimezone().strftime('%Y-%m-%d')})")
    if not body:
        body.append("(no team memory was seen on this machine yet)")
    return (
        "<team-memory>\n"
        + "\n".join([heading, *body]).replace("</team-memory", "&lt;/team-memory")
        + "\n</team-memory>"
    )


def open_team(repository: Path, settings: Settings, *, cache_root: Path | None = None) -> Team | None:
    """The repository's team memory for this developer, or None when it is off (no server, or nothing to share)."""
    dsn = config.configured_dsn(settings)
    if not dsn:
        return None
    identity = repository_identity(repository)
    if identity.kind == "path":
        return None
    backend = TeamBackend(dsn, identity.key, password=config.stored_password(dsn), caps=limits.TEAM)
    folder = (cache_root or paths.cache_dir() / "team") / backend.key.name
    return Team(backend, repository, folder / CACHE_NAME)


def load_view(repository: Path, settings: Settings, *, wait: float = LOAD_WAIT) -> TeamView:
    """The team memory for a session starting now: waits at most `wait` seconds, else the cached copy."""
    team = open_team(repository, settings)
    if team is None:
        return TeamView("off")
    result: dict[str, TeamView | BaseException] = {}

    def fetch() -> None:
        try:
            result["view"] = team.read()
        except BaseException as exc:  # handed to the waiting thread, which decides
            result["view"] = exc
        finally:
            team.close()

    # A thread of its own, so a server that never answers costs the session `wait` seconds and nothing more.
    worker = threading.Thread(target=fetch, name="team-memory-load", daemon=True)
    worker.start()
    worker.join(wait)
    got = result.get("view")
    if isinstance(got, TeamView):
        return got
    problem = str(got) if isinstance(got, BaseException) else f"no answer within {wait:g} s"
    if got is not None and not isinstance(got, (TeamServerError, OSError)):
        log.error("team memory could not be loaded", exc_info=got)
    log.warning("team memory of %s: %s; using the cached copy", repository, problem)
    return team.cached(problem)


def _one_line(text: str) -> str:
    line = text.strip()
    if not line or "\n" in line:
        raise UserFacingError(QT_TRANSLATE_NOOP("errors", "Give one line of text to share."))
    return line if line.startswith(("- ", "* ")) else f"- {line}"


def _path(path: str) -> Any:
    try:
        vp = parse(path if path.startswith("/") else f"/memories/{path}")
    except PathRefused as exc:
        raise UserFacingError(str(exc)) from exc
    if vp.is_root:
        raise UserFacingError(QT_TRANSLATE_NOOP("errors", "Give a file below /memories for the team line."))
    return vp


def _no_access() -> str:
    raise TeamRefused(
        QT_TRANSLATE_NOOP("errors", "The team server gives you no access to this repository's team memory.")
    )


def unreachable_refusal(view: TeamView) -> TeamUnreachable:
    """The refusal of a team write while the server cannot be reached, in the sentence the block uses."""
    return TeamUnreachable(QT_TRANSLATE_NOOP("errors", "Not shared: {reason}.").format(reason=view.unreachable))
