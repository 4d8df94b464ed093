"""The settings window (round trip, corrupt file) and the memory editor on a real MemoryStore."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core import autostart, paths
from app.core import settings as settings_store
from app.core.memory import MemoryStore, list_repositories
from app.core.settings import RepoCommands, Settings
from app.ui.memory_editor import NO_MEMORY_FOR_REPO, MemoryEditor
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
    window.hotkey.setText("ctrl+shift+f12")
    window.hotkey_mode.setCurrentIndex(window.hotkey_mode.findData("toggle"))
    window.commands.item(0, 1).setText("make build")
    window.commands.item(0, 2).setText("make check")
    assert window.keep_open.isChecked()  # on by default: the first syllable is kept
    tip = window.keep_open.toolTip()
    assert "clipped" in tip and "indicator" in tip
    window.keep_open.setChecked(False)
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
    window.hotkey.setText("a")
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


def _store_with_notes(repo: Path) -> MemoryStore:
    store = MemoryStore.for_repository(repo)
    for name, text in (("build.md", "Build with make; tests need docker."), ("people.md", "Ana reviews parser.")):
        result = store.execute(
            {"command": "create", "path": f"/memories/{name}", "file_text": text},
            session_id="s1",
            user_words="remember how to build this",
        )
        assert not result.is_error, result.text
    return store


def _editor(qtbot: QtBot, repo: Path) -> MemoryEditor:
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.set_active_repository(repo)
    return editor


def test_memory_editor_shows_files_origin_and_flags(qtbot: QtBot, empty_repo: Path) -> None:
    store = _store_with_notes(empty_repo)
    store.snapshot(session_id="s2")  # loaded: that is not reading them back
    store.execute({"command": "view", "path": "/memories/build.md"}, session_id="s2")  # this is
    editor = _editor(qtbot, empty_repo)
    assert editor.repos.count() == 1
    assert "/ 6,000 characters · 2 files" in editor.repos.item(0).text()
    assert editor.selected_path() == "/memories/build.md"
    assert editor.editor.toPlainText() == "Build with make; tests need docker."
    info = editor.info.text()
    assert "by the agent" in info and "“remember how to build this”" in info
    assert "read 1 time" in info
    store.execute({"command": "create", "path": "/memories/unread.md", "file_text": "x"}, session_id="s3")
    editor.refresh()
    labels = [editor.files.item(i).text() for i in range(editor.files.count())]
    unread = [label for label in labels if "unread" in label]
    assert unread and "never read back" in unread[0]


def test_memory_edit_is_saved_through_the_store(qtbot: QtBot, empty_repo: Path) -> None:
    store = _store_with_notes(empty_repo)
    editor = _editor(qtbot, empty_repo)
    editor.editor.setPlainText("Build with make -j4.")
    assert editor.save_file()
    assert {f.path: f.text for f in store.files()}["/memories/build.md"] == "Build with make -j4."
    assert store.history("/memories/build.md")[-1].session_id == "editor"
    assert "by you in this window" in editor.info.text()


def test_a_credential_is_refused_and_the_refusal_is_shown(qtbot: QtBot, empty_repo: Path) -> None:
    store = _store_with_notes(empty_repo)
    editor = _editor(qtbot, empty_repo)
    editor.show()
    secret = "sk-ant-api03-" + "A1b2C3d4E5f6G7h8" * 4
    editor.editor.setPlainText(f"The key is {secret}")
    assert not editor.save_file()
    assert editor.refusal.isVisible()
    assert editor.refusal.text().startswith("Not saved:")
    assert "credential" in editor.refusal.text().lower() or "key" in editor.refusal.text().lower()
    assert secret not in {f.path: f.text for f in store.files()}["/memories/build.md"]
    assert editor.editor.toPlainText() == f"The key is {secret}"  # the edit is not thrown away


def test_a_file_over_the_cap_is_refused_visibly(qtbot: QtBot, empty_repo: Path) -> None:
    _store_with_notes(empty_repo)
    editor = _editor(qtbot, empty_repo)
    editor.show()
    editor.editor.setPlainText("word " * 1000)
    assert "over the cap" in editor.counter.text()
    assert not editor.save_file()
    assert editor.refusal.isVisible()


def test_delete_rename_and_forget_really_remove(qtbot: QtBot, empty_repo: Path) -> None:
    store = _store_with_notes(empty_repo)
    editor = _editor(qtbot, empty_repo)
    answers = iter([True, True])
    editor.confirm = lambda _title, _text: next(answers)
    editor.ask_text = lambda _title, _label, _value: "building.md"

    assert editor.rename_file()
    assert sorted(f.path for f in store.files()) == ["/memories/building.md", "/memories/people.md"]
    assert editor.selected_path() == "/memories/building.md"

    editor.files.setCurrentRow([editor.files.item(i).data(256) for i in range(2)].index("/memories/people.md"))
    assert editor.delete_file()
    assert [f.path for f in store.files()] == ["/memories/building.md"]
    assert not (store.folder / "people.md").exists()

    assert editor.forget_repository()
    assert not store.folder.exists()  # memory and journal gone from disk
    assert list_repositories() == []
    assert store.history("/memories/building.md") == []
    assert editor.empty_label.isVisible() or editor.empty_label.text() == NO_MEMORY_FOR_REPO


def test_forget_needs_confirmation(qtbot: QtBot, empty_repo: Path) -> None:
    store = _store_with_notes(empty_repo)
    editor = _editor(qtbot, empty_repo)
    editor.confirm = lambda _title, _text: False
    assert not editor.forget_repository()
    assert len(store.files()) == 2


def test_empty_state_for_a_repository_without_memory(qtbot: QtBot, empty_repo: Path) -> None:
    editor = _editor(qtbot, empty_repo)
    editor.show()
    assert editor.repos.count() == 1
    assert editor.empty_label.isVisible() and editor.empty_label.text() == NO_MEMORY_FOR_REPO
    assert not editor.forget_button.isEnabled()
