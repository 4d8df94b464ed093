"""The kinds of fact a line carries, decided by code: the rows bench --memory reports durable refusals in."""

from __future__ import annotations

import pytest

from app.core.memory.fact_kinds import families, kinds


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Code review happens on Tuesdays at 14:00.", {"time"}),
        ("Caches are flushed hourly.", {"time"}),
        ("Uploads are capped at 25 MB per file.", {"numeral"}),
        ("Read chapter 3 of the handbook first.", {"numeral"}),
        ("The tenant id is 0b3f6c1e-7a2d-4c9e-8f10-5a6b7c8d9e0f.", {"id"}),
        ("The broker listens on port 9092.", {"id"}),
        ("Fixtures live in tests/fixtures/.", {"location"}),
        ("The status page is https://status.example.com.", {"location"}),
        ("We stay on Python 3.11 for the wheels.", {"version"}),
        ("Pin pydantic to 1.10.13.", {"version"}),
        ("The events endpoint is /api/v2/events.", {"location"}),  # "v2" is the path's, not a version
        ("Prefer composition over inheritance.", set()),
        ("Use e.g. pytest -q for a quick run.", set()),  # "e.g." is no file name
    ],
)
def test_each_kind_is_found_once_where_it_is(line: str, expected: set[str]) -> None:
    assert kinds(line) == expected


def test_a_line_counts_in_each_of_its_kinds_or_in_none() -> None:
    assert families("Backups run daily at 02:00 to s3://backups/db/.") == ("time", "location")
    assert families("Ana owns the parser.") == ("none",)
