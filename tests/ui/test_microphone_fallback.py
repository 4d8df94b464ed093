"""A chosen microphone that is not connected: the app records from the system default and says so once,
instead of failing every press. Real PortAudio and PulseAudio on the test desktop."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.core import messages
from app.ui.microphone import Microphone


def test_a_missing_microphone_falls_back_to_the_default_with_a_notice(desktop: None, qtbot: QtBot) -> None:
    said: list[messages.Message] = []
    messages.set_sink(said.append)
    mic = Microphone("USB headset that was unplugged")
    blocks: list[int] = []
    try:
        assert mic.arm(), "the default microphone did not open in the chosen one's place"
        assert mic.using == "" and mic.device == "USB headset that was unplugged"
        notices = [m.text for m in said if "system default" in m.text]
        assert len(notices) == 1 and "USB headset that was unplugged" in notices[0], said
        mic.start(lambda samples: blocks.append(samples.size))
        qtbot.waitUntil(lambda: sum(blocks) > 0, timeout=5000)  # sound arrives from the default
        recording = mic.stop()
        assert recording.duration > 0
        mic.start(lambda samples: None)  # the next press: still missing, still the default, no second notice
        mic.stop()
        assert len([m for m in said if "system default" in m.text]) == 1
    finally:
        mic.close()
        messages.set_sink(messages.stderr_sink)
