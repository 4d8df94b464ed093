"""The settings window: round trip, a bad hotkey, start at login, a corrupt file (memory: test_memory_editor)."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core import autostart, paths
from app.core import settings as settings_store
from app.core.settings import RepoCommands, Settings
from app.ui.settings_window import SettingsWindow


def test_settings_round_trip(qtbot: QtBot, tmp_path: Path) -> None:
    repo = str(tmp_path / "project")
    start = Settings(recent_repos=(repo,), last_repo=repo)
    window = SettingsWindow(start)
    qtbot.addWidget(window)
    saved: list[Settings] = []
    window.saved.connect(saved.append)

    window.model.setCurrentText("claude-sonnet-4-5")
    window.effort.setCurrentText("high")
    window.max_tokens.setValue(4096)
    window.idle.setValue(10)
    window.voice.hotkey.setText("ctrl+shift+f12")
    window.voice.hotkey_mode.setCurrentIndex(window.voice.hotkey_mode.findData("toggle"))
    window.commands.item(0, 1).setText("make build")
    window.commands.item(0, 2).setText("make check")
    assert window.voice.keep_open.isChecked()  # on by default: the first syllable is kept
    tip = window.voice.keep_open.toolTip()
    assert "clipped" in tip and "indicator" in tip
    window.voice.keep_open.setChecked(False)
    assert window.save()

    loaded = settings_store.load()
    assert loaded.problem == ""
    s = loaded.settings
    assert (s.model, s.effort, s.max_tokens, s.idle_minutes) == ("claude-sonnet-4-5", "high", 4096, 10)
    assert (s.hotkey, s.hotkey_mode) == ("ctrl+shift+f12", "toggle")
    assert s.keep_microphone_open is False
    assert s.repo_commands == {repo: RepoCommands("make build", "make check")}
    assert saved and saved[-1] == s
    assert json.loads(paths.settings_file().read_text())["schema_version"] == settings_store.SCHEMA_VERSION

    # Opening the window again shows what was saved.
    again = SettingsWindow(s)
    qtbot.addWidget(again)
    assert again.current() == s


def test_a_bad_hotkey_is_not_saved(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.voice.hotkey.setText("a")
    assert not window.save()
    assert "would fire while typing" in window.status.text()
    assert not paths.settings_file().exists()


def test_start_at_login_writes_and_removes_the_autostart_entry(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.autostart.setChecked(True)
    assert window.save()
    entry = autostart.entry_path()
    assert entry.is_file() and "Exec=" in entry.read_text()
    window.autostart.setChecked(False)
    assert window.save()
    assert not entry.exists()


def test_corrupt_settings_file_is_reported_in_the_window(qtbot: QtBot) -> None:
    target = paths.settings_file()
    target.parent.mkdir(parents=True)
    target.write_text("{ this is not json")
    loaded = settings_store.load()
    window = SettingsWindow(loaded.settings, problem=loaded.problem)
    qtbot.addWidget(window)
    window.show()
    assert window.problem.isVisible()
    assert "damaged" in window.problem.text() and "corrupt-" in window.problem.text()
    assert window.current() == Settings()
    kept = list(target.parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == "{ this is not json"
