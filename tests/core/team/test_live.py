"""Live team memory between two real clients: a teammate's promotion (another process) reaches my listener within
a second; after a lost connection the listener catches up by sequence number; the notification itself tells a role
without a grant nothing. Real server, each developer's role.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.bench.pg_cluster import Cluster
from app.core.memory import open_store
from app.core.repo_identity import repository_identity
from app.core.team import config, tier
from app.core.team.live import TeamListener
from app.core.team.schema import CHANNEL
from app.core.team.server import connect
from tests.conftest import git
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, unique

ROOT = Path(__file__).resolve().parents[3]
LINE = "- The deploy window is Tuesday, decided by the release team."
LATER = "- Release notes go in docs/releases, one file per tag."


class Seen:
    """What a listener reported, in order, with when."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object, float]] = []
        self.changed = threading.Event()

    def change(self, seq: int) -> None:
        self.events.append(("change", seq, time.monotonic()))
        self.changed.set()

    def state(self, connected: bool) -> None:
        self.events.append(("state", connected, time.monotonic()))

    def changes(self) -> list[object]:
        return [value for kind, value, _at in self.events if kind == "change"]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / unique("live")
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "remote", "add", "origin", f"git@example.com:org/{repo.name}.git")
    git(repo, "commit", "-q", "--allow-empty", "-m", "init")
    store = open_store(repo)
    ok(store, {"command": "create", "path": "/memories/notes.md", "file_text": f"{LINE}\n{LATER}\n"}, by="person")
    return repo


def _promote(checkout: Path, dsn: str, line: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app", "memory", "promote", "--repo", str(checkout), line],
        env={**os.environ, config.ENV_DSN: dsn},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def _newest(team_db: TeamDatabase, identity: str, role: str, checkout: Path) -> int:
    """The newest change `role` reads on the server, as a window's read gives it."""
    team = tier.Team(team_db.backend(identity, role), None, checkout.parent / f"{role}.json")
    try:
        return team.read().seq
    finally:
        team.close()


@pytest.mark.slow
def test_a_teammates_promotion_reaches_my_listener_within_a_second(checkout: Path, team_db: TeamDatabase) -> None:
    identity = repository_identity(checkout).key
    writer, reader = team_db.role(), team_db.role()
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)
    seen = Seen()
    listener = TeamListener(team_db.dsn(reader), identity, seen.change, on_state=seen.state).start()
    try:
        assert listener.wait_listening(10)
        _promote(checkout, team_db.dsn(writer), LINE)
        returned = time.monotonic()
        assert seen.changed.wait(1.0), "no notification within a second of the teammate's promotion"
        [(_, seq, at)] = [e for e in seen.events if e[0] == "change"]
        assert at - returned < 1.0
        # What the window then shows: the line, by the teammate.
        mine = tier.Team(team_db.backend(identity, reader), None, checkout.parent / "reader.json")
        view = mine.read()
        mine.close()
        assert [(x.text, x.by) for x in view.lines] == [(LINE, writer)] and view.seq == seq
    finally:
        listener.stop()


@pytest.mark.slow
def test_after_a_lost_connection_the_listener_catches_up_from_the_last_change_it_saw(
    checkout: Path, team_db: TeamDatabase, pg_cluster: Cluster
) -> None:
    identity = repository_identity(checkout).key
    writer, reader = team_db.role(), team_db.role()
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)
    _promote(checkout, team_db.dsn(writer), LINE)
    first = _newest(team_db, identity, reader, checkout)

    # A window opened on what it read: a listener started from that change reports nothing older.
    seen = Seen()
    listener = TeamListener(team_db.dsn(reader), identity, seen.change, since=first, on_state=seen.state).start()
    try:
        assert listener.wait_listening(10)
        assert seen.changes() == []
        pg_cluster.psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{reader}'")
        deadline = time.monotonic() + 5
        while ("state", False) not in [(k, v) for k, v, _ in seen.events] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert ("state", False) in [(k, v) for k, v, _ in seen.events], "the listener did not notice"
        _promote(checkout, team_db.dsn(writer), LATER)  # while it may be away: no notification reaches it
        assert seen.changed.wait(10)
        newest = _newest(team_db, identity, reader, checkout)
        assert seen.changes() == [newest] and newest > first  # reported once, by its sequence number
        assert [v for k, v, _ in seen.events if k == "state"][-1] is True  # listening again
    finally:
        listener.stop()


