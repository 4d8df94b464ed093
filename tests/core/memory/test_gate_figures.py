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
    # The fifth and sixth held-out sets were each scored once for issue 38 and studied since: development data,
    # each a writer of its own.
    assert ("gate_test_set_v5",) in gate_figures.BLIND
    assert [len(lines) for lines in POOL["gate_test_set_v5"]] == [250, 250]
    assert ("gate_test_set_v6",) in gate_figures.BLIND
    assert [len(lines) for lines in POOL["gate_test_set_v6"]] == [250, 250]


@pytest.mark.slow
def test_cross_validated_on_the_pool_the_gate_refuses_most_state_and_little_knowledge() -> None:
    # Measured when these settings were chosen (issue 38's third round, with the fifth and sixth held-out sets and
    # the fact families in the pool): 91.8% / 1.5%; the second round's gate on the same pool, 91.2% / 1.7% without
    # the sixth set; the gate before issue 38's changes read 89.7% / 2.8% (session 11's pool: 89.7% / 3.0%).
    found = gate_figures.cross_validated(POOL)
    assert found.recall >= 0.90, found.text()
    assert found.false_refusals <= 0.025, found.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("group", "recall", "false_refusals"),
    [
        # Issue 38's third-round settings, with the sixth held-out set in the pool (the second round's, with the pool
        # of that round, then the gate before issue 38, in brackets).
        # 93.1% / 0.0% (149 of 160, 0 of 160; 92.5% / 0.0%; 92.5% / 0.6%); the shapes were tuned on this set, the
        # kindest estimate.
        ("gate_test_set", 0.92, 0.02),
        # 92.7% / 1.3% (556 of 600, 8 of 600; 92.7% / 1.8%; 90.2% / 2.8%); session 10's writer.
        ("gate_train_set_v3a+gate_train_set_v3b", 0.92, 0.02),
        # 80.5% / 1.2% (483 of 600, 7 of 600; 81.3% / 1.5%; 79.8% / 3.0%); session 11's writers, the hardest group.
        # With session 11's pool (without the sets below) it read 83.8% / 3.2%: the sets whose durable lines carry
        # figures teach the model that a figure alone is no state, and it reads this writer's bug reports less surely.
        ("gate_train_set_v4a+gate_train_set_v4b", 0.80, 0.015),
        # 98.8% / 1.2% (247 of 250, 3 of 250; 97.6% / 1.2%; 95.2% / 3.6%); scored blind once for issue 38 at 95.6% /
        # 6.8%, and studied since: some shapes were widened on its lines (git state, how long a run took).
        ("gate_test_set_v5", 0.97, 0.02),
        # 96.7% / 2.2% (89 of 92, 2 of 92; 95.7% / 2.2%; 92.4% / 8.7%); issue 38's fact families and their twins.
        ("gate_train_set_facts", 0.95, 0.03),
        # 98.0% / 0.0% (245 of 250, 0 of 250; 95.6% / 3.6%, its one blind scoring); the third round's shapes were
        # widened on the forms of its refused lines, so the kindest estimate of a stranger's words.
        ("gate_test_set_v6", 0.97, 0.01),
    ],
)
def test_each_writer_held_out_whole_is_judged_as_well(group: str, recall: float, false_refusals: float) -> None:
    # A model trained on the rest of the pool; the nearest estimate of a new writer's words.
    found = gate_figures.blind_held_out(POOL)[group]
    assert found.recall >= recall, found.text()
    assert found.false_refusals <= false_refusals, found.text()


@pytest.mark.slow
def test_the_writers_held_out_in_turn_average_what_the_settings_were_chosen_on() -> None:
    # Measured: 93.3% / 1.0%, the mean over the six groups above; the settings were chosen on it (the second round's
    # gate, the sixth set in the pool: 92.5% / 1.6%; over the first five, 92.0% / 1.3% then, 92.4% / 1.2% now).
    found = list(gate_figures.blind_held_out(POOL).values())
    assert len(found) == len(gate_figures.BLIND)
    assert sum(f.recall for f in found) / len(found) >= 0.92
    assert sum(f.false_refusals for f in found) / len(found) <= 0.015


def test_the_shipped_gate_on_its_own_pool() -> None:
    total = gate_figures.Score(0, 0, 0, 0)
    for lines in POOL.values():
        total += gate_figures.score(lines)
    # Measured: 94.8% / 0.5% (issue 38; 93.6% / 1.2% before); the model is regularised, so even its training lines
    # are not all refused.
    assert total.recall >= 0.92, total.text()
    assert total.false_refusals <= 0.02, total.text()
