"""The gate's word model: what the corpus trains is what ships, it reads words the shapes do not, and it is cheap."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.memory import gate, gate_figures, gate_model, judgement
from app.core.memory.gate import check_write
from app.core.memory.judgement import state_reason

CORPUS = Path(__file__).parent / "gate_corpus"
# The development pool the model trains on; the second held-out set (gate_test_set_v2/) is never in it.
POOL = [Path(__file__).parent / name for name in gate_figures.POOL]


@pytest.mark.slow
def test_the_shipped_weights_are_what_the_corpus_trains() -> None:
    # Change the corpus without retraining and this fails: run python -m app.core.memory.gate_model on it.
    trained = gate_model.train(*gate_model.pool(POOL))
    assert gate_model.WEIGHTS.read_text(encoding="utf-8") == trained.to_json()
    assert gate_model.shipped() == trained


def test_unfamiliar_durable_notes_are_kept_and_the_model_reads_state_no_shape_names() -> None:
    # Other tests' durable notes: the gate as shipped keeps them. The session-8 model refused all three
    # (it read paths and ids as state); trained on the development pool it keeps the first at least.
    for line in ("Parsing lives in src/old.py.", "the key is in the vault", "The old code is src/old.py"):
        assert check_write("/memories/notes.md", None, line + "\n", {}) is None
    assert state_reason("Parsing lives in src/old.py.", use_model=True) is None
    # Asked for its reading, the model catches a state line no shape names, and says what to save instead.
    # ("Redis is at 80% memory on the staging box." was one until issue 38: a share measured today is a shape now.)
    assert state_reason("Redis is at 80% memory on the staging box.", use_model=False) is not None
    line = "The staging Redis is nearly out of memory on the cache box."
    assert state_reason(line, use_model=False) is None
    assert state_reason(line, use_model=True) == judgement._MODEL_REASON
    assert "say when it applies or why, and it will be kept" in gate._GUESS_WAY_FORWARD


def test_short_texts_are_left_to_the_shapes() -> None:
    for text in ("Line 1", "Hello, World!", "Original content", "To be deleted", "prefix-☃-suffix"):
        assert check_write("/memories/a.txt", None, text, {}) is None


def test_a_full_file_is_judged_in_milliseconds() -> None:
    _state, durable = gate_model.corpus(CORPUS)
    text = "\n".join(durable * 3)[:4_000]
    check_write("/memories/notes.md", None, text, {})  # the weights load once per process
    times = []
    for _ in range(15):
        started = time.perf_counter()
        check_write("/memories/notes.md", None, text, {})
        times.append(time.perf_counter() - started)
    # About 5 ms of CPU on an idle core (10 at load 4); the bound is loose because the machine is shared.
    assert sorted(times)[len(times) // 2] < 0.05


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gets_a_probability(line: str) -> None:
    model = gate_model.shipped()
    assert model is not None
    assert 0.0 <= model.probability(line) <= 1.0


@pytest.mark.slow
def test_the_memory_bench_reports_the_gate_on_both_sets() -> None:
    from app.bench.memory import _gate_figures

    figures = _gate_figures()
    development, held_out = figures["development"], figures["held_out"]
    assert development["state_lines"] == len(gate_model.corpus(CORPUS)[0])
    assert (held_out["state_lines"], held_out["durable_lines"]) == (160, 160)
    second = figures["generalisation"]
    assert (second["state_lines"], second["durable_lines"]) == (200, 200)
    third = figures["generalisation_v3"]
    assert (third["state_lines"], third["durable_lines"]) == (200, 200)
    training = [figures[f"training_{name}"] for name in ("v3a", "v3b", "v4a", "v4b", "v9a", "v9b", "v9c", "v9d", "v9e")]
    assert [(t["state_lines"], t["durable_lines"]) for t in training] == [(300, 300)] * 4 + [(250, 250)] * 5
    estimates = figures["cross_validated"]
    assert estimates["k_fold"]["state_lines"] == sum(len(s) for s, _ in gate_figures.pool_sets(CORPUS.parent).values())
    assert set(estimates["blind_held_out"]) == {"+".join(group) for group in gate_figures.BLIND}
    for found in (development, held_out, second, third, *training):
        for key in ("gate", "with_model", "shapes_only"):
            assert set(found[key]) == {
                "state_refused",
                "durable_refused_lines",
                "recall_state_refused",
                "durable_refused",
                "precision",
            }
    # The durable lines refused by kind of fact: each line counts in its kinds, or in "none".
    for found in (development, held_out, second, third, *training):
        by_kind = found["durable_by_kind"]
        assert (
            sum(by_kind[f"{kind}_lines"] for kind in ("numeral", "time", "id", "location", "version", "none"))
            >= (found["durable_lines"])
        )
        kinds = ("numeral", "time", "id", "location", "version", "none")
        assert all(0 <= by_kind[f"{kind}_refused"] <= by_kind[f"{kind}_lines"] for kind in kinds)
        assert sum(by_kind[f"{kind}_refused"] for kind in kinds) >= found["gate"]["durable_refused_lines"]
    fifth = figures["generalisation_v5"]  # scored once for issue 38, development data since
    assert (fifth["state_lines"], fifth["durable_lines"]) == (250, 250)
    sixth = figures["generalisation_v6"]  # scored once for issue 38's second round, development data since
    assert (sixth["state_lines"], sixth["durable_lines"]) == (250, 250)
    seventh = figures["generalisation_v7"]  # scored once for issue 38's third round: its figure, as scored
    assert (seventh["state_lines"], seventh["durable_lines"]) == (250, 250)
    assert seventh["gate"]["durable_refused_lines"] <= 13
    eighth = figures["generalisation_v8"]  # scored once to choose the fourth round: development data since
    assert (eighth["state_lines"], eighth["durable_lines"]) == (250, 250)
    ninth = figures["generalisation_v9"]  # sealed before the fifth round, scored once after it
    assert (ninth["state_lines"], ninth["durable_lines"]) == (250, 250)
    facts = figures["training_facts"]  # issue 38's fact families, with their state twins
    assert (facts["state_lines"], facts["durable_lines"]) == (92, 92)
    assert facts["durable_by_kind"]["none_lines"] < facts["durable_lines"] // 10  # nearly all carry a figure
    # Of the second set the bench holds counts and fractions only, never a line of it.
    assert all(isinstance(v, int | float) for f in second.values() if isinstance(f, dict) for v in f.values())
    assert 0 < figures["cpu_ms_per_4000_char_write"] < 100
