"""The team tier as a developer meets it: `memory promote`, `memory show --json`'s team object, concurrent writers,
stale edits, and a team server that does not answer. Real server, each developer's own role; the commands run in
this process (tests/app_cli.py), and two concurrent promotions are two real processes.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.errors import TeamRefused
from app.core.memory import open_store
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import config, tier
from tests.app_cli import run_app
from tests.conftest import git
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, unique

ROOT = Path(__file__).resolve().parents[3]
BICEP = "- We provision on Azure with Bicep; see infra/main.bicep."
HOOK = "- Ana owns the billing module; ask her before changing its API."


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / unique("clone")
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "remote", "add", "origin", f"git@example.com:org/{repo.name}.git")
    (repo / "infra").mkdir()
    (repo / "infra" / "main.bicep").write_text("param x string\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "init")
    store = open_store(repo)
    ok(store, {"command": "create", "path": "/memories/conventions.md", "file_text": f"{BICEP}\n{HOOK}\n"}, by="person")
    return repo


@pytest.fixture
def developer(team_db: TeamDatabase, checkout: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A developer's role with write access to the checkout's team memory, connected through the environment."""
    role = team_db.role()
    team_db.grant(repository_identity(checkout).key, role)
    monkeypatch.setenv(config.ENV_DSN, team_db.dsn(role))
    return role


def _app(*args: str, dsn: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if dsn is not None:
        env[config.ENV_DSN] = dsn
    return run_app(*args, env=env, cwd=ROOT)


def _team_json(repo: Path, dsn: str | None = None) -> dict[str, object]:
    done = _app("memory", "show", "--repo", str(repo), "--json", dsn=dsn)
    assert done.returncode == 0, done.stderr
    team = json.loads(done.stdout)["team"]
    assert isinstance(team, dict)
    return team


def test_promote_shares_a_line_and_show_json_gives_who_and_when(checkout: Path, developer: str) -> None:
    assert _team_json(checkout)["lines"] == []
    done = _app("memory", "promote", "--repo", str(checkout), "we provision on azure with bicep; see infra/main.bicep")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Shared with the team: {BICEP}"
    again = _app("memory", "promote", "--repo", str(checkout), BICEP)
    assert again.returncode == 0 and "Already shared" in again.stdout

    team = _team_json(checkout)
    assert team["state"] == "connected" and team["as_of"]
    [line] = team["lines"]  # type: ignore[misc]
    assert line["text"] == BICEP and line["by"] == developer and line["status"] == "holds"
    assert line["at"]

    (checkout / "infra" / "main.bicep").unlink()  # gone on my branch: marked for me
    assert [x["status"] for x in _team_json(checkout)["lines"]] == ["gone"]  # type: ignore[union-attr]

    refused = _app("memory", "promote", "--repo", str(checkout), "- a line I never kept")
    assert refused.returncode == 2 and "has no line" in refused.stderr


def test_without_a_server_the_team_object_is_off(checkout: Path) -> None:
    assert _team_json(checkout) == {"state": "off", "as_of": None, "lines": []}


@pytest.mark.slow
def test_two_processes_promoting_at_once_both_land(checkout: Path, developer: str, team_db: TeamDatabase) -> None:
    other = team_db.role()
    team_db.grant(repository_identity(checkout).key, other)
    env = dict(os.environ)
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "app", "memory", "promote", "--repo", str(checkout), line],
            env={**env, config.ENV_DSN: team_db.dsn(role)},
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for role, line in ((developer, BICEP), (other, HOOK))
    ]
    for run in runs:
        _out, err = run.communicate(timeout=60)
        assert run.returncode == 0, err
    lines = {x["text"]: x["by"] for x in _team_json(checkout)["lines"]}  # type: ignore[union-attr]
    assert lines == {BICEP: developer, HOOK: other}


def test_a_stale_edit_is_refused_with_the_current_text_and_an_identical_retry_succeeds(
    checkout: Path, developer: str, team_db: TeamDatabase
) -> None:
    mine = tier.open_team(checkout, Settings())
    assert mine is not None
    mine.promote("/memories/conventions.md", HOOK)
    [seen] = mine.read().lines

    other = team_db.role()
    team_db.grant(repository_identity(checkout).key, other)
    del os.environ[config.ENV_DSN]  # the second developer's own settings, not my environment (monkeypatch restores)
    theirs = tier.open_team(checkout, Settings(team_dsn=team_db.dsn(other)))
    assert theirs is not None
    fixed = "- Ana owns the billing module; ask her before changing its public API."
    assert theirs.edit(seen.path, seen.text, fixed, seen.version) == f"Changed the team line: {fixed}"
    assert theirs.edit(seen.path, seen.text, fixed, seen.version).startswith("No change needed")  # identical retry

    with pytest.raises(TeamRefused, match="changed since you saw it") as refused:
        mine.edit(seen.path, seen.text, "- Ben owns the billing module now.", seen.version)
    assert fixed in str(refused.value)
    [now] = theirs.read().lines
    assert now.text == fixed and now.by == other
    with pytest.raises(TeamRefused, match=f"rewritten by {other}"):
        mine.edit(now.path, now.text, "- something else", seen.version)
    assert mine.edit(now.path, now.text, "", now.version) == f"Deleted the team line: {fixed}"
    assert theirs.read().lines == ()
    mine.close()
    theirs.close()


@pytest.fixture
def silent_server(tmp_path: Path) -> Iterator[str]:
    """A socket that accepts connections and never answers: a team server hung mid-handshake."""
    folder = tmp_path / "hung"
    folder.mkdir()
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(folder / ".s.PGSQL.5432"))
    listener.listen(8)
    yield f"host={folder} port=5432 dbname=team user=nobody"
    listener.close()


@pytest.mark.slow
def test_a_server_that_does_not_answer_costs_a_second_and_gives_the_cached_copy(
    checkout: Path, developer: str, silent_server: str
) -> None:
    assert _app("memory", "promote", "--repo", str(checkout), BICEP).returncode == 0
    seen = _team_json(checkout)  # this machine now has the team memory cached

    os.environ[config.ENV_DSN] = silent_server  # monkeypatch (the developer fixture) restores it
    start = time.monotonic()
    view = tier.load_view(checkout, Settings())
    waited = time.monotonic() - start
    assert waited < 1.5, waited
    assert view.state == "cached" and [x.text for x in view.lines] == [BICEP]
    block = tier.render(view)
    assert "; the team server is unreachable" in block and BICEP in block
    assert f"team memory as of {view.as_of.astimezone():%Y-%m-%d %H:%M}" in block  # type: ignore[union-attr]

    cached = _team_json(checkout, dsn=silent_server)
    assert cached["state"] == "cached" and cached["as_of"] == seen["as_of"]
    assert cached["lines"] == seen["lines"]
    refused = _app("memory", "promote", "--repo", str(checkout), HOOK, dsn=silent_server)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "; the team server is unreachable" in refused.stderr and "team memory as of" in refused.stderr
