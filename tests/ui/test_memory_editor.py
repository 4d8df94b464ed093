"""The memory window on a real MemoryStore in a temporary folder and a real git repository.

Each test does what a person would (select, type, press keys, answer a question) and checks what they
would see, or what is on disk afterwards.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.memory import MemoryStore, list_repositories, open_store
from app.ui import memory_merge
from app.ui.memory_editor import NO_MEMORY_FOR_REPO, MemoryEditor
from app.ui.memory_notice import MemoryNotices
from app.ui.memory_status import summary
from tests.conftest import git
from tests.core.memory.conftest import damage_journal

ROOT = Path(__file__).resolve().parents[2]
NOTES = "- The parser lives in src/old_parser.py; src/app.py calls it.\n"


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "old_parser.py").write_text("def parse(): ...\n")
    (empty_repo / "src" / "app.py").write_text("print('hello')\n")
    (empty_repo / "README.md").write_text("project\n")
    _commit(empty_repo, "start")
    return empty_repo


def _write(store: MemoryStore, name: str, text: str, **kwargs: str) -> None:
    result = store.execute({"command": "create", "path": f"/memories/{name}", "file_text": text}, **kwargs)
    assert not result.is_error, result.text


def _editor(qtbot: QtBot, repo: Path) -> MemoryEditor:
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1000, 640)
    editor.set_active_repository(repo)
    return editor


def _activate(qtbot: QtBot, editor: MemoryEditor) -> None:
    """Show the window and make it the active one: keyboard shortcuts reach the active window only."""
    editor.show()
    editor.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is editor, timeout=3000)


def _contents(store: MemoryStore) -> dict[str, str]:
    return {f.path: f.text for f in store.files()}


def _stale_store(repo: Path) -> MemoryStore:
    """notes.md names a file since deleted and one since changed; people.md names nothing."""
    store = open_store(repo)
    _write(store, "notes.md", NOTES, session_id="s1", user_words="remember where the parser is")
    _write(store, "people.md", "- Ana reviews every change to the build.\n", session_id="s1")
    git(repo, "rm", "-q", "src/old_parser.py")
    (repo / "src" / "app.py").write_text("print('parser inlined')\n")
    _commit(repo, "inline the parser")
    return store


def test_the_list_marks_files_naming_deleted_and_changed_paths(qtbot: QtBot, repo: Path) -> None:
    _stale_store(repo)
    editor = _editor(qtbot, repo)
    rows = {row.path: row for row in editor.files.rows()}
    notes, people = rows["/memories/notes.md"], rows["/memories/people.md"]
    assert notes.missing == ["src/old_parser.py"] and notes.changed == ["src/app.py"]
    assert notes.commits_since == 1 and people.commits_since == 1
    assert not people.stale
    item = editor.files.topLevelItem(editor.files.paths().index("/memories/notes.md"))
    assert item.text(0) == "notes.md" and item.text(2) == "1"
    assert "⚠ 1 gone" in item.text(3) and "⚠ 1 changed" in item.text(3)
    assert "no longer exist: src/old_parser.py" in item.toolTip(3)  # hover lists the paths
    assert "changed since it was written: src/app.py" in item.toolTip(0)
    assert item.text(1) == "just now"
    assert "never used" in item.text(3)  # writing a note is not using it


def test_use_comes_from_real_use_not_loading(qtbot: QtBot, repo: Path) -> None:
    store = _stale_store(repo)
    for session in ("a", "b", "c"):
        store.snapshot(session_id=session)
    store.observe("b", "I will look at src/app.py")  # session b really used notes.md
    editor = _editor(qtbot, repo)
    rows = {row.path: row for row in editor.files.rows()}
    assert rows["/memories/notes.md"].use == []
    assert rows["/memories/people.md"].use == ["never used"]
    editor.files.select("/memories/notes.md")
    info = editor.details.info.text()
    assert "Loaded into 3 sessions; used in 1 session" in info
    assert "by the agent" in info and "“remember where the parser is”" in info
    assert "Names paths that no longer exist: src/old_parser.py" in info


def _age(store: MemoryStore, path: str, days: int) -> None:
    """Date a file's journaled writes `days` back, as if written then."""
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        conn.execute("UPDATE changes SET at = at - ? WHERE path = ?", (days * 86_400, path))


