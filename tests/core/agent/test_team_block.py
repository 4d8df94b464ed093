"""The team's lines in a session's memory block, as sent to the fake Messages API; the server stopped mid-session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text
from app.bench.pg_cluster import Cluster, ClusterUnavailable, start_cluster
from app.core.agent.events import TurnEnded
from app.core.agent.session import Session
from app.core.memory import open_store
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import config, tier
from tests.app_cli import run_app
from tests.core.memory.conftest import ok
from tests.team_server import new_database

ROOT = Path(__file__).resolve().parents[3]
TEAM_LINE = "- We provision on Azure with Bicep, never by hand in the portal."
MY_NOTE = "- Focus on the parser rewrite."
SECOND = "- Ana owns the billing module; ask her before changing its API."


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of this test's own, since the test stops it (the run's shared one must stay up)."""
    try:
        cluster = start_cluster()
    except ClusterUnavailable as exc:
        if os.environ.get("VDA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"the test PostgreSQL server could not start: {exc}")
        pytest.skip(f"needs a PostgreSQL server: {exc}")
    yield cluster
    cluster.remove()


def _system(fake: FakeAPI) -> str:
    return str(fake.requests[-1].body["system"][1]["text"])


def test_team_lines_load_under_their_heading_and_the_stopped_server_leaves_the_cached_copy(
    fake: FakeAPI, repo: Path, client: anthropic.Anthropic, own_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = new_database(own_cluster)
    role = database.role()
    database.grant(repository_identity(repo).key, role)
    monkeypatch.setenv(config.ENV_DSN, database.dsn(role))
    # An agent's note: a person's own lines load first, under "From the developer", before the team's.
    ok(
        open_store(repo),
        {"command": "create", "path": "/memories/notes.md", "file_text": MY_NOTE + "\n"},
        session_id="s0",
    )
    team = tier.open_team(repo, Settings())
    assert team is not None
    team.promote("/memories/conventions.md", TEAM_LINE)
    team.close()

    fake.script(text("Hi."), text("Still here."), text("Hello again."))
    session = Session(repo, Settings(), client=client)
    assert isinstance(session.run_turn("hello"), TurnEnded)
    block = _system(fake)
    assert "Team memory (written by people on this repository's team" in block
    assert f"{TEAM_LINE} (by {role}, " in block
    assert block.index(TEAM_LINE) < block.index(MY_NOTE)  # the team's lines come before the agent's notes
    assert "unreachable" not in block

    own_cluster.stop("immediate")  # the server goes away in the middle of the session
    assert isinstance(session.run_turn("and now?"), TurnEnded)  # the turn still answers, prompt unchanged
    assert _system(fake) == block

    Session(repo, Settings(), client=client).run_turn("new session")
    cached = _system(fake)
    assert "; the team server is unreachable" in cached and "Team memory (team memory as of " in cached
    assert f"{TEAM_LINE} (by {role}, " in cached and MY_NOTE in cached  # nothing personal is affected

    env = dict(os.environ)
    done = run_app("memory", "promote", "--repo", str(repo), MY_NOTE, env=env, cwd=ROOT)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "Not shared: team memory as of " in done.stderr and "the team server is unreachable" in done.stderr


def test_memory_off_loads_no_team_memory(fake: FakeAPI, repo: Path, client: anthropic.Anthropic) -> None:
    fake.script(text("Hi."))
    os.environ.pop(config.ENV_DSN, None)
    Session(repo, Settings(memory_mode="off", team_dsn="host=/nonexistent dbname=x"), client=client).run_turn("hi")
    assert "Team memory" not in _system(fake)
