"""The memory window's lines: a lesson confirmed in 3 sessions offers "Make standing", an archived line "Restore"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.memory import MemoryStore, open_store
from app.core.memory.block_split import DEVELOPER_HEADING, NOTES_HEADING
from app.ui.memory_editor import MemoryEditor
from app.ui.memory_line_rows import ROLE_LINE, row_parts

LESSON = "- If the build fails with CS0246 after switching branches, run dotnet restore first."
SIGNED = "- Release builds are signed on the CI machine only, by policy."


def _write(store: MemoryStore, path: str, text: str, session: str) -> str:
    result = store.execute({"command": "create", "path": path, "file_text": text}, session_id=session)
    assert not result.is_error, result.text
    return result.text


def _editor(qtbot: QtBot, repo: Path) -> MemoryEditor:
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1000, 700)
    editor.set_active_repository(repo)
    editor.show()
    return editor


def _rows(editor: MemoryEditor) -> list[str]:
    box = editor.details.lines.list
    return [box.item(i).text() for i in range(box.count())]


def test_make_standing_is_offered_for_a_candidate_and_makes_it_the_developer_s(
    desktop: None, qtbot: QtBot, empty_repo: Path
) -> None:
    store = open_store(empty_repo)
    _write(store, "/memories/notes.md", f"{LESSON}\n{SIGNED}\n", "s1")
    _write(store, "/memories/build.md", LESSON, "s2")
    editor = _editor(qtbot, empty_repo)
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    assert lines.isVisible() and not lines.standing_button.isEnabled()  # confirmed in 2: not yet
    assert _rows(editor)[0] == f"Agent's note, confirmed in 2 sessions: {LESSON}"
    _write(store, "/memories/build.md", LESSON, "s3")
    editor.refresh(file="/memories/notes.md")
    assert _rows(editor)[0] == f"↑ Confirmed in 3 sessions; can be made standing: {LESSON}"
    assert lines.selected_line() is not None and lines.standing_button.isEnabled()
    qtbot.mouseClick(lines.standing_button, Qt.MouseButton.LeftButton)
    assert _rows(editor)[0] == f"★ Standing (yours; the agent cannot change it): {LESSON}"
    assert not lines.standing_button.isEnabled()
    assert "is standing now" in editor.pane.refusal.text()
    block = store.snapshot(session_id="s4")
    assert block.startswith(DEVELOPER_HEADING) and LESSON in block.split(NOTES_HEADING)[0]
    refused = store.execute(
        {"command": "str_replace", "path": "/memories/notes.md", "old_str": "restore first", "new_str": "clean"},
        session_id="s4",
    )
    assert refused.is_error and "standing line" in refused.text


def test_an_archived_line_is_listed_and_restored_from_the_window(
    desktop: None, qtbot: QtBot, empty_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    store = open_store(empty_repo)
    _write(store, "/memories/notes.md", f"{SIGNED}\n", "s1")
    skew.write_text(str(61 * 86_400))
    editor = _editor(qtbot, empty_repo)
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    assert _rows(editor) == [f"⏸ Archived (60 days neither used nor confirmed; not loaded): {SIGNED}"]
    assert lines.restore_button.isEnabled() and not lines.standing_button.isEnabled()
    assert "signed on the CI machine" not in store.snapshot(session_id="s2")
    qtbot.mouseClick(lines.restore_button, Qt.MouseButton.LeftButton)
    assert _rows(editor) == [f"Agent's note, confirmed in 1 session: {SIGNED}"]
    assert "signed on the CI machine" in store.snapshot(session_id="s3")


def test_a_line_the_person_asked_for_shows_no_archived_mark_after_60_days(
    qtbot: QtBot, empty_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    store = open_store(empty_repo)
    asked = store.execute(
        {"command": "create", "path": "/memories/notes.md", "file_text": f"{SIGNED}\n"},
        session_id="s1",
        user_words="remember that release builds are signed on the CI machine only",
    )
    assert not asked.is_error, asked.text
    skew.write_text(str(61 * 86_400))
    editor = _editor(qtbot, empty_repo)
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    assert _rows(editor) == [f"Agent's note, confirmed in 1 session: {SIGNED}"]
    line = lines.selected_line()
    assert line is not None
    tags = [tag.text for tag in row_parts(line).tags]
    assert "You asked for it" in tags
    assert not any("Archived" in tag for tag in tags)
    assert not lines.restore_button.isEnabled()


OTHER = "- Staging deploys go through the deploy-staging job, never by hand."


def test_after_restore_the_selection_stays_on_the_restored_line_and_restore_is_off(
    qtbot: QtBot, empty_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    store = open_store(empty_repo)
    _write(store, "/memories/notes.md", f"{SIGNED}\n{OTHER}\n", "s1")  # both the agent's, both archived on day 61
    skew.write_text(str(61 * 86_400))
    editor = _editor(qtbot, empty_repo)
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    lines.list.setCurrentRow(1)  # the person chooses the second archived line
    assert lines.selected_line() is not None and lines.selected_line()["text"] == OTHER  # type: ignore[index]
    qtbot.mouseClick(lines.restore_button, Qt.MouseButton.LeftButton)
    chosen = lines.selected_line()
    assert chosen is not None and chosen["text"] == OTHER and chosen["archived"] is False
    assert lines.list.currentItem().isSelected()
    assert not lines.restore_button.isEnabled()  # a second click restores nothing the person did not choose
    qtbot.mouseClick(lines.restore_button, Qt.MouseButton.LeftButton)
    still = {s.text: s.archived for s in store.person.line_states()["/memories/notes.md"]}
    assert still == {SIGNED: True, OTHER: False}


def test_after_make_standing_the_selection_stays_on_that_line(qtbot: QtBot, empty_repo: Path) -> None:
    store = open_store(empty_repo)
    for session in ("s1", "s2", "s3"):  # both lessons confirmed in three sessions: two candidates
        _write(store, f"/memories/{session}.md" if session != "s1" else "/memories/notes.md",
               f"{LESSON}\n{OTHER}\n", session)  # fmt: skip
    editor = _editor(qtbot, empty_repo)
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    assert [lines.list.item(i).data(ROLE_LINE)["promotion_candidate"] for i in range(2)] == [True, True]
    lines.list.setCurrentRow(1)
    qtbot.mouseClick(lines.standing_button, Qt.MouseButton.LeftButton)
    chosen = lines.selected_line()
    assert chosen is not None and chosen["text"] == OTHER and chosen["standing"] is True
    assert not lines.standing_button.isEnabled()
