"""Telling the person what the agent remembered: a real turn through the fake Messages API, then Undo.

The agent worker runs on its own thread with the real SDK over HTTP; the store is real, in a
temporary folder; only speech and the microphone are the tests' fakes (nothing here is said aloud).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core import messages
from app.core.agent.events import ToolFinished, TurnEnded
from app.core.memory import open_store
from app.core.settings import Settings
from app.ui.agent_worker import AgentWorker
from app.ui.app_menu import AppMenu
from app.ui.application import connect_memory_notices
from app.ui.controller import Controller
from app.ui.memory_notice import MemoryNotices
from app.ui.notify import Notifier
from app.ui.panel import AnswerPanel
from app.ui.threads import start_thread, stop_thread
from app.ui.tray import Tray
from tests.conftest import git
from tests.ui.fakes import FakeAgent, FakeMicrophone, FakeSpeech

NOTE = "- Ana owns the parser; ask her before changing src/app.py.\n"


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "app.py").write_text("print('hello')\n")
    git(empty_repo, "add", "-A")
    git(empty_repo, "commit", "-q", "-m", "start")
    return empty_repo


class Rig:
    def __init__(self, repo: Path) -> None:
        self.agent = AgentWorker()
        self.thread = start_thread(self.agent, "agent-test")
        self.speech = FakeSpeech()
        self.controller = Controller(
            speech=self.speech, agent=self.agent, microphone=FakeMicrophone(), settings=Settings(), repo=repo
        )
        self.menu = AppMenu()
        self.tray = Tray(self.menu, use_tray=False)
        self.panel = AnswerPanel()
        self.notices = MemoryNotices(lambda: self.controller.repo)
        connect_memory_notices(
            self.notices, controller=self.controller, agent=self.agent, panel=self.panel, menu=self.menu
        )
        self.notifier = Notifier(self.tray.show_message)  # the message path ends at the tray, as in the app
        messages.set_sink(self.notifier.sink)
        self.controller.start()
        self.store = open_store(repo)


@pytest.fixture
def rig(qtbot: QtBot, repo: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Rig]:
    with FakeAPI() as fake:
        monkeypatch.setenv("ANTHROPIC_API_KEY", fake.api_key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
        r = Rig(repo)
        r.fake = fake  # type: ignore[attr-defined]
        yield r
        r.agent.cancel()
        stop_thread(r.thread)
        r.panel.close()


def _script_a_memory_write(fake: FakeAPI) -> None:
    fake.script(
        tool_use("memory", {"command": "create", "path": "/memories/notes.md", "file_text": NOTE}),
        text("Noted: Ana owns the parser."),
    )


def test_with_the_panel_closed_a_tray_notification_says_what_was_remembered(qtbot: QtBot, rig: Rig) -> None:
    _script_a_memory_write(rig.fake)  # type: ignore[attr-defined]
    rig.controller.ask("remember that Ana owns the parser")
    qtbot.waitUntil(rig.menu.undo_memory_action.isEnabled, timeout=30_000)
    shown = rig.tray.last_message
    assert shown is not None
    assert (
        shown.text.splitlines()[0]
        == "Remembered: “Ana owns the parser; ask her before changing src/app.py” in notes.md"
    )
    assert "Undo last memory change" in shown.text
    assert not shown.speak and "Remembered" not in "".join(rig.speech.spoken.values())  # never said aloud
    assert not rig.panel.isVisible()  # nothing popped up
    assert [f.text for f in rig.store.files()] == [NOTE]

    rig.menu.undo_memory_action.trigger()  # "Undo last change" from the tray
    assert rig.store.files() == []
    assert rig.tray.last_message is not None
    assert rig.tray.last_message.text == (
        "Undone: I forgot “Ana owns the parser; ask her before changing src/app.py” in notes.md."
    )
    assert not rig.menu.undo_memory_action.isEnabled()


def test_with_the_panel_open_the_lines_appear_there_with_undo(qtbot: QtBot, rig: Rig) -> None:
    rig.panel.show_last()
    # (Whether showing the panel takes the keyboard is the desktop test's to see: offscreen Qt activates any
    # window it shows.) The lines themselves must change nothing about which window is active.
    qtbot.wait(300)
    active = QApplication.activeWindow()
    _script_a_memory_write(rig.fake)  # type: ignore[attr-defined]
    before = rig.tray.last_message
    rig.controller.ask("remember that Ana owns the parser")
    qtbot.waitUntil(lambda: bool(rig.panel.memory_lines()), timeout=30_000)
    assert rig.panel.memory_box.isVisible()
    assert rig.panel.memory_lines() == [
        "Remembered: “Ana owns the parser; ask her before changing src/app.py” in notes.md"
    ]
    assert rig.tray.last_message is before  # no second notification
    assert QApplication.activeWindow() is active

    undo = rig.panel._memory_lines[next(iter(rig.panel._memory_lines))][0][1]
    undo.click()
    assert rig.store.files() == []
    assert rig.panel.memory_lines()[0] == (
        "Undone: I forgot “Ana owns the parser; ask her before changing src/app.py” in notes.md."
    )
    assert not undo.isVisible()


def test_a_memory_view_or_a_refused_write_tells_nothing(qtbot: QtBot, rig: Rig) -> None:
    rig.fake.script(  # type: ignore[attr-defined]
        tool_use("memory", {"command": "view", "path": "/memories"}),
        tool_use("memory", {"command": "create", "path": "/memories/../escape.md", "file_text": "- Outside.\n"}),
        text("Nothing worth keeping."),
    )
    finished: list[object] = []
    rig.agent.finished.connect(lambda _t, r: finished.append(r))
    rig.controller.ask("what do you remember")
    qtbot.waitUntil(lambda: bool(finished), timeout=30_000)
    QApplication.processEvents()
    assert rig.panel.memory_lines() == [] and not rig.menu.undo_memory_action.isEnabled()


def test_an_interrupted_turn_still_reports_its_memory_change(qtbot: QtBot, tmp_path: Path) -> None:
    agent = FakeAgent()
    # A repository: a question asked without one is kept until one is chosen (test_setup_window.py).
    controller = Controller(
        speech=FakeSpeech(), agent=agent, microphone=FakeMicrophone(), settings=Settings(), repo=tmp_path
    )
    told: list[int] = []
    controller.memory_changed.connect(told.append)
    controller.ask("remember the deploy day")
    turn = agent.last_turn
    agent.turn_event.emit(turn, ToolFinished("t1", "memory", "remembering", False))
    controller.ask("something else")  # barge in: the first turn is abandoned
    agent.finished.emit(turn, TurnEnded("", cancelled=True))
    assert told == [turn]


def test_the_repository_menu_has_the_memory_switch_with_a_line_for_each_choice(qtbot: QtBot, repo: Path) -> None:
    menu = AppMenu()
    qtbot.addWidget(menu)
    menu.set_memory_mode("read-only")
    menu.set_repositories(repo, [])
    modes = menu.memory_mode_actions()
    assert [a.text() for a in modes] == [
        "On: the agent reads its notes at the start of each session and saves new ones.",
        "Read-only: the agent reads its notes but cannot save or change any.",
        "Off: nothing is loaded or saved; the agent has no memory for this repository.",
    ]
    assert [a.isChecked() for a in modes] == [False, True, False]
    chosen: list[str] = []
    menu.memory_mode_chosen.connect(chosen.append)
    modes[2].trigger()
    assert chosen == ["off"]


def test_the_tray_tooltip_says_what_memory_the_session_loads(qtbot: QtBot, repo: Path) -> None:
    from app.ui.memory_status import MemorySummary, summary

    store = open_store(repo)
    assert summary(repo, "on") == "Memory: empty"
    for name, note in (("a.md", "- Ana owns src/app.py; ask her first.\n"), ("b.md", "- Ana owns the parser.\n")):
        store.execute({"command": "create", "path": f"/memories/{name}", "file_text": note})
    (repo / "src" / "app.py").write_text("print('bye')\n")
    git(repo, "commit", "-q", "-am", "bye")
    assert summary(repo, "on") == "Memory: 2 files, 1 may be stale"
    assert summary(repo, "read-only") == "Memory (read-only): 2 files, 1 may be stale"
    assert summary(repo, "off") == "Memory: off for this repository"

    menu = AppMenu()
    qtbot.addWidget(menu)
    tray = Tray(menu, use_tray=False)
    tray.set_context(repo, "ctrl+alt+space")
    worker = MemorySummary()
    worker.ready.connect(lambda _repo, line: tray.set_memory_summary(line))
    worker.refresh(repo, "on")  # off the main thread: git is asked about every file
    qtbot.waitUntil(lambda: "Memory: 2 files, 1 may be stale" in tray.tooltip, timeout=10_000)
    assert tray.tooltip.splitlines()[1:3] == [f"Repository: {repo.name}", "Memory: 2 files, 1 may be stale"]


def test_the_first_run_note_is_shown_once_per_repository(repo: Path, tmp_path: Path) -> None:
    from app.ui.memory_status import first_run_note

    note = first_run_note(repo)
    folder = open_store(repo).folder
    assert str(folder) in note
    assert "sent to the Anthropic API" in note and "turn it off" in note
    assert first_run_note(repo) == ""  # once
    other = tmp_path / "other"
    other.mkdir()
    assert first_run_note(other).startswith("Memory for other:")


def test_each_change_is_told_once_even_after_the_repository_was_forgotten(qtbot: QtBot, repo: Path) -> None:
    store = open_store(repo)
    notices = MemoryNotices(lambda: repo)
    notices.session_started("s1")
    store.execute(
        {"command": "create", "path": "/memories/a.md", "file_text": "- Deploys on Thursdays.\n"}, session_id="s1"
    )
    store.execute({"command": "create", "path": "/memories/b.md", "file_text": "- Ana owns CI.\n"}, session_id="other")
    assert [n.line for n in notices.check()] == ["Remembered: “Deploys on Thursdays” in a.md"]  # not other's
    assert notices.check() == ()
    store.forget()  # the journal starts again from change 1
    store.execute({"command": "create", "path": "/memories/c.md", "file_text": "- Use ninja.\n"}, session_id="s1")
    assert [n.line for n in notices.check()] == ["Remembered: “Use ninja” in c.md"]
