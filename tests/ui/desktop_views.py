"""Render the tray menu, the panel and the memory editor on the real X display and save screenshots.

Run by test_desktop_views.py in its own process (the in-process tests use the offscreen
platform). Prints one JSON object with what it observed, for the test to check.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QLineEdit

from app.core.agent.events import ScreenContent
from app.core.memory import MemoryStore
from app.ui.controller import Answer
from app.ui.memory_editor import MemoryEditor
from app.ui.panel import AnswerPanel
from app.ui.tray import AppMenu, Tray

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
    tray.show_state("thinking", "running the tests")
    menu.popup(QPoint(760, 120))
    settle(app)
    screen.grabWindow(0, menu.x(), menu.y(), menu.width(), menu.height()).save(str(out / "tray-menu.png"))
    menu.hide()
    settle(app)

    panel = AnswerPanel()
    panel.add_screen(ScreenContent(MARKDOWN, "Why the tests fail"))
    panel.add_answer(Answer("why do the tests fail", "Two tests fail because a rename is half done.", ()))
    settle(app)
    result["panel_visible"] = panel.isVisible()
    result["focus_stayed"] = QApplication.focusWidget() is editor and QApplication.activeWindow() is editor
    screen.grabWindow(0, panel.x(), panel.y(), panel.width(), panel.height()).save(str(out / "panel.png"))
    panel.hide()

    store = MemoryStore.for_repository(repo)
    for name, text, words in (
        ("build.md", "# Build\n- `make build`; tests need Docker running.\n- CI uses Python 3.11.", "remember docker"),
        ("rename.md", "load_config → read_config rename in progress (started Friday).", "what was I doing"),
    ):
        store.execute(
            {"command": "create", "path": f"/memories/{name}", "file_text": text}, session_id="s1", user_words=words
        )
    store.snapshot(session_id="s2")
    store.execute({"command": "create", "path": "/memories/people.md", "file_text": "Ana reviews the parser."})
    memory = MemoryEditor()
    memory.resize(820, 520)
    memory.set_active_repository(repo)
    memory.show()
    settle(app)
    memory.grab().save(str(out / "memory-editor.png"))
    result["memory_files"] = memory.files.topLevelItemCount()
    return result


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
