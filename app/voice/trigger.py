"""When the hotkey starts and stops a recording: chord matching, auto-repeat debounce, hold/toggle modes.

A pure state machine fed with key events and their times, so it is tested with
synthetic event streams and a fake clock; `app.voice.hotkey` feeds it from pynput.

Two layers:

1. Debounce turns raw events into one "chord down" and one "chord up" per physical
   hold. Keyboards repeat a held key either as a stream of presses (ignored: the
   key is already down) or as release/press pairs every ~50 ms. A release in a hold
   whose key has already repeated as a press is final at once: that keyboard does
   not send pairs (Windows, macOS and X servers that repeat by presses). Otherwise a
   release only counts once `release_grace` has passed without the chord being
   pressed again; the up is then dated at the release itself. Every turn is that
   much quicker where the keyboard allows it, and no hold is cut in two where it
   does not.
2. The mode turns downs and ups into "start" and "stop". Hold: down starts, up
   stops; a short tap followed within `double_tap_window` by a second press
   switches that utterance to hands-free, and the next press stops it. Toggle:
   each down flips.

Beside the actions, `notes()` says what the person did with the key while the mode
still waits: a hold ended as a tap (dated at its release, a whole double-tap window
before the "stop" it leads to) or the tap's second press went hands-free. The agent's
warm-up reads them: a tap costs nothing, a hands-free question is a question.

Matching is strict: the chord's key must be pressed while exactly the chord's
modifiers are down (left and right variants count as the same modifier).
"""

from __future__ import annotations

from typing import Literal

from app.voice.chord import MODIFIERS, Chord

Mode = Literal["hold", "toggle"]
Action = Literal["start", "stop"]
Note = Literal["tap", "hands_free"]

RELEASE_GRACE = 0.15  # longer than a repeat pair's gap (~50 ms), shorter than a person notices
TAP_MAX = 0.3  # a hold shorter than this may be the first half of a double tap
DOUBLE_TAP_WINDOW = 0.5  # from the first release to the second press


class Trigger:
    """Feed `press`/`release`/`poll` with key names and monotonic times; each returns actions."""

    def __init__(
        self,
        chord: Chord,
        mode: Mode = "hold",
        *,
        release_grace: float = RELEASE_GRACE,
        tap_max: float = TAP_MAX,
        double_tap_window: float = DOUBLE_TAP_WINDOW,
    ) -> None:
        if mode not in ("hold", "toggle"):
            raise ValueError(f"The hotkey mode must be hold or toggle, not {mode!r}.")
        self.chord = chord
        self.mode: Mode = mode
        self.release_grace = release_grace
        self.tap_max = tap_max
        self.double_tap_window = double_tap_window
        self._mods: set[str] = set()
        self._key_down = False
        self._chord_held = False
        self._pending_up: float | None = None  # time of a release that may end the hold
        self._repeated_by_press = False  # the chord's key repeated as presses during this hold
        self.stopped_at = 0.0  # when the user ended the last utterance (a release, or a press)
        self._state: Literal["idle", "holding", "tapped", "hands_free", "toggled"] = "idle"
        self._down_at = 0.0
        self._tap_deadline: float | None = None
        self._ignore_hold = False  # after reset(): the current hold no longer counts
        self._notes: list[tuple[Note, float]] = []

    @property
    def recording(self) -> bool:
        """Whether the last action was "start"."""
        return self._state != "idle"

    @property
    def hands_free(self) -> bool:
        return self._state == "hands_free"

    def notes(self) -> list[tuple[Note, float]]:
        """What happened since the last call that is no action yet, with its time (see the module's docstring)."""
        notes, self._notes = self._notes, []
        return notes

    def deadline(self) -> float | None:
        """The time at which `poll` may produce an action, or None."""
        times = [t for t in (self._tap_deadline,) if t is not None]
        if self._pending_up is not None:
            times.append(self._pending_up + self._grace())
        return min(times) if times else None

    def press(self, key: str, now: float) -> list[Action]:
        actions = self.poll(now)
        if key in MODIFIERS:
            self._mods.add(key)
            return actions
        if key != self.chord.key:
            return actions
        if self._key_down:  # the auto-repeat stream of a held key: no release/press pairs on this keyboard
            self._repeated_by_press = self._repeated_by_press or self._chord_held
            return actions + self.poll(now)  # a release waiting out the grace is final now
        self._key_down = True
        if self._mods != self.chord.modifiers:
            return actions
        if self._pending_up is not None:
            self._pending_up = None  # pressed again within the grace: a repeat pair, the hold goes on
            return actions
        return actions + self._down(now)

    def release(self, key: str, now: float) -> list[Action]:
        actions = self.poll(now)
        if key in MODIFIERS:
            self._mods.discard(key)
            ends_chord = key in self.chord.modifiers
        elif key == self.chord.key:
            self._key_down = False
            ends_chord = True
        else:
            ends_chord = False
        if ends_chord and self._chord_held and self._pending_up is None:
            self._pending_up = now
            actions += self.poll(now)  # final at once when this keyboard repeats by presses
        return actions

    def poll(self, now: float) -> list[Action]:
        """Act on deadlines that have passed: a confirmed release, an expired double-tap window."""
        actions: list[Action] = []
        if self._pending_up is not None and now >= self._pending_up + self._grace():
            released_at, self._pending_up = self._pending_up, None
            self._chord_held = False
            self._repeated_by_press = False
            actions += self._up(released_at)
        if self._tap_deadline is not None and now >= self._tap_deadline:
            self._tap_deadline = None
            self._state = "idle"
            self.stopped_at = now
            actions.append("stop")
        return actions

    def reset(self) -> None:
        """Forget any recording in progress (the app stopped it another way); no action follows."""
        self._state = "idle"
        self._tap_deadline = None
        self._ignore_hold = self._chord_held

    def _grace(self) -> float:
        """How long a release waits for a press that would make it half of a repeat pair."""
        return 0.0 if self._repeated_by_press else self.release_grace

    def _down(self, now: float) -> list[Action]:
        self._chord_held = True
        if self.mode == "toggle":
            if self._state == "idle":
                self._state = "toggled"
                return ["start"]
            self._state = "idle"
            self.stopped_at = now
            return ["stop"]
        if self._state == "idle":
            self._state = "holding"
            self._down_at = now
            return ["start"]
        if self._state == "tapped":  # second press of a double tap: hands-free until the next press
            self._state = "hands_free"
            self._tap_deadline = None
            self._notes.append(("hands_free", now))
            return []
        self._state = "idle"  # hands_free: this press ends the utterance
        self.stopped_at = now
        return ["stop"]

    def _up(self, released_at: float) -> list[Action]:
        if self._ignore_hold:
            self._ignore_hold = False
            return []
        if self.mode == "hold" and self._state == "holding":
            if released_at - self._down_at < self.tap_max:
                self._state = "tapped"
                self._tap_deadline = released_at + self.double_tap_window
                self._notes.append(("tap", released_at))
                return []
            self._state = "idle"
            self.stopped_at = released_at
            return ["stop"]
        return []
