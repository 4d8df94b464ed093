"""Hotkey chords: parse "ctrl+alt+space"-style strings and name key events the same way.

Pure code (no pynput import), so settings validation and the hotkey tests run
without a display. Key names are canonical lower-case words: the four modifiers
"ctrl", "alt", "shift", "super" (left and right variants fold into them), single
characters for printable keys, and words like "space", "enter", "f12".
"""

from __future__ import annotations

from dataclasses import dataclass

MODIFIERS = ("ctrl", "alt", "shift", "super")

_MODIFIER_ALIASES = {
    "ctrl": "ctrl",
    "control": "ctrl",
    "ctl": "ctrl",
    "ctrl_l": "ctrl",
    "ctrl_r": "ctrl",
    "alt": "alt",
    "option": "alt",
    "opt": "alt",
    "alt_l": "alt",
    "alt_r": "alt",
    "alt_gr": "alt",
    "altgr": "alt",
    "meta": "alt",
    "shift": "shift",
    "shift_l": "shift",
    "shift_r": "shift",
    "super": "super",
    "win": "super",
    "windows": "super",
    "cmd": "super",
    "command": "super",
    "cmd_l": "super",
    "cmd_r": "super",
    "super_l": "super",
    "super_r": "super",
    "hyper": "super",
}

_KEY_ALIASES = {
    "space": "space",
    "spacebar": "space",
    " ": "space",
    "enter": "enter",
    "return": "enter",
    "\r": "enter",
    "\n": "enter",
    "tab": "tab",
    "\t": "tab",
    "esc": "esc",
    "escape": "esc",
    "backspace": "backspace",
    "delete": "delete",
    "del": "delete",
    "insert": "insert",
    "ins": "insert",
    "home": "home",
    "end": "end",
    "page_up": "page_up",
    "pageup": "page_up",
    "pgup": "page_up",
    "prior": "page_up",
    "page_down": "page_down",
    "pagedown": "page_down",
    "pgdn": "page_down",
    "next": "page_down",
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "pause": "pause",
    "menu": "menu",
    "print_screen": "print_screen",
    "printscreen": "print_screen",
    "print": "print_screen",
    "scroll_lock": "scroll_lock",
    "caps_lock": "caps_lock",
    "plus": "+",
    "minus": "-",
    "comma": ",",
    "period": ".",
    "slash": "/",
    "backslash": "\\",
    "semicolon": ";",
    "apostrophe": "'",
    "grave": "`",
    "equal": "=",
    "bracketleft": "[",
    "bracketright": "]",
}

# What Shift turns a US-layout key into: a chord names the key, not the character it types.
_UNSHIFT = dict(zip('!@#$%^&*()_+{}|:"<>?~', "1234567890-=[]\\;',./`", strict=True))

# X11 keysyms pynput reports as bare key codes: Meta (Alt while Shift is down), AltGr, Hyper.
_X11_MODIFIER_KEYSYMS = {
    65511: "alt",
    65512: "alt",
    65027: "alt",
    65406: "alt",
    65517: "super",
    65518: "super",
}

_SHOWN = {"ctrl": "Ctrl", "alt": "Alt", "shift": "Shift", "super": "Super"}


@dataclass(frozen=True)
class Chord:
    """Some modifiers plus exactly one other key, e.g. Ctrl+Alt+Space."""

    modifiers: frozenset[str]
    key: str

    def __str__(self) -> str:
        mods = [_SHOWN[m] for m in MODIFIERS if m in self.modifiers]
        key = self.key.capitalize() if len(self.key) > 1 else self.key.upper()
        return "+".join([*mods, key])


def _known_key(name: str) -> str:
    """The canonical key name for one chord part (already lower-cased and stripped), or ""."""
    if name in _KEY_ALIASES:
        return _KEY_ALIASES[name]
    if len(name) == 1 and name.isprintable():
        return _UNSHIFT.get(name, name)
    if name.startswith("f") and name[1:].isdigit() and 1 <= int(name[1:]) <= 24:
        return name
    return ""


def parse_chord(text: str) -> Chord:
    """Parse "ctrl+shift+x", "<ctrl>+<alt>+space" or "Super+F12" (any case) into a Chord.

    Raises ValueError with a sentence fit to show in the settings window.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("The hotkey is empty; write it like ctrl+alt+space.")
    parts = [p.strip().lower() for p in text.split("+")]
    if any(not p for p in parts):
        raise ValueError(f"The hotkey {text!r} has an empty part; write the plus key as 'plus', e.g. ctrl+plus.")
    modifiers: set[str] = set()
    keys: list[str] = []
    for raw in parts:
        part = raw[1:-1].strip() if len(raw) > 2 and raw.startswith("<") and raw.endswith(">") else raw
        if part in _MODIFIER_ALIASES:
            modifier = _MODIFIER_ALIASES[part]
            if modifier in modifiers:
                raise ValueError(f"The hotkey {text!r} names {modifier} twice.")
            modifiers.add(modifier)
            continue
        key = _known_key(part)
        if not key:
            raise ValueError(
                f"The hotkey {text!r} has an unknown key {raw!r}; use a letter, a digit, F1 to F24, "
                "or a name like space, enter, tab, esc."
            )
        keys.append(key)
    if len(keys) != 1:
        what = "no key besides modifiers" if not keys else f"{len(keys)} keys besides modifiers"
        raise ValueError(f"The hotkey {text!r} has {what}; it needs exactly one, like ctrl+alt+space.")
    if not modifiers and not (keys[0].startswith("f") and len(keys[0]) > 1):
        raise ValueError(
            f"The hotkey {text!r} would fire while typing; add a modifier (ctrl, alt, shift or super) "
            "or use a function key."
        )
    return Chord(frozenset(modifiers), keys[0])


def key_name(*, name: str | None = None, char: str | None = None, vk: int | None = None) -> str:
    """Canonical name of a key event, from what a backend reports.

    `name` is a special key's name (pynput's Key.ctrl_l -> "ctrl_l"), `char` the character a
    key types, `vk` its virtual key code. Returns "" for a key with no usable name.
    """
    if name:
        lowered = name.lower()
        if lowered in _MODIFIER_ALIASES:
            return _MODIFIER_ALIASES[lowered]
        return _known_key(lowered) or lowered
    if char:
        if len(char) == 1 and 1 <= ord(char) <= 26 and char not in "\t\r\n":
            return chr(ord("a") + ord(char) - 1)  # Ctrl+letter arrives as a control code on some systems
        return _known_key(char.lower()) or char.lower()
    if vk is not None:
        return _X11_MODIFIER_KEYSYMS.get(vk, f"vk{vk}")
    return ""
