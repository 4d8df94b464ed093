"""The sixth held-out gate set (issue 38): written blind, sealed before this session's gate work, scored once.

A helper who saw only the two definitions (and a requirement that at least 40% of the durable lines carry a
number, a time, an id, a version or a place) wrote it, 250 lines of each kind (see its README). The fifth set
was scored once and so became development data; this one takes its place as the set nobody tuned on. It was
copied here and its digests taken before anyone changed the gate; tuning against it would turn it into
development data, so a change that needs it to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v6"
LINES = 250
DIGESTS = {
    "state.txt": "cb68746e2dc3b0a8ae098c9ea5f9b1c225d5d82c519b6778981ad0d7091b4ad6",
    "durable.txt": "782e4a1fc8b203a35a319f7200796742489ec25019da470c27231297d6c6d12d",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name], LINES)


def test_the_gate_never_trains_on_it() -> None:
    assert "gate_test_set_v6" not in gate_figures.POOL
    assert all("gate_test_set_v6" not in group for writer in gate_figures.BLIND for group in writer)


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once when issue 38's second round landed: 95.6% of state refused, 3.6% of durable refused.

    The gate before that round read it at 94.8% / 8.0%. The goal (at most 2% of durable refused) is not met;
    this holds the figure so a later change cannot make it worse unseen. A change that improves it is judged on
    a new blind set, not on this one.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.956, figures.text()
    assert figures.false_refusals <= 0.036, figures.text()
