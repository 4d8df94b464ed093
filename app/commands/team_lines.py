"""The team tier on the command line: `memory promote`, `memory share` (an agent's suggestion), and the `team`
object of `memory show --json`.

Kept apart from `memory` so the personal commands never import the team server's client.
A promote that cannot reach the server says so in one line (the sentence the session's block
uses) and exits 2, through the UserFacingError path every command shares.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core import settings as settings_store
from app.core.errors import TeamUnreachable, UserFacingError
from app.core.memory import lines, open_store


def register_promote(actions: Any) -> None:
    promote = actions.add_parser("promote", help="share one of your memory's lines with the repository's team")
    promote.add_argument("--repo", metavar="PATH", required=True)
    promote.add_argument("line", metavar="LINE", help="the line as `memory show` prints it")


def promote(repo: Path, line: str) -> int:
    path, text = _own_line(repo, line)
    _to_team(repo, path, text)
    return 0


def _to_team(repo: Path, path: str, text: str) -> None:
    """Promote `text` into the team memory's `path` as this person, saying what happened; raises when it cannot."""
    from app.core.team.tier import open_team, unreachable_refusal

    team = open_team(repo, settings_store.load().settings)
    if team is None:
        raise UserFacingError(
            "Team memory is off: no team server is connected, or this repository has no origin remote or commit.",
            hint="Connect one with 'voice-dev-agent team connect --dsn DSN'.",
        )
    try:
        print(team.promote(path, text))
    except TeamUnreachable as exc:
        raise unreachable_refusal(team.cached(str(exc))) from exc
    finally:
        team.close()


def register_share(actions: Any) -> None:
    share = actions.add_parser("share", help="share a line the agent suggested for the team (see memory pending)")
    share.add_argument("--repo", metavar="PATH", required=True)
    share.add_argument("line", metavar="LINE", help="the waiting line as `memory pending` prints it")


TEAM_FILE = "/memories/notes.md"  # where a shared suggestion goes in the team's memory


def share(repo: Path, line: str) -> int:
    """Share a held suggestion of the agent with the team, as this person; it then waits no more."""
    store = open_store(repo)
    wanted = lines.normalise(line)
    waiting = [p for p in store.pending() if wanted and lines.normalise(p.text) == wanted]
    if not waiting:
        raise UserFacingError(
            f"No line waits for you reading {line!r}.", hint="See what waits with 'voice-dev-agent memory pending'."
        )
    _to_team(repo, TEAM_FILE, waiting[0].text)
    store.shared(waiting[0].text)
    return 0


def team_json(repo: Path) -> dict[str, Any]:
    """`{"state", "as_of", "lines": [{"text", "by", "at", "status"}]}`, waiting at most a second for the server."""
    from app.core.team.tier import load_view

    return load_view(repo, settings_store.load().settings).as_json()


def _own_line(repo: Path, line: str) -> tuple[str, str]:
    """The file and exact text of the person's memory line `line` (compared as the duplicate check does)."""
    wanted = lines.normalise(line)
    if wanted:
        for file in open_store(repo).files():
            for text in file.text.splitlines():
                if lines.normalise(text) == wanted:
                    return file.path, text.strip()
    raise UserFacingError(
        f"Your memory of {repo} has no line {line!r}; only a line you keep can be shared.",
        hint="See your lines with 'voice-dev-agent memory show --repo PATH'.",
    )
