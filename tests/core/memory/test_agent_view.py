"""The agent sees what is loaded: an archived line is not in its `view`, and none of its writes loses one.

An archived line is kept for the developer (listed, restorable) but loaded into no session; the
agent's view, str_replace, insert, create and delete work on the file without it, and it stays in
the file where it stood. Run on both backends (`store`); the clock is moved with VDA_CLOCK_SKEW_FILE.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from tests.core.memory.conftest import err, ok

DAY = 86_400
OLD = "- Release builds are signed on the CI machine only, by policy."  # written on day 0, archived by day 61
FIRST = "- We deploy from release tags, never from main."
LAST = "- Prefer pytest -x when running the whole suite locally."
PATH = "/memories/notes.md"


@pytest.fixture
def archived(store: MemoryStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MemoryStore:
    """notes.md holding FIRST, OLD and LAST, of which only OLD has gone 61 days without use or confirmation."""
    skew = tmp_path / "skew"
    monkeypatch.setenv("VDA_CLOCK_SKEW_FILE", str(skew))
    ok(store, {"command": "create", "path": PATH, "file_text": f"{FIRST}\n{OLD}\n{LAST}\n"}, session_id="s0")
    skew.write_text(str(61 * DAY))
    # A later session writes two of the lessons again: confirmed, so only OLD has gone 61 days unconfirmed.
    said = ok(store, {"command": "create", "path": "/memories/again.md", "file_text": f"{FIRST}\n{LAST}\n"},
              session_id="s1")  # fmt: skip
    assert said.count("Already remembered") == 2
    assert _file(store) == f"{FIRST}\n{OLD}\n{LAST}\n"
    assert _archived(store) == [OLD]
    return store


def _file(store: MemoryStore) -> str:
    return next(f.text for f in store.files() if f.path == PATH)


def _archived(store: MemoryStore) -> list[str]:
    return [s.text for s in store.person.line_states().get(PATH, []) if s.archived]


def test_the_agent_s_view_leaves_out_the_archived_line_the_session_does_not_load(archived: MemoryStore) -> None:
    shown = ok(archived, {"command": "view", "path": PATH}, session_id="s2")
    assert OLD not in shown
    assert f"     1\t{FIRST}" in shown and f"     2\t{LAST}" in shown  # numbered as the agent sees it
    assert "signed on the CI machine" not in archived.snapshot(session_id="s2")
    ranged = ok(archived, {"command": "view", "path": PATH, "view_range": [2, 2]}, session_id="s2")
    assert LAST in ranged and FIRST not in ranged
    person = ok(archived, {"command": "view", "path": PATH}, session_id="", by="person")
    assert OLD in person  # a person sees every line
    listing = ok(archived, {"command": "view", "path": "/memories"}, session_id="s2")
    seen = len(f"{FIRST}\n{LAST}\n".encode())
    assert f"{seen}B\t{PATH}" in listing.splitlines()  # the size of what the agent sees


def test_an_edit_or_insert_by_the_agent_keeps_the_archived_line_where_it_stood(archived: MemoryStore) -> None:
    archived.snapshot(session_id="s2")
    edit = {"command": "str_replace", "path": PATH, "old_str": "never from main", "new_str": "never from a branch"}
    ok(archived, edit, session_id="s2")
    assert _file(archived) == f"{FIRST.replace('main', 'a branch')}\n{OLD}\n{LAST}\n"
    # Line 1 is the first line the agent sees; the new line goes after it, before the archived one's neighbour.
    ok(archived, {"command": "insert", "path": PATH, "insert_line": 2, "insert_text": "- Tags are signed by CI.\n"},
       session_id="s2")  # fmt: skip
    assert _file(archived).split("\n")[1:] == [OLD, LAST, "- Tags are signed by CI.", ""]
    assert _archived(archived) == [OLD]
    # The agent cannot reach it: old_str naming the archived line is not in what it sees.
    refused = err(archived, {"command": "str_replace", "path": PATH, "old_str": "signed on the CI machine",
                             "new_str": "signed anywhere"}, session_id="s2")  # fmt: skip
    assert "did not appear verbatim" in refused
    assert OLD in _file(archived)


def test_a_whole_file_create_by_the_agent_does_not_drop_the_archived_line(archived: MemoryStore) -> None:
    archived.snapshot(session_id="s2")
    ok(archived, {"command": "create", "path": PATH, "file_text": f"{FIRST}\n- Merge with squash commits only.\n"},
       session_id="s2")  # fmt: skip
    assert _file(archived) == f"{FIRST}\n{OLD}\n- Merge with squash commits only.\n"
    assert _archived(archived) == [OLD]
    # The undo of the agent's write brings back the file as it was, archived line and all.
    archived.revert(archived.history(PATH)[-1].op)
    assert _file(archived) == f"{FIRST}\n{OLD}\n{LAST}\n"


def test_the_agent_s_delete_keeps_the_archived_line_for_the_developer_to_restore(archived: MemoryStore) -> None:
    archived.snapshot(session_id="s2")
    said = ok(archived, {"command": "delete", "path": PATH}, session_id="s2")
    assert "Successfully deleted /memories/notes.md" in said and "archived" in said
    assert _file(archived) == f"{OLD}\n"  # the agent's lines are gone; the archive keeps its line
    assert _archived(archived) == [OLD]
    assert OLD not in archived.snapshot(session_id="s3")
    assert OLD not in ok(archived, {"command": "view", "path": PATH}, session_id="s3")
    listing = ok(archived, {"command": "view", "path": "/memories"}, session_id="s3")
    assert "/memories/notes.md" not in listing  # nothing of it is loaded, so it is not there for the agent
    assert "/memories/notes.md" in ok(archived, {"command": "view", "path": "/memories"}, by="person")
    archived.person.restore(OLD, PATH)
    assert OLD in archived.snapshot(session_id="s4")
    assert OLD in ok(archived, {"command": "view", "path": PATH}, session_id="s4")  # loaded again, so seen again


def test_the_agent_writing_an_archived_lesson_again_confirms_it_and_brings_it_back(archived: MemoryStore) -> None:
    archived.snapshot(session_id="s2")
    said = ok(archived, {"command": "str_replace", "path": PATH, "old_str": LAST, "new_str": f"{LAST}\n{OLD}"},
              session_id="s2")  # fmt: skip
    assert "Already remembered; confirmed in 2 sessions" in said
    assert _file(archived) == f"{FIRST}\n{OLD}\n{LAST}\n"  # one copy, where it was
    assert _archived(archived) == []
    assert OLD in archived.snapshot(session_id="s3")
