"""The setup window in the desktop app's own wiring: when it opens by itself, the tray's Set up…, the hotkey
routed to its check, and 'done' kept on disk (no models, no audio, no network)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core import repos
from app.core import settings as settings_store
from app.core.settings import Settings
from app.ui.application import DesktopApp
from app.ui.controller import State
from app.ui.setup_window import STEPS


def test_a_first_start_without_key_or_repository_needs_setup_and_finishing_is_kept(
    qtbot: QtBot, empty_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    desktop = DesktopApp(app, Settings(), None)
    try:
        assert desktop.setup.needed_at_start()
        desktop.menu.setup_action.trigger()  # the tray's Set up…
        window = desktop.setup.window
        assert window is not None and window.isVisible() and window.step == 0
        window.go(STEPS.index("Hotkey"))
        desktop.hotkey.pressed.emit()  # the hotkey, as the listener reports it
        desktop.hotkey.released.emit(0.0)
        assert window.hotkey_seen and desktop.controller.state is State.IDLE
        window.go(len(STEPS) - 1)
        window.next_button.click()  # Finish
        assert not window.isVisible()
        assert desktop.settings.setup_done and settings_store.load().settings.setup_done
        assert not desktop.setup.needed_at_start()  # it does not open by itself again
    finally:
        desktop.tray.hide()


def test_with_a_key_and_a_repository_the_first_start_needs_no_setup(
    qtbot: QtBot, empty_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-present-0000")
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    desktop = DesktopApp(app, Settings(), repos.find_root(empty_repo))
    try:
        assert not desktop.setup.needed_at_start() and desktop.setup.window is None
    finally:
        desktop.tray.hide()
