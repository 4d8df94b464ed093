"""The gate's development figures have floors: a change that makes it judge worse fails here, not in a bench.

The figures come from gate_figures.py, the same code `bench --memory` reports and that chose the gate's
settings; the second held-out set (gate_test_set_v2/) is never read here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import gate_figures

POOL = gate_figures.pool_sets(Path(__file__).parent)


def test_the_pool_is_all_development_data_and_never_the_second_held_out_set() -> None:
    assert list(POOL) == list(gate_figures.POOL)
    assert "gate_test_set_v2" not in gate_figures.POOL
    assert {name: (len(s), len(d)) for name, (s, d) in POOL.items() if name.startswith("gate_train")} == {
        "gate_train_set_v3a": (300, 300),
        "gate_train_set_v3b": (300, 300),
    }


def test_cross_validated_on_the_pool_the_gate_refuses_most_state_and_little_knowledge() -> None:
    # Measured when these settings were chosen: 86.9% / 2.3% (1,133 of 1,304 state, 30 of 1,293 durable).
    found = gate_figures.cross_validated(POOL)
    assert found.recall >= 0.85, found.text()
    assert found.false_refusals <= 0.03, found.text()


@pytest.mark.parametrize(
    ("group", "recall", "false_refusals"),
    [
        # Measured: 90.0% / 1.2%; the shapes were tuned on this set, so it is the kindest estimate.
        ("gate_test_set", 0.88, 0.02),
        # Measured: 80.5% / 4.5%; this session's writer, never seen in training: the settings were chosen on it.
        ("gate_train_set_v3a+gate_train_set_v3b", 0.79, 0.05),
    ],
)
def test_each_writer_held_out_whole_is_judged_as_well(group: str, recall: float, false_refusals: float) -> None:
    # A model trained on the rest of the pool; the nearest estimate of a new writer's words.
    found = gate_figures.blind_held_out(POOL)[group]
    assert found.recall >= recall, found.text()
    assert found.false_refusals <= false_refusals, found.text()


def test_the_shipped_gate_on_its_own_pool() -> None:
    total = gate_figures.Score(0, 0, 0, 0)
    for lines in POOL.values():
        total += gate_figures.score(lines)
    # Measured: 91.7% / 1.2%; the model is regularised, so even its training lines are not all refused.
    assert total.recall >= 0.9, total.text()
    assert total.false_refusals <= 0.02, total.text()
