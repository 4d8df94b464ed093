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
    assert "gate_test_set_v3" not in gate_figures.POOL
    assert {name: (len(s), len(d)) for name, (s, d) in POOL.items() if name.startswith("gate_train")} == {
        "gate_train_set_v3a": (300, 300),
        "gate_train_set_v3b": (300, 300),
        "gate_train_set_v4a": (300, 300),
        "gate_train_set_v4b": (300, 300),
        "gate_train_set_facts": (92, 92),
    }
    # The fifth held-out set was scored once for issue 38 and studied since: development data, a writer of its own.
    assert ("gate_test_set_v5",) in gate_figures.BLIND
    assert [len(lines) for lines in POOL["gate_test_set_v5"]] == [250, 250]


@pytest.mark.slow
def test_cross_validated_on_the_pool_the_gate_refuses_most_state_and_little_knowledge() -> None:
    # Measured when these settings were chosen (issue 38, with the fifth held-out set and the fact families in the
    # pool): 91.2% / 1.7%; the gate before issue 38's changes read 89.7% / 2.8% on this pool (session 11's pool,
    # without those two sets: 89.7% / 3.0%).
    found = gate_figures.cross_validated(POOL)
    assert found.recall >= 0.90, found.text()
    assert found.false_refusals <= 0.025, found.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("group", "recall", "false_refusals"),
    [
        # Issue 38's settings, measured with the pool of issue 38 (the gate before them, same pool, in brackets).
        # 92.5% / 0.0% (148 of 160, 0 of 160; 92.5% / 0.6%); the shapes were tuned on this set, the kindest estimate.
        ("gate_test_set", 0.91, 0.02),
        # 92.7% / 1.8% (556 of 600, 11 of 600; 90.2% / 2.8%); session 10's writer.
        ("gate_train_set_v3a+gate_train_set_v3b", 0.92, 0.025),
        # 81.3% / 1.5% (488 of 600, 9 of 600; 79.8% / 3.0%); session 11's writers, the hardest group. With session
        # 11's pool (without the two sets below) it read 83.8% / 3.2%: the sets whose durable lines carry figures
        # teach the model that a figure alone is no state, and it reads this writer's plain bug reports less surely.
        ("gate_train_set_v4a+gate_train_set_v4b", 0.80, 0.025),
        # 97.6% / 1.2% (244 of 250, 3 of 250; 95.2% / 3.6%); scored blind once for issue 38 at 95.6% / 6.8%, and
        # studied since: some shapes were widened on its lines (git state, how long a run took), so the kindest.
        ("gate_test_set_v5", 0.96, 0.02),
        # 95.7% / 2.2% (88 of 92, 2 of 92; 92.4% / 8.7%); issue 38's fact families and their state twins.
        ("gate_train_set_facts", 0.93, 0.04),
    ],
)
def test_each_writer_held_out_whole_is_judged_as_well(group: str, recall: float, false_refusals: float) -> None:
    # A model trained on the rest of the pool; the nearest estimate of a new writer's words.
    found = gate_figures.blind_held_out(POOL)[group]
    assert found.recall >= recall, found.text()
    assert found.false_refusals <= false_refusals, found.text()


@pytest.mark.slow
def test_the_writers_held_out_in_turn_average_what_the_settings_were_chosen_on() -> None:
    # Measured: 92.0% / 1.3%, the mean over the five groups above; the settings were chosen on it (the gate before
    # issue 38's changes: 90.0% / 3.8% over the same five).
    found = list(gate_figures.blind_held_out(POOL).values())
    assert len(found) == len(gate_figures.BLIND)
    assert sum(f.recall for f in found) / len(found) >= 0.91
    assert sum(f.false_refusals for f in found) / len(found) <= 0.02


def test_the_shipped_gate_on_its_own_pool() -> None:
    total = gate_figures.Score(0, 0, 0, 0)
    for lines in POOL.values():
        total += gate_figures.score(lines)
    # Measured: 94.8% / 0.5% (issue 38; 93.6% / 1.2% before); the model is regularised, so even its training lines
    # are not all refused.
    assert total.recall >= 0.92, total.text()
    assert total.false_refusals <= 0.02, total.text()
