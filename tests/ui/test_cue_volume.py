"""Settings → Voice, Cue volume: the slider changes how loud the listening sounds are, as heard on the speaker."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow
from tests.ui.test_controller import Rig
from tests.voice.audio_fixtures import MonitorRecording


def _tried(qtbot: QtBot, window: SettingsWindow, percent: int, folder: Path) -> float:
    """Click Try at `percent` and return the loudest sample the speaker's monitor heard."""
    window.voice.cue_volume.setValue(percent)
    with MonitorRecording(folder) as recording:
        window.voice.cue_try.click()
        qtbot.waitUntil(window.voice.cue_try.isEnabled, timeout=15_000)
        qtbot.wait(400)
    return float(np.max(np.abs(recording.samples())))


def test_the_cue_volume_slider_changes_what_the_speaker_plays(desktop: None, qtbot: QtBot, tmp_path: Path) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    assert window.voice.cue_volume.value() == 100 and window.voice.cue_volume_label.text() == "100 %"
    loud = _tried(qtbot, window, 100, tmp_path)
    quiet = _tried(qtbot, window, 25, tmp_path)
    assert loud > 0.1, f"the cue was not heard on the speaker (peak {loud:.3f})"
    assert 3.0 < loud / quiet < 5.0, f"25 % should be a quarter of 100 %: peaks {loud:.3f} and {quiet:.3f}"
    assert window.voice.cue_volume_label.text() == "25 %" and window.current().cue_volume == 0.25

    window.voice.cues.setChecked(False)  # no cues: nothing to set
    assert not window.voice.cue_volume.isEnabled() and not window.voice.cue_try.isEnabled()


def test_each_cue_goes_out_at_the_saved_volume(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    rig.controller.apply_settings(replace(rig.controller.settings, cue_volume=0.4))
    rig.ask_by_voice()
    assert rig.speech.cues == ["listen_start", "listen_stop"] and rig.speech.cue_volumes == [0.4, 0.4]
