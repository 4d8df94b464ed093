"""A question carries what the editor reported over the socket, unless the setting is off or the repository differs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.settings import Settings
from app.ui.settings_window import SettingsWindow
from tests.conftest import git
from tests.ui.editor_rig import Served, connect, line, off_thread, read_reply, serve


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "sync.py").write_text("def reconcile():\n    return 1\n", encoding="utf-8")
    return empty_repo


@pytest.fixture
def served(qtbot: QtBot, repo: Path) -> Iterator[Served]:
    yield from serve(repo)


def editor_reports(qtbot: QtBot, repo: Path, line_number: int) -> None:
    def send() -> None:
        with connect() as sock:
            sock.sendall(
                line(
                    editor_context={
                        "editor": "nvim",
                        "root": str(repo),
                        "path": "sync.py",
                        "line": line_number,
                        "column": 1,
                    }
                )
            )
            assert read_reply(sock)["ok"]

    off_thread(qtbot, send)


def asked_with(served: Served, question: str = "what does this do") -> object:
    served.controller.ask(question)
    return served.agent.editors[-1]


def test_a_question_carries_the_editors_report_until_the_setting_is_off(
    qtbot: QtBot, served: Served, repo: Path
) -> None:
    assert asked_with(served) is None  # no editor has reported yet
    editor_reports(qtbot, repo, 2)
    sent = asked_with(served)
    assert getattr(sent, "path", None) == "sync.py" and getattr(sent, "line", None) == 2
    served.controller.apply_settings(replace(Settings(), send_editor_context=False))
    assert asked_with(served) is None


def test_a_report_from_another_repository_is_not_sent(qtbot: QtBot, served: Served, repo: Path, tmp_path: Path) -> None:
    editor_reports(qtbot, repo, 2)
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    served.controller.set_repository(other)
    assert asked_with(served) is None


def test_send_what_the_editor_shows_is_on_by_default_and_can_be_turned_off(qtbot: QtBot) -> None:
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    assert window.editor_context.isChecked() and window.current().send_editor_context
    assert "4,000" in window.editor_context.toolTip()
    window.editor_context.setChecked(False)
    assert window.current().send_editor_context is False
    window.load(replace(Settings(), send_editor_context=False))
    assert not window.editor_context.isChecked()
