"""Share with the team on a line the agent suggested for the team's memory, in the answer panel's box and in
Settings → Memory's waiting lines, against a real team server (the run's PostgreSQL cluster) as the person's role.

In the panel the suggestion comes from a real turn (the agent worker, the real SDK over HTTP to the fake Messages
API, the memory tool writing to /memories/for-the-team.md); in Settings it waits in a real store. Each test
clicks what a person clicks and reads what the row, the button and the team memory then say: shared (and shown
in an open memory window's team box), refused by a cap or by an admin's read-only switch, the server gone between
the offer and the click, and the button offered disabled, saying why, when team memory is off, read-only for
this person, or unreachable.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text, tool_use
from app.bench.pg_cluster import Cluster
from app.core.memory import MemoryStore, open_store, suggest
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import config, sharing, tier
from app.core.team.read_only import set_read_only
from app.core.team.server import connect
from app.ui.memory_team import MemoryTeam
from app.ui.settings_window import SettingsWindow
from tests.conftest import git
from tests.team_server import TeamDatabase, new_database, unique
from tests.ui.held_rig import HeldRig, held_rig
from tests.ui.test_memory_line_marks import SHOTS

NOTE = "- Releases are cut from the release branch by whoever is on rotation; see docs/releasing.md."
SHOWN = "Releases are cut from the release branch by whoever is on rotation; see docs/releasing.md."
WAITING = f"Waiting for you: “{SHOWN}” for for-the-team.md"


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / unique("share")
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "remote", "add", "origin", f"git@example.com:org/{repo.name}.git")
    (repo / "docs").mkdir()
    (repo / "docs" / "releasing.md").write_text("# Releasing\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "init")
    return repo


def suggests_for_the_team(request: RecordedRequest) -> Reply:
    """A model that, asked how releases work, suggests the answer for the team's memory and then says so."""
    last = request.body["messages"][-1]["content"]
    if isinstance(last, list) and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in last):
        return text("Whoever is on rotation cuts releases. I suggested that for the team's memory.")
    return tool_use("memory", {"command": "create", "path": suggest.SUGGEST_PATH, "file_text": f"{NOTE}\n"})


def ask(rig: HeldRig, qtbot: QtBot) -> int:
    """One spoken question whose answer suggests NOTE for the team: the held line's id, once the box shows it."""
    rig.panel.show_last()
    rig.controller.ask("how do we cut a release?")
    qtbot.waitUntil(lambda: rig.box.lines() == [WAITING], timeout=30_000)
    [waiting] = rig.store.pending()
    return waiting.id


@pytest.fixture
def rig(qtbot: QtBot, checkout: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldRig]:
    with held_rig(qtbot, checkout, monkeypatch, suggests_for_the_team) as r:
        yield r


def _connect(monkeypatch: pytest.MonkeyPatch, team_db: TeamDatabase, checkout: Path, *, write: bool = True) -> str:
    role = team_db.role()
    team_db.grant(repository_identity(checkout).key, role, write=write)
    monkeypatch.setenv(config.ENV_DSN, team_db.dsn(role))
    return role


def _team_lines(team_db: TeamDatabase, checkout: Path) -> list[tuple[str, str]]:
    """The team memory as the database's owner reads it: (line, who wrote it)."""
    identity = repository_identity(checkout).key
    team = tier.Team(team_db.backend(identity, team_db.owner), None, checkout.parent / "owner.json")
    try:
        return [(x.text, x.by) for x in team.read().lines]
    finally:
        team.close()


def _team_rows(team_box: MemoryTeam) -> list[str]:
    """What the memory window's team box lists, a row a line."""
    return [team_box.list.item(i).text() for i in range(team_box.list.count())]


def _offered(qtbot: QtBot, button: QPushButton | None) -> QPushButton:
    """The Share button once the team server said this person may share."""
    assert button is not None and button.isVisible() and button.text() == "Share with the team"
    qtbot.waitUntil(button.isEnabled, timeout=10_000)
    assert "Share it with everyone on this repository's team, as you" in button.toolTip()
    return button


def _refused(qtbot: QtBot, button: QPushButton, why: str) -> None:
    """The button is there but cannot be clicked, and its tooltip (and a screen reader) says why."""
    qtbot.waitUntil(lambda: why in button.toolTip(), timeout=10_000)
    assert not button.isEnabled() and button.isVisible()
    assert why in button.accessibleDescription()


