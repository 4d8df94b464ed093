"""The seventh held-out gate set (issue 38): blind, sealed before the third round, scored once; trained on since.

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


def test_after_its_one_scoring_it_joined_the_pool_as_a_writer_of_its_own() -> None:
    # Issue 38's fifth round trained on it and held it out whole in the estimates that chose its settings; the set
    # nobody tuned on is now the ninth (test_gate_test_set_v9.py).
    assert "gate_test_set_v7" in gate_figures.POOL
    assert ("gate_test_set_v7",) in gate_figures.STRANGERS


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once when issue 38's third round landed: 96.8% of state refused, 5.2% of durable refused.

    The gate before that round read it at 96.0% / 6.4%. The goal (at most 2% of durable refused) is not met;
    this holds the figure so a later change cannot make it worse unseen. A change that improves it is judged on
    a new blind set, not on this one.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.968, figures.text()
    assert figures.false_refusals <= 0.052, figures.text()
