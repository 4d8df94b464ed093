"""Hold-to-talk on Wayland: the XDG desktop portal's GlobalShortcuts interface → on_start / on_stop.

Wayland lets no program watch the keyboard, but desktops that offer
`org.freedesktop.portal.GlobalShortcuts` (KDE Plasma, GNOME 48 and later, Hyprland) bind a
shortcut for an app and tell it when the shortcut goes down (Activated) and up
(Deactivated), which is exactly a hold. The person chooses the keys in the desktop's own
dialog; the app only suggests its chord. Spoken to over the session bus with jeepney (pure
Python, already there for the keyring's Secret Service), on a thread of its own: the calls
are CreateSession, then BindShortcuts, each answered by a Request.Response signal; the
callbacks come from that one thread, like `app.voice.hotkey.HotkeyListener`'s, and the
listener has the same start / stop / cancel shape so the app can use either.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from app.core import messages
from app.core.errors import HotkeyUnavailableError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice.chord import parse_chord
from app.voice.trigger import Mode

log = logging.getLogger(__name__)

BUS_NAME = "org.freedesktop.portal.Desktop"
OBJECT_PATH = "/org/freedesktop/portal/desktop"
INTERFACE = "org.freedesktop.portal.GlobalShortcuts"
REQUEST_INTERFACE = "org.freedesktop.portal.Request"
SHORTCUT_ID = "listen"
PANEL_ID = "show-answers"  # the second shortcut, bound when the setting panel_hotkey names keys
CALL_TIMEOUT = 5.0
BIND_TIMEOUT = 600.0  # the desktop may show its dialog and wait for the person to choose keys


def preferred_trigger(chord: str) -> str:
    """ "ctrl+alt+space" → "CTRL+ALT+space", the XDG shortcuts spelling the portal takes."""
    parsed = parse_chord(chord)
    mods = [m.upper() for m in ("ctrl", "alt", "shift", "cmd") if m in parsed.modifiers]
    return "+".join([*[("LOGO" if m == "CMD" else m) for m in mods], parsed.key])


def portal_version(timeout: float = 2.0) -> int:
    """The GlobalShortcuts version the desktop's portal offers, 0 when none (asked without a session)."""
    try:
        from jeepney import DBusAddress, Properties
        from jeepney.io.blocking import open_dbus_connection
        from jeepney.wrappers import unwrap_msg

        portal = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=INTERFACE)
        with open_dbus_connection(bus="SESSION") as conn:
            reply = conn.send_and_get_reply(Properties(portal).get("version"), timeout=timeout)
            ((_signature, version),) = unwrap_msg(reply)
        return int(version)
    except Exception:  # no bus, no portal, or a portal without this interface: all mean "not offered"
        return 0


