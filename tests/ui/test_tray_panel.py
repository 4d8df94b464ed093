"""The tray menu and the pop-up panel, as a user meets them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QTextBlock, QTextTable
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.agent.events import Answer, ScreenContent
from app.core.messages import Level, Message
from app.ui.app_menu import AppMenu
from app.ui.panel import AnswerPanel
from app.ui.tray import Tray

ROOT = Path(__file__).resolve().parents[2]

MARKDOWN = """# Build errors

Two things fail:

- `parser.py` still calls `old_name`
- a test expects the new name

```python
def new_name() -> None:
    pass
```

| File | Errors |
|------|--------|
| parser.py | 2 |
"""


def _fragments(block: QTextBlock) -> list[QTextBlock.iterator]:
    found = []
    it = block.begin()
    while not it.atEnd():
        found.append(QTextBlock.iterator(it))
        it += 1
    return found


def test_menu_has_every_entry_in_order(qtbot: QtBot, tmp_path: Path) -> None:
    menu = AppMenu()
    qtbot.addWidget(menu)
    repo = tmp_path / "project"
    menu.set_repositories(repo, [tmp_path / "other", repo])
    assert menu.texts() == [
        "Ready",
        "Repository: project",
        "Listen",
        "Ask by typing…",
        "Show last answer",
        "New session",
        "Stop speaking",
        "Cancel answer",
        "Memory…",
        "Undo last memory change",
        "History…",
        "Settings…",
        "Set up…",
        "Quit",
    ]
    repo_entries = [a for a in menu.repo_menu.actions() if not a.isSeparator()]
    assert [a.text().split()[0] for a in repo_entries] == ["project", "other", "On:", "Read-only:", "Off:", "Choose"]
    assert repo_entries[0].isChecked() and not repo_entries[1].isChecked()
    assert repo_entries[-1].text() == "Choose folder…"
    # Nothing to stop, show or undo yet.
    assert not menu.stop_action.isEnabled() and not menu.last_answer_action.isEnabled()
    assert not menu.cancel_action.isEnabled()
    assert not menu.undo_memory_action.isEnabled()


def test_menu_actions_emit_their_signals(qtbot: QtBot, tmp_path: Path) -> None:
    menu = AppMenu()
    qtbot.addWidget(menu)
    other = tmp_path / "other"
    menu.set_repositories(tmp_path / "project", [other])
    for action, signal in (
        (menu.listen_action, menu.listen),
        (menu.ask_action, menu.ask_typing),
        (menu.new_session_action, menu.new_session),
        (menu.memory_action, menu.open_memory),
        (menu.history_action, menu.open_history),
        (menu.settings_action, menu.open_settings),
        (menu.quit_action, menu.quit_requested),
    ):
        with qtbot.waitSignal(signal, timeout=500):
            action.trigger()
    with qtbot.waitSignal(menu.repository_chosen, timeout=500) as chosen:
        next(a for a in menu.repo_menu.actions() if a.text().startswith("other")).trigger()
    assert chosen.args == [other]
    with qtbot.waitSignal(menu.choose_folder, timeout=500):
        menu.repo_menu.actions()[-1].trigger()


def test_tray_state_tooltip_and_error(qtbot: QtBot, tmp_path: Path) -> None:
    menu = AppMenu()
    qtbot.addWidget(menu)
    tray = Tray(menu, use_tray=False)  # offscreen has no tray: the status window stands in
    assert tray.status_window is not None
    qtbot.addWidget(tray.status_window)
    tray.set_context(tmp_path / "project", "ctrl+alt+space")
    tray.show_state("thinking", "building")
    assert tray.tooltip.splitlines() == [
        "Voice Dev Agent: Building…",
        "Repository: project",
        "Hold Ctrl+Alt+Space to ask",
    ]
    tray.set_context(tmp_path / "project", "ctrl+alt+space", "toggle")
    assert tray.tooltip.splitlines()[-1] == "Press Ctrl+Alt+Space to ask, again to send"
    tray.set_context(tmp_path / "project", "ctrl+alt+space")
    assert menu.status_action.text() == "Building…"
    tray.show_state("speaking")
    assert menu.stop_action.isEnabled()
    tray.show_message(Message(Level.ERROR, "No microphone was found."))
    assert tray.tooltip.startswith("Voice Dev Agent: Problem")
    tray.show_state("listening")  # the next action clears the error look
    assert tray.tooltip.startswith("Voice Dev Agent: Listening")
    assert menu.listen_action.text() == "Stop listening"  # the same item ends a recording started from it
    tray.show_level(0.5)


# Run in a process of its own: the C heap is the whole process's, and in a test worker the threads an earlier
# test left ending (a job, a worker's last reply) allocate beside the measurement (seen: 3.5 MB in one run).
_A_DAY_OF_LISTENING = """
import random, sys
from PySide6.QtWidgets import QApplication
from app.core.heap_probe import c_heap_mb
from app.ui.app_menu import AppMenu
from app.ui.tray import Tray

