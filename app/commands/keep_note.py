"""The line `ask` and `chat` say when the gate refused a line the person asked to remember: how to keep it.

The tool result asks the model to say so, but a model's wording is its own; this line comes from the
turn's events (`ToolFinished.offers`), so the terminal always says it, once per line, after the reply,
in the words the desktop's notification uses (`KeepOffer.hint`): Settings → Memory, or `memory add`.
"""

from __future__ import annotations

import threading

from app.core import messages
from app.core.agent.events import Event, ToolFinished
from app.core.keep_offer import KeepOffer


class KeepNote:
    """Gathers a turn's offers from its events (on the turn's thread) and says them when it is over."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # `chat` runs its turns on a thread of their own
        self._offers: list[KeepOffer] = []

    def see(self, event: Event) -> None:
        if isinstance(event, ToolFinished) and event.offers:
            with self._lock:
                self._offers.extend(o for o in event.offers if o not in self._offers)

    def after_turn(self) -> list[str]:
        """Say each offered line's hint (info, on stderr for the command line); what was said."""
        with self._lock:
            offers, self._offers = self._offers, []
        said = [offer.hint() for offer in offers]
        for line in said:
            messages.info(line, private=True)  # it quotes the line: the log says a message was shown, not it
        return said
