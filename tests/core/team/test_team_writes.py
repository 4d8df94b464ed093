"""Team writes at once: a teammate's write to another file never waits, one to the same file waits and both land;
the team store's caps. Real server, each developer's own role.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.memory import STORE_CAP, limits
from app.core.team import tier
from tests.team_server import TeamDatabase, unique


@pytest.fixture
def identity() -> str:
    return f"origin:example.com/org/{unique('writes')}"


@pytest.fixture
def teammates(team_db: TeamDatabase, identity: str, tmp_path: Path) -> Iterator[list[tier.Team]]:
    teams = []
    for n in range(3):
        role = team_db.role()
        team_db.grant(identity, role)
        backend = team_db.backend(identity, role, machine_folder=tmp_path / f"m{n}", caps=limits.TEAM)
        teams.append(tier.Team(backend, None, tmp_path / f"c{n}" / "lines.json"))
    yield teams
    for team in teams:
        team.close()


def _text(team: tier.Team, path: str) -> str:
    return {f.path: f.text for f in team.store.files()}.get(path, "")


def test_a_write_to_another_file_does_not_wait_and_one_to_the_same_file_waits_then_both_land(
    teammates: list[tier.Team],
) -> None:
    ana, ben, cy = teammates
    holding = threading.Event()
    release = threading.Event()
    done: dict[str, float] = {}

    def ana_writes_slowly() -> None:
        def work() -> str:
            holding.set()
            release.wait(10)
            return ana.promote("/memories/deploy.md", "- Deploys go out from release tags only.")

        ana.backend.locked(work, write=True, empty=str, files=("/memories/deploy.md",))
        done["ana"] = time.monotonic()

    def cy_writes_the_same_file() -> None:
        cy.promote("/memories/deploy.md", "- The deploy window is Tuesday, decided by the release team.")
        done["cy"] = time.monotonic()

    first = threading.Thread(target=ana_writes_slowly)
    first.start()
    assert holding.wait(10)
    began = time.monotonic()
    assert ben.promote("/memories/billing.md", "- Ana owns the billing module.").startswith("Shared")
    assert time.monotonic() - began < 1.0  # another file: no wait for Ana's open write
    second = threading.Thread(target=cy_writes_the_same_file)
    second.start()
    time.sleep(0.5)
    assert "cy" not in done  # the same file: Cy's promotion waits for Ana's
    release.set()
    first.join(10)
    second.join(10)
    assert done["ana"] <= done["cy"]
    assert _text(ben, "/memories/deploy.md").splitlines() == [
        "- Deploys go out from release tags only.",
        "- The deploy window is Tuesday, decided by the release team.",
    ]
    assert _text(ben, "/memories/billing.md") == "- Ana owns the billing module.\n"


@pytest.mark.slow
def test_a_team_store_holds_more_than_a_personal_one_up_to_its_own_cap(teammates: list[tier.Team]) -> None:
    ana = teammates[0]
    line = "- The {n} service's queue is drained by the batch workers, owned by platform team {n}.\n"
    body = "".join(line.format(n=f"{i:04d}") for i in range(44))  # ~3,900 characters: under a file's cap
    written = 0
    message = ""
    for n in range(30):
        result = ana.store.save_as_person(f"/memories/topic{n}.md", body, None)
        if not result.saved:
            message = result.message
            break
        written += 1
    total = ana.store.total_chars()
    assert total > STORE_CAP, message  # a personal store would have stopped at 6,000 characters
    assert written > 1 and total <= limits.TEAM.store < total + len(body) + 20  # the next file would not fit
    assert f"{limits.TEAM.store:,}" in message and "file names included" in message
