"""Undo: the newest change comes back off, deletes included; repeated undos walk back to the start."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.memory import MemoryStore
from app.core.memory.undo import UndoRefused
from tests.core.memory.conftest import by_hand, ok, stored


def _contents(store: MemoryStore) -> dict[str, str]:
    return {f.path: f.text for f in store.files()}


def test_undo_brings_back_a_deleted_folder_and_says_what_it_reverted(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/d/a.md", "file_text": "alpha\n"})
    ok(store, {"command": "create", "path": "/memories/d/b.md", "file_text": "beta\n"})
    ok(store, {"command": "delete", "path": "/memories/d"}, session_id="s1")
    assert _contents(store) == {}
    said = store.undo()
    assert said.startswith("delete of /memories/d/a.md, /memories/d/b.md by the agent")
    assert _contents(store) == {"/memories/d/a.md": "alpha\n", "/memories/d/b.md": "beta\n"}
    last = store.history()[-1]
    assert (last.command, last.by) == ("undo", "person")


def test_undo_refuses_to_overwrite_a_later_change_made_by_hand(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "agent's\n"})
    by_hand(store, "a.md", "a person's fix\n")
    with pytest.raises(UndoRefused, match="changed again since"):
        store.undo()
    assert stored(store, "a.md") == "a person's fix\n"


def test_nothing_to_undo(store: MemoryStore, tmp_path: Path) -> None:
    with pytest.raises(UndoRefused, match="Nothing to undo"):
        store.undo()
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a\n"})
    store.undo()
    with pytest.raises(UndoRefused, match="Nothing to undo"):
        store.undo()


_NAMES = st.sampled_from(["/memories/a.md", "/memories/b.md", "/memories/d/c.md", "/memories/d/e.md"])
_TEXT = st.text(alphabet="abc xyz\n", min_size=1, max_size=30).filter(lambda t: t.strip() != "")
_COMMANDS = st.one_of(
    st.builds(lambda p, t: {"command": "create", "path": p, "file_text": t}, _NAMES, _TEXT),
    st.builds(lambda p, t: {"command": "insert", "path": p, "insert_line": 0, "insert_text": t}, _NAMES, _TEXT),
    st.builds(
        lambda p, o, n: {"command": "str_replace", "path": p, "old_str": o, "new_str": n},
        _NAMES,
        st.sampled_from(["a", "b", "x", "\n"]),
        st.sampled_from(["q", "", "zz"]),
    ),
    st.builds(lambda p: {"command": "delete", "path": p}, st.sampled_from(["/memories/a.md", "/memories/d"])),
    st.builds(lambda o, n: {"command": "rename", "old_path": o, "new_path": n}, _NAMES, _NAMES),
    st.builds(lambda: {"command": "rename", "old_path": "/memories/d", "new_path": "/memories/f"}),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.dictionaries(_NAMES, _TEXT, max_size=3), commands=st.lists(_COMMANDS, max_size=8))
def test_any_changes_then_undo_back_to_the_start_give_the_start(
    tmp_path: Path, start: dict[str, str], commands: list[dict[str, object]]
) -> None:
    store = MemoryStore(tmp_path / f"store-{abs(hash((tuple(start.items()), repr(commands))))}")
    store.forget()
    for path, text in start.items():
        ok(store, {"command": "create", "path": path, "file_text": text}, by="person")
    changes_before = len({c.op for c in store.history()})
    made = 0
    for command in commands:
        before = len({c.op for c in store.history()})
        result = store.execute(command, session_id="s", by="person")  # history, not the gate, is tested here
        after = len({c.op for c in store.history()})
        if result.is_error:
            assert after == before  # a refused command changes nothing and journals nothing
        made += after - before
    for _ in range(made):
        store.undo()
    assert _contents(store) == start
    assert len({c.op for c in store.history() if not c.undoes}) == changes_before + made
    store.forget()


def test_revert_a_chosen_change_brings_back_a_deleted_file_while_later_changes_stay(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "alpha\n"}, session_id="s1")
    ok(store, {"command": "delete", "path": "/memories/a.md"}, session_id="s1")
    ok(store, {"command": "create", "path": "/memories/b.md", "file_text": "beta\n"}, session_id="s1")
    delete = next(c for c in store.history() if c.command == "delete")
    said = store.revert(delete.op)
    assert said.startswith("delete of /memories/a.md by the agent")
    assert _contents(store) == {"/memories/a.md": "alpha\n", "/memories/b.md": "beta\n"}
    with pytest.raises(UndoRefused, match="undone already"):
        store.revert(delete.op)


def test_revert_refuses_a_change_overwritten_since(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "one\n"})
    first = store.history()[-1]
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "two\n"})
    with pytest.raises(UndoRefused, match="changed again since"):
        store.revert(first.op)
    assert _contents(store) == {"/memories/a.md": "two\n"}
    with pytest.raises(UndoRefused, match="no longer in the memory's history"):
        store.revert(999)
