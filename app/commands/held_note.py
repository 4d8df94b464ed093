"""The one line `ask` and `chat` say when a turn's memory write waits for the person to keep or discard it.

The desktop shows such a line in the answer panel with Keep and Discard; on the command line the
person would otherwise never learn that the agent wanted to remember something, nor that nothing was
remembered. Each held line is told once, after the turn that held it, through the message path.
"""

from __future__ import annotations

import logging
from pathlib import Path

from app import APP_NAME
from app.core import messages
from app.core.memory import JournalError, open_store
from app.core.memory.lock import LockTimeout
from app.core.memory.pending import PendingLine

log = logging.getLogger(__name__)

SHOWN_CHARS = 100  # of each line: the sentence stays one line on a terminal; `memory pending` has it whole


def _short(text: str) -> str:
    plain = " ".join(text.split()).removeprefix("- ")
    return plain if len(plain) <= SHOWN_CHARS else plain[: SHOWN_CHARS - 1].rstrip() + "…"


def held_line(repo: Path, held: list[PendingLine]) -> str:
    """What the command line says of `held` (one sentence, "" for none)."""
    if not held:
        return ""
    quoted = "; ".join(f"“{_short(p.text)}” for {p.path.removeprefix('/memories/')}" for p in held)
    one = len(held) == 1
    return (
        f"Memory: {len(held)} line{'' if one else 's'} the agent wrote wait{'s' if one else ''} for you and "
        f"{'is' if one else 'are'} not loaded into any session until you keep {'it' if one else 'them'}: "
        f"{quoted}. Keep or discard: {APP_NAME} memory pending --repo {repo}"
    )


class HeldNote:
    """Tells, after each turn, the lines that turn's session held and that were not told yet."""

    def __init__(self) -> None:
        self._told: set[int] = set()

    def after_turn(self, repo: Path, session_id: str) -> str:
        """Say the session's newly held lines (info, on stderr for the command line); what was said."""
        try:
            waiting = open_store(repo).pending()
        except (JournalError, OSError, LockTimeout):  # the reply stands; `memory pending` says it later
            log.warning("could not read the held memory lines of %s", repo, exc_info=True)
            return ""
        new = [p for p in waiting if p.session_id == session_id and p.id not in self._told]
        self._told.update(p.id for p in new)
        line = held_line(repo, new)
        if line:
            messages.info(line, private=True)  # it quotes the lines: the log says a message was shown, not them
        return line
