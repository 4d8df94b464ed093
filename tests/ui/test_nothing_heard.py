"""Holding the key and saying nothing: a low cue after the stop cue and one line, "Didn't catch anything",
where the person sees it. A tap, or a press that only cut a reply short, stays quiet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.agent.events import TextDelta
from app.ui.app_menu import AppMenu
from app.ui.controller import State
from app.ui.notify import Notifier
from app.ui.tray import Tray
from app.voice import cues
from app.voice.audio import Recording
from tests.ui.fakes import SPEECH
from tests.ui.test_controller import Rig

SILENCE = np.zeros(16000, dtype=np.float32)


@pytest.fixture
def shown(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[Rig, Tray, Notifier]]:
    tray = Tray(AppMenu(), use_tray=False)
    notifier = Notifier(tray.show_message)
    messages.set_sink(notifier.sink)
    tray.show()
    try:
        yield Rig(tmp_path), tray, notifier
    finally:
        messages.set_sink(messages.stderr_sink)
        tray.hide()


def notices(notifier: Notifier) -> list[str]:
    return [m.text for m in notifier.shown if m.text == "Didn't catch anything."]


def test_a_silent_hold_gives_a_cue_and_a_visible_line(qtbot: QtBot, shown: tuple[Rig, Tray, Notifier]) -> None:
    rig, tray, _notifier = shown
    rig.mic.next_recording = Recording(SILENCE, 1.0, is_speech=False, held=1.0)
    rig.controller.press()
    rig.mic.hear(SILENCE)
    rig.controller.release()
    assert rig.state is State.IDLE and rig.agent.turns == []
    assert rig.speech.cues == ["listen_start", "listen_stop", "nothing_heard"]
    window = tray.status_window
    assert window is not None
    qtbot.waitUntil(lambda: window._message.text() == "Didn't catch anything.", timeout=3000)
    assert window._message.isVisible()
    # The cue is its own sound, lower than the stop cue it follows.
    assert cues.CUES["nothing_heard"][0] < cues.CUES["listen_stop"][1]


def test_speech_that_transcribes_to_nothing_says_so_too(qtbot: QtBot, shown: tuple[Rig, Tray, Notifier]) -> None:
    rig, _tray, notifier = shown
    rig.mic.next_recording = Recording(SPEECH, 1.0, is_speech=True, held=1.2)
    rig.controller.press()
    rig.controller.release()
    assert rig.speech.cues == ["listen_start", "listen_stop"]
    rig.speech.transcribed.emit(rig.speech.last_request, "  ")
    qtbot.waitUntil(lambda: len(notices(notifier)) == 1, timeout=3000)
    assert rig.speech.cues[-1] == "nothing_heard" and rig.agent.turns == []


def test_a_tap_or_a_barge_in_stays_quiet(qtbot: QtBot, shown: tuple[Rig, Tray, Notifier]) -> None:
    rig, _tray, notifier = shown
    rig.mic.next_recording = Recording(SILENCE, 0.1, is_speech=False, held=0.1)
    rig.controller.press()
    rig.controller.release()  # a tap
    rig.mic.next_recording = Recording(SPEECH, 1.0, is_speech=True, held=1.0)
    turn = rig.ask_by_voice()
    rig.agent.turn_event.emit(turn, TextDelta("An answer. "))
    rig.speech.speaking_started.emit(turn)
    rig.mic.next_recording = Recording(SILENCE, 1.0, is_speech=False, held=1.0)
    rig.controller.press()  # held to stop the reply, then let go without a word
    rig.controller.release()
    qtbot.wait(200)
    assert "nothing_heard" not in rig.speech.cues and notices(notifier) == []
