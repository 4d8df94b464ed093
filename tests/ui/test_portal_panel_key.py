"""Under Wayland the show-answers hotkey is the portal's second shortcut: bound beside the talk one, and its
activation shows the last answers (the test portal service on a real dbus-daemon)."""

from __future__ import annotations

import json
from dataclasses import replace

from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.hotkey_bridge import HotkeyBridge
from tests.ui.test_portal_shortcut import ask_portal, portal, session_bus  # noqa: F401 (fixtures)


def test_the_show_answers_keys_are_bound_through_the_portal_and_show_the_panel(
    qtbot: QtBot,
    portal: None,  # noqa: F811
) -> None:
    bridge = HotkeyBridge()
    shown: list[bool] = []
    bridge.show_panel.connect(lambda: shown.append(True))
    try:
        assert bridge.start(replace(Settings(), panel_hotkey="ctrl+alt+a")) and bridge.backend == "portal"
        qtbot.waitUntil(lambda: any(c["method"] == "BindShortcuts" for c in json.loads(str(ask_portal("Calls")[0]))),
                        timeout=10_000)  # fmt: skip
        (bind,) = [c for c in json.loads(str(ask_portal("Calls")[0])) if c["method"] == "BindShortcuts"]
        assert [(i, d["preferred_trigger"]) for i, d in bind["shortcuts"]] == [
            ("listen", "CTRL+ALT+space"),
            ("show-answers", "CTRL+ALT+a"),
        ]
        ask_portal("Press", "show-answers")
        qtbot.waitUntil(lambda: shown == [True], timeout=10_000)
        ask_portal("Release", "show-answers")
        qtbot.wait(300)
        assert shown == [True]  # one activation, one showing; the release does nothing
    finally:
        bridge.stop()