class PortalShortcut:
    """One shortcut bound through the portal; raises HotkeyUnavailableError from start() where none is offered."""

    def __init__(
        self,
        chord: str,
        mode: Mode = "hold",
        on_start: Callable[[], None] = lambda: None,
        on_stop: Callable[[float], None] = lambda at: None,
        on_bound: Callable[[str], None] = lambda description: None,
        *,
        panel_chord: str = "",
        on_panel: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._trigger = preferred_trigger(chord)
        self._panel_trigger = preferred_trigger(panel_chord) if panel_chord.strip() else ""
        self._on_panel = on_panel
        self._mode = mode
        self._on_start = on_start
        self._on_stop = on_stop
        self._on_bound = on_bound
        self._clock = clock
        self._conn: Any = None
        self._session = ""
        self._thread: threading.Thread | None = None
        self._running = threading.Event()
        self._recording = False
        self.trigger_description = ""  # what the desktop says the keys are, once bound
        self.wayland_note = ""

    @property
    def running(self) -> bool:
        return self._running.is_set()

    def start(self) -> None:
        """Open a portal session (quick); binding and listening go on on the listener's thread."""
        if self.running:
            return
        try:
            from jeepney.io.blocking import open_dbus_connection

            conn = open_dbus_connection(bus="SESSION")
        except Exception as exc:  # no session bus at all (a bare server, a container)
            raise HotkeyUnavailableError(
                QT_TRANSLATE_NOOP("errors", "There is no session D-Bus to reach the desktop portal ({reason}).").format(
                    reason=exc
                )
            ) from exc
        try:
            results = self._request(conn, "CreateSession", "a{sv}", (self._options(session=True),), CALL_TIMEOUT)
            self._session = str(results["session_handle"][1])
        except Exception as exc:
            conn.close()
            raise HotkeyUnavailableError(
                QT_TRANSLATE_NOOP("errors", "The desktop offers no global shortcuts portal ({reason}).").format(
                    reason=_first_line(exc)
                )
            ) from exc
        self._conn = conn
        self._running.set()
        self._thread = threading.Thread(target=self._run, name="portal-shortcut", daemon=True)
        self._thread.start()
        log.info("global shortcut through the desktop portal: session %s", self._session)

    def stop(self) -> None:
        if not self.running:
            return
        self._running.clear()
        conn, self._conn = self._conn, None
        with contextlib.suppress(OSError):
            conn.sock.shutdown(socket.SHUT_RDWR)  # wakes the listener's blocking receive
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        self._thread = None
        conn.close()

    def cancel(self) -> None:
        """The app ended the recording another way: the next activation starts afresh."""
        self._recording = False

    # ---- the listener's thread -------------------------------------------------------------

    def _run(self) -> None:
        from jeepney import HeaderFields, MatchRule
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import Proxy

        conn = self._conn
        rule = MatchRule(type="signal", interface=INTERFACE, path=OBJECT_PATH)
        try:
            Proxy(message_bus, conn).AddMatch(rule)
            with conn.filter(rule, queue=deque()) as signals:
                talk = {"description": ("s", "Hold to talk"), "preferred_trigger": ("s", self._trigger)}
                wanted = [(SHORTCUT_ID, talk)]
                if self._panel_trigger:
                    wanted.append((PANEL_ID, {"description": ("s", "Show the last answers"),
                                              "preferred_trigger": ("s", self._panel_trigger)}))  # fmt: skip
                body = (self._session, wanted, "", self._options(session=False))
                results = self._request(conn, "BindShortcuts", "oa(sa{sv})sa{sv}", body, BIND_TIMEOUT)
                for shortcut_id, details in results.get("shortcuts", ("", []))[1]:
                    if shortcut_id == SHORTCUT_ID:
                        self.trigger_description = str(details.get("trigger_description", ("s", ""))[1])
                log.info("global shortcut bound by the desktop: %s", self.trigger_description or "(no keys yet)")
                messages.call_reporting(self._on_bound, self.trigger_description)
                while self.running:
                    msg = conn.recv_until_filtered(signals)
                    session, shortcut_id = msg.body[0], msg.body[1]
                    member = str(msg.header.fields.get(HeaderFields.member, ""))
                    if session == self._session and shortcut_id == SHORTCUT_ID:
                        self._act(member)
                    elif session == self._session and shortcut_id == PANEL_ID and member == "Activated":
                        messages.call_reporting(self._on_panel)
        except Exception as exc:  # the socket shut by stop(), or the portal going away
            if self.running:
                log.warning("the desktop portal's shortcut stopped: %s", _first_line(exc))
                messages.warning(
                    QT_TRANSLATE_NOOP(
                        "portal_shortcut", "The desktop's global shortcut stopped working; use the tray's Listen item."
                    )
                )

    def _act(self, member: str) -> None:
        if member == "Activated":
            if self._mode == "toggle" and self._recording:
                self._recording = False
                messages.call_reporting(self._on_stop, self._clock())
                return
            self._recording = True
            messages.call_reporting(self._on_start)
        elif member == "Deactivated" and self._mode == "hold" and self._recording:
            self._recording = False
            messages.call_reporting(self._on_stop, self._clock())

    # ---- one portal request ----------------------------------------------------------------

    def _options(self, *, session: bool) -> dict[str, tuple[str, str]]:
        options = {"handle_token": ("s", f"vda{secrets.token_hex(6)}")}
        if session:
            options["session_handle_token"] = ("s", f"vda{secrets.token_hex(6)}")
        return options

    @staticmethod
    def _request(conn: Any, method: str, signature: str, body: tuple[Any, ...], timeout: float) -> dict[str, Any]:
        """Call `method` and wait for its Request.Response; the results, or an exception."""
        from jeepney import DBusAddress, HeaderFields, MatchRule, new_method_call
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import Proxy
        from jeepney.wrappers import unwrap_msg

        rule = MatchRule(type="signal", interface=REQUEST_INTERFACE, member="Response")
        Proxy(message_bus, conn).AddMatch(rule)
        portal = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=INTERFACE)
        with conn.filter(rule, queue=deque()) as responses:
            reply = conn.send_and_get_reply(new_method_call(portal, method, signature, body), timeout=CALL_TIMEOUT)
            (handle,) = unwrap_msg(reply)
            deadline = time.monotonic() + timeout
            while True:
                msg = conn.recv_until_filtered(responses, timeout=max(0.0, deadline - time.monotonic()))
                if msg.header.fields.get(HeaderFields.path) == handle:
                    break
        response, results = msg.body
        if response != 0:
            raise HotkeyUnavailableError(
                QT_TRANSLATE_NOOP(
                    "errors", "The desktop declined the shortcut ({method}: response {response})."
                ).format(method=method, response=response)
            )
        return dict(results)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