def test_the_panel_shares_a_suggestion_and_an_open_memory_window_shows_it(
    desktop: None, qtbot: QtBot, rig: HeldRig, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = _connect(monkeypatch, team_db, checkout)
    window = SettingsWindow(Settings())
    qtbot.addWidget(window)
    window.memory.set_active_repository(checkout)  # the memory window, open on the repository's team box
    window.tabs.setCurrentWidget(window.memory)
    window.show()
    team_box = window.memory.team
    qtbot.waitUntil(lambda: "live" in team_box.state.text(), timeout=10_000)

    held = ask(rig, qtbot)
    keep_discard = rig.box.buttons(held)
    assert keep_discard is not None and all(b.isVisible() for b in keep_discard)
    share = _offered(qtbot, rig.box.share_button(held))
    assert _team_lines(team_db, checkout) == []  # the agent wrote nothing to the team
    SHOTS.mkdir(parents=True, exist_ok=True)
    rig.panel.grab().save(str(SHOTS / "panel-held-share.png"))

    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: rig.box.lines() != [f"{WAITING} (Sharing with the team…)"], timeout=10_000)
    assert rig.box.lines() == [f"Shared with the team: “{SHOWN}”"]
    assert not share.isVisible() and not any(b.isVisible() for b in keep_discard)
    assert _team_lines(team_db, checkout) == [(NOTE, me)]  # written as the person's own role
    assert rig.store.pending() == [] and rig.store.files() == []  # it waits no more, and my memory is unchanged

    qtbot.waitUntil(lambda: any(r.startswith(NOTE) for r in _team_rows(team_box)), timeout=2_000)
    assert any(r.startswith(NOTE) and f"by {me}, " in r for r in _team_rows(team_box))
    team_box.close_team()


