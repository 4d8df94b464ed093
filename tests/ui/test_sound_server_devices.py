"""Microphones and speakers by the names the sound server gives them, and a chosen one that is unplugged and
plugged in again. Real PulseAudio on the test desktop: a null sink loaded and unloaded with pactl is the
USB headset coming and going, its microphone a source remapped from the sink's monitor (as the test desktop's
"microphone" is). A monitor itself is never offered as a microphone, and a setting that names one (an old one)
records from the default microphone instead, saying so."""

from __future__ import annotations

import dataclasses
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.settings import Settings
from app.ui.microphone import Microphone
from app.ui.settings_window import SettingsWindow
from app.voice.playback import Player
from tests.voice.audio_fixtures import MonitorRecording, write_wav

HEADSET = "usb_headset"
HEADSET_MIC = f"pulse:{HEADSET}_mic"
HEADSET_MONITOR = f"pulse:{HEADSET}.monitor"
RATE = 16_000


def _plug() -> list[str]:
    """The headset's speaker (a null sink) and microphone (a source over its monitor); their module ids."""
    modules = []
    for args in (
        ["module-null-sink", f"sink_name={HEADSET} sink_properties=\"device.description='USB Headset'\""],
        ["module-remap-source", f"master={HEADSET}.monitor", f"source_name={HEADSET}_mic",
         "source_properties=\"device.description='USB Headset Microphone'\""],
    ):  # fmt: skip
        out = subprocess.run(["pactl", "load-module", *args], capture_output=True, text=True, check=True, timeout=10)
        modules.append(out.stdout.strip())
    return modules


def _unplug(modules: list[str]) -> None:
    for module in reversed(modules):
        subprocess.run(["pactl", "unload-module", module], check=True, timeout=10)


