"""Settings → Speech → Language: the choice is saved, and an English-only model says it cannot follow it."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.core import settings as settings_store
from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow
from app.ui.speech_language import ENGLISH_ONLY
from tests.voice.multilingual import multilingual_folder


def _window(qtbot: QtBot, settings: Settings) -> SettingsWindow:
    window = SettingsWindow(settings)
    qtbot.addWidget(window)
    window.tabs.setCurrentWidget(window.speech)
    window.show()
    return window


def test_with_the_bundled_english_model_the_language_is_saved_and_the_notice_shown(qtbot: QtBot) -> None:
    window = _window(qtbot, Settings())
    row = window.speech.language
    assert row.box.currentText() == "Detect"
    assert [row.box.itemText(i) for i in range(row.box.count())] == [
        "Detect", "English", "German", "Spanish", "French", "Italian", "Portuguese", "Dutch", "Polish",
        "Japanese", "Chinese",
    ]  # fmt: skip
    assert row.notice.isVisible() and row.notice.text() == ENGLISH_ONLY
    row.box.setCurrentText("German")
    assert window.save()
    saved = settings_store.load().settings
    assert saved.speech_language == "de"
    again = _window(qtbot, saved)
    assert again.speech.language.box.currentText() == "German" and again.current() == saved


@pytest.mark.slow
def test_a_multilingual_folder_of_ones_own_hides_the_notice(qtbot: QtBot) -> None:
    folder = str(multilingual_folder())
    window = _window(qtbot, Settings(speech_language="es"))
    row = window.speech.language
    assert row.notice.isVisible()
    window.speech.own_folder.addItem(folder, folder)
    window.speech.own_folder.setCurrentIndex(window.speech.own_folder.count() - 1)
    assert not row.notice.isVisible() and row.box.currentText() == "Spanish"
    window.speech.own_folder.setCurrentIndex(0)  # back to the bundled tiny.en
    assert row.notice.isVisible()
