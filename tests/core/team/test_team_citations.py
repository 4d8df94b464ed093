"""Team lines' citations are checked against each teammate's own checkout: the writer's still holds while mine,
on a branch where the cited function changed, is marked changed, and where the file is gone, gone.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from app.core.memory import open_store
from app.core.repo_identity import repository_identity
from app.core.settings import Settings
from app.core.team import tier
from tests.conftest import git
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, unique

LINE = "- We build images with build_image in tools/build.py; ask the platform team before changing it."
SOURCE = "def build_image(tag):\n    return f'registry/app:{tag}'\n\n\ndef push(tag):\n    return tag\n"


def _open(checkout: Path, team_db: TeamDatabase, role: str) -> tier.Team:
    team = tier.open_team(checkout, Settings(team_dsn=team_db.dsn(role)))
    assert team is not None
    return team


def test_each_teammate_sees_a_team_line_marked_against_their_own_checkout(
    tmp_path: Path, team_db: TeamDatabase
) -> None:
    name = unique("cites")
    mine = tmp_path / "mine" / name
    mine.mkdir(parents=True)
    git(mine, "init", "-q", "-b", "main")
    git(mine, "remote", "add", "origin", f"git@example.com:org/{name}.git")
    (mine / "tools").mkdir()
    (mine / "tools" / "build.py").write_text(SOURCE)
    git(mine, "add", ".")
    git(mine, "commit", "-q", "-m", "init")
    theirs = tmp_path / "theirs" / name
    shutil.copytree(mine, theirs)  # a teammate's clone: the same origin, so the same team memory
    assert repository_identity(theirs).key == repository_identity(mine).key

    writer, reader = team_db.role(), team_db.role()
    for role in (writer, reader):
        team_db.grant(repository_identity(mine).key, role)
    ok(open_store(mine), {"command": "create", "path": "/memories/build.md", "file_text": LINE + "\n"}, by="person")
    team = _open(mine, team_db, writer)
    team.promote("/memories/build.md", LINE)
    [line] = team.read().lines
    assert line.status == "holds" and line.cites  # recorded from my checkout as it was written

    # The teammate's branch rewrote the cited function: marked changed for them, still holding for me.
    (theirs / "tools" / "build.py").write_text(SOURCE.replace("registry/app:{tag}", "registry/app:{tag}-signed"))
    other = _open(theirs, team_db, reader)
    [seen] = other.read().lines
    assert seen.status == "changed" and seen.changed == ("tools/build.py (build_image)",)
    assert "changed since: tools/build.py (build_image)" in tier.render(other.read())
    assert [x.status for x in team.read().lines] == ["holds"]

    # On a branch without the file: gone; the cached copy is checked the same way.
    (theirs / "tools" / "build.py").unlink()
    assert [x.status for x in other.read().lines] == ["gone"]
    assert [x.status for x in other.cached().lines] == ["gone"]
    team.close()
    other.close()
