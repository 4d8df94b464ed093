"""Hotkey chords and the start/stop logic, driven by synthetic key streams and a fake clock (no display)."""

from __future__ import annotations

import pytest

from app.core.errors import HotkeyUnavailableError
from app.voice.chord import Chord, key_name, parse_chord
from app.voice.hotkey import HotkeyListener, hotkey_support
from app.voice.trigger import RELEASE_GRACE, Trigger

Event = tuple[float, str, str]  # (time, "press" | "release", key name)


def run(trigger: Trigger, events: list[Event], until: float) -> list[tuple[str, float]]:
    """Feed events like the listener's dispatcher does, waking at each deadline; return (action, time)."""
    out: list[tuple[str, float]] = []
    for at, kind, key in [*sorted(events, key=lambda e: e[0]), (until, "end", "")]:
        deadline = trigger.deadline()
        while deadline is not None and deadline <= at:
            out += [(a, deadline) for a in trigger.poll(deadline)]
            deadline = trigger.deadline()
        if kind == "press":
            out += [(a, at) for a in trigger.press(key, at)]
        elif kind == "release":
            out += [(a, at) for a in trigger.release(key, at)]
    out += [(a, until) for a in trigger.poll(until)]
    return out


def chord_down(at: float, *keys: str) -> list[Event]:
    return [(at + i * 0.01, "press", k) for i, k in enumerate(keys)]


def chord_up(at: float, *keys: str) -> list[Event]:
    return [(at + i * 0.01, "release", k) for i, k in enumerate(keys)]


def hold(at: float, length: float, keys: tuple[str, ...] = ("ctrl", "alt", "space")) -> list[Event]:
    return chord_down(at, *keys) + chord_up(at + length, *keys)


def names(actions: list[tuple[str, float]]) -> list[str]:
    return [a for a, _ in actions]


# --- parsing ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "modifiers", "key"),
    [
        ("ctrl+alt+space", {"ctrl", "alt"}, "space"),
        ("CTRL+Shift+X", {"ctrl", "shift"}, "x"),
        ("<ctrl>+<alt>+space", {"ctrl", "alt"}, "space"),
        ("super+f12", {"super"}, "f12"),
        ("Control + Option + Return", {"ctrl", "alt"}, "enter"),
        ("cmd+shift+1", {"super", "shift"}, "1"),
        ("ctrl+plus", {"ctrl"}, "+"),
        ("F9", set(), "f9"),
    ],
)
def test_chord_strings_parse_case_insensitively(text: str, modifiers: set[str], key: str) -> None:
    assert parse_chord(text) == Chord(frozenset(modifiers), key)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("ctrl+alt", "no key besides modifiers"),
        ("ctrl+a+b", "2 keys"),
        ("ctrl+banana", "unknown key 'banana'"),
        ("ctrl++", "plus"),
        ("ctrl+ctrl+x", "twice"),
        ("x", "add a modifier"),
    ],
)
def test_bad_chords_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueError, match="hotkey") as info:
        parse_chord(text)
    assert words in str(info.value)


def test_chord_shows_readably() -> None:
    assert str(parse_chord("space+alt+ctrl")) == "Ctrl+Alt+Space"
    assert str(parse_chord("<cmd>+f12")) == "Super+F12"


def test_key_events_name_left_right_and_shifted_keys_the_same() -> None:
    assert key_name(name="ctrl_r") == key_name(name="ctrl_l") == "ctrl"
    assert key_name(name="alt_gr") == key_name(vk=65511) == "alt"  # AltGr; Meta_L when Shift is down
    assert key_name(name="cmd") == "super"
    assert key_name(char="X") == key_name(char="x") == "x"  # X11 reports 'X' on press, 'x' on release
    assert key_name(char="!") == "1"
    assert key_name(char="\x18") == "x"  # Ctrl+X as a control code
    assert key_name(name="space") == key_name(char=" ") == "space"
    assert key_name(vk=1234) == "vk1234"


# --- hold mode ------------------------------------------------------------------------------------


def test_hold_starts_on_press_and_stops_a_moment_after_release() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    actions = run(trigger, hold(0.0, 1.0), until=3.0)
    assert names(actions) == ["start", "stop"]
    start, stop = actions[0][1], actions[1][1]
    assert start == pytest.approx(0.02)
    assert 1.0 + 0.1 <= stop <= 1.0 + 0.25  # waits out the release grace, then ends
    assert not trigger.recording


def test_stream_of_repeated_presses_while_held_is_one_recording() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    repeats = [(0.5 + i * 0.04, "press", "space") for i in range(40)]  # X11-style auto-repeat
    actions = run(trigger, hold(0.0, 2.2) + repeats, until=4.0)
    assert names(actions) == ["start", "stop"]


