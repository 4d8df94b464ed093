"""The memory window marks each line on the line itself: changed since PATH, no longer exists PATH, trust, origin.

A real repository: the agent's notes cite a function and a file, then the function is edited and the
file deleted; the window's rows say so line by line (an unrelated line is not marked), with each
line's trust and where it came from. A screenshot goes to test-artifacts/screenshots/memory-lines.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.memory import MemoryStore, open_store
from app.ui import colours
from app.ui.memory_editor import MemoryEditor
from app.ui.memory_line_rows import ROLE_LINE, RowParts, row_parts
from tests.conftest import git

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
CONFIG = "- load_config in src/config.py reads the settings file first, by design."
EXPORTER = "- src/exporter.py holds the legacy CSV exporter; keep it until the 2027 release."
PYTEST = "- Prefer pytest -x when running the whole suite."
BOTH = "- src/exporter.py takes its column names from src/config.py, by design."
SIGNED = "- Release builds are signed on the CI machine only, by policy."


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", message)


def _written(repo: Path) -> MemoryStore:
    (repo / "src").mkdir()
    (repo / "src" / "config.py").write_text("def load_config(path):\n    return open(path).read()\n")
    (repo / "src" / "exporter.py").write_text("def export(rows):\n    return rows\n")
    _commit(repo, "start")
    store = open_store(repo)
    asked = store.execute(
        {"command": "create", "path": "/memories/notes.md", "file_text": f"{CONFIG}\n{EXPORTER}\n{BOTH}\n{PYTEST}\n"},
        session_id="s1",
        user_words="remember how the config and the exporter work, and that I prefer pytest -x",
    )
    assert not asked.is_error, asked.text
    inferred = store.execute(
        {"command": "str_replace", "path": "/memories/notes.md", "old_str": PYTEST, "new_str": f"{PYTEST}\n{SIGNED}"},
        session_id="s2",
    )
    assert not inferred.is_error, inferred.text
    (repo / "src" / "config.py").write_text("def load_config(path, strict=True):\n    return open(path).read()\n")
    (repo / "src" / "exporter.py").unlink()
    (repo / "README.md").write_text("An unrelated change.\n")
    _commit(repo, "config gets strict; the exporter goes")
    return store


def _rows(editor: MemoryEditor) -> dict[str, RowParts]:
    box = editor.details.lines.list
    return {box.item(i).data(ROLE_LINE)["text"]: row_parts(box.item(i).data(ROLE_LINE)) for i in range(box.count())}


def test_each_line_shows_what_changed_what_is_gone_its_trust_and_origin(
    desktop: None, qtbot: QtBot, empty_repo: Path
) -> None:
    _written(empty_repo)
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1100, 720)
    editor.set_active_repository(empty_repo)
    editor.show()
    editor.files.select("/memories/notes.md")
    rows = _rows(editor)
    assert [(t.text, t.colour) for t in rows[CONFIG].tags] == [
        ("⚠ Changed since: src/config.py (load_config)", colours.CAUTION),
        ("Agent's note, confirmed in 1 session", colours.MUTED),
        ("You asked for it", colours.DIFF_NOTE),
    ]
    gone = rows[EXPORTER].tags[0]
    assert (gone.text, gone.colour) == ("✕ No longer exists: src/exporter.py", colours.ERROR)
    assert [t.text for t in rows[BOTH].tags[:2]] == [  # one cited file gone, the other changed: both said
        "✕ No longer exists: src/exporter.py",
        "⚠ Changed since: src/config.py",
    ]
    assert rows[PYTEST].tags[0].text == "Cites no code to check"  # README.md changed: not its business
    assert [t.text for t in rows[SIGNED].tags] == [
        "Cites no code to check",
        "Agent's note, confirmed in 1 session",
        "Inferred by the agent",
    ]
    box = editor.details.lines.list
    spoken = box.item(0).data(Qt.ItemDataRole.AccessibleTextRole)  # what a screen reader says of the row
    assert spoken.startswith(CONFIG)
    assert "Changed since: src/config.py (load_config)" in spoken and "You asked for it" in spoken
    # Each row is as tall as its wrapped text and tags: no row is cut to one line.
    heights = [box.visualItemRect(box.item(i)).height() for i in range(box.count())]
    assert min(heights) > 2 * box.fontMetrics().height(), heights
    SHOTS.mkdir(parents=True, exist_ok=True)
    editor.grab().save(str(SHOTS / "memory-lines.png"))


def test_a_standing_line_and_a_candidate_say_so_beside_make_standing(
    desktop: None, qtbot: QtBot, empty_repo: Path
) -> None:
    store = _written(empty_repo)
    for session in ("s3", "s4"):
        store.execute({"command": "create", "path": f"/memories/{session}.md", "file_text": f"{SIGNED}\n"},
                      session_id=session)  # fmt: skip
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.set_active_repository(empty_repo)
    editor.show()
    editor.files.select("/memories/notes.md")
    lines = editor.details.lines
    assert [t.text for t in _rows(editor)[SIGNED].tags][1] == "↑ Confirmed in 3 sessions: can be made standing"
    assert lines.selected_line() is not None and lines.selected_line()["text"] == SIGNED  # selected for the person
    assert lines.standing_button.isEnabled()
    lines.standing_button.click()
    assert [(t.text, t.colour) for t in _rows(editor)[SIGNED].tags][1] == (
        "★ Standing: yours; the agent cannot change it",
        colours.OK,
    )


def test_an_archived_line_says_it_is_not_loaded_beside_restore(
    desktop: None, qtbot: QtBot, empty_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    _written(empty_repo)
    skew.write_text(str(61 * 86_400))
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.set_active_repository(empty_repo)
    editor.show()
    editor.files.select("/memories/notes.md")
    parts = _rows(editor)[SIGNED]
    assert parts.muted and parts.tags[1].text == "‖ Archived: 60 days neither used nor confirmed; not loaded"
    assert editor.details.lines.restore_button.isEnabled()
