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
    german = panel.details["de_DE-thorsten-medium"].text()
    assert german == "German · de_DE-thorsten-medium · medium · 63 MB · not downloaded · default"
    assert panel.details["en_US-joe-medium"].text().endswith("bundled · default")
    assert not panel.buttons["en_US-joe-medium"].isVisible() and panel.buttons["de_DE-thorsten-medium"].isVisible()
    assert "rhasspy/piper-voices" in panel.buttons["de_DE-thorsten-medium"].toolTip()


def test_a_voice_download_out_of_reach_says_so_and_leaves_the_button(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeHub({}) as dead:
        monkeypatch.setenv("HF_ENDPOINT", dead.url)
    panel = SpeechVoices()
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.buttons["es_ES-davefx-medium"], Qt.MouseButton.LeftButton)
    assert not panel.buttons["fr_FR-siwis-medium"].isEnabled()  # one download at a time
    qtbot.waitUntil(lambda: "cannot be reached" in panel.status.text(), timeout=30_000)
    assert panel.buttons["es_ES-davefx-medium"].isEnabled() and panel.buttons["fr_FR-siwis-medium"].isEnabled()
    assert panel.details["es_ES-davefx-medium"].text().endswith("not downloaded · default")
