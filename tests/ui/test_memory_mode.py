"""The memory switch and the first-run note in the desktop app's own wiring (no models, no audio, no network)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core import messages, repos
from app.core import settings as settings_store
from app.core.settings import Settings
from app.ui.application import DesktopApp


@pytest.fixture
def desktop_app(qtbot: QtBot, empty_repo: Path) -> Iterator[DesktopApp]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    desktop = DesktopApp(app, Settings(), repos.find_root(empty_repo))
    messages.set_sink(desktop.notifier.sink)  # the message path ends at the tray, as DesktopApp.start sets it
    yield desktop
    if desktop.settings_window is not None:
        desktop.settings_window.close()
    desktop.tray.hide()


def _mode_action(desktop: DesktopApp, key: str) -> object:
    return next(a for a in desktop.menu.memory_mode_actions() if a.data() == key)


@pytest.mark.slow
def test_the_tray_switch_keeps_the_mode_per_repository_and_restarts_the_session(
    qtbot: QtBot, desktop_app: DesktopApp
) -> None:
    repo = desktop_app.controller.repo
    assert repo is not None
    desktop_app._update_repo_menu()
    resets: list[bool] = []
    desktop_app.controller.session_reset.connect(lambda: resets.append(True))
    _mode_action(desktop_app, "off").trigger()  # type: ignore[attr-defined]
    assert desktop_app.settings.memory_mode_for(repo) == "off"
    assert settings_store.load().settings.memory_modes == {str(repo): "off"}  # kept on disk
    assert resets, "the running session keeps its memory: a new one must start with the switch applied"
    assert _mode_action(desktop_app, "off").isChecked()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "Memory: off for this repository" in desktop_app.tray.tooltip, timeout=10_000)


@pytest.mark.slow
def test_the_memory_window_switch_survives_saving_the_settings_window(qtbot: QtBot, desktop_app: DesktopApp) -> None:
    repo = desktop_app.controller.repo
    assert repo is not None
    desktop_app.set_memory_mode(repo, "off")
    desktop_app.open_settings(memory=True)
    window = desktop_app.settings_window
    assert window is not None and window.tabs.currentWidget() is window.memory
    editor = window.memory
    assert editor.selected_repository() == repo
    assert editor.mode.currentData() == "off"  # the window opens showing the app's switch
    editor.mode.setCurrentIndex(editor.mode.findData("read-only"))
    editor.mode.activated.emit(editor.mode.currentIndex())
    assert desktop_app.settings.memory_mode_for(repo) == "read-only"
    assert window.save()  # the window's own copy still says "on": the switch must not be undone by it
    assert desktop_app.settings.memory_mode_for(repo) == "read-only"
    assert settings_store.load().settings.memory_mode_for(repo) == "read-only"


def test_the_first_run_note_comes_once_per_repository(qtbot: QtBot, desktop_app: DesktopApp) -> None:
    desktop_app.controller.start()
    shown = desktop_app.tray.last_message
    assert shown is not None and shown.text.startswith("Memory for project:")
    assert "Anthropic API" in shown.text and not shown.speak
    desktop_app.tray.last_message = None
    desktop_app.controller.new_session()
    assert desktop_app.tray.last_message is None
