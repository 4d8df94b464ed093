"""One place to choose the speech model: Settings → Speech holds the list and a folder of one's own; Voice has none."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QGroupBox, QLabel
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow


def _texts(widget: object) -> list[str]:
    labels = [w.text() for w in widget.findChildren(QLabel)]  # type: ignore[attr-defined]
    boxes = [w.title() for w in widget.findChildren(QGroupBox)]  # type: ignore[attr-defined]
    return labels + boxes


def test_the_speech_model_is_chosen_in_one_place(qtbot: QtBot, tmp_path: Path) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    everywhere = [t for t in _texts(window) if t.rstrip(":") == "Speech model"]
    assert everywhere == ["Speech model"], everywhere  # the Speech page's box, and no second one on Voice
    assert not any("Speech model" in t for t in _texts(window.voice))

    speech = window.speech
    assert speech.own_folder.currentData() == "" and speech.models.own_folder_note.isHidden()
    folder = tmp_path / "my-whisper"
    folder.mkdir()
    window.load(replace(Settings(), whisper_model=str(folder)))  # a folder set before, as it is saved
    assert speech.own_folder.currentData() == str(folder)
    assert not speech.models.own_folder_note.isHidden() and str(folder) in speech.models.own_folder_note.text()
    assert window.current().whisper_model == str(folder)

    speech.own_folder.setCurrentIndex(speech.own_folder.findData(""))  # back to the list
    assert window.current().whisper_model == "" and speech.models.own_folder_note.isHidden()
