"""A small stand-in for the desktop portal's GlobalShortcuts, served on a real session D-Bus.

`python -m tests.portal_service` takes org.freedesktop.portal.Desktop on the bus named by
DBUS_SESSION_BUS_ADDRESS and answers CreateSession and BindShortcuts the way the portal
does (a request handle now, a Request.Response signal after it). What a person does at the
keyboard, the tests ask through `org.example.PortalTest`: Press and Release emit Activated
and Deactivated for a bound shortcut; Calls returns the portal calls seen, as JSON.
Prints "ready" once it owns the name.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import Proxy, open_dbus_connection

PORTAL = "/org/freedesktop/portal/desktop"
SHORTCUTS = "org.freedesktop.portal.GlobalShortcuts"
TEST = "org.example.PortalTest"


def main() -> int:
    conn = open_dbus_connection(bus="SESSION")
    if Proxy(message_bus, conn).RequestName("org.freedesktop.portal.Desktop", 4)[0] != 1:
        print("name taken", flush=True)
        return 1
    print("ready", flush=True)
    calls: list[dict[str, Any]] = []
    sessions: dict[str, list[str]] = {}  # session handle -> bound shortcut ids
    while True:
        msg = conn.receive()
        if msg.header.message_type is not MessageType.method_call:
            continue
        fields = msg.header.fields
        member, iface = fields.get(HeaderFields.member), fields.get(HeaderFields.interface)
        sender = str(fields.get(HeaderFields.sender, "")).lstrip(":").replace(".", "_")
        if iface == SHORTCUTS and member == "CreateSession":
            (options,) = msg.body
            calls.append({"method": member})
            request = f"{PORTAL}/request/{sender}/{options['handle_token'][1]}"
            session = f"{PORTAL}/session/{sender}/{options['session_handle_token'][1]}"
            sessions[session] = []
            conn.send(new_method_return(msg, "o", (request,)))
            respond(conn, request, {"session_handle": ("o", session)})
        elif iface == SHORTCUTS and member == "BindShortcuts":
            session, shortcuts, _parent, options = msg.body
            calls.append({"method": member, "shortcuts": [[i, {k: v[1] for k, v in d.items()}] for i, d in shortcuts]})
            request = f"{PORTAL}/request/{sender}/{options['handle_token'][1]}"
            sessions.setdefault(session, []).extend(i for i, _ in shortcuts)
            bound = [
                (i, {"description": d["description"], "trigger_description": ("s", "Ctrl+Alt+Space")})
                for i, d in shortcuts
            ]
            conn.send(new_method_return(msg, "o", (request,)))
            respond(conn, request, {"shortcuts": ("a(sa{sv})", bound)})
        elif iface == TEST and member in ("Press", "Release"):
            (shortcut_id,) = msg.body
            for session, ids in sessions.items():
                if shortcut_id in ids:
                    name = "Activated" if member == "Press" else "Deactivated"
                    emitter = DBusAddress(PORTAL, interface=SHORTCUTS)
                    conn.send(new_signal(emitter, name, "osta{sv}", (session, shortcut_id, 0, {})))
            conn.send(new_method_return(msg))
        elif iface == "org.freedesktop.DBus.Properties" and member == "Get" and msg.body == (SHORTCUTS, "version"):
            conn.send(new_method_return(msg, "v", (("u", 1),)))
        elif iface == TEST and member == "Calls":
            conn.send(new_method_return(msg, "s", (json.dumps(calls),)))
        else:
            conn.send(new_error(msg, "org.freedesktop.DBus.Error.UnknownMethod", "s", (f"no {iface}.{member}",)))


def respond(conn: Any, request: str, results: dict[str, Any]) -> None:
    emitter = DBusAddress(request, interface="org.freedesktop.portal.Request")
    conn.send(new_signal(emitter, "Response", "ua{sv}", (0, results)))


if __name__ == "__main__":
    sys.exit(main())
