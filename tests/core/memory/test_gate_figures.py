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
        "gate_train_set_v4a": (300, 300),
        "gate_train_set_v4b": (300, 300),
    }


@pytest.mark.slow
def test_cross_validated_on_the_pool_the_gate_refuses_most_state_and_little_knowledge() -> None:
    # Measured when these settings were chosen (session 11): 89.7% / 3.2% (1,708 of 1,904 state, 60 of 1,893
    # durable); session 10's settings read 86.3% / 3.0% on this pool.
    found = gate_figures.cross_validated(POOL)
    assert found.recall >= 0.88, found.text()
    assert found.false_refusals <= 0.035, found.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("group", "recall", "false_refusals"),
    [
        # Measured: 93.1% / 0.6% (149 of 160, 1 of 160); the shapes were tuned on this set, the kindest estimate.
        ("gate_test_set", 0.91, 0.02),
        # Measured: 92.0% / 3.3% (552 of 600, 20 of 600); session 10's writer (80.5% / 4.5% with session 10's pool).
        ("gate_train_set_v3a+gate_train_set_v3b", 0.91, 0.04),
        # Measured: 83.8% / 3.2% (503 of 600, 19 of 600); session 11's writers, whom session 10's gate read at
        # 80.5% / 4.0% before they joined the pool: the hardest of the three, and the settings' deciding group.
        ("gate_train_set_v4a+gate_train_set_v4b", 0.825, 0.04),
    ],
)
def test_each_writer_held_out_whole_is_judged_as_well(group: str, recall: float, false_refusals: float) -> None:
    # A model trained on the rest of the pool; the nearest estimate of a new writer's words.
    found = gate_figures.blind_held_out(POOL)[group]
    assert found.recall >= recall, found.text()
    assert found.false_refusals <= false_refusals, found.text()


@pytest.mark.slow
def test_the_writers_held_out_in_turn_average_what_the_settings_were_chosen_on() -> None:
    # Measured: 89.7% / 2.4%, the mean over the three groups above; the settings were chosen on it.
    found = list(gate_figures.blind_held_out(POOL).values())
    assert len(found) == len(gate_figures.BLIND)
    assert sum(f.recall for f in found) / len(found) >= 0.885
    assert sum(f.false_refusals for f in found) / len(found) <= 0.03


def test_the_shipped_gate_on_its_own_pool() -> None:
    total = gate_figures.Score(0, 0, 0, 0)
    for lines in POOL.values():
        total += gate_figures.score(lines)
    # Measured: 93.6% / 1.2%; the model is regularised, so even its training lines are not all refused.
    assert total.recall >= 0.92, total.text()
    assert total.false_refusals <= 0.02, total.text()