@pytest.mark.slow
def test_a_listener_started_after_changes_reports_the_newest_it_missed(checkout: Path, team_db: TeamDatabase) -> None:
    identity = repository_identity(checkout).key
    writer, reader = team_db.role(), team_db.role()
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)
    _promote(checkout, team_db.dsn(writer), LINE)
    seen_at = _newest(team_db, identity, reader, checkout)
    _promote(checkout, team_db.dsn(writer), LATER)  # made while this machine's window was closed
    newest = _newest(team_db, identity, reader, checkout)
    seen = Seen()
    listener = TeamListener(team_db.dsn(reader), identity, seen.change, since=seen_at).start()
    try:
        assert seen.changed.wait(10)
        assert seen.changes() == [newest]
    finally:
        listener.stop()


@pytest.mark.slow
def test_a_change_notification_tells_a_role_without_a_grant_nothing(checkout: Path, team_db: TeamDatabase) -> None:
    """Any role that can log in may LISTEN on the channel; what it hears must not say which repository changed."""
    identity = repository_identity(checkout).key
    elsewhere = f"{identity}-elsewhere"
    writer, stranger, nobody = team_db.role(), team_db.role("stranger"), team_db.role("nobody")
    team_db.grant(identity, writer)
    team_db.grant(elsewhere, stranger)  # a grant for another repository: the schema's privileges, none of these rows
    writers = tier.Team(team_db.backend(identity, writer), None, checkout.parent / "writer.json")
    writers.promote("/memories/release.md", LINE)  # the repository's first change: its row and an id exist
    with connect(team_db.dsn(stranger)) as theirs, connect(team_db.dsn(nobody)) as nobodys:
        for conn in (theirs, nobodys):
            conn.execute(f"LISTEN {CHANNEL}")
        seen_here, seen_elsewhere = Seen(), Seen()
        # The stranger's own window on this repository (nothing to see) and on the one it was granted.
        here = TeamListener(team_db.dsn(stranger), identity, seen_here.change).start()
        there = TeamListener(team_db.dsn(stranger), elsewhere, seen_elsewhere.change).start()
        try:
            assert here.wait_listening(10) and there.wait_listening(10)
            writers.promote("/memories/release.md", LATER)
            for conn in (theirs, nobodys):
                heard = list(conn.notifies(timeout=5, stop_after=1))
                assert heard, "the change was not announced at all"
                assert [note.payload for note in heard] == [""]  # no repository id, no change number
            time.sleep(0.5)  # what a listener would have reported by now
            assert seen_here.changes() == [] and seen_elsewhere.changes() == []
        finally:
            here.stop()
            there.stop()
    writers.close()


@pytest.mark.slow
def test_a_listener_hears_its_repository_through_the_policies_and_not_anothers(
    checkout: Path, team_db: TeamDatabase
) -> None:
    identity = repository_identity(checkout).key
    other = f"{identity}-other"
    writer, reader = team_db.role(), team_db.role()
    for repository in (identity, other):
        team_db.grant(repository, writer)
    team_db.grant(identity, reader, write=False)
    seen = Seen()
    listener = TeamListener(team_db.dsn(reader), identity, seen.change).start()
    mine = tier.Team(team_db.backend(identity, writer), None, checkout.parent / "mine.json")
    others = tier.Team(team_db.backend(other, writer), None, checkout.parent / "others.json")
    try:
        assert listener.wait_listening(10)
        others.promote("/memories/release.md", LATER)  # announced on the same channel, not for this repository
        time.sleep(0.5)
        assert seen.changes() == []
        mine.promote("/memories/release.md", LINE)
        assert seen.changed.wait(1.0), "no report within a second of a change to the listened repository"
        assert seen.changes() == [_newest(team_db, identity, reader, checkout)]
    finally:
        listener.stop()
        mine.close()
        others.close()
