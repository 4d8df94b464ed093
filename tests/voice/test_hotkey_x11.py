"""The real pynput listener under Xvfb, driven by xdotool like a person holding the keys."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator

import pytest

from app.voice.hotkey import HotkeyListener


class Calls:
    def __init__(self) -> None:
        self.events: list[tuple[str, float, str]] = []
        self.released_at: list[float] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        with self.lock:
            self.events.append(("start", time.monotonic(), threading.current_thread().name))

    def stop(self, released_at: float) -> None:
        with self.lock:
            self.events.append(("stop", time.monotonic(), threading.current_thread().name))
            self.released_at.append(released_at)

    def names(self) -> list[str]:
        with self.lock:
            return [e[0] for e in self.events]


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


@pytest.fixture
def calls() -> Calls:
    return Calls()


@pytest.fixture
def listener(desktop: None, calls: Calls) -> Iterator[HotkeyListener]:
    hotkey = HotkeyListener("ctrl+alt+space", "hold", on_start=calls.start, on_stop=calls.stop)
    hotkey.start()
    time.sleep(0.3)  # let the X RECORD context settle before the first key
    yield hotkey
    hotkey.stop()


def test_holding_the_chord_records_once_and_release_ends_it(listener: HotkeyListener, calls: Calls) -> None:
    pressed = time.monotonic()
    xdotool("keydown", "ctrl+alt+space")
    time.sleep(1.2)  # long enough for X auto-repeat to send a stream of presses
    released = time.monotonic()
    xdotool("keyup", "ctrl+alt+space")
    time.sleep(0.6)
    assert calls.names() == ["start", "stop"]
    (_, started, start_thread), (_, stopped, stop_thread) = calls.events
    assert started - pressed < 1.5  # generous for a loaded machine; latency is a bench figure
    assert released < stopped < released + 1.5
    assert start_thread == stop_thread == "hotkey"  # the listener's own thread, not the caller's
    # The stop carries the moment the key came up, for the microphone to end the recording there.
    assert released <= calls.released_at[0] <= stopped


def test_other_chords_do_not_fire(listener: HotkeyListener, calls: Calls) -> None:
    for chord in ("ctrl+shift+space", "ctrl+alt+x", "ctrl+alt+shift+space", "space"):
        xdotool("keydown", chord)
        time.sleep(0.3)
        xdotool("keyup", chord)
        time.sleep(0.1)
    time.sleep(0.5)
    assert calls.names() == []


def test_double_tap_keeps_listening_until_the_next_press(listener: HotkeyListener, calls: Calls) -> None:
    for _ in range(2):
        xdotool("keydown", "ctrl+alt+space")
        time.sleep(0.08)
        xdotool("keyup", "ctrl+alt+space")
        time.sleep(0.25)
    time.sleep(1.0)
    assert calls.names() == ["start"]
    xdotool("key", "ctrl+alt+space")
    time.sleep(0.5)
    assert calls.names() == ["start", "stop"]


def test_stop_ends_listening(desktop: None, calls: Calls) -> None:
    hotkey = HotkeyListener("ctrl+alt+space", "toggle", on_start=calls.start, on_stop=calls.stop)
    hotkey.start()
    time.sleep(0.3)
    xdotool("key", "ctrl+alt+space")
    time.sleep(0.4)
    hotkey.stop()
    xdotool("key", "ctrl+alt+space")
    time.sleep(0.4)
    assert calls.names() == ["start"]
    hotkey.start()  # it can listen again, starting afresh
    time.sleep(0.3)
    xdotool("key", "ctrl+alt+space")
    time.sleep(0.4)
    hotkey.stop()
    assert calls.names() == ["start", "start"]
