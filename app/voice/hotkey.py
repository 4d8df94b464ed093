"""The global hotkey: pynput key events → `Trigger` → on_start / on_stop callbacks.

pynput's callback only timestamps the event and queues it (a slow callback makes
macOS disable the event tap). One dispatcher thread owned by the listener feeds
the `Trigger`, wakes for its deadlines (the release grace, the double-tap window)
and calls on_start / on_stop (and on_tap / on_hands_free, the trigger's notes), so
the callbacks always come from that one thread,
in order, never from the UI thread. pynput is imported only in `start()`, because
on Linux merely importing it without an X display raises.
"""

from __future__ import annotations

import importlib
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app import APP_NAME
from app.core import launch, messages
from app.core.errors import HotkeyUnavailableError
from app.voice.chord import Chord, key_name, parse_chord
from app.voice.trigger import Mode, Trigger

__all__ = ["HotkeyListener", "HotkeySupport", "bind_advice", "hotkey_support", "is_wayland", "parse_chord"]

log = logging.getLogger(__name__)

FALLBACK_HINT = f"Use the tray menu's Listen item instead, or type the question with `{APP_NAME} ask`."


def bind_advice() -> str:
    """What works on any desktop: its own keyboard settings run `listen --toggle` on a key."""
    return (
        f"To talk with a key, bind `{launch.listen_toggle_command()}` to a shortcut in the desktop's keyboard "
        "settings: one press starts listening, the next sends the question."
    )


def is_wayland() -> bool:
    return bool(os.environ.get("WAYLAND_DISPLAY")) or os.environ.get("XDG_SESSION_TYPE") == "wayland"


_READY_TIMEOUT = 5.0


@dataclass(frozen=True)
class HotkeySupport:
    """Whether a global hotkey can work on this desktop; `reason` says why not, `note` adds a caveat."""

    ok: bool
    backend: str
    reason: str = ""
    note: str = ""


def _x11_support() -> HotkeySupport:
    display_name = os.environ.get("DISPLAY", "")
    wayland = is_wayland()
    if not display_name:
        if wayland:
            return HotkeySupport(
                False,
                "x11",
                "This is a Wayland session without an X server (XWayland), "
                "and Wayland lets no program watch global keys.",
            )
        return HotkeySupport(False, "x11", "There is no X display (DISPLAY is not set), so no global hotkey can work.")
    try:
        xdisplay: Any = importlib.import_module("Xlib.display")
        display = xdisplay.Display(display_name)
    except Exception as exc:  # any failure to connect means the same thing to the user
        return HotkeySupport(False, "x11", f"The X display {display_name} cannot be reached ({exc}).")
    try:
        has_record = bool(display.has_extension("RECORD"))
    finally:
        display.close()
    if not has_record:
        return HotkeySupport(
            False, "x11", f"The X server at {display_name} lacks the RECORD extension that global keys need."
        )
    note = ""
    if wayland:
        note = "Under Wayland (XWayland) keys are seen only while an X11 window has the focus."
    return HotkeySupport(True, "x11", note=note)


def _macos_support() -> HotkeySupport:
    try:
        services: Any = importlib.import_module("HIServices")
        trusted = bool(services.AXIsProcessTrusted())
    except Exception as exc:
        return HotkeySupport(False, "macos", f"The macOS accessibility check failed ({type(exc).__name__}).")
    if not trusted:
        return HotkeySupport(
            False,
            "macos",
            "macOS has not given this app the Accessibility permission "
            "(System Settings, Privacy & Security, Accessibility and Input Monitoring).",
        )
    return HotkeySupport(True, "macos")


def hotkey_support() -> HotkeySupport:
    """Check, without starting anything, whether a global hotkey can work here."""
    if sys.platform == "win32":
        return HotkeySupport(True, "windows")
    if sys.platform == "darwin":
        return _macos_support()
    return _x11_support()


def _event_key(key: Any) -> str:
    """Canonical name of a pynput Key or KeyCode."""
    name = getattr(key, "name", None)  # pynput.keyboard.Key members
    if isinstance(name, str):
        return key_name(name=name)
    return key_name(char=getattr(key, "char", None), vk=getattr(key, "vk", None))