def test_a_cap_refusal_is_said_on_the_row_and_the_buttons_stay(
    qtbot: QtBot, rig: HeldRig, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    _connect(monkeypatch, team_db, checkout)
    teammate = team_db.role()
    identity = repository_identity(checkout).key
    team_db.grant(identity, teammate)
    theirs = MemoryStore(team_db.backend(identity, teammate))
    line = "- The {n} service's queue is drained by the batch workers, owned by platform team {n}.\n"
    full = "".join(line.format(n=f"{i:04d}") for i in range(44))  # ~3,900 characters of the file's 4,000
    assert theirs.save_as_person(sharing.TEAM_FILE, full, None).saved

    held = ask(rig, qtbot)
    share = _offered(qtbot, rig.box.share_button(held))
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Not shared:" in rig.box.lines()[0], timeout=10_000)
    [said] = rig.box.lines()
    assert said.startswith(f"{WAITING} (Not shared: ") and "4,000" in said
    keep_discard = rig.box.buttons(held)
    assert keep_discard is not None and all(b.isVisible() and b.isEnabled() for b in keep_discard)
    _offered(qtbot, share)  # a teammate may make room: it can be tried again
    assert [p.text for p in rig.store.pending()] == [NOTE]
    assert NOTE not in [t for t, _by in _team_lines(team_db, checkout)]


def test_made_read_only_after_the_offer_the_share_is_refused_and_the_button_says_why(
    qtbot: QtBot, rig: HeldRig, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    _connect(monkeypatch, team_db, checkout)
    lead = team_db.role("lead")
    identity = repository_identity(checkout).key
    team_db.grant(identity, lead, admin_right=True)

    held = ask(rig, qtbot)
    share = _offered(qtbot, rig.box.share_button(held))
    with connect(team_db.dsn(lead)) as conn:  # the team's admin, while the panel is open
        set_read_only(conn, identity, True)
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    refusal = "The team's admin made this repository's team memory read-only."
    qtbot.waitUntil(lambda: "Not shared:" in rig.box.lines()[0], timeout=10_000)
    assert rig.box.lines() == [f"{WAITING} (Not shared: {refusal})"]
    keep_discard = rig.box.buttons(held)
    assert keep_discard is not None and all(b.isVisible() and b.isEnabled() for b in keep_discard)
    _refused(qtbot, share, refusal)
    assert [p.text for p in rig.store.pending()] == [NOTE] and _team_lines(team_db, checkout) == []


@pytest.fixture
def closing_db(pg_cluster: Cluster) -> Iterator[TeamDatabase]:
    """A team database of its own, which the test can stop from taking connections (a server gone for maintenance)."""
    database = new_database(pg_cluster)
    yield database
    pg_cluster.psql(f"ALTER DATABASE {database.name} ALLOW_CONNECTIONS true")


def test_the_server_gone_between_the_offer_and_the_click_is_said_on_the_row(
    qtbot: QtBot, rig: HeldRig, checkout: Path, closing_db: TeamDatabase, pg_cluster: Cluster,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    _connect(monkeypatch, closing_db, checkout)
    held = ask(rig, qtbot)
    share = _offered(qtbot, rig.box.share_button(held))
    pg_cluster.psql(f"ALTER DATABASE {closing_db.name} ALLOW_CONNECTIONS false")
    pg_cluster.psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{closing_db.name}'")

    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Not shared:" in rig.box.lines()[0], timeout=10_000)
    [said] = rig.box.lines()
    assert said.startswith(f"{WAITING} (Not shared: team memory as of ")
    assert said.endswith("; the team server is unreachable.)")
    keep_discard = rig.box.buttons(held)
    assert keep_discard is not None and all(b.isVisible() and b.isEnabled() for b in keep_discard)
    _refused(qtbot, share, "the team server is unreachable. Nothing can be shared until it answers.")
    assert [p.text for p in rig.store.pending()] == [NOTE]

    # Kept instead: the row settles as any held line does.
    qtbot.mouseClick(keep_discard[0], Qt.MouseButton.LeftButton)
    assert rig.box.lines() == [f"Kept in for-the-team.md; the next session loads it: “{SHOWN}”"]
    assert not share.isVisible()


# ---- Settings → Memory ------------------------------------------------------------------------------


def _suggested(repo: Path) -> MemoryStore:
    """What a turn that suggested NOTE for the team left: one line waiting, nothing written."""
    store = open_store(repo)
    result = store.execute(
        {"command": "create", "path": suggest.SUGGEST_PATH, "file_text": f"{NOTE}\n"},
        session_id="s1",
        user_words="how do we cut a release?",
    )
    assert not result.is_error and "Held for the developer" in result.text
    return store


def _settings(qtbot: QtBot, repo: Path) -> SettingsWindow:
    window = SettingsWindow(Settings(recent_repos=(str(repo),), last_repo=str(repo)))
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.tabs.setCurrentWidget(window.memory)
    window.show()
    assert window.memory.held.lines() == [WAITING]
    return window


def _only_held(window: SettingsWindow) -> int:
    [held] = list(window.memory.held._shown)
    return held


def _only_share(window: SettingsWindow) -> QPushButton:
    button = window.memory.held.share_button(_only_held(window))
    assert button is not None
    return button


def test_settings_memory_shares_a_waiting_suggestion_and_its_team_box_shows_it(
    desktop: None, qtbot: QtBot, checkout: Path, team_db: TeamDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = _connect(monkeypatch, team_db, checkout)
    store = _suggested(checkout)
    window = _settings(qtbot, checkout)
    page = window.memory
    share = _offered(qtbot, _only_share(window))
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.held.lines() == [f"Shared with the team: “{SHOWN}”"], timeout=10_000)
    assert not share.isVisible()
    assert store.pending() == [] and _team_lines(team_db, checkout) == [(NOTE, me)]
    qtbot.waitUntil(lambda: any(r.startswith(NOTE) for r in _team_rows(page.team)), timeout=2_000)
    page.team.close_team()


@pytest.mark.parametrize("state", ["off", "reader", "unreachable"])
def test_settings_memory_offers_share_disabled_saying_why_when_it_cannot_work(
    desktop: None, qtbot: QtBot, checkout: Path, team_db: TeamDatabase, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, state: str,
) -> None:  # fmt: skip
    if state == "off":
        monkeypatch.delenv(config.ENV_DSN, raising=False)
        why = "Team memory is off: no team server is connected"
    elif state == "reader":
        role = _connect(monkeypatch, team_db, checkout, write=False)
        why = f"The role {role} may read this repository's team memory but not change it."
    else:
        monkeypatch.setenv(config.ENV_DSN, f"host={tmp_path / 'no-server'} port=1 user=nobody dbname=team")
        why = "Team memory as of never; the team server is unreachable. Nothing can be shared until it answers."
    store = _suggested(checkout)
    window = _settings(qtbot, checkout)
    share = _only_share(window)
    _refused(qtbot, share, why)
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(SHOTS / f"settings-memory-share-{state}.png"))
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)  # a disabled button does nothing
    assert window.memory.held.lines() == [WAITING] and [p.text for p in store.pending()] == [NOTE]
    keep, discard = window.memory.held.buttons(_only_held(window)) or (None, None)
    assert keep is not None and keep.isEnabled() and discard is not None and discard.isEnabled()
    window.memory.team.close_team()
