"""A field that records a hotkey chord by pressing it ("ctrl+alt+space")."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

_NAMED = {
    Qt.Key.Key_Space: "space",
    Qt.Key.Key_Return: "enter",
    Qt.Key.Key_Enter: "enter",
    Qt.Key.Key_Tab: "tab",
    Qt.Key.Key_Escape: "esc",
    Qt.Key.Key_Backspace: "backspace",
    Qt.Key.Key_Delete: "delete",
    Qt.Key.Key_Insert: "insert",
    Qt.Key.Key_Home: "home",
    Qt.Key.Key_End: "end",
    Qt.Key.Key_PageUp: "page_up",
    Qt.Key.Key_PageDown: "page_down",
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
    Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right",
    Qt.Key.Key_Pause: "pause",
    Qt.Key.Key_Menu: "menu",
}
_MODIFIER_KEYS = {
    Qt.Key.Key_Control,
    Qt.Key.Key_Alt,
    Qt.Key.Key_Shift,
    Qt.Key.Key_Meta,
    Qt.Key.Key_Super_L,
    Qt.Key.Key_Super_R,
    Qt.Key.Key_AltGr,
}


def chord_from_event(key: int, modifiers: Qt.KeyboardModifier) -> str:
    """The chord text for a key press, or "" while only modifiers are down."""
    if key in _MODIFIER_KEYS:
        return ""
    parts = []
    for flag, name in (
        (Qt.KeyboardModifier.ControlModifier, "ctrl"),
        (Qt.KeyboardModifier.AltModifier, "alt"),
        (Qt.KeyboardModifier.ShiftModifier, "shift"),
        (Qt.KeyboardModifier.MetaModifier, "super"),
    ):
        if modifiers & flag:
            parts.append(name)
    if Qt.Key.Key_F1 <= key <= Qt.Key.Key_F24:
        name = f"f{key - Qt.Key.Key_F1 + 1}"
    elif key in _NAMED:
        name = _NAMED[Qt.Key(key)]
    elif 0x20 < key < 0x7F:
        name = chr(key).lower()
    else:
        return ""
    return "+".join([*parts, name])


def check_chord(text: str) -> str:
    """ "" when the chord can be used, else a sentence saying why not."""
    from app.voice.chord import parse_chord

    try:
        parse_chord(text)
    except ValueError as exc:
        return str(exc)
    return ""


class HotkeyEdit(QLineEdit):
    """Click, then press the chord; the field shows it. Typing is not possible on purpose."""

    chord_changed = Signal(str)

    def __init__(self, chord: str = "", parent: QWidget | None = None) -> None:
        super().__init__(chord, parent)
        self.setReadOnly(True)
        self.setPlaceholderText(self.tr("Click here, then press the keys"))
        self.setToolTip(self.tr("Click, then press the key combination you want to hold while speaking"))
        self._before = chord

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._before = self.text()
        self.setPlaceholderText(self.tr("Press the keys now…"))
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.setPlaceholderText(self.tr("Click here, then press the keys"))
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        chord = chord_from_event(event.key(), event.modifiers())
        if chord:
            self.setText(chord)
            self.chord_changed.emit(chord)
        event.accept()