class HotkeyListener:
    """Watch the keyboard for one chord and call on_start / on_stop as the mode says.

    Raises ValueError for a chord it cannot parse (see `parse_chord`).
    """

    def __init__(
        self,
        chord: str,
        mode: Mode = "hold",
        on_start: Callable[[], None] = lambda: None,
        on_stop: Callable[[float], None] = lambda at: None,
        *,
        on_tap: Callable[[float], None] = lambda at: None,
        on_hands_free: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.chord: Chord = parse_chord(chord)
        self._trigger = Trigger(self.chord, mode)
        self._on_start = on_start
        self._on_stop = on_stop
        self._on_tap = on_tap
        self._on_hands_free = on_hands_free
        self._clock = clock
        self._events: queue.SimpleQueue[tuple[str, str, float]] = queue.SimpleQueue()
        self._listener: Any = None
        self._dispatcher: threading.Thread | None = None
        self._running = threading.Event()
        # (key-down, key-up) of the latest press as this thread saw them (0.0: unknown), read by any thread.
        self._times = (0.0, 0.0)
        self.wayland_note = ""  # after start(): the limit this desktop puts on the hotkey, with the way round it

    @property
    def running(self) -> bool:
        return self._running.is_set()

    def start(self) -> None:
        """Start listening; raises HotkeyUnavailableError when no global hotkey can work here."""
        if self.running:
            return
        support = hotkey_support()
        if not support.ok:
            raise HotkeyUnavailableError(support.reason, hint=bind_advice() if is_wayland() else FALLBACK_HINT)
        try:
            keyboard: Any = importlib.import_module("pynput.keyboard")
        except Exception as exc:  # pynput reports a missing backend as ImportError with a long text
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise HotkeyUnavailableError(
                f"The keyboard backend could not start ({first_line}).", hint=FALLBACK_HINT
            ) from exc
        listener = keyboard.Listener(on_press=self._pressed, on_release=self._released)
        listener.daemon = True
        listener.start()
        ready = threading.Event()

        # pynput's wait() blocks forever if its thread died first, so wait for it on a side thread.
        def wait_ready() -> None:
            listener.wait()
            ready.set()

        threading.Thread(target=wait_ready, daemon=True, name="hotkey-ready").start()
        if not ready.wait(_READY_TIMEOUT) or not listener.is_alive():
            listener.stop()
            raise HotkeyUnavailableError("The keyboard listener did not start.", hint=FALLBACK_HINT)
        if getattr(listener, "IS_TRUSTED", True) is False:  # macOS without the accessibility permission
            listener.stop()
            raise HotkeyUnavailableError(
                "macOS has not given this app the Accessibility permission.", hint=FALLBACK_HINT
            )
        self._listener = listener
        self._trigger = Trigger(self.chord, self._trigger.mode)  # a restart begins with nothing held
        self._events = queue.SimpleQueue()
        self._running.set()
        self._dispatcher = threading.Thread(target=self._dispatch, name="hotkey", daemon=True)
        self._dispatcher.start()
        if support.note and is_wayland():
            self.wayland_note = f"{support.note} {bind_advice()}"
        log.info("hotkey %s (%s) listening", self.chord, self._trigger.mode)

    def stop(self) -> None:
        """Stop listening; a recording in progress gets no on_stop (the caller is shutting it down)."""
        if not self.running:
            return
        self._running.clear()
        self._events.put(("wake", "", 0.0))
        if self._listener is not None:
            self._listener.stop()
            self._listener = None
        if self._dispatcher is not None and self._dispatcher is not threading.current_thread():
            self._dispatcher.join(timeout=2.0)
        self._dispatcher = None

    def key_times(self) -> tuple[float, float]:
        """(key-down, key-up) of the latest press on this listener's clock; 0.0 where not known (yet).

        The main thread hears of a key-up through a queued signal, late when it is busy; a reader on another
        thread (the warm-up's tap rule) can ask here instead, where the key-up is known once its grace is over.
        """
        return self._times

    def cancel(self) -> None:
        """The app ended the recording another way (tray, error): the next press starts afresh."""
        self._events.put(("reset", "", 0.0))

    # pynput's thread: timestamp and queue, nothing else.
    def _pressed(self, key: Any) -> None:
        self._events.put(("press", _event_key(key), self._clock()))

    def _released(self, key: Any) -> None:
        self._events.put(("release", _event_key(key), self._clock()))

    def _dispatch(self) -> None:
        trigger = self._trigger
        while self.running:
            deadline = trigger.deadline()
            # Nothing pending: sleep until the next key event (stop() sends one), no wake-ups while idle.
            timeout = None if deadline is None else max(0.0, deadline - self._clock())
            try:
                kind, key, at = self._events.get(timeout=timeout)
            except queue.Empty:
                actions = trigger.poll(self._clock())
            else:
                if kind == "press":
                    actions = trigger.press(key, at)
                    if "start" in actions:
                        self._times = (at, 0.0)
                elif kind == "release":
                    actions = trigger.release(key, at)
                else:
                    if kind == "reset":
                        trigger.reset()
                    actions = []
            # Notes first: a tap is known a whole double-tap window before the stop it leads to.
            for note, at in trigger.notes():
                if not self.running:
                    return
                if note == "tap":
                    self._times = (self._times[0], at)
                    messages.call_reporting(self._on_tap, at)
                else:
                    self._times = (0.0, 0.0)  # a double tap's second press: the utterance goes on, not a tap
                    messages.call_reporting(self._on_hands_free)
            for action in actions:
                if not self.running:
                    return
                if action == "start":
                    messages.call_reporting(self._on_start)
                else:  # with the time the user let go, which the release grace may lie well before
                    if self._times[0] and not self._times[1]:
                        self._times = (self._times[0], trigger.stopped_at)
                    messages.call_reporting(self._on_stop, trigger.stopped_at)
