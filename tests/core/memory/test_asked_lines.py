"""A line the person asked the agent to remember never decays by disuse; the agent's own guesses do.

Issue 43, point 6: "You asked for it" and "Archived" were shown side by side after 60 days. Run on
both backends (`store`); the clock is moved with VDA_CLOCK_SKEW_FILE, as a later day of the person's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from app.core.memory.report import file_reports
from tests.core.memory.conftest import ok

DAY = 86_400
ASKED = "- We never deploy on Fridays; releases go out on Tuesdays."
GUESS = "- The release script probably lives under tools/release."


def _lines(store: MemoryStore) -> dict[str, dict[str, object]]:
    return {str(line["text"]): line for report in file_reports(store) for line in report.lines}


def test_a_line_the_person_asked_for_is_never_archived_while_the_agents_guess_is(
    store: MemoryStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    skew.write_text("0")
    ok(store, {"command": "create", "path": "/memories/release.md", "file_text": f"{ASKED}\n"},
       session_id="s1", user_words="remember that we never deploy on Fridays, releases are on Tuesdays")  # fmt: skip
    ok(store, {"command": "create", "path": "/memories/guesses.md", "file_text": f"{GUESS}\n"},
       session_id="s1", user_words="where is the release script?")  # fmt: skip
    lines = _lines(store)
    assert lines[ASKED]["origin"] == "asked" and lines[GUESS]["origin"] == "inferred"

    skew.write_text(str(400 * DAY))  # more than a year on, neither line used nor confirmed since
    lines = _lines(store)
    assert lines[ASKED]["archived"] is False
    assert lines[GUESS]["archived"] is True
    block = store.snapshot(session_id="s2")
    assert "never deploy on Fridays" in block  # still loaded into every session
    assert "tools/release" not in block
    seen = ok(store, {"command": "view", "path": "/memories/release.md"}, session_id="s2")
    assert "never deploy on Fridays" in seen  # and the agent still sees it