app = QApplication(sys.argv)
menu = AppMenu()
tray = Tray(menu, use_tray=False)
levels = random.Random(7)

def question():
    tray.show_state("listening")
    for _ in range(40):
        tray.show_level(levels.random())
    for state in ("transcribing", "thinking", "speaking", "idle"):
        tray.show_state(state)

question()
before = c_heap_mb()
if not before:
    print("no figures")
    sys.exit(0)
for _ in range(40):
    question()
print(c_heap_mb()["malloc_in_use_mb"] - before["malloc_in_use_mb"])
"""


@pytest.mark.slow
def test_a_day_of_listening_keeps_the_tray_icon_memory_flat() -> None:
    """The level bar redraws the icon dozens of times a question; each new drawing used to stay in
    Qt's pixmap cache (about 100 KB a question, up to 10 MB), so the app grew all morning."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _A_DAY_OF_LISTENING], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    if done.stdout.strip() == "no figures":
        pytest.skip("glibc's heap figures are not available here")
    grown = float(done.stdout.strip().splitlines()[-1])
    assert grown < 0.5, f"40 questions of listening grew the heap by {grown:.1f} MB"


def test_panel_renders_markdown(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_screen(ScreenContent(MARKDOWN, "Why the build is red"))
    document = panel.browser.document()
    text = document.toPlainText()
    assert "Build errors" in text and "parser.py still calls old_name" in text.replace("`", "")
    heading = document.findBlock(text.index("Build errors"))
    assert heading.blockFormat().headingLevel() == 1
    code = document.findBlock(text.index("def new_name"))
    fragment_format = code.begin().fragment().charFormat()
    assert fragment_format.fontFixedPitch()
    assert QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family() in fragment_format.fontFamilies()
    inline = document.findBlock(text.index("old_name"))
    assert any(
        "old_name" in f.text() and f.charFormat().fontFixedPitch() for f in (it.fragment() for it in _fragments(inline))
    )
    tables = [f for f in document.rootFrame().childFrames() if isinstance(f, QTextTable)]
    assert len(tables) == 1 and tables[0].rows() == 2 and tables[0].columns() == 2
    assert panel.title.text() == "Why the build is red"
    assert panel.caption.text() == "Still answering…"
    panel.add_answer(Answer("why is the build red", "The build fails in the parser.", ()))
    assert panel.caption.text() == "The build fails in the parser."


def test_panel_does_not_ask_for_focus(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    flags = panel.windowFlags()
    assert flags & Qt.WindowType.WindowDoesNotAcceptFocus
    assert flags & Qt.WindowType.Tool and flags & Qt.WindowType.FramelessWindowHint
    assert panel.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    panel.add_screen(ScreenContent("# Hello", "Shown"))
    qtbot.waitExposed(panel)
    assert panel.isVisible()
    # The offscreen platform activates every window it shows, so whether the focus really stays
    # in the editor is checked on the X display in test_desktop_views.py; here, the promises.
    assert panel.windowHandle().flags() & Qt.WindowType.WindowDoesNotAcceptFocus


def test_panel_steps_through_answers_copies_and_closes(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.add_screen(ScreenContent("first body", "First"))
    panel.add_answer(Answer("q1", "Reply one.", ()))
    panel.add_answer(Answer("q2", "Reply two, nothing shown.", ()))
    panel.add_screen(ScreenContent("third body", "Third"))
    panel.add_answer(Answer("q3", "Reply three.", ()))
    assert [p.title for p in panel.pages] == ["First", "", "Third"]
    assert panel.title.text() == "Third" and panel.page_label.text() == "3 / 3"
    panel.show_previous()
    assert panel.title.text() == "“q2”" and panel.caption.text() == "Reply two, nothing shown."
    assert "Nothing was shown" in panel.browser.toPlainText()
    panel.show_previous()
    panel.show_previous()
    assert panel.title.text() == "First" and not panel.prev_button.isEnabled()
    panel.copy()
    assert QApplication.clipboard().text() == "# First\n\nfirst body\n\nReply one.\n"
    qtbot.keyClick(panel, Qt.Key.Key_Escape)
    assert not panel.isVisible()
    panel.clear()
    assert panel.pages == [] and panel.title.text() == "No answers yet"


def test_panel_table_after_a_code_block_keeps_its_header_and_code_is_shaded(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    markdown = "```python\nfrom app import ChangedFile\n```\n\n| File | State |\n|---|---|\n| models.py | renamed |\n"
    panel.add_screen(ScreenContent(markdown, "Build"))
    document = panel.browser.document()
    table = next(f for f in document.rootFrame().childFrames() if isinstance(f, QTextTable))
    text = document.toPlainText()
    for column, name in enumerate(("File", "State")):
        cell = table.cellAt(0, column)
        assert text[cell.firstPosition() : cell.lastPosition()] == name  # no stray empty line
        assert document.findBlock(cell.firstPosition()).charFormat().fontWeight() >= 600 or any(
            f.charFormat().fontWeight() >= 600
            for f in (it.fragment() for it in _fragments(document.findBlock(cell.firstPosition())))
        )
    code = document.findBlock(text.index("from app import"))
    assert code.blockFormat().background().style() != Qt.BrushStyle.NoBrush


def test_a_past_page_shows_again_complete_and_is_not_taken_by_the_next_answer(qtbot: QtBot) -> None:
    panel = AnswerPanel()
    qtbot.addWidget(panel)
    table = "| pair | rate |\n|---|---|\n| EURUSD | 1.1 |"
    panel.show_past("Rate cache", table, "what does the rate cache hold", "Rates.")
    assert panel.isVisible() and panel.title.text() == "Rate cache" and panel.caption.text() == "Rates."
    assert "EURUSD" in panel.browser.toPlainText()
    panel.add_answer(Answer("a new question", "A new reply.", ()))
    assert [p.reply for p in panel.pages] == ["Rates.", "A new reply."]


def test_a_day_of_answers_keeps_the_last_pages_and_one_rendered_document(qtbot: QtBot) -> None:
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QTextDocument

    panel = AnswerPanel()
    qtbot.addWidget(panel)
    panel.set_page_limit(5)
    for number in range(1, 13):
        panel.add_screen(ScreenContent(f"body {number}\n\n| a | b |\n|---|---|\n| 1 | 2 |", f"Page {number}"))
        panel.add_answer(Answer(f"q{number}", f"Reply {number}.", ()))
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    # The person can step back through the last five; older pages are gone, and only the page
    # shown is laid out (every replaced document used to stay until the session ended).
    assert [p.title for p in panel.pages] == [f"Page {n}" for n in range(8, 13)]
    assert panel.title.text() == "Page 12" and panel.page_label.text() == "5 / 5"
    assert len(panel.browser.findChildren(QTextDocument)) <= 2
    for _ in range(4):
        panel.show_previous()
    assert panel.title.text() == "Page 8" and "body 8" in panel.browser.toPlainText()
    assert not panel.prev_button.isEnabled()
    panel.set_page_limit(2)  # a smaller limit applies at once, to the page shown too
    assert [p.title for p in panel.pages] == ["Page 11", "Page 12"] and panel.title.text() == "Page 11"
