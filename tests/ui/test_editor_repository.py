"""The repository the editor shows, in the desktop app's own wiring: made active when none is, offered once
with one click when another is, and the next question carries the editor's context about it.

The app's instance server serves the real socket with the app's own handler; reports come over it as an
editor sends them. The agent worker runs on its thread with the real SDK against the fake Messages API.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.core import messages, repos
from app.core.editor import block
from app.core.settings import Settings
from app.ui.application import DesktopApp
from app.ui.instance_server import InstanceServer, LaunchRequests
from app.ui.threads import start_thread, stop_thread
from tests.conftest import git
from tests.ui.editor_rig import connect, line, off_thread, read_reply, shut


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    """The repository the editor shows: another one than the app's project."""
    repo = tmp_path / "ledger"
    (repo / "src").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    (repo / "src" / "sync.py").write_text("def reconcile():\n    return None + 1\n", encoding="utf-8")
    return repo.resolve()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        monkeypatch.setenv("ANTHROPIC_API_KEY", server.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
        server.respond_with(lambda _request: text("It adds one to None."))
        yield server


def run_app(qtbot: QtBot, repo: Path | None) -> Iterator[DesktopApp]:
    """The desktop app with its instance server and agent thread (no models, no audio, no hotkey)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    desktop = DesktopApp(app, Settings(), repo)
    messages.set_sink(desktop.notifier.sink)  # as DesktopApp.start sets it
    requests = LaunchRequests(
        desktop.controller, set_repository=desktop.set_repository, show_menu=lambda: None, editor=desktop.editor
    )
    server = InstanceServer(requests.handle)
    assert server.listen()
    thread = start_thread(desktop.agent, "agent-test")
    desktop.controller.start()
    desktop._update_repo_menu()  # as DesktopApp.start does
    try:
        yield desktop
    finally:
        shut(server)
        desktop.agent.cancel()
        stop_thread(thread)
        if desktop.setup.window is not None:
            desktop.setup.window.close()
        desktop.panel.close()
        desktop.tray.hide()
        messages.set_sink(None)


@pytest.fixture
def on_project(qtbot: QtBot, empty_repo: Path, fake: FakeAPI) -> Iterator[DesktopApp]:
    yield from run_app(qtbot, repos.find_root(empty_repo))


@pytest.fixture
def on_nothing(qtbot: QtBot, fake: FakeAPI) -> Iterator[DesktopApp]:
    yield from run_app(qtbot, None)


def editor_reports(qtbot: QtBot, repo: Path, line_number: int) -> None:
    def send() -> None:
        with connect() as sock:
            sock.sendall(
                line(
                    editor_context={
                        "editor": "nvim",
                        "root": str(repo),
                        "path": "src/sync.py",
                        "line": line_number,
                        "column": 12,
                        "diagnostics": [{"severity": "error", "line": 2, "message": "unsupported operand None + int"}],
                    }
                )
            )
            assert read_reply(sock)["ok"]

    off_thread(qtbot, send)


def context_block(request: RecordedRequest) -> str:
    content: Any = request.body["messages"][-1]["content"]
    texts = [b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text"]
    return next((t for t in texts if t.startswith(block.HEADER)), "")


def turns(fake: FakeAPI) -> list[RecordedRequest]:
    return [r for r in fake.requests if r.body.get("max_tokens", 0) > 1]


def notice(desktop: DesktopApp) -> str:
    shown = desktop.tray.last_message
    return shown.text if shown is not None else ""


@pytest.mark.slow
def test_the_editors_other_repository_is_offered_once_and_one_click_asks_about_it(
    qtbot: QtBot, on_project: DesktopApp, ledger: Path, fake: FakeAPI, empty_repo: Path
) -> None:
    desktop = on_project
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "sync.py").write_text("def reconcile():\n    return 1\n", encoding="utf-8")
    editor_reports(qtbot, ledger, 2)
    qtbot.waitUntil(lambda: "Neovim shows ledger" in notice(desktop), timeout=10_000)
    offer = desktop.tray.last_message
    assert offer is not None and offer.actions == (("switch", "Switch to ledger"),)
    assert "questions are about project" in offer.text
    item = desktop.menu.editor_repo_action
    assert item.isVisible() and item.text() == "Switch to ledger (open in Neovim)"
    assert desktop.menu.texts()[1:3] == ["Repository: project", "Switch to ledger (open in Neovim)"]
    assert desktop.controller.repo == repos.find_root(empty_repo)  # nothing switched by itself

    # The editor reports on (each cursor move): no second notice for the same repository.
    desktop.tray.last_message = None
    editor_reports(qtbot, ledger, 1)
    qtbot.waitUntil(lambda: (received := desktop.editor.get()) is not None and received.report.line == 1)
    qtbot.wait(200)
    assert desktop.tray.last_message is None

    # The editor flips to a file of the project and back: the menu follows, the notice is not repeated.
    editor_reports(qtbot, empty_repo, 1)
    qtbot.waitUntil(lambda: not item.isVisible())
    editor_reports(qtbot, ledger, 2)
    qtbot.waitUntil(item.isVisible)
    qtbot.wait(200)
    assert desktop.tray.last_message is None

    # A click on the notice's action (the desktop's notification service calls it with the key).
    assert offer.on_action is not None
    offer.on_action("switch")
    assert desktop.controller.repo == ledger and notice(desktop) == "Now asking about ledger."
    assert not item.isVisible() and desktop.menu.repo_menu.title() == "Repository: ledger"

    # The next question carries what the editor shows in that repository.
    editor_reports(qtbot, ledger, 2)
    desktop.controller.ask("why does this fail")
    qtbot.waitUntil(lambda: len(turns(fake)) == 1, timeout=30_000)
    sent = context_block(turns(fake)[0])
    assert "Looking at src/sync.py line 2" in sent and "unsupported operand None + int" in sent

    # Back to the project by the person's own choice: the menu offers the editor's again, without a notice.
    desktop.tray.last_message = None
    desktop.menu.repository_chosen.emit(repos.find_root(empty_repo))
    assert notice(desktop) == "Now asking about project."
    assert item.isVisible()
    item.trigger()
    assert desktop.controller.repo == ledger and not item.isVisible()


@pytest.mark.slow
def test_with_no_repository_the_editors_becomes_active_and_the_kept_question_is_asked_about_it(
    qtbot: QtBot, on_nothing: DesktopApp, ledger: Path, fake: FakeAPI
) -> None:
    desktop = on_nothing
    desktop.controller.ask("why does this fail")  # before any repository: kept
    assert desktop.controller.repo is None and turns(fake) == []
    editor_reports(qtbot, ledger, 2)
    qtbot.waitUntil(lambda: desktop.controller.repo == ledger, timeout=10_000)
    assert "Now asking about ledger (Neovim has it open)." in notice(desktop)
    assert not desktop.menu.editor_repo_action.isVisible()
    window = desktop.setup.window  # opened when the question came without a repository
    assert window is not None and "Asking about ledger" in window.repo_label.text()
    assert not window.waiting_label.isVisible()
    qtbot.waitUntil(lambda: len(turns(fake)) == 1, timeout=30_000)
    sent = context_block(turns(fake)[0])
    assert "Looking at src/sync.py line 2" in sent and "unsupported operand None + int" in sent


@pytest.mark.slow
def test_the_settings_checkbox_stops_what_the_editor_shows_from_being_sent(
    qtbot: QtBot, on_project: DesktopApp, empty_repo: Path, fake: FakeAPI
) -> None:
    desktop = on_project
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "sync.py").write_text("def reconcile():\n    return None + 1\n", encoding="utf-8")
    editor_reports(qtbot, empty_repo.resolve(), 2)
    desktop.controller.ask("why does this fail")
    qtbot.waitUntil(lambda: len(turns(fake)) == 1, timeout=30_000)
    assert "Looking at src/sync.py line 2" in context_block(turns(fake)[0])

    desktop.open_settings(memory=False)
    window = desktop.settings_window
    assert window is not None and window.editor_context.text() == "Send what the editor shows"
    assert window.editor_context.isChecked()  # on by default
    window.editor_context.setChecked(False)
    assert window.save()
    window.close()
    qtbot.waitUntil(lambda: desktop.controller.state.value == "idle", timeout=30_000)
    desktop.controller.ask("why does this fail")
    qtbot.waitUntil(lambda: len(turns(fake)) == 2, timeout=30_000)
    assert context_block(turns(fake)[1]) == ""
