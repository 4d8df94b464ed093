"""`python -m app bench --agent` reports the first request's parts and the loop overhead (figures, not timings)."""

from __future__ import annotations

import os

import pytest

from app.bench.agent import run_agent_bench


@pytest.mark.slow
def test_bench_reports_sizes_that_add_up_and_leaves_the_app_home_alone(capsys: object) -> None:
    home_before = os.environ["VOICE_DEV_AGENT_HOME"]
    result = run_agent_bench(runs=1, echo=True)
    sizes = result["first_request_chars"]
    parts = sizes["system_instructions"] + sizes["system_memory"] + sizes["tools"] + sizes["messages"]
    assert 0 < parts < sizes["body"]
    assert sizes["system_memory"] > 200  # the sample memory was in the prompt
    # Positive and plausible: a turn against a local fake never takes a minute, so a figure
    # that large means a timestamp was read before the fake had set it.
    assert all(0 < value < 60_000 for value in result["overhead_ms"].values()), result["overhead_ms"]
    assert os.environ["VOICE_DEV_AGENT_HOME"] == home_before
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "first request of a session" in printed and "loop overhead per turn" in printed
