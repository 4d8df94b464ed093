"""Fixtures for the agent tests: a fake Messages API on loopback and a client of the real SDK for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.core.agent.session import Session
from app.core.settings import Settings
from tests.conftest import git, trusted


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        yield server


@pytest.fixture
def client(fake: FakeAPI) -> anthropic.Anthropic:
    # The app's own retry count; the fake asks for 20 ms waits, so retries are quick here.
    from app.core.agent.client import MAX_RETRIES, TIMEOUT

    return anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=MAX_RETRIES, timeout=TIMEOUT)


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "app.py").write_text("def main():\n    return 'hello'\n", encoding="utf-8")
    git(empty_repo, "add", ".")
    git(empty_repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "start")
    return trusted(empty_repo)  # the developer's own repository: build and test may run


@pytest.fixture
def session(repo: Path, client: anthropic.Anthropic) -> Session:
    return Session(repo, Settings(), client=client)