def test_release_after_the_key_repeated_as_presses_ends_the_hold_at_once() -> None:
    # A keyboard that repeats by presses sends no release/press pairs: its release needs no grace.
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    repeats = [(0.5 + i * 0.04, "press", "space") for i in range(40)]
    actions = run(trigger, hold(0.0, 2.2) + repeats, until=4.0)
    assert actions == [("start", pytest.approx(0.02)), ("stop", pytest.approx(2.2))]
    assert trigger.stopped_at == pytest.approx(2.2)
    # The next hold learns afresh: without repeats its release waits out the grace again.
    actions = run(trigger, hold(5.0, 1.0), until=8.0)
    assert names(actions) == ["start", "stop"]
    assert actions[1][1] >= 6.0 + RELEASE_GRACE
    assert trigger.stopped_at == pytest.approx(6.0)


def test_letting_go_of_a_modifier_first_after_repeats_ends_the_hold_at_once() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    repeats = [(0.5 + i * 0.04, "press", "space") for i in range(20)]
    events = chord_down(0.0, "ctrl", "alt", "space") + repeats + chord_up(1.4, "ctrl", "alt", "space")
    actions = run(trigger, events, until=3.0)
    assert actions == [("start", pytest.approx(0.02)), ("stop", pytest.approx(1.4))]


def test_press_release_pairs_every_50ms_are_one_recording() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    events = chord_down(0.0, "ctrl", "alt", "space")
    t = 0.03
    for _ in range(40):  # some keyboards repeat a held key as release/press pairs
        events += [(t, "release", "space"), (t + 0.002, "press", "space")]
        t += 0.05
    events += chord_up(t + 0.05, "space", "alt", "ctrl")
    actions = run(trigger, events, until=t + 2.0)
    assert names(actions) == ["start", "stop"]
    assert actions[1][1] >= t + 0.05 + RELEASE_GRACE  # a release may be half of a pair: it waits
    assert trigger.stopped_at == pytest.approx(t + 0.05)  # dated at the release itself


def test_other_chords_and_extra_modifiers_do_not_fire() -> None:
    trigger = Trigger(parse_chord("ctrl+shift+space"))
    wrong_key = hold(0.0, 0.5, ("ctrl", "shift", "x"))
    extra_modifier = hold(1.0, 0.5, ("ctrl", "shift", "alt", "space"))
    missing_modifier = hold(2.0, 0.5, ("ctrl", "space"))
    modifiers_after_key = hold(3.0, 0.5, ("space", "ctrl", "shift"))
    assert run(trigger, wrong_key + extra_modifier + missing_modifier + modifiers_after_key, until=5.0) == []
    assert names(run(trigger, hold(6.0, 0.5, ("ctrl", "shift", "space")), until=8.0)) == ["start", "stop"]


def test_right_hand_modifiers_count_as_the_modifier() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    keys = (key_name(name="ctrl_r"), key_name(name="alt_gr"), "space")
    assert names(run(trigger, hold(0.0, 0.8, keys), until=2.0)) == ["start", "stop"]


def test_releasing_a_modifier_first_still_ends_the_hold() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    events = [*chord_down(0.0, "ctrl", "alt", "space"), (1.0, "release", "ctrl")]
    events += [(1.0 + i * 0.04, "press", "space") for i in range(1, 10)]  # space still repeating
    events += [(1.5, "release", "space"), (1.6, "release", "alt")]
    actions = run(trigger, events, until=3.0)
    assert names(actions) == ["start", "stop"]
    # Space repeating as presses shows this keyboard sends no pairs: no need to wait out the grace.
    assert actions[1][1] == pytest.approx(1.04)
    assert trigger.stopped_at == pytest.approx(1.0)


def test_double_tap_switches_to_hands_free_until_the_next_press() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    events = hold(0.0, 0.12) + hold(0.45, 0.12)  # two quick taps
    events += [(0.7 + i * 0.5, "press", "x") for i in range(10)]  # typing meanwhile changes nothing
    actions = run(trigger, events, until=6.0)
    assert names(actions) == ["start"]
    assert trigger.hands_free
    more = run(trigger, hold(6.0, 0.8), until=9.0)  # the next press ends it; its release does not restart
    assert names(more) == ["stop"]
    assert more[0][1] == pytest.approx(6.02)
    assert names(run(trigger, hold(10.0, 1.0), until=12.0)) == ["start", "stop"]  # back to hold-to-talk


def test_single_short_tap_stops_after_the_double_tap_window() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    actions = run(trigger, hold(0.0, 0.1), until=2.0)
    assert names(actions) == ["start", "stop"]
    assert 0.5 <= actions[1][1] <= 0.8
    assert not trigger.recording


