"""Fixtures for the tool tests: the seeded scenario repository and small helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import trusted
from tests.scenario import make_scenario_repo


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    return trusted(make_scenario_repo(tmp_path))  # the developer works in it: build and test may run
