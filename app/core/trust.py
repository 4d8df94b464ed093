"""Which repositories the person trusted to run their own code (build, test, the Python import check).

Like VS Code's workspace trust and Claude Code's folder trust: reading a repository is always
allowed, running its code is not until the person says so, once per repository. Trust is kept
per folder and repository identity (`repo_identity`), so a trusted folder whose repository was
swapped for another (a different origin, a different history) is not trusted any more; nor is
a second clone of a trusted repository in another folder (it may hold other changes).

The list lives in the app's config folder, never in the repository (a repository cannot trust
itself), written atomically and readable by the owner only. A damaged or unreadable list trusts
nothing: the safe reading of a file that cannot be read.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.memory.lock import LockTimeout, folder_lock
from app.core.repo_identity import repository_identity

log = logging.getLogger(__name__)

_VERSION = 1
_FILE = "trusted-repositories.json"


@dataclass(frozen=True)
class Trusted:
    """One trusted repository: its folder, the identity it had when trusted, and when."""

    folder: Path
    identity: str
    trusted_at: float


@dataclass(frozen=True)
class TrustRequest:
    """What a tool would run in an untrusted repository, for the person to decide on."""

    repo: Path
    tool: str  # "build", "test"
    command: str  # the command line, as it would run
    folder: Path  # where it would run


def folder() -> Path:
    """Where the list is kept (a folder of its own, for its lock)."""
    return paths.config_dir() / "trust"


def _file() -> Path:
    return folder() / _FILE


def _key(repo: Path) -> str:
    return str(repo.expanduser().resolve())


def identity(repo: Path) -> str:
    """The repository's identity as trust keeps it: `origin:…`, `root:…` or `path:…` (app.core.repo_identity)."""
    return repository_identity(repo).key


def entries() -> list[Trusted]:
    """Every trusted repository, most recently trusted first; [] when the list is missing or unreadable."""
    try:
        raw = _file().read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("the trusted repositories could not be read (%s); trusting none", exc)
        return []
    try:
        data = json.loads(raw)
        rows = data["repositories"] if isinstance(data, dict) else None
        if not isinstance(rows, list):
            raise ValueError("no list of repositories")
    except (ValueError, KeyError, RecursionError) as exc:
        log.warning("the trusted repositories file is damaged (%s); trusting none", exc)
        return []
    found = []
    for row in rows:
        if not isinstance(row, dict):
            continue
        where, ident, when = row.get("folder"), row.get("identity", ""), row.get("trusted_at", 0)
        if isinstance(where, str) and where and isinstance(ident, str) and isinstance(when, int | float):
            found.append(Trusted(Path(where), ident, float(when)))
    return sorted(found, key=lambda t: -t.trusted_at)


def is_trusted(repo: Path) -> bool:
    """Whether the person trusted this repository, in this folder, with the identity it has now."""
    try:
        key = _key(repo)
    except (OSError, RuntimeError):
        return False
    rows = [t for t in entries() if str(t.folder) == key]
    if not rows:
        return False
    now = identity(Path(key))
    # Trusted before its first commit, a folder had only its path for an identity: its first commit keeps it.
    return any(t.identity == now or t.identity.startswith("path:") for t in rows)


def grant(repo: Path) -> Trusted:
    """Trust `repo` from now on (its folder and its identity as it is now)."""
    key = _key(repo)
    entry = Trusted(Path(key), identity(Path(key)), time.time())
    _change(lambda rows: [entry, *[t for t in rows if str(t.folder) != key]])
    return entry


def revoke(repo: Path) -> bool:
    """Trust `repo` no more; False when it was not trusted."""
    key = _key(repo)
    removed = [False]

    def without(rows: list[Trusted]) -> list[Trusted]:
        kept = [t for t in rows if str(t.folder) != key]
        removed[0] = len(kept) != len(rows)
        return kept

    _change(without)
    return removed[0]


def _change(edit: Callable[[list[Trusted]], list[Trusted]]) -> None:
    where = paths.ensure_private_dir(folder())
    try:
        with folder_lock(where):
            rows = edit(entries())
            data = {
                "version": _VERSION,
                "repositories": [
                    {"folder": str(t.folder), "identity": t.identity, "trusted_at": t.trusted_at} for t in rows
                ],
            }
            write_text_atomic(_file(), json.dumps(data, indent=2) + "\n")
    except LockTimeout as exc:
        raise OSError(f"the list of trusted repositories is locked by another process ({exc})") from exc


NOT_TRUSTED = (
    "Not run: the developer has not trusted this repository yet; they have been asked. Running it "
    "would run the repository's own code. Answer from reading the code, and say in one sentence that "
    "it can run once they trust the repository."
)


class Gate:
    """One session's door to running code: checks the list on every call, asks the person once a turn.

    `ask` is how this session reaches the person (the desktop's panel, a terminal's y/N); it returns
    once they answered (a terminal at once, the panel when its button is pressed), having trusted the
    repository or not, and the list is read again. A "not now" holds for the rest of that turn only:
    the next turn that needs the code asks again.
    """

    def __init__(self, ask: Callable[[TrustRequest], None] | None = None) -> None:
        self._ask = ask
        self._asked = False

    def start_turn(self) -> None:
        """A new turn: the person may be asked again."""
        self._asked = False

    def refusal(self, request: TrustRequest) -> str:
        """ "" when the code may run; otherwise the error text for the model."""
        if is_trusted(request.repo):
            return ""
        if self._ask is not None and not self._asked:
            self._asked = True  # once a turn: a build after a refused test is not a second question
            try:
                self._ask(request)
            except Exception:  # a broken prompt must not run the code, nor end the turn
                log.exception("asking to trust %s failed", request.repo)
            if is_trusted(request.repo):
                return ""
        return NOT_TRUSTED
