"""The gate on state said in a person's own words: bugs, how things stand, reminders, rules from one event.

Each refused line has a twin that says the same subject as knowledge (intent, policy, a condition, a date),
and the twin is kept: the gate reads what a line claims, not which words it uses.
"""

from __future__ import annotations

import pytest

from app.core.memory import judgement
from app.core.memory.gate import check_write
from app.core.memory.judgement import state_reason

REFUSED_AND_KEPT = [
    # A bug as it is today, and the design it breaks.
    (
        "The PDF export cuts off table rows at the page break.",
        "The importer skips rows whose first column is empty on purpose; those are section headers.",
    ),
    (
        "The dark mode toggle doesn't persist across restarts.",
        "Local Postgres runs on port 5433 so it doesn't clash with the system Postgres.",
    ),
    (
        "`InvoiceService` shows the old price instead of the discounted one.",
        "In TypeScript, use `unknown` instead of `any` for API responses.",
    ),
    # How something stands right now, and a deliberate setting.
    ("The staging Redis is full and evicting keys.", "Redis in staging is capped at 2 GB by policy."),
    ("The `Podfile.lock` is out of sync with the `Podfile`.", "Run `pod install` after changing the Podfile."),
    (
        "There are uncommitted migrations in `db/migrate`.",
        "Migrations in `db/migrate` are forward-only; we never write down migrations.",
    ),
    # A rule resting on one event, and one resting on several.
    (
        "Always pass `--legacy-peer-deps`, because npm install failed without it once.",
        "Seen three times in February 2026: `npm ci` fails when the cache volume is full; run the cleanup script.",
    ),
]


@pytest.mark.parametrize(("state", "durable"), REFUSED_AND_KEPT)
def test_state_in_plain_words_is_refused_and_its_twin_is_kept(state: str, durable: str) -> None:
    refusal = check_write("/memories/notes.md", None, f"- {state}\n", {})
    assert refusal is not None and refusal.kind == "state"
    assert refusal.message.startswith(f'Error: Not saved. The line "- {state}" was refused: it ')
    # Every refusal says what may be saved instead.
    assert "save it with its evidence" in refusal.message or "Save the lesson, the decision or the plan" in (
        refusal.message
    )
    assert check_write("/memories/notes.md", None, f"- {durable}\n", {}) is None


@pytest.mark.parametrize("wrapper", ["Remember: ", "Note to self: ", "Heads up, ", "FYI ", "Important: "])
def test_a_reminder_wrapper_does_not_hide_the_state_it_wraps(wrapper: str) -> None:
    assert state_reason(f"{wrapper}the current branch is `chore/upgrade-deps`.") is not None
    assert state_reason(f"{wrapper}never push to `release/*` directly; CI deploys from it.") is None


def test_a_year_dates_what_happened() -> None:
    assert state_reason("Xcode Cloud was tried and dropped in 2025; iOS builds run on Bitrise.") is None
    assert state_reason("Xcode Cloud was tried and dropped; iOS builds run on Bitrise.") is not None


def test_the_word_model_never_overrules_an_instruction_and_overrules_a_policy_only_when_all_but_sure() -> None:
    # Asked for its reading, the model may doubt a line, but an instruction is knowledge by what it is, and so is a
    # line of policy or a restriction unless the model is all but certain it reports how things stand.
    for line in (
        "Use `go test -race -count=1 ./...`; the race flag is mandatory in our CI.",
        "Dependabot PRs are merged by whoever is on support rotation that week.",
        "We must keep the lockfile committed.",
    ):
        assert state_reason(line, use_model=True) is None
    assert state_reason("The only red job on the pipeline is the Windows build.", use_model=False) is None
    assert state_reason("The only red job on the pipeline is the Windows build.") == judgement._MODEL_REASON
    assert (judgement.MODEL_THRESHOLD, judgement.MODEL_FORM_THRESHOLD) == (0.7, 0.95)
    assert judgement.MODEL_FIGURE_THRESHOLD == 0.75  # a line with a figure: the figure is no evidence of state


def test_a_mixed_line_offers_back_its_knowledge_whatever_sits_beside_the_state() -> None:
    # The "we" of the first clause is policy; it must not carry the second clause's state through.
    refusal = check_write("/memories/notes.md", None, "- We deploy from release tags. The staging Redis is full.\n", {})
    assert refusal is not None and refusal.kind == "state"
    assert 'save "We deploy from release tags" on its own' in refusal.message
    assert check_write("/memories/notes.md", None, "- We deploy from release tags.\n", {}) is None
