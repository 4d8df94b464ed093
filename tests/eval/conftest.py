"""The eval run against the fake Messages API with the scripted policies, shared by the eval tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply
from app.core.settings import Settings
from app.eval import scenario
from app.eval.runner import Outcome, Runner
from tests.eval import policies


def run_policy(policy: Callable[[RecordedRequest], Reply], names: list[str] | None = None, runs: int = 1) -> Outcome:
    with FakeAPI() as fake:
        fake.respond_with(policy)
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
        outcome = Runner(Settings(), client).run(scenario.select(names), runs)
        assert not fake.problems, fake.problems  # every request was one the real API would take
    return outcome


@pytest.fixture(scope="session")
def outcomes() -> dict[str, Outcome]:
    """Every scenario once with each policy, once per test session (it takes a minute).

    Each run has an app home of its own (the runner's isolated_home), so no fixture home is needed.
    """
    return {"careful": run_policy(policies.careful), "careless": run_policy(policies.careless)}


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        yield server


def scenario_names() -> list[str]:
    return [s.name for s in scenario.available()]
