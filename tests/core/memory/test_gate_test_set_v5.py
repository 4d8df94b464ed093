"""The fifth held-out gate set (issue 38): written blind, sealed before any gate work, scored once; development since.

A helper who saw only the two definitions (and a requirement that at least 40% of the durable lines carry a
number, a time, an id, a version or a place) wrote it, 250 lines of each kind (see its README). It was copied
here and its digests taken before anyone changed the gate for issue 38; the gate's settings are chosen on the
development pool without it. It was scored once (95.6% / 6.8%) and then studied for issue 38's second round of
gate work, so it is development data now: in the word model's pool, and a writer of its own in the estimates.
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


def test_it_is_development_data_now() -> None:
    # Scored once, then studied for issue 38's gate work: the word model trains on it and the estimates hold it out
    # as a writer of its own. A new blind set (sealed before that work) measures the gate instead.
    assert "gate_test_set_v5" in gate_figures.POOL
    assert ("gate_test_set_v5",) in gate_figures.BLIND


def test_the_gate_holds_its_figures_on_it() -> None:
    """Scored once when issue 38's first gate work landed: 95.6% of state refused, 6.8% of durable refused.

    Since then a development figure. Held out whole (a model trained on the rest of the pool, as for a new
    writer) the gate of issue 38's second round read 97.6% / 1.2% (244 and 3 of 250; some of its shapes were
    widened on this set's lines), the third round's 98.8% / 1.2%, and the fifth round's, with fourteen writers in the
    pool, 98.4% / 1.6% (one durable line more); the shipped gate, whose model trained on it, 99.2% / 0.8% then and
    99.2% / 0.4% now. These hold those
    figures so a later change cannot make them worse unseen.
    """
    held_out = gate_figures.writer_held_out(gate_figures.pool_sets(FOLDER.parent), ("gate_test_set_v5",))
    assert held_out.recall >= 0.95, held_out.text()
    assert held_out.false_refusals <= 0.016, held_out.text()
    shipped = gate_figures.score(gate_model.corpus(FOLDER))
    assert shipped.recall >= 0.95, shipped.text()
    assert shipped.false_refusals <= 0.008, shipped.text()
