"""The desktop's side of trust: the panel asks with the command and folder, Settings shows and revokes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core import trust
from app.core.agent.events import TrustNeeded
from app.core.settings import Settings
from app.ui.panel import AnswerPanel
from app.ui.settings_window import SettingsWindow


def _request(repo: Path) -> TrustNeeded:
    return TrustNeeded(str(repo), "test", "/usr/bin/python3 -m pytest -q", str(repo / "api"))


def test_the_panel_shows_what_would_run_and_trust_trusts(qtbot: QtBot, empty_repo: Path) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.ask_trust(_request(empty_repo))
    assert panel.isVisible() and panel.trust_box.isVisible()
    shown = panel.trust_box.question.text()
    assert "/usr/bin/python3 -m pytest -q" in shown and str(empty_repo / "api") in shown
    qtbot.mouseClick(panel.trust_box.trust_button, Qt.MouseButton.LeftButton)
    assert trust.is_trusted(empty_repo)
    assert "Trusted" in panel.trust_box.question.text() and not panel.trust_box.trust_button.isVisible()


def test_not_now_trusts_nothing_and_closes_the_question(qtbot: QtBot, empty_repo: Path) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.ask_trust(_request(empty_repo))
    with qtbot.waitSignal(panel.trust_box.decided) as decided:
        qtbot.mouseClick(panel.trust_box.later_button, Qt.MouseButton.LeftButton)
    assert decided.args == [str(empty_repo), False]
    assert not trust.is_trusted(empty_repo) and not panel.trust_box.isVisible()


def test_settings_repositories_lists_trusted_ones_and_stops_trusting(qtbot: QtBot, empty_repo: Path) -> None:
    trust.grant(empty_repo)
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.show()
    listed = window.trusted
    assert listed.trusted_folders() == [str(empty_repo.resolve())]
    listed.list.setCurrentRow(0)
    qtbot.mouseClick(listed.revoke, Qt.MouseButton.LeftButton)
    assert not trust.is_trusted(empty_repo)
    assert listed.trusted_folders() == [] and not listed.none.isHidden()


def test_settings_repositories_trusts_a_recent_repository_on_a_click(qtbot: QtBot, empty_repo: Path) -> None:
    window = SettingsWindow(Settings(recent_repos=(str(empty_repo),)))
    qtbot.addWidget(window)
    window.show()
    listed = window.trusted
    assert listed.trusted_folders() == [] and listed.untrusted_folders() == [str(empty_repo.resolve())]
    assert listed.list.item(0).text().endswith("not trusted") and not trust.is_trusted(empty_repo)
    assert not listed.grant.isEnabled()  # nothing chosen: nothing is trusted by itself
    listed.list.setCurrentRow(0)
    qtbot.mouseClick(listed.grant, Qt.MouseButton.LeftButton)
    assert trust.is_trusted(empty_repo)
    assert listed.trusted_folders() == [str(empty_repo.resolve())] and listed.untrusted_folders() == []
    assert "trusted" in listed.list.item(0).text() and "not trusted" not in listed.list.item(0).text()
    assert f"Trusted: {empty_repo.resolve()}" in listed.status.text()


def test_settings_repositories_adds_a_repository_and_trusts_it(qtbot: QtBot, empty_repo: Path, tmp_path: Path) -> None:
    (empty_repo / "src").mkdir()
    plain = tmp_path / "not-a-repository"
    plain.mkdir()
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.show()
    listed = window.trusted

    def choose(folder: Path) -> None:
        qtbot.mouseClick(listed.add, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: listed.dialog is not None and listed.dialog.isVisible())
        assert listed.dialog is not None
        listed.dialog.selectFile(str(folder))
        listed.dialog.accept()
        qtbot.waitUntil(lambda: listed.dialog is None)

    choose(plain)
    assert listed.trusted_folders() == [] and not listed.status.isHidden()
    assert f"{plain} is not inside a git repository" in listed.status.text()  # said, and nothing trusted
    choose(empty_repo / "src")  # a folder inside it names the repository
    assert trust.is_trusted(empty_repo)
    assert listed.trusted_folders() == [str(empty_repo.resolve())]
