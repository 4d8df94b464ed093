"""The Memory window (Settings on its Memory page) while the team server goes away: a screenshot, what it says.

Run by test_team_server_down.py in its own process per screen size (tests/ui/screens.py). It opens the
window as the app does, waits until the team box is live, stops the cluster it is given, and once
the box says the server is unreachable saves memory-team-down-WxH.png and prints one JSON object.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from app.bench.pg_cluster import Cluster
from app.core.settings import Settings
from app.ui.placement import centre_on_screen
from app.ui.settings_window import SettingsWindow
from tests.ui.screens import shot


def rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def wait(app: QApplication, done: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents()
        if done():
            return True
        time.sleep(0.02)
    return done()


def main(folder: Path, repo: Path, cluster: Cluster, tag: str) -> dict[str, object]:
    app = QApplication(sys.argv)
    window = SettingsWindow(Settings())
    window.memory.set_active_repository(repo)
    centre_on_screen(window)
    window.tabs.setCurrentWidget(window.memory)
    window.show()
    team = window.memory.team
    live = wait(app, lambda: team.busy == 0 and "live" in team.state.text(), 15)
    team.list.setCurrentRow(0)
    wait(app, lambda: False, 0.5)  # the listener is listening (it starts after the first read)
    cluster.stop("fast")
    stopped = time.monotonic()
    down = wait(app, lambda: "unreachable" in team.state.text(), 10)
    took = time.monotonic() - stopped
    wait(app, lambda: False, 0.3)
    buttons = [team.share_button, team.edit_button, team.delete_button, team.undo_button]
    return {
        "live_first": live,
        "down": down,
        "seconds": took,
        "state": team.state.text(),
        "enabled": [b.text() for b in buttons if b.isEnabled()],
        "rows": [team.list.item(i).text() for i in range(team.list.count())],
        "frame": rect(window.frameGeometry()),
        "available": rect(app.primaryScreen().availableGeometry()),
        "shot": shot(window, folder, f"memory-team-down-{tag}.png"),
    }


if __name__ == "__main__":
    folder, repo, described, tag = Path(sys.argv[1]), Path(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4]
    cluster = Cluster(Path(described["base"]), Path(described["bin"]), described["port"], described["run_as"])
    print(json.dumps(main(folder, repo, cluster, tag)))
