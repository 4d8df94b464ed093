"""`voice-dev-agent team init|grant|revoke`, run as a team lead would, as the database's owning role.

The commands run in this process (tests/app_cli.py).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from psycopg.conninfo import conninfo_to_dict

from app.core.memory import MemoryStore
from app.core.team import schema
from app.core.team.server import connect
from tests.app_cli import run_app
from tests.conftest import git
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, new_database

ROOT = Path(__file__).resolve().parents[3]


def _team(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    return run_app("team", *args, env=env, cwd=ROOT)


def test_init_twice_then_grant_a_checkout_to_a_role_and_revoke_it(pg_cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    database = new_database(pg_cluster, version=None)
    first = _team("init", "--dsn", database.dsn())
    assert first.returncode == 0, first.stderr
    assert f"Created the team schema (version {schema.VERSION})" in first.stdout
    again = _team("init", "--dsn", database.dsn())
    assert again.returncode == 0 and "nothing to do" in again.stdout

    checkout = tmp_path / "clone"
    checkout.mkdir()
    git(checkout, "init", "-q", "-b", "main")
    git(checkout, "remote", "add", "origin", "git@github.com:Org/Service.git")
    role = database.role()
    granted = _team("grant", "--dsn", database.dsn(), "--repo", str(checkout), "--role", role, "--write")
    assert granted.returncode == 0, granted.stderr
    assert f"{role} may now read and write the team memory of origin:github.com/org/service." in granted.stdout

    # The grant is by identity, so a store opened by that identity (any clone's) is the developer's to write.
    store = MemoryStore(database.backend("origin:github.com/org/service", role))
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "- Provision with Bicep.\n"}, by="person")

    revoked = _team("revoke", "--dsn", database.dsn(), "--repo", "origin:github.com/org/service", "--role", role)
    assert revoked.returncode == 0 and "no longer sees" in revoked.stdout
    assert MemoryStore(database.backend("origin:github.com/org/service", role)).files() == []


def test_a_server_that_cannot_be_reached_or_a_newer_schema_is_one_line_and_exit_2(pg_cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    gone = _team("init", "--dsn", f"host={tmp_path} port=5999 dbname=team user=nobody")
    assert gone.returncode == 2
    assert gone.stderr.count("\n") == 1 and "the team server is unreachable" in gone.stderr.lower()

    database = new_database(pg_cluster)
    with connect(database.dsn()) as conn:
        conn.execute("UPDATE vda.meta SET version = %s", (schema.VERSION + 1,))
    newer = _team("init", "--dsn", database.dsn())
    assert newer.returncode == 2 and newer.stderr.count("\n") == 1
    assert "newer than this app knows" in newer.stderr

    plain = tmp_path / "plain"
    plain.mkdir()
    unshared = _team("grant", "--dsn", database.dsn(), "--repo", str(plain), "--role", "x")
    assert unshared.returncode == 2 and "no origin remote and no commit" in unshared.stderr


def test_connect_keeps_the_dsn_without_its_password_and_doctor_checks_the_server(
    team_db: TeamDatabase, app_home: Path
) -> None:
    from app.commands.doctor import check_team
    from app.core import settings as settings_store
    from app.core.settings import Settings

    role = team_db.role()
    before = _team("connect", "--dsn", team_db.dsn(role))
    assert before.returncode == 0 and "no repository is shared with you yet" in before.stdout
    team_db.grant("origin:example.com/org/connected", role, write=False)
    done = _team("connect", "--dsn", team_db.dsn(role))
    assert done.returncode == 0, done.stderr
    assert f"as {role} (schema version {schema.VERSION}); 1 repository(ies) shared with you." in done.stdout
    saved = settings_store.load().settings
    assert conninfo_to_dict(saved.team_dsn) == conninfo_to_dict(team_db.dsn(role))

    check = check_team(saved)
    assert check is not None and check.ok and f"as {role}, schema version {schema.VERSION}" in check.text
    assert check_team(Settings()) is None  # team memory off: nothing to check
    gone = check_team(Settings(team_dsn="host=/nonexistent port=5999 dbname=x user=y"))
    assert gone is not None and not gone.ok and "unreachable" in gone.text

    # A password given in the DSN goes to the keyring; with none that keeps it, it is refused, never saved.
    refused = _team("connect", "--dsn", team_db.dsn(role) + " password=s3cret-Passw0rd")
    assert refused.returncode == 2 and "keyring" in refused.stderr
    assert "s3cret" not in (app_home / "config" / "settings.json").read_text()
