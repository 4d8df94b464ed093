"""A person's line handed to the team memory: one of their own lines promoted, or a suggestion of the agent's shared.

The command line (`memory promote`, `memory share`) and the windows (a held suggestion's "Share with
the team") take these calls, so a line reaches the team one way: written as the person's own
database role, through the team tier's gate and credential filter, and refused in one sentence when
team memory is off, the server cannot be reached, or the person may not write. `access` says the
same beforehand, so a window offers the button only when a share can work. Every call here talks to
the team server: never make one on a thread a person is waiting on. The team tier is imported in
the calls, so a command or a window that never shares never loads the server's client.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from app.core.errors import TeamServerError, TeamUnreachable, UserFacingError
from app.core.memory import lines, open_store
from app.core.memory.keeping import NotPending
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP, joined

TEAM_FILE = "/memories/notes.md"  # where a shared suggestion goes in the team's memory
OFF = QT_TRANSLATE_NOOP(
    "team", "Team memory is off: no team server is connected, or this repository has no origin remote or commit."
)
CONNECT = QT_TRANSLATE_NOOP("team", "Connect one with 'voice-dev-agent team connect --dsn DSN'.")


@dataclass(frozen=True)
class Access:
    """Whether this person can share a line with the repository's team now; `why` says where it goes, or why not."""

    can: bool
    why: str


def access(repository: Path, settings: Settings) -> Access:
    """Whether a share would be written now (asks the server: at most its connect timeout)."""
    from app.core.team.tier import open_team

    team = open_team(repository, settings)
    if team is None:
        return Access(False, joined(OFF, CONNECT))
    try:
        refusal = team.backend.write_refusal()
    except TeamUnreachable as exc:
        cached = team.cached(str(exc)).unreachable_sentence
        return Access(
            False, QT_TRANSLATE_NOOP("team", "{cached}. Nothing can be shared until it answers.").format(cached=cached)
        )
    except TeamServerError as exc:  # a refused login, a schema this app cannot use
        return Access(False, str(exc))
    finally:
        team.close()
    if refusal:
        return Access(False, refusal)
    return Access(
        True,
        QT_TRANSLATE_NOOP("team", "Share it with everyone on this repository's team, as you ({where}).").format(
            where=team.backend.location
        ),
    )


def promote(repository: Path, settings: Settings, path: str, text: str) -> str:
    """Write `text` into the team memory's `path` as this person: the sentence to show. Raises UserFacingError."""
    from app.core.team.tier import open_team, unreachable_refusal

    team = open_team(repository, settings)
    if team is None:
        raise UserFacingError(OFF, hint=CONNECT)
    try:
        return team.promote(path, text)
    except TeamUnreachable as exc:
        raise unreachable_refusal(team.cached(str(exc))) from exc
    finally:
        team.close()


def share_suggestion(repository: Path, settings: Settings, line: str) -> str:
    """Share the held line reading `line` with the team as this person; it then waits no more.

    The sentence to show (`SHARED` or `ALREADY`, then the line). Raises NotPending when no such
    line waits (settled elsewhere), UserFacingError when the team refuses it or is off; then it
    still waits.
    """
    store = open_store(repository)
    wanted = lines.normalise(line)
    waiting = [p for p in store.pending() if wanted and lines.normalise(p.text) == wanted]
    if not waiting:
        raise NotPending(f"No line waits for you reading {line!r}.")
    said = promote(repository, settings, TEAM_FILE, waiting[0].text)
    # Kept or discarded elsewhere in the moment the server took it: it is the team's now either way.
    with contextlib.suppress(NotPending):
        store.shared(waiting[0].text)
    return said
