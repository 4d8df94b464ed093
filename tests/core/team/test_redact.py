"""`team redact`: a team admin wipes one leaked change's text and the record stays; nobody else can, and nobody's
role can rewrite history otherwise. Real server, real command-line processes, each as the developer's own role.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from app.core.memory.undo import UndoRefused
from app.core.team import config, tier
from tests.team_server import TeamDatabase, unique

ROOT = Path(__file__).resolve().parents[3]
LEAK = "- The Acme customer list is on //files.internal/acme-private/customers.xlsx for the support team."


def _team(*args: str, dsn: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "team", *args],
        capture_output=True,
        text=True,
        env={**os.environ, config.ENV_DSN: dsn},
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.slow
def test_an_admin_redacts_a_leaked_change_and_the_record_stays(team_db: TeamDatabase, tmp_path: Path) -> None:
    identity = f"origin:example.com/org/{unique('redact')}"
    admin, writer, reader = team_db.role("lead"), team_db.role(), team_db.role()
    team_db.grant(identity, admin, admin_right=True)
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)
    team = tier.Team(team_db.backend(identity, writer), None, tmp_path / "writer.json")
    team.promote("/memories/support.md", LEAK)
    [line] = team.read().lines
    added = line.version

    # While the line is still there, redacting its change would leave the secret in place: refused, saying so.
    early = _team("redact", "--repo", identity, "--change", str(added), dsn=team_db.dsn(admin))
    assert early.returncode == 2 and "still holds" in early.stderr and "Delete that line first" in early.stderr

    team.edit(line.path, line.text, "", line.version)
    history = _team("history", "--repo", identity, dsn=team_db.dsn(reader))
    assert history.returncode == 0, history.stderr
    assert history.stdout.count(LEAK) == 2  # added, then removed: both changes hold the text
    deleted = max(int(x.split()[0].lstrip("#")) for x in history.stdout.splitlines() if x.startswith("#"))

    for role in (writer, reader):  # no admin right: refused, nothing changed
        refused = _team("redact", "--repo", identity, "--change", str(added), dsn=team_db.dsn(role))
        assert refused.returncode == 2 and "Only a team admin" in refused.stderr, refused.stderr
    for seq in (added, deleted):
        done = _team("redact", "--repo", identity, "--change", str(seq), dsn=team_db.dsn(admin))
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"Redacted change #{seq} (") and f"by {writer}" in done.stdout
    again = _team("redact", "--repo", identity, "--change", str(added), dsn=team_db.dsn(admin))
    assert again.returncode == 0 and "redacted already" in again.stdout

    after = _team("history", "--repo", identity, dsn=team_db.dsn(reader))
    assert LEAK not in after.stdout
    assert after.stdout.count(f"[text redacted by {admin} at ") == 2
    assert f"#{added} " in after.stdout and f"  {writer}  " in after.stdout  # who made the change stays
    with psycopg.connect(team_db.dsn(admin)) as conn:  # the text is gone from the server, not just hidden
        rows = conn.execute(
            "SELECT old_text, new_text, by FROM vda.changes WHERE seq = ANY(%s)", ([added, deleted],)
        ).fetchall()
    assert rows == [(None, None, writer), (None, None, writer)]

    # Undo cannot bring the wiped text back, and an admin's own role still cannot rewrite history.
    with pytest.raises(UndoRefused):  # nothing left to undo but the redacted changes
        team.undo()
    assert team.read().lines == ()
    team.close()
    with psycopg.connect(team_db.dsn(admin)) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("UPDATE vda.changes SET new_text = 'x' WHERE seq = %s", (added,))
