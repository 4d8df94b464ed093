"""The fifth held-out gate set (issue 38): written blind, sealed before any gate work, scored once at the end.

A helper who saw only the two definitions (and a requirement that at least 40% of the durable lines carry a
number, a time, an id, a version or a place) wrote it, 250 lines of each kind (see its README). It was copied
here and its digests taken before anyone changed the gate for issue 38; the gate's settings are chosen on the
development pool without it. Tuning against it would turn it into development data, so a change that needs it
to pass needs a new blind set too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures, gate_model
from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v5"
LINES = 250
DIGESTS = {
    "state.txt": "f95863d592bbd26849188a4bb1b52ad57c98164593731690f025c79af701c47f",
    "durable.txt": "06412e2b7d93fffdf777fa5c76c8ca28096df8d0f8cf5f73c4883152e4c22a88",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name], LINES)


def test_the_gate_never_trains_on_it() -> None:
    assert "gate_test_set_v5" not in gate_figures.POOL
    assert all("gate_test_set_v5" not in group for writer in gate_figures.BLIND for group in writer)


def test_the_gate_holds_its_one_scoring_on_it() -> None:
    """Scored once when issue 38's gate work landed: 95.6% of state refused, 6.8% of durable refused.

    The goal (at most 2% of durable refused) is not met; this holds the figure so a later change cannot make it
    worse unseen. A change that improves it is judged on a new blind set, not on this one.
    """
    figures = gate_figures.score(gate_model.corpus(FOLDER))
    assert figures.recall >= 0.95, figures.text()
    assert figures.false_refusals <= 0.068, figures.text()
