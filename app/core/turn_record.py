"""Writing each turn into the history as it ends: an event sink placed in front of the caller's.

The agent emits its events on its own thread; the recorder only collects the tool runs and
writes one row when the turn ends or fails, so it never slows the reply down.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

from app.core.agent.events import Event, ToolFinished, TurnEnded, TurnFailed
from app.core.history import History, Page, ToolRun
from app.core.languages import Heard

log = logging.getLogger(__name__)


class TurnRecorder:
    """`session.run_turn(text, TurnRecorder(history, repo, text, forward=sink))`."""

    def __init__(
        self,
        history: History,
        repo: Path | str,
        heard: str,
        *,
        source: str = "voice",
        forward: Callable[[Event], None] | None = None,
        language: Heard | None = None,
    ) -> None:
        self.history = history
        self.repo = str(repo)
        self.heard = heard
        self.source = source
        self.forward = forward
        self.language = language  # the language the question was heard in (None: typed)
        self.tools: list[ToolRun] = []
        self.turn_id: int | None = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, ToolFinished):
            self.tools.append(ToolRun(event.name, event.label, not event.is_error))
        elif isinstance(event, TurnEnded):
            reply = event.reply + (" (cancelled)" if event.cancelled else "")
            self._store(reply, [Page(s.title, s.markdown) for s in event.screens])
        elif isinstance(event, TurnFailed):
            self._store(f"(failed) {event.message}", [])
        if self.forward is not None:
            self.forward(event)

    def _store(self, reply: str, pages: list[Page]) -> None:
        try:
            self.turn_id = self.history.add(
                self.repo, self.heard, reply, tools=self.tools, pages=pages, source=self.source, language=self.language
            )
        except (sqlite3.Error, OSError):
            # The history is a convenience: a full disk or a locked file must not cost the reply.
            log.warning("could not write the turn into the history", exc_info=True)
