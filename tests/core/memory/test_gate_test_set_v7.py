"""The seventh held-out gate set (issue 38): written blind, sealed before the gate's third round, scored once.

The sixth set was scored once after the second round (3.6% of durable refused, the goal 2%) and so became
development data; this one, written from the same two definitions with the digits spread evenly over both
kinds, takes its place as the set nobody tuned on. Tuning against it would turn it into development data, so a
change that needs it to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v7"
LINES = 250
DIGESTS = {
    "state.txt": "957f19b8dca31e714538fd4a93b5b322abd5e3333d61ac82aa758f2da63d3015",
    "durable.txt": "52d57ab0a5d6e8c96b231972d456f92928e2913d8745fb1a95d10f29a0ca1961",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name], LINES)


def test_the_gate_never_trains_on_it() -> None:
    assert "gate_test_set_v7" not in gate_figures.POOL
    assert all("gate_test_set_v7" not in group for writer in gate_figures.BLIND for group in writer)


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once when issue 38's third round landed: 96.8% of state refused, 5.2% of durable refused.

    The gate before that round read it at 96.0% / 6.4%. The goal (at most 2% of durable refused) is not met;
    this holds the figure so a later change cannot make it worse unseen. A change that improves it is judged on
    a new blind set, not on this one.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.968, figures.text()
    assert figures.false_refusals <= 0.052, figures.text()
