"""Issue 38's third round: fact forms a new writer used that the gate still refused, and reports that looked like
instructions. Lines written for this test (not taken from any gate set).

The families: a meeting or window told as a weekday and a clock time, a bound whose figure comes before its name,
a contact address, a branch something is deployed from, an environment's name with no digit in it, and a version
pin whose reason names what breaks. Their state twins carry the same words beside what makes them state, and
reports a tool prints or a run measures (make's error line, a coverage report, a figure measured once, a position
in today's work) are refused while the settings they are held to are kept.
"""

from __future__ import annotations

import pytest

from app.core.memory.gate import check_write
from app.core.memory.judgement import state_reason

KEPT = {
    "weekday and clock time": [
        "Backlog grooming is Tuesday 10:30 Lisbon time, demo straight after.",
        "The release train leaves the second Wednesday of each month at 15:00 UTC.",
        "Office hours with the platform team: Thursdays 14:00-15:00 in the #platform huddle.",
    ],
    "figure before its bound": [
        "Worker pods get a 15 minute graceful shutdown window before they are killed.",
        "Uploads over the public form hit a 25 MB body limit at the ingress.",
        "Background exports run in the worker pool; the API gateway has a 29s integration timeout.",
    ],
    "host and port": [
        "The SFTP drop for the bank files is sftp.partner.example on TCP 2222.",
    ],
    "contact address": [
        "The privacy officer for data requests is dpo@northwind.example, answer within 30 days.",
        "Abuse complaints about the hosted demo go to abuse@demo.example.org.",
    ],
    "branch deployed from": [
        "The docs site is generated with MkDocs and published from the docs-live branch.",
        "Hotfixes are built from the release/current branch, never from main.",
    ],
    "name without a digit": [
        "The QA Kubernetes namespace is billing-qa, the load test one is billing-perf.",
        "Our DNS zone is corp.northwind.example, records change only through Terraform.",
    ],
    "a rule that holds all the same": [
        "Dependency bumps still need a changelog entry, even for dev-only packages.",
        "Docs-only PRs still require one approval from a maintainer.",
    ],
    "pin with what breaks": [
        "pinned protobuf to 3.20.x since 4.x breaks the generated stubs of the legacy client",
        "Godot held at 4.2 LTS, the console export templates aren't available for 4.3 yet",
    ],
}

REFUSED = [
    "release bundle is 3.4 MB after the last build",
    "Rebase onto main left two conflicts in checkout.ts",
    "Merge of the feature branch took 40 minutes in CI today",
    "unstaged changes in services/billing/invoice.go",
    "The payments pod hit the 29s integration timeout three times this morning",
    "The ingress is currently rejecting uploads over 25 MB with a 413 error",
    "Sprint review on Monday 13:00 was cancelled and nothing was demoed",
    "The docs-live branch deploy failed this morning with a broken link check",
    "Current namespace for my shell is billing-qa",
    # What a tool printed or measured, in words no earlier shape named.
    "make[2]: *** [CMakeFiles/indexer.dir/all] Error 2",
    "We're at attempt 3 of the search reindex backfill",
    "Step 2 of the cutover is done, step 3 waits for the DBA.",
    "line coverage report: src/parser/lexer.rs 38.5%",
    "the image thumbnailer measured 840 ms per page with the new codec",
    # Today's figure against its bound, and one day's count.
    "We are using 64% of the 5,000 calls per day quota on the maps key.",
    "The Android APK is 151 MB, over the 150 MB Play Store limit.",
    "renovate opened 9 PRs this Tuesday",
]

# The settings those reports are measured against.
SETTINGS = [
    "Line coverage must stay above 80% for everything under src/billing/.",
    "Coverage threshold for the parser crate: 85% of lines.",
    "Thumbnails must render in under 1 s per page; anything slower is a bug.",
    "Keep the Android APK under the 150 MB Play Store limit; split assets into a feature module otherwise.",
]


@pytest.mark.parametrize(("family", "line"), [(family, line) for family, lines in KEPT.items() for line in lines])
def test_a_fact_in_a_form_a_new_writer_used_is_kept(family: str, line: str) -> None:
    assert state_reason(line) is None, (family, line)
    assert check_write("/memories/notes.md", None, f"- {line}\n", {}) is None


@pytest.mark.parametrize("line", REFUSED)
def test_the_same_words_in_a_report_are_still_refused(line: str) -> None:
    refusal = check_write("/memories/notes.md", None, f"- {line}\n", {})
    assert refusal is not None and refusal.kind == "state", line


@pytest.mark.parametrize("line", SETTINGS)
def test_the_setting_a_measurement_is_held_to_is_kept(line: str) -> None:
    assert check_write("/memories/notes.md", None, f"- {line}\n", {}) is None, line


def test_a_verb_that_starts_an_instruction_still_starts_one() -> None:
    # The first word is a verb that is also a noun, and it is an instruction all the same.
    for line in (
        "Rebase onto main before opening a PR, because the merge queue rejects stale branches.",
        "Release builds are signed with the key in the vault; never sign locally.",
        "Build with --release when profiling, since debug builds are 10x slower.",
    ):
        assert check_write("/memories/notes.md", None, f"- {line}\n", {}) is None, line
