"""Each family of plain fact is kept whatever figure it carries; its twin with the same figure in a report is refused.

Issue 38: a numeral is evidence of state only beside what makes a line state (a result, a count of things now,
"currently", a measurement of today's code, a position in today's work). The lines here were written for
these tests and are in no gate set, so the word model never trained on them: each family's facts, and
twins that carry the same kind of figure as state.
"""

from __future__ import annotations

import pytest

from app.core.memory.fact_kinds import families
from app.core.memory.gate import check_write

FAMILIES: dict[str, tuple[list[str], list[str]]] = {
    "clock time or schedule": (
        [
            "Security patches are applied every Thursday at 21:00 UTC",
            "The invoice run starts at 04:00 on the first working day of each month.",
            "Pairing sessions are Tuesdays and Fridays from 14:00 to 16:00",
            "The search index is rebuilt nightly at 03:30 and serves queries from 05:00.",
            "Release notes go out fortnightly, on the Monday after the train leaves",
        ],
        [
            "The invoice run started at 04:00 and is still going at 11:20",
            "Today's security patching ran until 23:40, two hours over",
            "the search index rebuild at 03:30 failed last night",
            "We're 40 minutes into the 14:00 pairing slot and the build is red",
        ],
    ),
    "rate or limit": (
        [
            "The geocoding API allows 50 lookups per second per project.",
            "Request bodies are limited to 2 MB by the gateway",
            "A user may hold at most 3 active API tokens at a time",
            "Exports time out after 120 seconds, so big reports are emailed instead.",
            "The SMS provider retries 4 times before it marks a message undelivered",
        ],
        [
            "We are at 47 of the 50 geocoding lookups per second right now",
            "The export for the Lindqvist account took 118 seconds today.",
            "this user currently has 3 active tokens and cannot create a fourth",
            "Request bodies over 2 MB are failing on staging since this morning",
        ],
    ),
    "numbered part of a document": (
        [
            "Step 7 of the onboarding checklist sets up the VPN certificate",
            "Section 3.1 of the data retention policy covers backups of personal data.",
            "Chapter 4 of the platform handbook explains the deploy pipeline",
            "Rule 9 in CODESTYLE.md: public functions get a docstring",
        ],
        [
            "I'm on step 7 of the onboarding checklist, the VPN part is next",
            "We are halfway through section 3.1 of the policy review",
            "Step 5 of the deploy guide failed on the migration for the second time today",
        ],
    ),
    "constant identifier": (
        [
            "The staging Postgres listens on port 6543 behind PgBouncer.",
            "The billing tenant id is 3c9e7f20-8a4b-4d1c-b6e2-5f0a9d8c7e14",
            "The Datadog org for the mobile team is mobile-eu-7731.",
            "The Apple team id used for signing is 8ZQ4K2M7XP",
            "Sentry project id: 6620143",  # a label and its value, the shortest note of all
        ],
        [
            "port 6543 is already in use on my laptop so PgBouncer won't start",
            "tenant 3c9e7f20-8a4b-4d1c-b6e2-5f0a9d8c7e14 currently has 12 failed webhooks",
            "The Datadog org mobile-eu-7731 has 9 monitors alerting right now.",
        ],
    ),
    "where a thing lives": (
        [
            "Load-test scripts live in tools/loadtest/, one file per scenario.",
            "The admin UI is served at https://admin.example.net behind the VPN",
            "Generated protobuf code goes to gen/proto/ and is never edited by hand",
            "The webhook receiver endpoint is POST /hooks/v1/stripe",
            "Container registry: registry.example.net/platform",
        ],
        [
            "tools/loadtest/ has 4 scripts that still point at the old staging host",
            "https://admin.example.net is down since the certificate expired this morning",
            "The endpoint POST /hooks/v1/stripe returned 500 for the last 30 minutes",
            "registry.example.net/platform image is 2.4 GB",
        ],
    ),
    "version pin with its reason": (
        [
            "Keep Angular on 16 until the date-picker library ships a 17-compatible release.",
            "We pin protobuf to 3.20.3 because the generated code breaks with 4.x",
            "Ruby stays at 3.2 on the workers; the PDF gem has no build for 3.3 yet.",
            "Elixir 1.15 or newer is required for the new logger backend",
        ],
        [
            "The workers are running Ruby 3.2.2 right now and the web nodes 3.3.0",
            "protobuf 4.25.1 got installed by the last pip install and the build is red",
            "Angular was upgraded to 17.1.0 on this branch this morning",
        ],
    ),
}


def _kept(line: str) -> bool:
    return check_write("/memories/notes.md", None, f"- {line}\n", {}) is None


@pytest.mark.parametrize(
    ("family", "line"), [(family, line) for family, (facts, _) in FAMILIES.items() for line in facts]
)
def test_a_fact_of_each_family_is_kept(family: str, line: str) -> None:
    assert _kept(line), f"{family}: {line}"
    assert families(line) != ("none",)  # it carries a figure: bench --memory counts it by kind


@pytest.mark.parametrize(
    ("family", "line"), [(family, line) for family, (_, twins) in FAMILIES.items() for line in twins]
)
def test_its_twin_with_the_same_figure_as_state_is_refused(family: str, line: str) -> None:
    refusal = check_write("/memories/notes.md", None, f"- {line}\n", {})
    assert refusal is not None, f"{family}: {line}"
    assert refusal.kind == "state"
