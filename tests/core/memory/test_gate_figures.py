"""The gate's development figures have floors: a change that makes it judge worse fails here, not in a bench.

The figures come from gate_figures.py, the same code `bench --memory` reports and that chose the gate's
settings; the second held-out set (gate_test_set_v2/) is never read here.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from app.core.memory import gate_figures

POOL = gate_figures.pool_sets(Path(__file__).parent)


@functools.cache
def held_out() -> dict[str, gate_figures.Score]:
    """Each writer held out in turn: thirteen models of about 3 s each, trained once for this module's tests."""
    return gate_figures.blind_held_out(POOL)


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
        **{f"gate_train_set_v9{x}": (250, 250) for x in "abcde"},
    }
    # The fifth and sixth held-out sets were each scored once for issue 38 and studied since: development data,
    # each a writer of its own.
    assert ("gate_test_set_v5",) in gate_figures.BLIND
    assert [len(lines) for lines in POOL["gate_test_set_v5"]] == [250, 250]
    assert ("gate_test_set_v6",) in gate_figures.BLIND
    assert [len(lines) for lines in POOL["gate_test_set_v6"]] == [250, 250]
    # The seventh and eighth were each scored once and then used to choose (the fourth round): development data
    # since the fifth round, with the five sets written blind for it, and writers of their own.
    for name in ("gate_test_set_v7", "gate_test_set_v8", *(f"gate_train_set_v9{x}" for x in "abcde")):
        assert (name,) in gate_figures.STRANGERS
    assert "gate_test_set_v9" not in gate_figures.POOL


@pytest.mark.slow
def test_cross_validated_on_the_pool_the_gate_refuses_most_state_and_little_knowledge() -> None:
    # Measured when these settings were chosen (issue 38's fifth round, fourteen writers in the pool): 93.4% / 1.7%; the
    # third round's (the fifth and sixth held-out sets and the fact families in the pool): 91.8% / 1.5%; the second
    # round's gate on the same pool, 91.2% / 1.7% without the sixth set; the gate before issue 38's changes read 89.7% /
    # 2.8% (session 11's pool: 89.7% / 3.0%).
    found = gate_figures.cross_validated(POOL)
    assert found.recall >= 0.92, found.text()
    assert found.false_refusals <= 0.02, found.text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("group", "recall", "false_refusals"),
    [
        # Issue 38's fifth-round settings, fourteen writers in the pool (the third round's, with its pool, in brackets).
        # 95.6% / 0.0% (153 of 160, 0 of 160; 93.1% / 0.0%); the shapes were tuned on this set, the kindest estimate.
        ("gate_test_set", 0.95, 0.01),
        # 93.2% / 1.5% (559 of 600, 9 of 600; 92.7% / 1.3%); session 10's writer.
        ("gate_train_set_v3a+gate_train_set_v3b", 0.93, 0.017),
        # 82.5% / 0.7% (495 of 600, 4 of 600; 80.5% / 1.2%); session 11's writers, the hardest group.
        ("gate_train_set_v4a+gate_train_set_v4b", 0.82, 0.01),
        # 98.4% / 1.6% (246 of 250, 4 of 250; 98.8% / 1.2%); scored blind once for issue 38 at 95.6% / 6.8%, and
        # studied since: some shapes were widened on its lines (git state, how long a run took).
        ("gate_test_set_v5", 0.98, 0.016),
        # 95.7% / 2.2% (88 of 92, 2 of 92; 96.7% / 2.2%); issue 38's fact families and their twins.
        ("gate_train_set_facts", 0.95, 0.022),
        # 99.2% / 0.0% (248 of 250, 0 of 250; 98.0% / 0.0%); scored once at 95.6% / 3.6%, the third round's shapes
        # widened on its refused lines.
        ("gate_test_set_v6", 0.99, 0.004),
        # The seven writers the shapes were never tuned on (gate_figures.STRANGERS): the fifth round's estimate of
        # a stranger's words. The seventh set was scored once at 96.8% / 5.2%, the eighth at 95.6% / 5.6%.
        ("gate_test_set_v7", 0.976, 0.02),  # 244 of 250, 5 of 250
        ("gate_test_set_v8", 0.972, 0.036),  # 243, 9
        ("gate_train_set_v9a", 0.912, 0.016),  # 228, 4: web teams
        ("gate_train_set_v9b", 0.916, 0.004),  # 229, 1: infrastructure
        ("gate_train_set_v9c", 0.96, 0.016),  # 240, 4: apps and devices
        ("gate_train_set_v9d", 0.94, 0.008),  # 235, 2: developers outside product teams
        ("gate_train_set_v9e", 0.956, 0.02),  # 239, 5: speech recognition's and the agent's lines
    ],
)
def test_each_writer_held_out_whole_is_judged_as_well(group: str, recall: float, false_refusals: float) -> None:
    # A model trained on the rest of the pool; the nearest estimate of a new writer's words.
    found = held_out()[group]
    assert found.recall >= recall, found.text()
    assert found.false_refusals <= false_refusals, found.text()


@pytest.mark.slow
def test_the_writers_held_out_in_turn_average_what_the_settings_were_chosen_on() -> None:
    # Measured: 94.4% / 1.4%, the mean over the thirteen groups above (the third round's gate over its six: 93.3% /
    # 1.0%).
    found = list(held_out().values())
    assert len(found) == len(gate_figures.BLIND)
    assert sum(f.recall for f in found) / len(found) >= 0.94
    assert sum(f.false_refusals for f in found) / len(found) <= 0.015


@pytest.mark.slow
def test_strangers_held_out_in_turn_are_judged_as_the_settings_were_chosen() -> None:
    # The fifth round chose on these seven writers together: 94.7% / 1.7% (1,658 of 1,750 state lines refused, 30
    # of 1,750 durable). With its pool but the third round's fit (600 epochs) and forms the model cannot overrule,
    # 93.5% / 2.0%.
    held = held_out()
    found = sum((held["+".join(group)] for group in gate_figures.STRANGERS), gate_figures.Score(0, 0, 0, 0))
    assert found.recall >= 0.945, found.text()
    assert found.false_refusals <= 0.018, found.text()


def test_the_shipped_gate_on_its_own_pool() -> None:
    total = gate_figures.Score(0, 0, 0, 0)
    for lines in POOL.values():
        total += gate_figures.score(lines)
    # Measured: 96.6% / 0.3% (issue 38's fifth round; its first, 94.8% / 0.5%; before issue 38, 93.6% / 1.2%); the
    # model is regularised, so even its training lines are not all refused.
    assert total.recall >= 0.95, total.text()
    assert total.false_refusals <= 0.01, total.text()
