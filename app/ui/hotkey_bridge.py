"""The hotkey on the main thread: the listener that can work on this desktop, seen as two signals.

On X11, Windows and macOS that is `app.voice.hotkey.HotkeyListener`. Under Wayland it is the
desktop portal's global shortcut (`app.voice.portal_shortcut`) where the desktop offers one,
since XWayland only sees keys while an X11 window has the focus; without the portal the
X11 listener is the fallback, and without either the person is told once, through the one
message path, which command to bind in the desktop's own keyboard settings.

A second chord (the setting `panel_hotkey`, off when empty) shows the answer panel again
with the keyboard in it, so it can be read, stepped through and closed without the mouse.
It is heard by the same kind of listener (X11, Windows, macOS), and under Wayland bound
through the portal as a second shortcut beside the talk one.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal

from app.core import messages
from app.core.errors import UserFacingError
from app.core.settings import Settings
from app.ui import translation
from app.voice.hotkey import HotkeyListener, is_wayland
from app.voice.portal_shortcut import PortalShortcut

log = logging.getLogger(__name__)


class HotkeyBridge(QObject):
    """The hotkey listener's callbacks run on its thread: they only emit these signals."""

    pressed = Signal()
    released = Signal(float)  # the monotonic time the user let go
    tapped = Signal(float)  # a press ended as a tap then (its stop waits out the double-tap window)
    hands_free = Signal()  # the tap's second press: the utterance goes on hands-free
    bound = Signal(str)  # the portal's description of the keys the desktop bound (Wayland)
    show_panel = Signal()  # the panel_hotkey went down

    def __init__(self) -> None:
        super().__init__()
        self._listener: HotkeyListener | PortalShortcut | None = None
        self._panel_listener: HotkeyListener | None = None
        self._told = False  # the desktop's limit was said once
        self.backend = ""  # "portal" or "keyboard" while listening
        self.binding = ""  # what the desktop says the portal's keys are
        self.bound.connect(self._on_bound)

    def start(self, settings: Settings) -> bool:
        """Listen for the chord in `settings`; False (after telling the user) when it cannot work here."""
        self.stop()
        if is_wayland() and self._start_portal(settings):
            return True  # the portal binds the show-answers keys too
        self._start_panel_key(settings)
        try:
            listener = HotkeyListener(
                settings.hotkey,
                settings.hotkey_mode,
                on_start=lambda: self.pressed.emit(),
                on_stop=lambda at: self.released.emit(at),
                on_tap=lambda at: self.tapped.emit(at),
                on_hands_free=lambda: self.hands_free.emit(),
            )
            listener.start()
        except (UserFacingError, ValueError) as exc:
            if not self._told:  # said once: a settings change restarting the hotkey must not repeat it
                messages.error(
                    self.tr("{exc} You can still ask by typing from the tray menu.").format(
                        exc=translation.shown(str(exc))
                    ),
                    speak=False,
                )
            self._told = True
            return False
        self._listener = listener
        self.backend = "keyboard"
        if listener.wayland_note and not self._told:
            self._told = True
            messages.warning(listener.wayland_note)
        return True

    def _start_portal(self, settings: Settings) -> bool:
        try:
            portal = PortalShortcut(
                settings.hotkey,
                settings.hotkey_mode,
                on_start=lambda: self.pressed.emit(),
                on_stop=lambda at: self.released.emit(at),
                on_bound=lambda description: self.bound.emit(description),
                panel_chord=settings.panel_hotkey if settings.panel_hotkey != settings.hotkey else "",
                on_panel=lambda: self.show_panel.emit(),
            )
            portal.start()
        except (UserFacingError, ValueError) as exc:
            log.info("no portal shortcut: %s", exc)
            return False
        self._listener = portal
        self.backend = "portal"
        return True

    def _start_panel_key(self, settings: Settings) -> None:
        chord = settings.panel_hotkey.strip()
        if not chord or chord == settings.hotkey:
            return
        # Toggle mode: every press is one action, whatever the hold and double-tap rules of talking say.
        try:
            listener = HotkeyListener(
                chord, "toggle", on_start=lambda: self.show_panel.emit(), on_stop=lambda _at: self.show_panel.emit()
            )
            listener.start()
        except (UserFacingError, ValueError) as exc:  # Settings checks the chord; the talk hotkey tells the rest
            log.info("no hotkey for the panel: %s", exc)
            return
        self._panel_listener = listener

    def _on_bound(self, description: str) -> None:
        self.binding = description

    def key_times(self) -> tuple[float, float]:
        """(key-down, key-up) of the latest press as the keyboard listener's own thread saw them (thread-safe).

        (0.0, 0.0) where no keyboard listener runs: the portal tells only start and stop.
        """
        listener = self._listener
        return listener.key_times() if isinstance(listener, HotkeyListener) else (0.0, 0.0)

    def cancel(self) -> None:
        listener = self._listener
        if listener is not None:
            listener.cancel()

    def stop(self) -> None:
        panel_listener, self._panel_listener = self._panel_listener, None
        if panel_listener is not None:
            panel_listener.stop()
        listener, self._listener = self._listener, None
        self.backend = ""
        if listener is not None:
            listener.stop()
