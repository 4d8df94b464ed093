"""The settings window's level meter follows the real microphone (PulseAudio's "mic" sink on the test desktop)."""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.bench.speech import espeak_wav
from app.core.settings import Settings
from app.ui.microphone import Microphone
from app.ui.settings_window import SettingsWindow


@pytest.fixture
def speech(tmp_path: Path) -> Path:
    return espeak_wav("Testing the microphone level, one two three.", tmp_path, speed=175)


@pytest.fixture(params=["own stream", "app microphone"])
def app_microphone(request: pytest.FixtureRequest) -> Iterator[Microphone | None]:
    """Without the app's microphone the window opens its own stream; with it armed, it reads that one."""
    if request.param == "own stream":
        yield None
        return
    microphone = Microphone("")
    assert microphone.arm()
    yield microphone
    microphone.close()


def test_meter_moves_while_someone_speaks_and_falls_back_after(
    desktop: None, qtbot: QtBot, speech: Path, app_microphone: Microphone | None
) -> None:
    window = SettingsWindow(Settings(), microphone=app_microphone)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentIndex(1)  # the Voice tab, where the meter is
    assert window.voice.level_status.text() == ""  # no complaint about the microphone
    qtbot.wait(300)
    assert window.voice.level.value() < 10  # the microphone is silent

    player = subprocess.Popen(["paplay", "--device=mic", str(speech)])
    try:
        qtbot.waitUntil(lambda: window.voice.level.value() >= 30, timeout=15_000)
        # It follows the voice as it goes, not in jumps: the stream delivers short blocks while the meter
        # shows (a kept-open microphone otherwise idles on blocks of a third of a second).
        values = []
        for _ in range(15):
            qtbot.wait(66)
            values.append(window.voice.level.value())
        assert sum(a != b for a, b in itertools.pairwise(values)) >= 9, values
    finally:
        player.wait(timeout=60)
    qtbot.waitUntil(lambda: window.voice.level.value() < 10, timeout=10_000)

    window.tabs.setCurrentIndex(0)  # leaving the tab lets go of the microphone
    assert window.voice.level.value() == 0
    window.close()
