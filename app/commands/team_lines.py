"""The team tier on the command line: `memory promote`, `memory share` (an agent's suggestion), and the `team`
object of `memory show --json`.

Kept apart from `memory` so the personal commands never import the team server's client (`team.sharing`,
which the windows' Share with the team calls too, imports it only when a line is shared). A promote
that cannot reach the server says so in one line (the sentence the session's block uses) and exits
2, through the UserFacingError path every command shares.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core import settings as settings_store
from app.core.errors import UserFacingError
from app.core.memory import lines, open_store
from app.core.memory.keeping import NotPending
from app.core.team import sharing


def register_promote(actions: Any) -> None:
    promote = actions.add_parser("promote", help="share one of your memory's lines with the repository's team")
    promote.add_argument("--repo", metavar="PATH", required=True)
    promote.add_argument("line", metavar="LINE", help="the line as `memory show` prints it")


def promote(repo: Path, line: str) -> int:
    path, text = _own_line(repo, line)
    print(sharing.promote(repo, settings_store.load().settings, path, text))
    return 0


def register_share(actions: Any) -> None:
    share = actions.add_parser("share", help="share a line the agent suggested for the team (see memory pending)")
    share.add_argument("--repo", metavar="PATH", required=True)
    share.add_argument("line", metavar="LINE", help="the waiting line as `memory pending` prints it")


def share(repo: Path, line: str) -> int:
    """Share a held suggestion of the agent with the team, as this person; it then waits no more."""
    try:
        print(sharing.share_suggestion(repo, settings_store.load().settings, line))
    except NotPending as exc:
        raise UserFacingError(str(exc), hint="See what waits with 'voice-dev-agent memory pending'.") from exc
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
