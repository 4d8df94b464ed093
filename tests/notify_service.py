"""A small stand-in for the desktop's notification server (org.freedesktop.Notifications) on a real session D-Bus.

`python -m tests.notify_service [--no-actions]` owns the name on the bus named by DBUS_SESSION_BUS_ADDRESS
and answers GetCapabilities, GetServerInformation, Notify and CloseNotification as a server does. What a
person does with a notification the tests ask through `org.example.NotifyTest`: Click(id, action) emits
ActionInvoked then NotificationClosed; Shown returns the notifications received, as JSON.
Prints "ready" once it owns the name.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import Proxy, open_dbus_connection

PATH = "/org/freedesktop/Notifications"
SERVICE = "org.freedesktop.Notifications"
TEST = "org.example.NotifyTest"


def main(actions: bool) -> int:
    conn = open_dbus_connection(bus="SESSION")
    if Proxy(message_bus, conn).RequestName(SERVICE, 4)[0] != 1:
        print("name taken", flush=True)
        return 1
    print("ready", flush=True)
    shown: list[dict[str, Any]] = []
    emitter = DBusAddress(PATH, interface=SERVICE)
    while True:
        msg = conn.receive()
        if msg.header.message_type is not MessageType.method_call:
            continue
        member = msg.header.fields.get(HeaderFields.member)
        iface = msg.header.fields.get(HeaderFields.interface)
        if iface == SERVICE and member == "GetCapabilities":
            conn.send(new_method_return(msg, "as", (["body", *(["actions"] if actions else [])],)))
        elif iface == SERVICE and member == "GetServerInformation":
            conn.send(new_method_return(msg, "ssss", ("test-notifications", "tests", "1", "1.2")))
        elif iface == SERVICE and member == "Notify":
            app, _replaces, _icon, summary, body, offered, _hints, _timeout = msg.body
            shown.append({"id": len(shown) + 1, "app": app, "summary": summary, "body": body, "actions": offered})
            conn.send(new_method_return(msg, "u", (len(shown),)))
        elif iface == SERVICE and member == "CloseNotification":
            conn.send(new_method_return(msg))
            conn.send(new_signal(emitter, "NotificationClosed", "uu", (msg.body[0], 3)))
        elif iface == TEST and member == "Click":
            notification, action = msg.body
            conn.send(new_signal(emitter, "ActionInvoked", "us", (notification, action)))
            conn.send(new_signal(emitter, "NotificationClosed", "uu", (notification, 2)))
            conn.send(new_method_return(msg))
        elif iface == TEST and member == "Shown":
            conn.send(new_method_return(msg, "s", (json.dumps(shown),)))
        else:
            conn.send(new_error(msg, "org.freedesktop.DBus.Error.UnknownMethod", "s", (f"no {iface}.{member}",)))


if __name__ == "__main__":
    sys.exit(main(actions="--no-actions" not in sys.argv))
