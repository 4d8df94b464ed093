"""A session adds up the API's usage fields of its requests, the figures the eval's cost line shows."""

from __future__ import annotations

import json
from pathlib import Path

import anthropic

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core.agent.session import Session
from app.core.settings import Settings


def test_session_usage_sums_every_request(empty_repo: Path) -> None:
    with FakeAPI() as fake:
        fake.script(tool_use("git_status"), text("Clean."))
        client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
        session = Session(empty_repo, Settings(), client=client)
        assert session.usage == {
            "input_tokens": 0, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0, "output_tokens": 0,
        }  # fmt: skip
        session.run_turn("status?")
        requests = fake.requests
    assert len(requests) == 2
    # The fake bills a quarter of the request's bytes as input and of the reply's JSON as output.
    assert session.usage["input_tokens"] == sum(max(1, len(r.raw) // 4) for r in requests)
    assert session.usage["output_tokens"] >= len(requests)  # the fake bills at least one per reply
    assert json.dumps(session.usage)  # plain ints, ready for a report