def test_a_tap_is_told_at_its_release_long_before_its_stop() -> None:
    # The warm-up's tap rule reads this note: the stop comes only when the double-tap window has passed.
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    assert names(run(trigger, hold(0.0, 0.1), until=0.3)) == ["start"]
    assert trigger.notes() == [("tap", pytest.approx(0.1))]
    assert names(run(trigger, [], until=2.0)) == ["stop"]
    assert trigger.notes() == []
    run(trigger, hold(3.0, 1.0), until=5.0)  # a real hold is no tap
    assert trigger.notes() == []


def test_a_double_tap_is_told_as_hands_free() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    run(trigger, hold(0.0, 0.12) + hold(0.45, 0.12), until=2.0)
    assert trigger.notes() == [("tap", pytest.approx(0.12)), ("hands_free", pytest.approx(0.47))]


def test_taps_too_far_apart_are_two_recordings() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"))
    actions = run(trigger, hold(0.0, 0.1) + hold(1.5, 0.1), until=4.0)
    assert names(actions) == ["start", "stop", "start", "stop"]


# --- toggle mode ----------------------------------------------------------------------------------


def test_toggle_press_starts_and_the_next_press_stops() -> None:
    trigger = Trigger(parse_chord("super+f12"), "toggle")
    repeats = [(0.3 + i * 0.04, "press", "f12") for i in range(10)]
    actions = run(trigger, hold(0.0, 0.8, ("super", "f12")) + repeats, until=3.0)
    assert names(actions) == ["start"]
    assert trigger.recording
    actions = run(trigger, hold(3.0, 0.8, ("super", "f12")), until=5.0)
    assert names(actions) == ["stop"]
    assert actions[0][1] == pytest.approx(3.01)
    assert trigger.stopped_at == pytest.approx(3.01)  # the press that stopped it


def test_reset_forgets_the_recording_and_the_current_hold() -> None:
    trigger = Trigger(parse_chord("ctrl+alt+space"), "toggle")
    assert names(run(trigger, chord_down(0.0, "ctrl", "alt", "space"), until=0.5)) == ["start"]
    trigger.reset()  # e.g. the microphone failed and the app stopped the recording itself
    assert run(trigger, chord_up(1.0, "space", "alt", "ctrl"), until=2.0) == []
    assert names(run(trigger, hold(3.0, 0.5), until=4.0)) == ["start"]


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="hold or toggle"):
        Trigger(parse_chord("ctrl+alt+space"), "sometimes")  # type: ignore[arg-type]


# --- where no hotkey can work -----------------------------------------------------------------------


def test_without_a_display_start_says_what_to_do_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    listener = HotkeyListener("ctrl+alt+space", "hold")
    with pytest.raises(HotkeyUnavailableError) as info:
        listener.start()
    assert "DISPLAY" in str(info.value)
    assert "tray" in str(info.value) and "ask" in str(info.value)
    assert not listener.running


def test_wayland_without_xwayland_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    support = hotkey_support()
    assert not support.ok and "Wayland" in support.reason
    with pytest.raises(HotkeyUnavailableError, match="Wayland"):
        HotkeyListener("ctrl+alt+space").start()


def test_unreachable_x_display_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(HotkeyUnavailableError, match=":987"):
        HotkeyListener("ctrl+alt+space").start()


def test_bad_chord_is_refused_before_listening() -> None:
    with pytest.raises(ValueError, match="unknown key"):
        HotkeyListener("ctrl+nope")


def test_the_listener_knows_a_tap_s_key_up_on_its_own_thread() -> None:
    """The warm-up's tap rule reads these when the main thread is too busy to pass the tap on in time."""
    import threading
    import time

    from app.voice.hotkey import HotkeyListener

    taps: list[float] = []
    listener = HotkeyListener("ctrl+alt+space", on_tap=taps.append)
    listener._running.set()  # the dispatcher alone: no keyboard backend is needed to feed it events
    dispatcher = threading.Thread(target=listener._dispatch, daemon=True)
    dispatcher.start()
    try:
        assert listener.key_times() == (0.0, 0.0)
        for key in ("ctrl", "alt", "space"):
            listener._events.put(("press", key, 10.0))
        for key in ("space", "alt", "ctrl"):
            listener._events.put(("release", key, 10.1))
        deadline = time.monotonic() + 5
        while not taps and time.monotonic() < deadline:
            time.sleep(0.01)
        down, up = listener.key_times()
        assert taps and down == 10.0 and up == pytest.approx(10.1)
    finally:
        listener.stop()
