"""Settings → Speech in the settings window: the model choice and the history settings are saved with
the rest; removing a learned alias is saved at once without saving other pending edits."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.core import corrections
from app.core import settings as settings_store
from app.core.history import History
from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow
from tests.voice.fakehub import install_model_folder

REPO = "/home/dev/rates"


def _window(qtbot: QtBot, settings: Settings) -> SettingsWindow:
    window = SettingsWindow(settings)
    qtbot.addWidget(window)
    return window


@pytest.mark.slow
def test_the_chosen_model_and_the_history_settings_are_saved(qtbot: QtBot) -> None:
    install_model_folder("base.en")
    window = _window(qtbot, Settings())
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())].count("Speech") == 1
    models = window.speech.models
    assert models.chosen() == "tiny.en" and models.radios["base.en"].isEnabled()
    assert not models.radios["small.en"].isEnabled()
    models.radios["base.en"].setChecked(True)
    window.speech.history.enabled.setChecked(False)
    window.speech.history.days.setValue(7)
    assert window.save()
    saved = settings_store.load().settings
    assert (saved.speech_model, saved.history_enabled, saved.history_days) == ("base.en", False, 7)
    again = _window(qtbot, saved)
    assert again.speech.models.chosen() == "base.en" and again.current() == saved


def test_removing_a_learned_alias_saves_it_at_once_and_nothing_else(qtbot: QtBot) -> None:
    history = History()
    turn = history.add(REPO, "what does the rate cash hold", "No idea.")
    assert turn is not None
    settings, _ = corrections.learn(Settings(), history, turn, "what does the RateCache hold")
    settings_store.save(settings)
    window = _window(qtbot, settings)
    saved: list[Settings] = []
    window.saved.connect(saved.append)
    window.max_tokens.setValue(9999)  # a pending edit, not saved by the removal
    table = window.speech.history.learned
    assert table.rowCount() == 1 and table.item(0, 1).text() == "rate cash"
    table.selectRow(0)
    window.speech.history.remove.click()
    on_disk = settings_store.load().settings
    assert on_disk.repo_aliases == {} and on_disk.max_tokens == Settings().max_tokens
    assert saved and saved[-1] == on_disk
    assert "no longer learned" in window.status.text()


def test_an_alias_learned_while_the_window_is_open_survives_its_save(qtbot: QtBot) -> None:
    history = History()
    turn = history.add(REPO, "what does the rate cash hold", "No idea.")
    assert turn is not None
    window = _window(qtbot, Settings())
    learned, _ = corrections.learn(Settings(), history, turn, "what does the RateCache hold")
    window.aliases_changed(learned)  # what the app does after a correction in the History window
    assert window.speech.history.learned.rowCount() == 1
    assert window.save()
    assert settings_store.load().settings.repo_aliases == {REPO: {"rate cash": "RateCache"}}
