"""The memory window's team box with two real clients on the test server: Share with the team, a teammate's change
shown within a second, edit / delete / undo with who and when, a stale edit refused, read-only and unreachable.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.core.memory import open_store
from app.core.repo_identity import repository_identity
from app.core.team import config, tier
from app.ui.memory_editor import MemoryEditor
from tests.conftest import git
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, unique

MINE = "- We provision on Azure with Bicep; see infra/main.bicep."
THEIRS = "- The deploy window is Tuesday, decided by the release team."


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / unique("window")
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "remote", "add", "origin", f"git@example.com:org/{repo.name}.git")
    (repo / "infra").mkdir()
    (repo / "infra" / "main.bicep").write_text("param x string\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "init")
    ok(open_store(repo), {"command": "create", "path": "/memories/notes.md", "file_text": f"{MINE}\n"}, by="person")
    return repo


def _connect(monkeypatch: pytest.MonkeyPatch, team_db: TeamDatabase, checkout: Path, *, write: bool = True) -> str:
    role = team_db.role()
    team_db.grant(repository_identity(checkout).key, role, write=write)
    monkeypatch.setenv(config.ENV_DSN, team_db.dsn(role))
    return role


def _editor(qtbot: QtBot, repo: Path) -> MemoryEditor:
    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1100, 800)
    editor.set_active_repository(repo)
    editor.show()
    _settle(qtbot, editor)
    return editor


def _settle(qtbot: QtBot, editor: MemoryEditor) -> None:
    """Wait until the team box's server calls are done (each runs on a thread of its own)."""
    qtbot.waitUntil(lambda: editor.team.busy == 0, timeout=10_000)


def _click(qtbot: QtBot, editor: MemoryEditor, button: QWidget) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    _settle(qtbot, editor)


def _rows(editor: MemoryEditor) -> list[str]:
    box = editor.team.list
    return [box.item(i).text() for i in range(box.count())]


def _teammate(team_db: TeamDatabase, checkout: Path) -> tuple[str, tier.Team]:
    role = team_db.role()
    identity = repository_identity(checkout).key
    team_db.grant(identity, role)
    return role, tier.Team(team_db.backend(identity, role), checkout, checkout.parent / f"{role}.json")


def test_share_a_line_and_see_a_teammates_change_within_a_second(
    desktop: None, qtbot: QtBot, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = _connect(monkeypatch, team_db, checkout)
    editor = _editor(qtbot, checkout)
    team = editor.team
    assert "live" in team.state.text() and "No team lines yet" in team.state.text()
    editor.files.select("/memories/notes.md")
    editor.details.lines.list.setCurrentRow(-1)
    qtbot.mouseClick(team.share_button, Qt.MouseButton.LeftButton)  # nothing of mine selected
    assert "Select one of your own lines" in team.message.text()

    editor.details.lines.list.setCurrentRow(0)
    _click(qtbot, editor, team.share_button)
    assert team.message.text() == f"Shared with the team: {MINE}"
    [row] = _rows(editor)
    assert row.startswith(MINE) and f"by {me}, " in row

    other, theirs = _teammate(team_db, checkout)
    theirs.promote("/memories/release.md", THEIRS)
    told = time.monotonic()
    qtbot.waitUntil(lambda: any(r.startswith(THEIRS) for r in _rows(editor)), timeout=1_000)
    assert time.monotonic() - told < 1.0
    assert any(r.startswith(THEIRS) and f"by {other}, " in r for r in _rows(editor))
    theirs.close()
    team.close_team()


def test_edit_delete_and_undo_a_team_line_and_a_stale_edit_is_refused_with_the_current_text(
    desktop: None, qtbot: QtBot, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = _connect(monkeypatch, team_db, checkout)
    other, theirs = _teammate(team_db, checkout)
    theirs.promote("/memories/release.md", THEIRS)
    editor = _editor(qtbot, checkout)
    team = editor.team
    team.list.setCurrentRow(0)
    assert team.edit_button.isEnabled() and team.delete_button.isEnabled()

    fixed = "- The deploy window is Wednesday, decided by the release team."
    editor.ask_text = lambda _title, _label, value: fixed if value == THEIRS else None
    _click(qtbot, editor, team.edit_button)
    assert team.message.text() == f"Changed the team line: {fixed}"
    [row] = _rows(editor)
    assert row.startswith(fixed) and f"by {me}, " in row

    # The teammate, from the version they saw, is refused with what the line reads now.
    [seen] = [x for x in theirs.read().lines]
    team.list.setCurrentRow(0)
    editor.confirm = lambda _title, _text: True
    _click(qtbot, editor, team.delete_button)
    assert team.message.text() == f"Deleted the team line: {fixed}" and _rows(editor) == []
    with pytest.raises(Exception, match="changed since you saw it"):
        theirs.edit(seen.path, seen.text, "- something else", seen.version)

    _click(qtbot, editor, team.undo_button)
    [row] = _rows(editor)
    assert row.startswith(fixed)  # the delete undone: a new change, by me
    assert f"by {me}, " in row and other not in row
    theirs.close()
    team.close_team()


def test_a_reader_sees_the_lines_read_only(
    desktop: None, qtbot: QtBot, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    _other, theirs = _teammate(team_db, checkout)
    theirs.promote("/memories/release.md", THEIRS)
    theirs.close()
    _connect(monkeypatch, team_db, checkout, write=False)
    editor = _editor(qtbot, checkout)
    team = editor.team
    assert team.state.text().startswith("Read-only for you") and _rows(editor)[0].startswith(THEIRS)
    team.list.setCurrentRow(0)
    for button in (team.share_button, team.edit_button, team.delete_button, team.undo_button):
        assert not button.isEnabled()
    team.close_team()


def test_an_unreachable_server_shows_the_cached_team_memory_and_shares_nothing(
    desktop: None, qtbot: QtBot, checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(config.ENV_DSN, f"host={tmp_path / 'no-server'} port=1 user=nobody dbname=team")
    editor = _editor(qtbot, checkout)
    team = editor.team
    assert team.view.state == "cached"
    assert "the team server is unreachable" in team.state.text()
    assert team.state.text().startswith("Team memory as of never;")
    assert not team.share_button.isEnabled()
    team.close_team()
