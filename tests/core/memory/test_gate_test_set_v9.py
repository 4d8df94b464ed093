"""The ninth held-out gate set (issue 38): written blind, sealed before the fifth round, scored once after it.

The eighth set was used to choose between two gates (5.6% of durable refused on main's, the goal 2%) and so
became development data; this one, written from the same two definitions by a writer who saw nothing else,
takes its place as the set nobody tuned on. Tuning against it would turn it into development data, so a change
that needs it to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v9"
LINES = 250
DIGESTS = {
    "state.txt": "aa5f8ce39962fb417f0eee3c1a963edce5ba7608469b37dadeb593bb80577a8e",
    "durable.txt": "86666debcf877de999528947f4ab57259660f2edd431f164ff7a0500f4c44e76",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name], LINES)


def test_the_gate_never_trains_on_it() -> None:
    assert "gate_test_set_v9" not in gate_figures.POOL
    assert all("gate_test_set_v9" not in group for writer in gate_figures.BLIND for group in writer)


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once when issue 38's fifth round landed: 95.2% of state refused, 1.6% of durable refused.

    The gate before that round read it at 93.6% / 1.6% in the same run. The goal (at least 95% / at most 2%) is
    met; this holds the figure so a later change cannot make it worse unseen.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.952, figures.text()
    assert figures.false_refusals <= 0.016, figures.text()