def test_sorting_by_path_age_and_staleness(qtbot: QtBot, repo: Path) -> None:
    store = _stale_store(repo)
    _write(store, "a-fresh.md", "- Deploys happen on Thursdays.\n")
    _age(store, "/memories/people.md", 10)
    _age(store, "/memories/notes.md", 3)
    editor = _editor(qtbot, repo)
    assert editor.files.paths() == ["/memories/a-fresh.md", "/memories/notes.md", "/memories/people.md"]
    ages = {p: editor.files.topLevelItem(i).text(1) for i, p in enumerate(editor.files.paths())}
    assert ages == {
        "/memories/a-fresh.md": "just now",
        "/memories/notes.md": "3 days",
        "/memories/people.md": "10 days",
    }
    editor.sort.setCurrentIndex(editor.sort.findData("staleness"))
    assert editor.files.paths()[0] == "/memories/notes.md"
    editor.sort.setCurrentIndex(editor.sort.findData("age"))
    assert editor.files.paths() == ["/memories/people.md", "/memories/notes.md", "/memories/a-fresh.md"]


def test_history_shows_every_change_with_a_readable_diff(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1", user_words="remember the build")
    store.execute(
        {"command": "str_replace", "path": "/memories/notes.md", "old_str": "make build", "new_str": "make all"},
        session_id="s2",
    )
    editor = _editor(qtbot, repo)
    history = editor.details.history
    assert history.count() == 2
    assert "The agent edited notes.md" in history.item(0).text()  # newest first
    assert "The agent wrote notes.md" in history.item(1).text()
    diff = editor.details.diff.toPlainText()
    assert "− - Use make build." in diff and "+ - Use make all." in diff
    history.setCurrentRow(1)
    assert "did not exist before" in editor.details.diff.toPlainText()


def test_save_goes_through_the_store_as_the_person(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.pane.editor.setPlainText("- Use make -j4 build.\n")
    assert editor.save_file()
    assert _contents(store)["/memories/notes.md"] == "- Use make -j4 build.\n"
    assert store.history("/memories/notes.md")[-1].by == "person"
    assert "by you" in editor.details.info.text()
    assert "The agent" not in editor.details.history.item(0).text()


def _write_from_another_process(repo: Path, text: str) -> None:
    code = (
        "import sys; from pathlib import Path; from app.core.memory import open_store; "
        "store = open_store(Path(sys.argv[1])); "
        "store.execute({'command': 'view', 'path': '/memories/notes.md'}, session_id='other'); "
        "r = store.execute({'command': 'create', 'path': '/memories/notes.md', 'file_text': sys.argv[2]}, "
        "session_id='other'); sys.exit(r.text if r.is_error else 0)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", code, str(repo), text], check=True, env=env, timeout=60)


@pytest.mark.slow
@pytest.mark.parametrize("choice", [memory_merge.RELOAD, memory_merge.OVERWRITE, memory_merge.MERGE])
def test_a_save_after_another_process_wrote_asks_and_loses_nothing(qtbot: QtBot, repo: Path, choice: str) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.pane.editor.setPlainText("- Use make build.\n- Ana owns the parser.\n")
    _write_from_another_process(repo, "- Use make build.\n- Releases are tagged vX.Y.\n")
    asked: list[str] = []
    merged_from: list[tuple[str | None, str]] = []

    def resolve(path: str, message: str) -> str:
        asked.append(message)
        return choice

    def merge(path: str, theirs: str | None, mine: str) -> str:
        merged_from.append((theirs, mine))
        return "- Use make build.\n- Releases are tagged vX.Y.\n- Ana owns the parser.\n"

    editor.resolve_conflict, editor.merge_texts = resolve, merge
    saved = editor.save_file()
    assert asked == ["/memories/notes.md changed since you opened it; nothing was saved."]
    on_disk = _contents(store)["/memories/notes.md"]
    if choice == memory_merge.RELOAD:
        assert not saved and on_disk == "- Use make build.\n- Releases are tagged vX.Y.\n"
        assert editor.pane.editor.toPlainText() == on_disk  # the window shows what is saved now
    elif choice == memory_merge.OVERWRITE:
        assert saved and on_disk == "- Use make build.\n- Ana owns the parser.\n"
    else:
        assert merged_from == [
            ("- Use make build.\n- Releases are tagged vX.Y.\n", "- Use make build.\n- Ana owns the parser.\n")
        ]
        assert saved and on_disk.endswith("- Releases are tagged vX.Y.\n- Ana owns the parser.\n")
    # Whatever was chosen, the other process's text stays in the history.
    assert any(c.new and "Releases" in c.new for c in store.history("/memories/notes.md"))


@pytest.mark.slow
def test_cancelling_a_conflict_keeps_the_edit_in_the_window(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "one\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.show()
    editor.pane.editor.setPlainText("mine\n")
    _write_from_another_process(repo, "theirs\n")
    editor.resolve_conflict = lambda _p, _m: memory_merge.CANCEL
    assert not editor.save_file()
    assert editor.pane.editor.toPlainText() == "mine\n" and editor.pane.refusal.isVisible()
    assert _contents(store)["/memories/notes.md"] == "theirs\n"


def test_undo_of_a_delete_from_the_history(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    _write(store, "people.md", "- Ana reviews the parser.\n", session_id="s1")
    store.execute({"command": "delete", "path": "/memories/people.md"}, session_id="s1")
    _write(store, "later.md", "- Deploys on Thursdays.\n", session_id="s1")  # the delete is not the newest change
    editor = _editor(qtbot, repo)
    editor.show()
    # The deleted file stays listed, greyed and last, so its history (and the way back) can be reached.
    assert editor.files.paths()[-1] == "/memories/people.md"
    assert editor.files.rows()[-1].deleted and "deleted" in editor.files.topLevelItem(2).text(3)
    editor.files.select("/memories/people.md")
    assert editor.pane.editor.toPlainText() == "- Ana reviews the parser.\n" and editor.pane.editor.isReadOnly()
    assert "The agent deleted people.md" in editor.details.history.item(0).text()
    assert "The file was deleted." in editor.details.diff.toPlainText()
    editor.details.history.setCurrentRow(0)
    editor.details.undo_button.click()
    assert _contents(store)["/memories/people.md"] == "- Ana reviews the parser.\n"
    assert "/memories/later.md" in _contents(store)  # the later change stays
    assert editor.pane.refusal.text() == "Undone: back to people.md as it was, with “Ana reviews the parser”."
    assert editor.selected_path() == "/memories/people.md" and not editor.files.selected_row().deleted
    assert not editor.pane.editor.isReadOnly()
    assert "You undid a change to people.md" in editor.details.history.item(0).text()


def test_ctrl_z_on_the_history_undoes_the_selected_change(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    store.execute({"command": "str_replace", "path": "/memories/notes.md", "old_str": "make", "new_str": "ninja"})
    editor = _editor(qtbot, repo)
    _activate(qtbot, editor)
    editor.details.history.setFocus()
    editor.details.history.setCurrentRow(0)
    qtbot.keyClick(editor.details.history, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _contents(store)["/memories/notes.md"] == "- Use make build.\n"
    assert editor.pane.editor.toPlainText() == "- Use make build.\n"
    assert editor.pane.refusal.text() == "Undone: back to “Use make build” in notes.md."


def test_undo_says_in_words_what_the_agent_forgot_or_has_back(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    store.execute({"command": "insert", "path": "/memories/notes.md", "insert_line": 1,
                   "insert_text": "- Deploys on Thursdays.\n"}, session_id="s1")  # fmt: skip
    store.execute({"command": "rename", "old_path": "/memories/notes.md", "new_path": "/memories/team.md"},
                  session_id="s1")  # fmt: skip
    editor = _editor(qtbot, repo)
    _activate(qtbot, editor)
    ops = sorted({c.op for c in store.history()}, reverse=True)  # the rename, the insert, then the create
    said = []
    for op in ops:
        assert editor.revert_change(op)  # what the history's Undo button does for its selected row
        said.append(editor.pane.refusal.text())
    assert said == [
        "Undone: back to the name notes.md.",
        "Undone: I forgot “Deploys on Thursdays” in notes.md.",
        "Undone: I forgot “Use make build” in notes.md.",
    ]


@pytest.mark.slow
def test_keyboard_ctrl_s_saves_and_delete_asks_first(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    _write(store, "people.md", "- Ana reviews the parser.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    _activate(qtbot, editor)
    editor.files.select("/memories/notes.md")
    editor.pane.editor.setFocus()
    editor.pane.editor.setPlainText("- Use make all.\n")
    qtbot.keyClick(editor.pane.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert _contents(store)["/memories/notes.md"] == "- Use make all.\n"

    questions: list[str] = []
    answers = iter([False, True])
    editor.confirm = lambda _title, text: questions.append(text) is None and next(answers)
    editor.files.setFocus()
    editor.files.select("/memories/people.md")
    qtbot.keyClick(editor.files, Qt.Key.Key_Delete)
    assert "/memories/people.md" in _contents(store)  # the first answer was Cancel
    qtbot.keyClick(editor.files, Qt.Key.Key_Delete)
    assert "/memories/people.md" not in _contents(store)
    assert len(questions) == 2 and "Delete /memories/people.md?" in questions[0]


def test_tab_moves_through_the_window_in_reading_order(qtbot: QtBot, repo: Path) -> None:
    _write(open_store(repo), "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    _activate(qtbot, editor)
    editor.repos.setFocus()
    seen = []
    for _ in range(8):
        seen.append(editor.focusWidget())
        editor.focusNextChild()
    expected = [editor.repos, editor.forget_button, editor.mode, editor.sort, editor.files, editor.pane.editor]
    assert seen[: len(expected)] == expected


def test_state_lines_get_a_gentle_warning_and_still_save(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.show()
    assert not editor.pane.warning.isVisible()
    editor.pane.editor.setPlainText("- Use make build.\n- The build is failing on main right now.\n")
    qtbot.waitUntil(editor.pane.warning.isVisible, timeout=2000)
    assert "The build is failing on main right now." in editor.pane.warning.text()
    assert "You can still save it" in editor.pane.warning.text()
    assert editor.save_file()
    assert "failing" in _contents(store)["/memories/notes.md"]


def test_the_memory_switch_shows_its_explanation_and_reports_the_choice(qtbot: QtBot, repo: Path) -> None:
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.mode_for = lambda _repo: "read-only"
    editor.set_active_repository(repo)
    assert editor.mode.currentData() == "read-only"
    assert editor.mode_line.text() == "The agent reads its notes but cannot save or change any."
    chosen: list[tuple[Path, str]] = []
    editor.mode_chosen.connect(lambda r, m: chosen.append((r, m)))
    editor.mode.setCurrentIndex(editor.mode.findData("off"))
    editor.mode.activated.emit(editor.mode.currentIndex())
    assert chosen == [(repo.resolve(), "off")]
    assert "Nothing is loaded or saved" in editor.mode_line.text()


def test_forget_asks_once_and_the_list_updates_at_once(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.show()
    asked: list[str] = []
    editor.confirm = lambda _t, text: asked.append(text) is None and False
    assert not editor.forget_repository()
    assert len(store.files()) == 1
    editor.confirm = lambda _t, text: asked.append(text) is None
    assert editor.forget_repository()
    assert len(asked) == 2 and "cannot be undone" in asked[1]
    assert not store.folder.exists() and list_repositories() == []
    assert editor.empty_label.isVisible() and editor.empty_label.text() == NO_MEMORY_FOR_REPO
    assert editor.files.topLevelItemCount() == 0


def test_an_unsaved_edit_is_not_dropped_by_selecting_another_file(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "a.md", "alpha\n", session_id="s1")
    _write(store, "b.md", "beta\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.pane.editor.setPlainText("alpha, edited\n")
    editor.confirm = lambda _t, _q: False
    editor.files.select("/memories/b.md")
    assert editor.selected_path() == "/memories/a.md" and editor.pane.editor.toPlainText() == "alpha, edited\n"


def test_a_credential_and_an_oversized_text_are_refused_visibly(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.show()
    secret = "sk-ant-api03-" + "A1b2C3d4E5f6G7h8" * 4
    editor.pane.editor.setPlainText(f"The key is {secret}")
    assert not editor.save_file()
    assert editor.pane.refusal.isVisible() and editor.pane.refusal.text().startswith("Not saved:")
    assert secret not in _contents(store)["/memories/notes.md"]
    assert editor.pane.editor.toPlainText() == f"The key is {secret}"  # the edit is not thrown away
    editor.pane.editor.setPlainText("word " * 1000)
    assert "over the cap" in editor.pane.counter.text()
    assert not editor.save_file()


@pytest.mark.slow
def test_rename_and_new_file(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.ask_text = lambda _t, _l, _v: "building.md"
    assert editor.rename_file()
    assert list(_contents(store)) == ["/memories/building.md"] and editor.selected_path() == "/memories/building.md"
    editor.ask_text = lambda _t, _l, _v: "people.md"
    assert editor.new_file()
    assert editor.selected_path() == "/memories/people.md" and _contents(store)["/memories/people.md"] == ""


@pytest.mark.parametrize("damage", ["corrupt", "newer"])
def test_a_damaged_or_newer_journal_shows_one_line_and_read_only_files(qtbot: QtBot, repo: Path, damage: str) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    damage_journal(store, damage)
    editor = _editor(qtbot, repo)
    editor.show()
    assert editor.problem.isVisible()
    line = editor.problem.text()
    assert ("damaged" in line) if damage == "corrupt" else ("newer version" in line)
    assert "read-only" in line and line.count("\n") == 0
    assert editor.files.paths() == ["/memories/notes.md"]
    assert editor.pane.editor.toPlainText() == "- Use make build.\n" and editor.pane.editor.isReadOnly()
    assert not editor.pane.save_button.isEnabled() and not editor.pane.delete_button.isEnabled()
    assert not editor.save_file()
    assert _contents(store)["/memories/notes.md"] == "- Use make build.\n"
    # The rest of the app keeps going: the tray line and the notices read around the journal.
    assert summary(repo, "on") == "Memory: 1 file (its history cannot be read)"
    notices = MemoryNotices(lambda: repo)
    notices.session_started("s1")
    assert notices.check() == ()


def test_the_agent_changing_a_file_while_it_is_edited_keeps_the_edit(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    _write(store, "notes.md", "- Use make build.\n", session_id="s1")
    editor = _editor(qtbot, repo)
    editor.pane.editor.setPlainText("- Use make build.\n- Ana owns the parser.\n")
    store.execute({"command": "view", "path": "/memories/notes.md"}, session_id="s2")
    store.execute(
        {"command": "insert", "path": "/memories/notes.md", "insert_line": 1, "insert_text": "- Deploys on Thursdays."},
        session_id="s2",
    )
    editor.reload()  # what the app does when the agent remembered something
    assert editor.pane.editor.toPlainText() == "- Use make build.\n- Ana owns the parser.\n"
    assert "Save will offer to merge" in editor.pane.refusal.text()
    assert "The agent added to notes.md" in editor.details.history.item(0).text()
    asked: list[str] = []
    editor.resolve_conflict = lambda _p, message: asked.append(message) is None and memory_merge.CANCEL
    assert not editor.save_file() and asked
