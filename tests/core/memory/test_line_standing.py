"""Only a person makes a line standing, the agent cannot change one, and the block puts the developer's lines first."""

from __future__ import annotations

import pytest

from app.core.agent import prompt
from app.core.memory import MemoryStore
from app.core.memory.block_split import DEVELOPER_HEADING, NOTES_HEADING
from app.core.memory.line_book import LineChoiceRefused
from tests.core.memory.conftest import err, ok

LESSON = "- If the build fails with CS0246 after switching branches, run dotnet restore first."
OTHER = "- Release builds are signed on the CI machine only, by policy."
NOTES = f"# Build\n{LESSON}\n{OTHER}\n"


def _confirmed_three_times(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/notes.md", "file_text": NOTES}, session_id="s1")
    for session in ("s2", "s3"):
        said = ok(store, {"command": "create", "path": "/memories/again.md", "file_text": LESSON}, session_id=session)
        assert "Already remembered" in said


def test_only_a_candidate_can_be_made_standing(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/notes.md", "file_text": NOTES}, session_id="s1")
    with pytest.raises(LineChoiceRefused, match="confirmed in 1 session"):
        store.person.make_standing(LESSON)
    with pytest.raises(LineChoiceRefused, match="No memory line"):
        store.person.make_standing("- nothing like this")
    ok(store, {"command": "create", "path": "/memories/again.md", "file_text": LESSON}, session_id="s2")
    ok(store, {"command": "create", "path": "/memories/again.md", "file_text": LESSON}, session_id="s3")
    said = store.person.make_standing(
        "  * if the build fails with cs0246 after switching branches, run dotnet restore first"
    )
    assert said.startswith(f'"{LESSON}" is standing now (/memories/notes.md)')
    (line,) = [s for s in store.person.line_states()["/memories/notes.md"] if s.text == LESSON]
    assert line.standing and not line.promotion_candidate and line.from_developer
    with pytest.raises(LineChoiceRefused, match="standing already"):
        store.person.make_standing(LESSON)


def test_the_agent_cannot_change_remove_or_move_a_standing_line(store: MemoryStore) -> None:
    _confirmed_three_times(store)
    store.person.make_standing(LESSON)
    store.snapshot(session_id="s4")
    path = "/memories/notes.md"
    attempts = [
        {"command": "str_replace", "path": path, "old_str": "dotnet restore first", "new_str": "dotnet clean"},
        {"command": "str_replace", "path": path, "old_str": LESSON + "\n", "new_str": ""},
        {"command": "create", "path": path, "file_text": f"# Build\n{OTHER}\n"},
        {"command": "delete", "path": path},
        {"command": "rename", "old_path": path, "new_path": "/memories/build.md"},
    ]
    for attempt in attempts:
        refused = err(store, attempt, session_id="s4")
        assert "is a standing line" in refused and "only they can change it" in refused, attempt
        assert "say in your answer what you would change" in refused
        assert store.files()[0].text == NOTES
    # Its other lines stay the agent's to edit, and the developer may change the standing line.
    ok(
        store,
        {"command": "str_replace", "path": path, "old_str": "by policy", "new_str": "by a 2025 policy"},
        session_id="s4",
    )
    current = store.files()[0].text
    assert store.save_as_person(path, current.replace("dotnet restore first", "dotnet restore"), current).saved


def test_the_block_loads_the_developer_s_lines_first_and_the_agent_s_notes_to_verify_after(store: MemoryStore) -> None:
    _confirmed_three_times(store)
    before = store.snapshot(session_id="s4")
    assert DEVELOPER_HEADING not in before  # a candidate is still the agent's note until a person decides
    store.person.make_standing(LESSON)
    mine = "- Reviews need two approvals."
    assert store.save_as_person("/memories/team.md", f"{mine}\n", None).saved
    block = store.snapshot(session_id="s5")
    developer, notes = block.split(NOTES_HEADING)
    assert block.startswith(DEVELOPER_HEADING)
    assert LESSON in developer and mine in developer and OTHER not in developer
    assert OTHER in notes and "# Build" in notes and LESSON not in notes and mine not in notes
    system = prompt.system_blocks(block)[-1]["text"]
    assert system.startswith(f"{prompt.MEMORY_START}\n\n{DEVELOPER_HEADING}")
    assert "verify before use" in system.split(DEVELOPER_HEADING)[1]
