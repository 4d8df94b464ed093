"""The SDK's stream parser is warmed before the first question, without anything reaching the API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# Runs in a fresh process: the SDK's validators are built once per process.
PROBE = r"""
import json, socket, sys, time
from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text

connects = []
real_connect = socket.socket.connect
def counting_connect(self, address):
    connects.append(address)
    return real_connect(self, address)
socket.socket.connect = counting_connect

with FakeAPI() as fake:
    fake.respond_with(lambda r: {**text("First words. Then more."), "first_token_after": 0.2, "pace": 0.02})
    import anthropic
    from app.core.agent.warm import warm_sdk
    warmed = warm_sdk() if sys.argv[1] == "warm" else False
    again = warm_sdk() if sys.argv[1] == "warm" else False
    during = {"requests": len(fake.requests), "connects": len(connects)}
    client = anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)
    with client.beta.messages.stream(model="m", max_tokens=10, messages=[{"role": "user", "content": "hi"}]) as s:
        for event in s:
            if event.type == "text":
                got = time.monotonic()
                break
    late = got - fake.requests[-1].time_sent("First")
print(json.dumps({"warmed": warmed, "again": again, **during, "late": late}))
"""


def _probe(mode: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env = {k: v for k, v in env.items() if not k.startswith("ANTHROPIC_")}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, mode], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
def test_warming_reaches_nothing_and_the_first_reply_is_on_time() -> None:
    warm = _probe("warm")
    assert warm["warmed"] and not warm["again"]  # once per process
    assert warm["requests"] == 0 and warm["connects"] == 0  # nothing left the process while warming
    cold = _probe("cold")
    # Cold, the first stream's words reach the caller ~0.5 s (quiet machine) to 1 s late; warmed, on time.
    assert warm["late"] < 0.25, warm
    assert warm["late"] < cold["late"], (warm, cold)
