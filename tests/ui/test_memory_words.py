"""The words of the memory windows: one line per change, readable diffs, ages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.core.memory import Change
from app.ui.memory_words import age, change_line, diff_html

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def _change(old: str | None, new: str | None, *, path: str = "/memories/notes.md", old_path: str = "") -> Change:
    return Change(1, 1, NOW, "agent", "s", "create", path, old, new, "", "", old_path)


def test_one_line_per_kind_of_change() -> None:
    assert change_line(_change(None, "- Deploys happen on Thursdays.\n")) == (
        "Remembered: “Deploys happen on Thursdays” in notes.md"
    )
    assert (
        change_line(_change("- a\n", "- a\n- Ana owns the parser.\n")) == "Updated: “Ana owns the parser” in notes.md"
    )
    assert change_line(_change("- a\n- b\n", "- a\n")) == "Updated notes.md (lines removed)"
    assert change_line(_change("- a\n", None)) == "Forgot notes.md"
    assert change_line(_change(None, None, path="/memories/b.md", old_path="/memories/a.md")) == "Moved a.md to b.md"
    long = change_line(_change(None, "x" * 500))
    assert len(long) < 140 and "…" in long


def test_diff_marks_removed_and_added_lines_and_escapes_text() -> None:
    html = diff_html("- keep\n- old <b>\n", "- keep\n- new\n")
    assert "line-through" in html and "− - old &lt;b&gt;" in html and "+ - new" in html
    assert "did not exist before" in diff_html(None, "x")
    assert "was deleted" in diff_html("x", None)


def test_age_in_the_largest_whole_unit() -> None:
    assert age(NOW - timedelta(seconds=20), NOW) == "just now"
    assert age(NOW - timedelta(hours=5), NOW) == "5 hours"
    assert age(NOW - timedelta(days=3, hours=2), NOW) == "3 days"
    assert age(NOW - timedelta(days=400), NOW) == "1 year"
    assert age(None, NOW) == "unknown"
