"""The eighth held-out gate set (issue 38): blind, sealed before the fourth round, scored once; trained on since.

The seventh set was scored once after the third round (5.2% of durable refused, the goal 2%) and so became
development data; this one, written from the same two definitions with digits in about 60% of each kind, takes
its place as the set nobody tuned on. Tuning against it would turn it into development data, so a change that
needs it to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v8"
LINES = 250
DIGESTS = {
    "state.txt": "4a712092a40949792c55c1cc2b9bede8783078c7f6a5175bb1aa30a7348711b2",
    "durable.txt": "009fecc1275bee028cd095198a667f471da3bc250afee6b01b70fbf343670347",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name], LINES)


def test_after_its_one_scoring_it_joined_the_pool_as_a_writer_of_its_own() -> None:
    # Issue 38's fifth round trained on it and held it out whole in the estimates that chose its settings; the set
    # nobody tuned on is now the ninth (test_gate_test_set_v9.py).
    assert "gate_test_set_v8" in gate_figures.POOL
    assert ("gate_test_set_v8",) in gate_figures.STRANGERS


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once, after issue 38's third round: 95.6% of state refused, 5.6% of durable refused.

    A fourth round's gate scored 94.4% / 4.8% in the same run and was not merged (state under the 95% goal).
    The goal (at most 2% of durable refused) is not met; this holds the figure so a later change cannot make it
    worse unseen. A change that improves it is judged on a new blind set, not on this one.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.956, figures.text()
    assert figures.false_refusals <= 0.056, figures.text()
