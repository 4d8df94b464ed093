"""A lesson written again in a later session is a confirmation, not a duplicate; the same session cannot vouch twice."""

from __future__ import annotations

import sqlite3

from app.core.memory import MemoryStore, lines
from tests.core.memory.conftest import err, local_only, ok, stored

LESSON = "- If the build fails with CS0246 after switching branches, run dotnet restore first.\n"


def _lines(store: MemoryStore, path: str = "/memories/notes.md") -> dict[str, lines.LineState]:
    return {line.text: line for line in store.person.line_states()[path]}


def _create(store: MemoryStore, path: str, text: str, session: str) -> str:
    return ok(store, {"command": "create", "path": path, "file_text": text}, session_id=session)


def test_a_lesson_written_in_three_sessions_is_confirmed_in_three(store: MemoryStore) -> None:
    _create(store, "/memories/notes.md", LESSON, "s1")
    assert _lines(store)[LESSON.strip()].confirmed_sessions == 1  # the session that wrote it is the first
    again = "* if the build FAILS with CS0246 after switching branches,   run dotnet restore first\n"
    said = _create(store, "/memories/build.md", again, "s2")
    assert said.startswith("Already remembered; confirmed in 2 sessions")
    assert "(in /memories/notes.md)" in said
    assert stored(store, "build.md") is None  # nothing to write but the copy: no new file
    store.snapshot(session_id="s3")  # a session starts from the memory it is shown
    insert = {"command": "insert", "path": "/memories/notes.md", "insert_line": 1, "insert_text": LESSON}
    said = ok(store, insert, session_id="s3")
    assert "Already remembered; confirmed in 3 sessions" in said
    assert stored(store, "notes.md") == LESSON
    line = _lines(store)[LESSON.strip()]
    assert (line.by, line.confirmed_sessions, line.promotion_candidate, line.standing) == ("agent", 3, True, False)


def test_the_same_session_does_not_count_twice_and_its_copy_is_still_a_duplicate(store: MemoryStore) -> None:
    _create(store, "/memories/notes.md", LESSON, "s1")
    refused = err(store, {"command": "create", "path": "/memories/other.md", "file_text": LESSON}, session_id="s1")
    assert "already in /memories/notes.md" in refused
    assert "Already remembered" in _create(store, "/memories/other.md", LESSON, "s2")
    # s2 has vouched now: a second copy from it is refused, and nothing is counted.
    refused = err(store, {"command": "create", "path": "/memories/third.md", "file_text": LESSON}, session_id="s2")
    assert "already in /memories/notes.md" in refused
    assert _lines(store)[LESSON.strip()].confirmed_sessions == 2
    assert stored(store, "other.md") is None and stored(store, "third.md") is None


def test_a_write_with_new_lines_and_a_repeat_writes_the_new_and_confirms_the_repeat(store: MemoryStore) -> None:
    _create(store, "/memories/notes.md", LESSON, "s1")
    signed = "- Release builds are signed on the CI machine only, by policy."
    said = _create(store, "/memories/build.md", f"# Build\n{LESSON}{signed}\n", "s2")
    assert said.startswith("File created successfully at: /memories/build.md")
    assert "Already remembered; confirmed in 2 sessions" in said
    assert stored(store, "build.md") == f"# Build\n{signed}\n"
    assert _lines(store)[LESSON.strip()].confirmed_sessions == 2
    assert _lines(store, "/memories/build.md")[signed].by == "agent"


def test_a_person_keeping_a_line_counts_and_a_person_s_lines_are_theirs(store: MemoryStore) -> None:
    _create(store, "/memories/notes.md", LESSON, "s1")
    _create(store, "/memories/build.md", LESSON, "s2")
    assert store.person.confirm("/memories/notes.md", LESSON) == 3  # what keeping a pending line calls
    assert _lines(store)[LESSON.strip()].promotion_candidate
    saved = store.save_as_person("/memories/team.md", "- Reviews need two approvals.\n", None)
    assert saved.saved, saved.message
    mine = _lines(store, "/memories/team.md")["- Reviews need two approvals."]
    assert (mine.by, mine.confirmed_sessions, mine.promotion_candidate) == ("person", 1, False)


def test_records_follow_a_renamed_file_and_lines_older_than_records_keep_their_writer(store: MemoryStore) -> None:
    _create(store, "/memories/notes.md", LESSON, "s1")
    _create(store, "/memories/x.md", LESSON, "s2")
    ok(
        store,
        {"command": "rename", "old_path": "/memories/notes.md", "new_path": "/memories/build.md"},
        session_id="s2",
    )
    assert _lines(store, "/memories/build.md")[LESSON.strip()].confirmed_sessions == 2
    # A journal from before line records: the history still says which session wrote the line.
    local_only(store, "drops the local SQLite journal's line tables (the team server's come with its schema)")
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        conn.execute("DROP TABLE line_sessions")
        conn.execute("DROP TABLE line_marks")
        conn.execute("DROP TABLE line_uses")
        conn.execute("PRAGMA user_version=3")
    assert _lines(store, "/memories/build.md")[LESSON.strip()].by == "agent"
    refused = err(store, {"command": "create", "path": "/memories/y.md", "file_text": LESSON}, session_id="s1")
    assert "already in /memories/build.md" in refused  # s1 wrote it: its copy is a duplicate, not a confirmation
    assert "confirmed in 2 sessions" in _create(store, "/memories/y.md", LESSON, "s3")
