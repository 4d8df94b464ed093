"""Open the panel, the Memory window and Settings on a screen of a given size; save screenshots, report geometry.

Run by test_screen_fit.py in its own process, one per screen size: offscreen Qt takes its screen's
size from a configuration file (`-platform offscreen:configfile=...`), and the in-process tests
already have their QApplication. Prints one JSON object with what it measured, for the test to check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from app.core.agent.events import Answer
from app.core.memory import open_store
from app.core.settings import Settings
from app.ui.memory_held import HeldNotice
from app.ui.panel import AnswerPanel
from app.ui.placement import centre_on_screen
from app.ui.settings_window import SettingsWindow
from tests.ui.screens import shot

QUESTION = "why does the integration test for the payment webhook time out on the CI runner but never on my laptop"
REPLY = "The webhook test waits for a real network call, and the CI runner blocks outgoing traffic."
HELD = (
    "- The staging deploy reads its secrets from the vault path "
    "secret/data/payments/staging/webhook-signing-keys/current-and-previous, never from the repository."
)
NOTES = "".join(
    f"- {text}\n"
    for text in (
        "We deploy from release tags, never from main.",
        "Prefer pytest -x when running the whole suite locally.",
        "Release builds are signed on the CI machine only, by policy.",
        "The payments service owns the webhook secrets; ask Ana before rotating them.",
    )
)


def settle(app: QApplication) -> None:
    for _ in range(10):
        app.processEvents()


def rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def main(folder: Path, repo: Path, tag: str) -> dict[str, object]:
    app = QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    seen: dict[str, object] = {"available": rect(app.primaryScreen().availableGeometry()), "shots": []}
    shots: list[str] = []

    panel = AnswerPanel()
    panel.add_answer(Answer(QUESTION, REPLY, ()))
    panel.show_last()
    settle(app)
    seen["panel_question"] = rect(panel.frameGeometry())
    shots.append(shot(panel, folder, f"panel-long-question-{tag}.png"))
    panel.held_box.add((HeldNotice(1, HELD, "/memories/deploy.md", "it repeats deploy.yml", repo, "s1"),))
    panel.show_last()
    settle(app)
    seen["panel_held"] = rect(panel.frameGeometry())
    shots.append(shot(panel, folder, f"panel-held-line-{tag}.png"))
    panel.hide()

    store = open_store(repo)
    store.execute({"command": "create", "path": "/memories/notes.md", "file_text": NOTES}, session_id="s1")
    settings = Settings()
    window = SettingsWindow(settings)
    window.memory.set_active_repository(repo)
    centre_on_screen(window)
    openings: list[list[int]] = []
    for opening in (1, 2, 3):
        if opening > 1:
            window.load(settings)  # as the app reopens it
        window.tabs.setCurrentWidget(window.memory)
        window.show()
        settle(app)
        openings.append(rect(window.frameGeometry()))
        memory = window.memory
        if opening == 1:
            box = memory.details.lines.list
            seen["lines_rows"] = sum(
                1 for i in range(box.count()) if box.visualItemRect(box.item(i)).bottom() < box.viewport().height()
            )
            repos = memory.repos  # each row whole within the list's width, none behind a sideways scroll bar
            seen["repo_rows_fit"] = (
                all(
                    repos.visualItemRect(repos.item(i)).right() <= repos.viewport().width()
                    for i in range(repos.count())
                )
                and not repos.horizontalScrollBar().isVisible()
            )
            seen["team_box_shown"] = memory.team.isVisible()
            seen["team_off_line"] = memory.team_place.off_line.isVisible()
            shots.append(shot(window, folder, f"memory-team-off-{tag}.png"))
        shots.append(shot(window, folder, f"settings-opening-{opening}-{tag}.png"))
        window.close()
        settle(app)
        # Between openings the memory grows, as it does while the app runs.
        store.execute(
            {"command": "create", "path": f"/memories/more-{opening}.md", "file_text": NOTES.replace("-", "*", 1)},
            session_id=f"s{opening + 1}",
        )
        memory.reload()
    seen["settings_openings"] = openings
    seen["shots"] = shots
    return seen


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])))
