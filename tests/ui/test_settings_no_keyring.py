"""Saving the API key on a desktop without a Secret Service (the tests' null keyring is exactly that)."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core import api_key, paths
from app.core import settings as settings_store
from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow

KEY = "sk-ant-api03-test-key-1234"


@pytest.mark.usefixtures("no_keyring")
def test_without_a_keyring_the_key_can_be_used_until_the_app_quits_and_the_error_goes_on_reopen(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.show()
    window.key_edit.setText(KEY)
    window.save()

    said = window.key_status.text()
    assert "NoKeyringError" not in said and "Secret Service" in said and "ANTHROPIC_API_KEY" in said
    assert said.rstrip().endswith(".") and "Error" not in window.status.text() + said
    assert window.key_session.isVisible()
    assert api_key.find_api_key() == ("", "")  # nothing was kept yet

    qtbot.mouseClick(window.key_session, Qt.MouseButton.LeftButton)
    assert api_key.find_api_key() == (KEY, "session")
    assert not window.key_session.isVisible() and "until the app quits" in window.key_status.text()
    assert KEY not in (paths.settings_file().read_text(encoding="utf-8")) and KEY not in caplog.text

    window.hide()
    window.load(settings_store.load().settings)
    window.show()
    assert window.key_status.text() == "" and window.status.text() == ""
    assert "until the app quits" in window.key_edit.placeholderText() and KEY not in window.key_edit.placeholderText()
