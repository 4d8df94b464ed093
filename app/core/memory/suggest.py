"""The agent's suggestions for the team's memory: lines it writes to one file, held for a person to share.

The agent never writes team memory (its memory tool reaches only this developer's store). A note
it thinks the whole team should have goes to `SUGGEST_PATH`; every line written there waits, like
any held line, in `memory pending` and the windows' held lines, until the person shares it with the
team (`memory share`), keeps it as their own, or discards it.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.memory.origin import Judgement
from app.core.ui_text import QT_TRANSLATE_NOOP

SUGGEST_PATH = "/memories/for-the-team.md"
REASON = QT_TRANSLATE_NOOP(
    "memory_hold",
    "the agent suggests it for the team's memory; only you can share it (memory share), keep or discard it",
)


def judged(path: str, judgement: Judgement) -> Judgement:
    """A line's judgement, held as a suggestion for the team when it was written to `SUGGEST_PATH`."""
    return replace(judgement, held=REASON) if path == SUGGEST_PATH else judgement
