"""Render the tray menu, the panel and the memory editor on the real X display and save screenshots.

Run by test_desktop_views.py in its own process (the in-process tests use the offscreen
platform). Prints one JSON object with what it observed, for the test to check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QLineEdit

from app.core.agent.events import Answer, ScreenContent
from app.core.editor.report import Diagnostic, EditorReport
from app.core.memory import MemoryStore, open_store
from app.core.messages import Level, Message
from app.ui.app_menu import AppMenu
from app.ui.memory_editor import MemoryEditor
from app.ui.memory_notice import MemoryNotice
from app.ui.memory_words import change_line
from app.ui.panel import AnswerPanel
from app.ui.tray import Tray

MARKDOWN = """## Failing tests (2 of 48)

The rename of `load_config` → `read_config` is half done:

- `tests/test_cli.py::test_defaults` still imports `load_config`
- `tests/test_parser.py::test_empty` expects the new name

```python
from app.config import load_config  # ← rename here
```

| File | Failures |
|------|----------|
| tests/test_cli.py | 1 |
| tests/test_parser.py | 1 |
"""


def settle(app: QApplication, rounds: int = 20) -> None:
    for _ in range(rounds):
        app.processEvents()
        QApplication.instance().thread().msleep(25)  # type: ignore[union-attr]


def _git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.com"}  # fmt: skip
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def _stale_memory(repo: Path) -> MemoryStore:
    """Notes naming a file since deleted and one since changed, an edited note with history, fresh lines."""
    (repo / "src").mkdir(exist_ok=True)
    (repo / "src" / "config.py").write_text("def load_config(): ...\n")
    (repo / "src" / "cli.py").write_text("from src.config import load_config\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "start")
    store = open_store(repo)
    build = "# Build\n- `make build`; tests need Docker running.\n- CI uses Python 3.11.\n"
    for name, text, words in (
        ("build.md", build, "remember that the tests need docker"),
        ("rename.md", "- 2026-11-27: renaming load_config in src/config.py; src/cli.py is next.\n", "what was I doing"),
    ):
        store.execute(
            {"command": "create", "path": f"/memories/{name}", "file_text": text}, session_id="s1", user_words=words
        )
    store.execute(
        {"command": "str_replace", "path": "/memories/build.md", "old_str": "3.11", "new_str": "3.12"},
        session_id="s2",
        user_words="CI moved to 3.12",
    )
    store.execute(
        {"command": "str_replace", "path": "/memories/rename.md", "old_str": "renaming", "new_str": "renaming"
         " (to read_config)"},
        session_id="s2",
    )  # fmt: skip
    store.snapshot(session_id="s2")
    _git(repo, "rm", "-q", "src/config.py")
    (repo / "src" / "cli.py").write_text("from src.settings import read_config\n")
    _git(repo, "commit", "-q", "-am", "config becomes settings")
    store.execute(
        {"command": "create", "path": "/memories/people.md", "file_text": "- Ana reviews every parser change.\n"},
        session_id="s3",
        user_words="Ana reviews the parser",
    )
    return store


def main(out: Path, repo: Path) -> dict[str, object]:
    app = QApplication(sys.argv)
    out.mkdir(parents=True, exist_ok=True)
    result: dict[str, object] = {"platform": app.platformName()}
    screen = app.primaryScreen()

    # The editor the developer types in: it must keep the keyboard when the panel pops up.
    editor = QLineEdit("typing here")
    editor.setWindowTitle("editor")
    editor.resize(400, 40)
    editor.move(40, 40)
    editor.show()
    editor.activateWindow()
    editor.setFocus()
    settle(app)
    result["editor_active_before"] = QApplication.activeWindow() is editor

    menu = AppMenu()
    tray = Tray(menu)
    result["tray_available"] = tray.tray_icon is not None
    tray.set_context(repo, "ctrl+alt+space")
    tray.show()
    menu.set_repositories(repo, [repo, repo.parent / "website", repo.parent / "infra"])
    menu.set_has_answer(True)
    menu.set_editor_offer(repo.parent / "website", "Neovim")  # the editor shows another repository
    tray.show_state("thinking", "running the tests")
    menu.popup(QPoint(760, 120))
    settle(app)
    screen.grabWindow(0, menu.x(), menu.y(), menu.width(), menu.height()).save(str(out / "tray-menu.png"))
    menu.hide()
    settle(app)

    panel = AnswerPanel()
    panel.add_screen(ScreenContent(MARKDOWN, "Why the tests fail"))
    asked_with = EditorReport(
        "nvim", str(repo), "tests/test_rename.py", 42, 5, "old_name()", diagnostics=(Diagnostic("error", 42, "x"),)
    )
    panel.add_answer(Answer("why do the tests fail", "Two tests fail because a rename is half done.", (), asked_with))
    settle(app)
    result["panel_visible"] = panel.isVisible()
    result["focus_stayed"] = QApplication.focusWidget() is editor and QApplication.activeWindow() is editor
    screen.grabWindow(0, panel.x(), panel.y(), panel.width(), panel.height()).save(str(out / "panel.png"))
    panel.hide()

    store = _stale_memory(repo)
    memory = MemoryEditor()
    memory.resize(1100, 640)
    memory.set_active_repository(repo)
    memory.show()
    memory.sort.setCurrentIndex(memory.sort.findData("staleness"))
    memory.files.select("/memories/rename.md")
    settle(app)
    memory.grab().save(str(out / "memory-editor.png"))
    result["memory_files"] = memory.files.topLevelItemCount()
    result["memory_marks"] = memory.files.topLevelItem(0).text(3)
    result["memory_history"] = memory.details.history.count()
    memory.hide()

    # What the person sees after the agent remembered something: the panel's lines with Undo...
    editor.activateWindow()
    editor.setFocus()
    settle(app)
    notices = tuple(MemoryNotice(change_line(c), c.op, c.id, repo) for c in store.history() if c.session_id == "s3")
    panel.show_memory_notices(notices)
    panel.show_last()
    settle(app)
    result["remembered_lines"] = panel.memory_lines()
    result["focus_stayed_for_memory"] = QApplication.activeWindow() is editor
    screen.grabWindow(0, panel.x(), panel.y(), panel.width(), panel.height()).save(str(out / "memory-remembered.png"))
    panel.hide()
    # ...or, with the panel closed, the tray's notification (the whole screen: where it shows is the desktop's).
    tray.show_message(Message(Level.INFO, "\n".join(n.line for n in notices)))
    settle(app, 30)
    screen.grabWindow(0).save(str(out / "memory-notification.png"))
    return result


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
