"""The Memory window gives its room to the memory: lines visible, no pane collapses, team memory only when on.

Issue 43, point 8: with team memory off its box took most of the height and the Lines box showed about
1.3 lines; dragging a divider collapsed whole panes and clipped the "Lines" heading.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QLabel, QSplitter
from pytestqt.qtbot import QtBot

from app.core.memory import open_store
from app.ui.memory_editor import MemoryEditor
from app.ui.memory_team import OFF

NOTES = "".join(
    f"- {text}\n"
    for text in (
        "We deploy from release tags, never from main.",
        "Prefer pytest -x when running the whole suite locally.",
        "Release builds are signed on the CI machine only, by policy.",
        "The payments service owns the webhook secrets; ask Ana before rotating them.",
        "Database migrations run in a separate job before the deploy, by decision.",
    )
)


def _editor(qtbot: QtBot, repo: Path) -> MemoryEditor:
    store = open_store(repo)
    written = store.execute({"command": "create", "path": "/memories/notes.md", "file_text": NOTES}, session_id="s1")
    assert not written.is_error, written.text
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1000, 640)
    editor.set_active_repository(repo)
    editor.show()
    qtbot.waitExposed(editor)
    editor.files.select("/memories/notes.md")
    return editor


def _rows_shown(editor: MemoryEditor) -> int:
    box = editor.details.lines.list
    height = box.viewport().height()
    return sum(1 for i in range(box.count()) if box.visualItemRect(box.item(i)).bottom() < height)


def test_with_team_memory_off_the_lines_get_the_room_and_the_team_box_is_one_line(
    qtbot: QtBot, empty_repo: Path
) -> None:
    editor = _editor(qtbot, empty_repo)
    assert not editor.team.isVisible()  # no empty box with four disabled buttons
    assert editor.team_place.off_line.isVisible() and editor.team_place.off_line.text() == OFF
    assert editor.team_place.height() <= 3 * editor.team_place.off_line.fontMetrics().lineSpacing()
    assert _rows_shown(editor) >= 2  # whole lines with their marks, not 1.3 of one
    assert editor.details.lines.height() > editor.files.height()


def test_dragging_a_divider_collapses_no_pane_and_keeps_the_lines_heading(qtbot: QtBot, empty_repo: Path) -> None:
    editor = _editor(qtbot, empty_repo)
    splitters = editor.findChildren(QSplitter)
    assert splitters and all(not s.childrenCollapsible() for s in splitters)
    split = editor._files_and_detail
    heading = next(label for label in editor.details.lines.findChildren(QLabel) if label.text() == "<b>Lines</b>")
    for handle, position in ((1, 0), (2, 0), (2, 10_000), (1, 10_000)):  # each divider to each end
        split.moveSplitter(position, handle)
        qtbot.wait(10)
        assert all(size > 0 for size in split.sizes()), f"a pane collapsed: {split.sizes()}"
        lines = editor.details.lines
        shown = QRect(heading.mapTo(lines, QPoint(0, 0)), heading.size())
        assert lines.rect().contains(shown) and heading.height() >= heading.sizeHint().height()
        assert lines.list.height() >= lines.list.minimumHeight() > 0
