"""The agent's suggestion path: a note it thinks the team should have waits for the person, who shares it; the
agent's memory tool never reaches the team memory. Real server, the developer's own role, real processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.agent.prompt import MEMORY_RULES
from app.core.memory import open_store, suggest
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import config, tier
from tests.conftest import git
from tests.core.memory.conftest import stored
from tests.team_server import TeamDatabase, unique

ROOT = Path(__file__).resolve().parents[3]
NOTE = "- Releases are cut from the release branch by whoever is on rotation; see docs/releasing.md."


def _app(*args: str, dsn: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        capture_output=True,
        text=True,
        env={**os.environ, config.ENV_DSN: dsn},
        cwd=ROOT,
        timeout=60,
    )


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / unique("suggest")
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "remote", "add", "origin", f"git@example.com:org/{repo.name}.git")
    git(repo, "commit", "-q", "--allow-empty", "-m", "init")
    return repo


@pytest.mark.slow
def test_a_note_the_agent_suggests_for_the_team_waits_and_the_person_shares_it(
    checkout: Path, team_db: TeamDatabase
) -> None:
    role = team_db.role()
    team_db.grant(repository_identity(checkout).key, role)
    assert suggest.SUGGEST_PATH in MEMORY_RULES  # the agent is told where a suggestion goes
    store = open_store(checkout)
    result = store.execute(
        {"command": "create", "path": suggest.SUGGEST_PATH, "file_text": NOTE + "\n"},
        session_id="s1",
        user_words="how do we release?",
    )
    assert not result.is_error and "Held for the developer" in result.text and "team" in result.text
    assert stored(store, "for-the-team.md") is None  # nothing written, not even in my memory
    [waiting] = store.pending()
    assert waiting.text.strip() == NOTE and waiting.reason == suggest.REASON

    team = tier.open_team(checkout, Settings(team_dsn=team_db.dsn(role)))
    assert team is not None
    assert team.read().lines == ()  # the agent never writes the team memory

    pending = _app("memory", "pending", "--repo", str(checkout), "--json", dsn=team_db.dsn(role))
    assert pending.returncode == 0 and NOTE in json.dumps(json.loads(pending.stdout))
    shared = _app("memory", "share", "--repo", str(checkout), NOTE, dsn=team_db.dsn(role))
    assert shared.returncode == 0, shared.stderr
    assert shared.stdout.strip() == f"Shared with the team: {NOTE}"
    assert [(x.text, x.by) for x in team.read().lines] == [(NOTE, role)]  # shared by the person, as themself
    assert store.pending() == [] and stored(store, "for-the-team.md") is None
    again = _app("memory", "share", "--repo", str(checkout), NOTE, dsn=team_db.dsn(role))
    assert again.returncode == 2 and "No line waits for you" in again.stderr
    team.close()
