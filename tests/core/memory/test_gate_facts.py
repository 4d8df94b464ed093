"""Plain facts are kept whatever numerals they carry; a numeral beside what makes a line state is still refused.

Lines written for issue 38 (not taken from any gate set): for each family a fact that holds next month, and
state that carries the same kind of figure (a position in today's work, a measurement, a count now).
"""

from __future__ import annotations

import pytest

from app.core.memory.fact_kinds import families
from app.core.memory.gate import check_write
from app.core.memory.judgement import state_reason

KEPT = {
    "time": [
        "The team stand-up is at 09:30 every weekday in the #core channel.",
        "The staging database is refreshed from production every week on Sunday night.",
        "Sprint planning happens every second Wednesday at 11:00.",
        "The TLS certificates renew automatically every 60 days.",
        "Deploys to production are only allowed between 10:00 and 16:00 CET.",
        "Retro is every other Friday at 15:30 in room Kepler.",
        "The nightly build starts at 01:00 and usually finishes by 02:30.",
        "We publish the changelog weekly, on Thursday mornings.",
    ],
    "numeral": [
        "The API rate limit is 100 requests per minute per key.",
        "The connection pool holds 20 connections per service instance.",
        "Follow step 4 of the release checklist before tagging.",
        "Chapter 2 of the onboarding guide explains the module layout.",
        "Section 5 of SECURITY.md describes how to report a vulnerability.",
        "The search endpoint accepts at most 20 filters per query.",
        "Step 3 of the incident runbook says to page the database owner.",
        "See section 4.2 of CONTRIBUTING.md for the commit message format.",
    ],
    "id": [
        "The production tenant id is 4f9c2a7e-1b3d-4e8a-9c6f-2d1e0b7a5c33.",
        "The Slack channel for deploy alerts is C04AB12CD3E.",
        "The AWS account for staging is 123456789012.",
        "The Kafka consumer group for billing is billing-consumer-v3.",
        "Grafana runs on port 3001 in the compose setup because 3000 is the frontend.",
        "The feature flag for the new checkout is ff_checkout_2024.",
        "The sha256 of the release is " + "ab" * 32 + ".",
    ],
    "location": [
        "The health check endpoint is GET /api/v2/health.",
        "The OpenAPI spec is generated into docs/api/openapi.yaml.",
        "The grpc service is reachable at payments.internal:50051.",
        "The Helm charts are kept in deploy/charts/, one chart per service.",
        "The metrics endpoint is /internal/metrics and is not exposed publicly.",
        "The design system lives at https://design.example.org and is owned by the web team.",
    ],
    "version": [
        "We pin Node 18.19.1 because 20 breaks the native addon in the image pipeline.",
        "Terraform is pinned to 1.5.7, the last release under the MPL licence.",
        "Stay on React 17 until the charting library supports 18.",
        "We require Rust 1.74 or newer for the async trait support.",
        "Pin black to 23.12.1 so formatting does not change between machines.",
        "Keep Elasticsearch on 7.17 because the hosted plan has no 8.x yet.",
    ],
}

# The same figures where something makes the line state: now, a first person, one run, a count of things now.
REFUSED = [
    "We are on step 4 of the migration checklist.",
    "I'm at chapter 5 of the migration guide.",
    "Today's stand-up ran 25 minutes over.",
    "The build took 14 minutes this morning.",
    "The dev server is running on port 8081 right now.",
    "Grafana is currently on port 3001.",
    "The repo is using Node 18.19.1 at the moment.",
    "Elasticsearch is on 7.17.9 right now.",
    "Latest tag is v2.3.1.",
    "There are 37 open TODOs in the parser module.",
    "We are currently at 92 requests per minute on the staging key.",
    "The Helm chart in deploy/charts/api has 3 failing lint checks.",
    "The changelog job failed at 06:00 this morning.",
    "The nightly build took 95 minutes yesterday.",
]


@pytest.mark.parametrize(("family", "line"), [(family, line) for family, lines in KEPT.items() for line in lines])
def test_a_plain_fact_is_kept_whatever_figure_it_carries(family: str, line: str) -> None:
    assert state_reason(line) is None, line
    assert check_write("/memories/notes.md", None, f"- {line}\n", {}) is None
    assert families(line) != ("none",)  # bench --memory counts it in a row of its own


@pytest.mark.parametrize("line", REFUSED)
def test_the_same_figures_in_a_report_are_still_refused(line: str) -> None:
    refusal = check_write("/memories/notes.md", None, f"- {line}\n", {})
    assert refusal is not None and refusal.kind == "state", line


def test_the_issues_own_request_is_kept() -> None:
    # "remember that the API rate limit is 100 requests per minute per key" ended in "Not saved".
    line = "- The API rate limit is 100 requests per minute per key.\n"
    assert check_write("/memories/notes.md", None, line, {}) is None
