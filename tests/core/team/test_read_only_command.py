"""`team read-only`: a team admin makes a repository's team memory read-only for everyone, and writable again;
a writer or a reader cannot. Real server, each command as the developer's own role."""

from __future__ import annotations

import os

from app.core.memory.store import MemoryStore
from app.core.team import config
from tests.app_cli import run_app
from tests.team_server import TeamDatabase, unique

CREATE = {"command": "create", "path": "/memories/infra.md", "file_text": "- We provision on Azure with Bicep.\n"}


def _team(*args: str, dsn: str) -> tuple[int, str, str]:
    done = run_app("team", *args, env={**os.environ, config.ENV_DSN: dsn})
    return done.returncode, done.stdout, done.stderr


def test_an_admin_switches_the_team_memory_read_only_for_everyone_and_back(team_db: TeamDatabase) -> None:
    identity = f"origin:example.com/org/{unique('readonly')}"
    lead, writer, reader = team_db.role("lead"), team_db.role(), team_db.role()
    team_db.grant(identity, lead, admin_right=True)
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)

    for role in (writer, reader):  # no admin right: refused in one line, exit 2, nothing switched
        code, out, err = _team("read-only", "--repo", identity, dsn=team_db.dsn(role))
        assert code == 2 and out == "" and ("Only a team admin" in err or "refused" in err), err

    code, out, _ = _team("read-only", "--repo", identity, dsn=team_db.dsn(lead))
    assert code == 0 and "read-only for everyone now" in out
    for role in (writer, lead):
        refused = MemoryStore(team_db.backend(identity, role)).execute(CREATE, by="person")
        assert refused.is_error and "read-only" in refused.text
    code, out, _ = _team("read-only", "--repo", identity, dsn=team_db.dsn(lead))
    assert code == 0 and "already; nothing changed" in out

    code, out, _ = _team("read-only", "--repo", identity, "--off", dsn=team_db.dsn(lead))
    assert code == 0 and "writable again" in out
    written = MemoryStore(team_db.backend(identity, writer)).execute(CREATE, by="person")
    assert not written.is_error, written.text


def test_a_repository_the_role_cannot_see_is_said_so(team_db: TeamDatabase) -> None:
    stranger = team_db.role()
    team_db.grant(f"origin:example.com/org/{unique('theirs')}", stranger, admin_right=True)  # an admin elsewhere
    code, _, err = _team("read-only", "--repo", f"origin:example.com/org/{unique('unseen')}", dsn=team_db.dsn(stranger))
    assert code == 2 and "shows you no team memory" in err
