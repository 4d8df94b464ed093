"""The third held-out gate set: written blind in session 11, scored once, and kept exactly as written.

A helper who saw only the two definitions wrote it (see its README) while the gate's session-11 settings
were chosen on the development pool without it; it was first scored after they landed: 90.5% of state
lines refused, 3.5% of durable lines refused (main before them: 86.0% / 3.0%). The goal test below is
what fails if a later change makes the gate worse on a writer it never saw; tuning against it would
turn it into development data, so a change that needs it to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v3"
DIGESTS = {
    "state.txt": "4917efbed7c4d44f0d1c160ca977d04c16dc5d481381570a12e69f4be3d9ee48",
    "durable.txt": "c070b9c28aa7dd4190698bf73487eaaafedc77be0be5946daa68383d2fd497ab",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name])


def test_the_gate_never_trains_on_it() -> None:
    assert "gate_test_set_v3" not in gate_figures.POOL
    assert all("gate_test_set_v3" not in group for writer in gate_figures.BLIND for group in writer)


def test_the_gate_meets_the_issue_goal_on_a_writer_it_never_saw() -> None:
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    # Issue 21's goal: at least 90% of state lines refused, at most 5% of durable lines refused.
    assert figures.recall >= 0.90, figures.text()
    assert figures.false_refusals <= 0.05, figures.text()
