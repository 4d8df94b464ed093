"""Malformed input is an error result, never an exception; a fuzzer never gets out of the folder."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.memory import STORE_CAP, MemoryStore
from app.core.tool_result import ToolResult
from tests.core.memory.conftest import err, ok, stored, top_names, tree

MALFORMED: list[object] = [
    None,
    "view /memories",
    5,
    ["view", "/memories"],
    {},
    {"path": "/memories"},
    {"command": None, "path": "/memories"},
    {"command": 5, "path": "/memories"},
    {"command": "VIEW", "path": "/memories"},
    {"command": "explode", "path": "/memories"},
    {"command": "view"},
    {"command": "view", "path": 5},
    {"command": "view", "path": None},
    {"command": "view", "path": ["/memories"]},
    {"command": "view", "path": "/memories/f.md", "view_range": [1.0, 2]},
    {"command": "view", "path": "/memories/f.md", "view_range": [1, 2.5]},
    {"command": "view", "path": "/memories/f.md", "view_range": [-1, 2]},
    {"command": "view", "path": "/memories/f.md", "view_range": [0, 2]},
    {"command": "view", "path": "/memories/f.md", "view_range": [3, 2]},
    {"command": "view", "path": "/memories/f.md", "view_range": [1, -2]},
    {"command": "view", "path": "/memories/f.md", "view_range": [1]},
    {"command": "view", "path": "/memories/f.md", "view_range": [1, 2, 3]},
    {"command": "view", "path": "/memories/f.md", "view_range": "1-2"},
    {"command": "view", "path": "/memories/f.md", "view_range": [True, 2]},
    {"command": "view", "path": "/memories/f.md", "view_range": {"start": 1}},
    {"command": "create", "path": "/memories/n.md"},
    {"command": "create", "file_text": "x"},
    {"command": "create", "path": "/memories/n.md", "file_text": None},
    {"command": "create", "path": "/memories/n.md", "file_text": 5},
    {"command": "create", "path": "/memories/n.md", "file_text": "bad \ud800 surrogate"},
    {"command": "create", "path": "/memories/n.md", "file_text": "nul \x00 byte"},
    {"command": "create", "path": "/memories/n.md", "file_text": "x", "mode": "append"},
    {"command": "str_replace", "path": "/memories/f.md", "old_str": "a", "new_str": "b", "old_path": "/memories/f.md"},
    {"command": "str_replace", "path": "/memories/f.md", "new_str": "b"},
    {"command": "str_replace", "path": "/memories/f.md", "old_str": "", "new_str": "b"},
    {"command": "str_replace", "path": "/memories/f.md", "old_str": 1, "new_str": "b"},
    {"command": "str_replace", "path": "/memories/f.md", "old_str": "a", "new_str": 2},
    {"command": "insert", "path": "/memories/f.md", "insert_line": -1, "insert_text": "x"},
    {"command": "insert", "path": "/memories/f.md", "insert_line": 99, "insert_text": "x"},
    {"command": "insert", "path": "/memories/f.md", "insert_line": 1.0, "insert_text": "x"},
    {"command": "insert", "path": "/memories/f.md", "insert_line": "1", "insert_text": "x"},
    {"command": "insert", "path": "/memories/f.md", "insert_line": True, "insert_text": "x"},
    {"command": "insert", "path": "/memories/f.md", "insert_line": 1},
    {"command": "insert", "path": "/memories/f.md", "insert_line": 10**30, "insert_text": "x"},
    {"command": "delete"},
    {"command": "delete", "path": "/memories/f.md", "recursive": True},
    {"command": "rename", "old_path": "/memories/f.md"},
    {"command": "rename", "path": "/memories/f.md", "new_path": "/memories/g.md"},
    {"command": "rename", "old_path": "/memories/f.md", "new_path": 7},
    {1: 2, "command": "view", "path": "/memories"},
]


@pytest.mark.parametrize("command", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_input_is_an_error_result(store: MemoryStore, command: object) -> None:
    ok(store, {"command": "create", "path": "/memories/f.md", "file_text": "a\nb\nc\n"})
    text = err(store, command)
    assert text.startswith("Error") or "does not exist" in text
    assert stored(store, "f.md") == "a\nb\nc\n"
    assert top_names(store) == ["f.md"]


def test_messages_say_what_is_wrong(store: MemoryStore) -> None:
    assert "Unknown command 'explode'" in err(store, {"command": "explode"})
    assert "Missing required parameter `path`" in err(store, {"command": "view"})
    assert "'old_path' is not a parameter of `str_replace`" in err(
        store, {"command": "str_replace", "path": "/memories/f.md", "old_str": "a", "old_path": "/memories/f.md"}
    )
    assert "Invalid `view_range`" in err(store, {"command": "view", "path": "/memories/f.md", "view_range": [1.5, 2]})
    assert "`insert_line` must be an integer" in err(
        store, {"command": "insert", "path": "/memories/f.md", "insert_line": 1.0, "insert_text": "x"}
    )


HOSTILE_PATHS = [
    "/memories",
    "/memories/",
    "/memories/.",
    "/memories/..",
    "/memories/../store-evil/secret.txt",
    "/memories/../outside.md",
    "/memories_evil/x",
    "/memories/a/../..",
    "/memories/.journal.sqlite",
    "/memories/.lock",
    "/memories/a\\..\\..\\x",
    "/memories/%2e%2e/x",
    "/memories/a\x00",
    "/memories/c:/x",
    "/memories/JOURNA~1.SQL",
    "../../etc/passwd",
    "/etc/passwd",
    "",
]
NAMES = st.sampled_from(["a", "b", "notes.md", "a.md", "x y.md", "ü.md", "d"])
GOOD_PATHS = st.lists(NAMES, min_size=1, max_size=4).map(lambda parts: "/memories/" + "/".join(parts))
PATHS = st.one_of(
    st.sampled_from(HOSTILE_PATHS),
    GOOD_PATHS,
    st.text(alphabet=string.printable + "\x00\u202e~%", max_size=40).map(lambda s: "/memories/" + s),
    st.text(max_size=20),
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=60),
    PATHS,
    st.lists(st.one_of(st.integers(min_value=-2, max_value=8), st.floats()), max_size=3),
)
FIELDS = ["path", "file_text", "old_str", "new_str", "insert_line", "insert_text", "view_range", "old_path", "new_path"]
COMMAND_NAMES = st.sampled_from(["view", "create", "str_replace", "insert", "delete", "rename"])


@st.composite
def commands(draw: st.DrawFn) -> object:
    if draw(st.integers(0, 19)) == 0:
        return draw(st.one_of(st.none(), st.text(max_size=10), st.lists(st.integers(), max_size=2), st.integers()))
    name = draw(st.one_of(COMMAND_NAMES, COMMAND_NAMES, COMMAND_NAMES, st.text(max_size=8), st.integers()))
    fields: dict[object, object] = {"command": name}
    shaped = {
        "view": {"path": PATHS, "view_range": st.one_of(st.none(), VALUES)},
        "create": {"path": PATHS, "file_text": st.one_of(st.text(max_size=80), VALUES)},
        "str_replace": {
            "path": PATHS,
            "old_str": st.one_of(st.sampled_from(["a", "x", "\n"]), VALUES),
            "new_str": st.one_of(st.text(max_size=30), VALUES),
        },
        "insert": {
            "path": PATHS,
            "insert_line": st.one_of(st.integers(-2, 6), VALUES),
            "insert_text": st.one_of(st.text(max_size=30), VALUES),
        },
        "delete": {"path": PATHS},
        "rename": {"old_path": PATHS, "new_path": PATHS},
    }.get(name if isinstance(name, str) else "", {})
    for key, strategy in shaped.items():
        if draw(st.integers(0, 9)) > 0:  # now and then leave a field out
            fields[key] = draw(strategy)
    if draw(st.integers(0, 9)) == 0:
        fields[draw(st.sampled_from(FIELDS))] = draw(VALUES)
    return fields


@pytest.mark.slow
@settings(
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
@given(batch=st.lists(commands(), min_size=1, max_size=3))
def test_fuzzed_commands_never_raise_and_never_leave_the_folder(parent: Path, batch: list[object]) -> None:
    store = MemoryStore(parent / "store")
    outside_before = _outside(parent)
    for command in batch:
        result = store.execute(command, session_id="fuzz", user_words="fuzz")
        assert isinstance(result, ToolResult) and isinstance(result.text, str) and result.text
    assert _outside(parent) == outside_before
    assert store.total_chars() <= STORE_CAP


def _outside(parent: Path) -> dict[str, object]:
    """Everything in the store's parent except the store: the sibling folders, their files, the parent."""
    found: dict[str, object] = {".": sorted(p.name for p in parent.iterdir() if p.name != "store")}
    for item in parent.iterdir():
        if item.name != "store":
            found[item.name] = tree(item) if item.is_dir() else item.read_bytes()
    return found
