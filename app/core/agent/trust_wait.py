"""Where a turn waits for the person's answer to a trust question asked on another thread (the desktop's panel).

A terminal answers the question before its listener returns (y/N); the desktop's panel answers
later, on Qt's thread. So the desktop's sessions wait here, on the agent's thread, until the
person presses Trust or Not now, the turn is cancelled (a press of the hotkey), or `WAIT` passes:
then the build or test the agent asked for runs (or is refused) in the same turn. The answer only
wakes the turn: whether the code may run is read from the trusted list the person's click wrote.
"""

from __future__ import annotations

import itertools
import threading
import time

WAIT = 300.0  # seconds a turn waits for an answer nobody gives (the panel was left open) before it goes on
_LOOK = 0.1  # seconds between looks at the turn's cancel flag while it waits


class TrustAnswers:
    """Questions keyed by id: `open` one, `wait` for it on the turn's thread, `give` its answer from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[int, threading.Event] = {}
        self._ids = itertools.count(1)

    def open(self) -> int:
        """A new question's id, to send with it; its answer may come before `wait` starts."""
        ask_id = next(self._ids)
        with self._lock:
            self._waiting[ask_id] = threading.Event()
        return ask_id

    def give(self, ask_id: int) -> bool:
        """The person answered question `ask_id`; False when no turn waits for it any more (a stale answer)."""
        with self._lock:
            answered = self._waiting.get(ask_id)
        if answered is None:
            return False
        answered.set()
        return True

    def wait(self, ask_id: int, cancel: threading.Event, timeout: float = WAIT) -> bool:
        """Wait for the answer to `ask_id`; False when the turn was cancelled or nobody answered in time."""
        with self._lock:
            answered = self._waiting.get(ask_id)
        if answered is None:
            return False
        deadline = time.monotonic() + timeout
        try:
            while not cancel.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if answered.wait(min(_LOOK, left)):
                    return True
            return False
        finally:
            with self._lock:
                self._waiting.pop(ask_id, None)
