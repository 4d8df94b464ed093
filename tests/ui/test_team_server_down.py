"""The memory window's team box when the team server stops mid-session, and when it comes back.

A real cluster (the suite's own) is stopped while the window shows its team memory: within a few
seconds the box says how old its copy is and that the server is unreachable, and every button that
needs the server is off, Undo included (the box says why). Started again, the box is live again and
Undo undoes, visibly.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from app.bench.pg_cluster import Cluster
from app.core.repo_identity import repository_identity
from app.core.team import config, tier
from app.ui.memory_editor import MemoryEditor
from tests.team_server import TeamDatabase
from tests.ui.screens import run_on_screen
from tests.ui.test_memory_team import THEIRS, checkout  # noqa: F401 (checkout is a fixture)

SOON = 5_000  # ms: "within a few seconds"


@pytest.fixture
def stoppable(pg_cluster: Cluster) -> Iterator[Cluster]:
    """The suite's cluster, started again after the test whatever happened, for the tests that follow."""
    try:
        yield pg_cluster
    finally:
        if not pg_cluster.running():
            pg_cluster.start()


def _buttons(editor: MemoryEditor) -> dict[str, bool]:
    team = editor.team
    return {
        b.text(): b.isEnabled() for b in (team.share_button, team.edit_button, team.delete_button, team.undo_button)
    }


def _rows(editor: MemoryEditor) -> list[str]:
    return [editor.team.list.item(i).text() for i in range(editor.team.list.count())]


@pytest.mark.slow
def test_a_stopped_server_shows_how_old_the_copy_is_and_disables_what_needs_it_then_recovers(
    qtbot: QtBot,
    checkout: Path,  # noqa: F811 (the fixture imported above)
    team_db: TeamDatabase,
    stoppable: Cluster,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    identity = repository_identity(checkout).key
    me, other = team_db.role(), team_db.role()
    team_db.grant(identity, me)
    team_db.grant(identity, other)
    monkeypatch.setenv(config.ENV_DSN, team_db.dsn(me))
    theirs = tier.Team(team_db.backend(identity, other), checkout, checkout.parent / f"{other}.json")
    theirs.promote("/memories/release.md", THEIRS)
    theirs.close()

    editor = MemoryEditor()
    qtbot.addWidget(editor)
    editor.resize(1100, 800)
    editor.set_active_repository(checkout)
    editor.show()
    team = editor.team
    qtbot.waitUntil(lambda: team.busy == 0 and "live" in team.state.text(), timeout=10_000)
    team.list.setCurrentRow(0)
    assert all(_buttons(editor).values())
    qtbot.wait(500)  # the listener is listening (it started after the first read)

    stoppable.stop("fast")
    stopped = time.monotonic()
    qtbot.waitUntil(lambda: "unreachable" in team.state.text(), timeout=SOON)
    assert time.monotonic() - stopped < SOON / 1000
    said = team.state.text()
    assert "live" not in said
    shown = re.search(r"as of (?:\d{4}-\d\d-\d\d )?(\d\d):(\d\d)", said)
    assert shown is not None, said
    now = datetime.now()
    assert abs((now.hour * 60 + now.minute) - (int(shown[1]) * 60 + int(shown[2]))) <= 1  # the time it was last heard
    assert "undone" in said  # why Undo is off
    assert _rows(editor)[0].startswith(THEIRS)  # the copy it has is still shown
    assert not any(_buttons(editor).values()), _buttons(editor)
    qtbot.wait(3_000)  # it stays so while the server is away (reconnects keep failing)
    assert "unreachable" in team.state.text() and not any(_buttons(editor).values())

    stoppable.start()
    qtbot.waitUntil(lambda: team.busy == 0 and "live" in team.state.text(), timeout=15_000)
    assert _buttons(editor)["Undo team change"]
    qtbot.mouseClick(team.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: team.busy == 0 and team.message.isVisible(), timeout=SOON)
    assert team.message.text().startswith("Undid the save of /memories/release.md by "), team.message.text()
    qtbot.waitUntil(lambda: _rows(editor) == [], timeout=SOON)  # their line's share undone, for everyone
    team.close_team()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_the_memory_window_with_the_server_down_on_each_screen(
    size: tuple[int, int],
    checkout: Path,  # noqa: F811 (the fixture imported above)
    team_db: TeamDatabase,
    stoppable: Cluster,
    tmp_path: Path,
) -> None:
    """Settings on its Memory page, as the tray's Memory… opens it, on each screen the issue names: the team
    box says the server is unreachable, the copy stays shown, nothing that needs the server is on, and the
    window is within the screen. Its screenshot is memory-team-down-WxH.png."""
    identity = repository_identity(checkout).key
    me, other = team_db.role(), team_db.role()
    team_db.grant(identity, me)
    team_db.grant(identity, other)
    theirs = tier.Team(team_db.backend(identity, other), checkout, checkout.parent / f"{other}.json")
    theirs.promote("/memories/release.md", THEIRS)
    theirs.close()
    cluster = json.dumps(
        {"base": str(stoppable.base), "bin": str(stoppable.bin), "port": stoppable.port, "run_as": stoppable.run_as}
    )
    seen = run_on_screen(
        Path(__file__).with_name("team_down_view.py"), size, tmp_path / "screen.json", str(checkout), cluster,
        env={config.ENV_DSN: team_db.dsn(me)},
    )  # fmt: skip
    assert seen["live_first"] and seen["down"], seen
    assert isinstance(seen["seconds"], float) and seen["seconds"] < SOON / 1000, seen
    assert seen["enabled"] == [], seen
    assert isinstance(seen["rows"], list) and seen["rows"] and str(seen["rows"][0]).startswith(THEIRS), seen
    area, frame = (QRect(*v) for v in (seen["available"], seen["frame"]))  # type: ignore[misc]
    assert (area.width(), area.height()) == size and area.contains(frame), seen
    print("screenshot:", seen["shot"])
