"""Which "the agent keeps notes here" lines were shown already: each is said once per repository and face."""

from __future__ import annotations

import json
import logging

from app.core import paths
from app.core.atomic import write_text_atomic

log = logging.getLogger(__name__)


def first_time(key: str) -> bool:
    """True the first time `key` is asked about (and remembered from then on); False after that.

    An unreadable record counts as empty, and one that cannot be written means the note is
    shown again next time: better than never.
    """
    target = paths.memory_notes_file()
    try:
        shown = json.loads(target.read_text(encoding="utf-8"))
        if not isinstance(shown, list):
            shown = []
    except (OSError, ValueError):
        shown = []
    if key in shown:
        return False
    try:
        paths.ensure_private_dir(target.parent)
        write_text_atomic(target, json.dumps([*shown, key], indent=1) + "\n")
    except OSError:
        log.warning("could not remember that the memory note was shown", exc_info=True)
    return True
