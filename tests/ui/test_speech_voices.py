"""Settings → Speech → Voices, as a person sees it: a voice per language, its quality and size, and Download."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.ui.speech_voices import SpeechVoices
from tests.voice.fakehub import FakeHub


def test_each_voice_shows_its_language_quality_size_and_whether_it_is_there(qtbot: QtBot) -> None:
    panel = SpeechVoices()
    qtbot.addWidget(panel)
    panel.show()
    german = panel.detail("de_DE-thorsten-medium")
    assert german == "German · de_DE-thorsten-medium · medium · 63 MB · not downloaded · default"
    assert panel.detail("de_DE-thorsten-high").startswith("German · de_DE-thorsten-high · high · 114 MB")
    assert panel.detail("en_US-joe-medium").endswith("bundled · default")
    panel.select("en_US-joe-medium")
    assert not panel.download_button.isEnabled()  # bundled: nothing to download
    panel.select("de_DE-thorsten-medium")
    assert panel.download_button.isEnabled() and "rhasspy/piper-voices" in panel.download_button.toolTip()


def test_a_voice_download_out_of_reach_says_so_and_leaves_the_button(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeHub({}) as dead:
        monkeypatch.setenv("HF_ENDPOINT", dead.url)
    panel = SpeechVoices()
    qtbot.addWidget(panel)
    panel.show()
    panel.select("es_ES-davefx-medium")
    qtbot.mouseClick(panel.download_button, Qt.MouseButton.LeftButton)
    panel.select("fr_FR-siwis-medium")
    assert not panel.download_button.isEnabled()  # one download at a time
    qtbot.waitUntil(lambda: "cannot be reached" in panel.status.text(), timeout=30_000)
    assert panel.download_button.isEnabled()
    assert panel.detail("es_ES-davefx-medium").endswith("not downloaded · default")