@pytest.fixture
def headset(desktop: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    monkeypatch.setenv("PULSE_SINK", "speaker")  # the chosen speaker routes streams through it: undone after
    modules = _plug()
    yield modules
    for module in reversed(modules):
        subprocess.run(["pactl", "unload-module", module], timeout=10, check=False)


@pytest.fixture
def said() -> Iterator[list[messages.Message]]:
    shown: list[messages.Message] = []
    messages.set_sink(shown.append)
    yield shown
    messages.set_sink(messages.stderr_sink)


def _tone(folder: Path, hz: float) -> Path:
    t = np.arange(int(1.2 * RATE)) / RATE
    return write_wav(folder / f"tone-{hz:.0f}.wav", (0.5 * np.sin(2 * np.pi * hz * t)).astype(np.float32))


def _heard(qtbot: QtBot, mic: Microphone, sink: str, tone: Path) -> float:
    """Press (start), play `tone` into `sink`, release: the recording's loudness (RMS)."""
    chunks: list[np.ndarray] = []
    mic.start(lambda samples: chunks.append(samples.copy()))
    qtbot.wait(300)
    subprocess.run(["paplay", f"--device={sink}", str(tone)], check=True, timeout=20)
    qtbot.wait(300)
    recording = mic.stop()
    samples = recording.samples if recording.samples.size else np.concatenate(chunks or [np.zeros(1)])
    return float(np.sqrt(np.mean(np.square(samples))))


def test_settings_list_the_sound_servers_devices_by_description(qtbot: QtBot, headset: list[str]) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    inputs = [window.voice.input_device.itemText(i) for i in range(window.voice.input_device.count())]
    outputs = [window.voice.output_device.itemText(i) for i in range(window.voice.output_device.count())]
    assert "USB Headset Microphone" in inputs and "Microphone" in inputs, inputs
    assert not [text for text in inputs if text.startswith("Monitor of")], inputs  # what plays is no microphone
    assert "USB Headset" in outputs and "speaker" in outputs, outputs
    assert not {"pulse", "default", "sysdefault"} & {*inputs, *outputs}  # no raw ALSA ids beside them
    combo = window.voice.input_device
    combo.setCurrentIndex(combo.findText("USB Headset Microphone"))
    assert window.current().input_device == HEADSET_MIC  # kept by the server's name, which survives a replug


def test_a_chosen_microphone_unplugged_and_plugged_again_comes_back(
    qtbot: QtBot, headset: list[str], said: list[messages.Message], tmp_path: Path
) -> None:
    tone = _tone(tmp_path, 440)
    mic = Microphone(HEADSET_MIC)
    try:
        assert mic.arm() and mic.using == HEADSET_MIC
        assert _heard(qtbot, mic, HEADSET, tone) > 0.05, "the chosen microphone heard nothing"
        assert _heard(qtbot, mic, "mic", tone) < 0.01, "it recorded the default, not the chosen microphone"

        _unplug(headset)
        headset.clear()
        time.sleep(0.5)
        assert _heard(qtbot, mic, "mic", tone) > 0.05, "unplugged: the default microphone should be used"
        assert mic.using == ""
        gone = [m.text for m in said if "system default microphone" in m.text]
        # Named as the person chose it in Settings, never by the server's internal name.
        assert len(gone) == 1 and "'USB Headset Microphone'" in gone[0] and HEADSET not in gone[0], said

        headset.extend(_plug())
        time.sleep(0.5)
        assert _heard(qtbot, mic, HEADSET, tone) > 0.05, "plugged in again: the chosen microphone should be back"
        assert mic.using == HEADSET_MIC
        back = [m.text for m in said if "is back and in use again" in m.text]
        assert back == ["The microphone 'USB Headset Microphone' is back and in use again."], said
    finally:
        mic.close()


def test_a_chosen_speaker_plays_there_falls_back_while_unplugged_and_comes_back(
    headset: list[str], said: list[messages.Message], tmp_path: Path
) -> None:
    t = np.arange(int(0.8 * 22_050)) / 22_050
    tone = (0.4 * np.sin(2 * np.pi * 330 * t)).astype(np.float32)
    player = Player(22_050, f"pulse:{HEADSET}")

    def played_on(source: str) -> float:
        with MonitorRecording(tmp_path, source=source) as recording:
            player.play(tone)
            assert player.wait(10)
            time.sleep(0.3)
        player.close()  # as after 30 s of quiet: the next reply opens the output again
        return float(np.max(np.abs(recording.samples())))

    try:
        assert played_on(f"{HEADSET}.monitor") > 0.1, "nothing played on the chosen speaker"
        _unplug(headset)
        headset.clear()
        time.sleep(0.5)
        assert played_on("speaker.monitor") > 0.1, "unplugged: the default speaker should play"
        gone = [m.text for m in said if "system default speaker" in m.text]
        assert len(gone) == 1 and "'USB Headset'" in gone[0] and HEADSET not in gone[0], said
        headset.extend(_plug())
        time.sleep(0.5)
        assert played_on(f"{HEADSET}.monitor") > 0.1, "plugged in again: the chosen speaker should play"
        assert any("is back and in use again" in m.text for m in said), said
    finally:
        player.close()


def test_a_setting_naming_a_monitor_records_the_default_microphone_and_says_so(
    qtbot: QtBot, headset: list[str], said: list[messages.Message], tmp_path: Path
) -> None:
    """An old setting names the headset's monitor: what plays on the headset is never asked as a question."""
    window = SettingsWindow(dataclasses.replace(Settings(), input_device=HEADSET_MONITOR))
    qtbot.addWidget(window)
    shown = window.voice.input_device.currentText()
    assert shown == "Monitor of USB Headset (not a microphone: the system default is used)", shown
    tone = _tone(tmp_path, 440)
    mic = Microphone(HEADSET_MONITOR)
    try:
        assert mic.arm() and mic.using == "", "the monitor was opened as the microphone"
        notices = [m.text for m in said if "system default microphone" in m.text]
        assert notices == [
            "'Monitor of USB Headset' records what plays, not what is said: it is not a microphone. "
            "Using the system default microphone instead. Choose a microphone under Settings, Voice."
        ], said
        assert _heard(qtbot, mic, HEADSET, tone) < 0.01, "what played on the headset was recorded"
        assert _heard(qtbot, mic, "mic", tone) > 0.05, "the default microphone heard nothing"
        assert len([m for m in said if "system default microphone" in m.text]) == 1, said  # said once
    finally:
        mic.close()
