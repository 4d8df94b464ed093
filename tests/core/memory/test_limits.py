"""Caps: 4,000 characters a file, 6,000 a store, 16,000 characters per view."""

from __future__ import annotations

from app.core.memory import FILE_CAP, STORE_CAP, VIEW_CAP, MemoryStore
from tests.core.memory.conftest import err, ok


def _says_merge_or_delete(text: str) -> None:
    assert "Merge" in text and "delete entries that are no longer true" in text


def test_a_file_over_the_cap_is_refused_and_not_written(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/full.md", "file_text": "x" * FILE_CAP})
    text = err(store, {"command": "create", "path": "/memories/big.md", "file_text": "x" * (FILE_CAP + 1)})
    _says_merge_or_delete(text)
    assert "4,001" in text and "4,000" in text
    assert not (store.folder / "big.md").exists()


def test_edits_that_grow_a_file_past_the_cap_are_refused(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/f.md", "file_text": "a" * (FILE_CAP - 5) + "\n"})
    _says_merge_or_delete(
        err(store, {"command": "str_replace", "path": "/memories/f.md", "old_str": "\n", "new_str": "bbbbbbb\n"})
    )
    _says_merge_or_delete(
        err(store, {"command": "insert", "path": "/memories/f.md", "insert_line": 1, "insert_text": "cccccc"})
    )
    assert (store.folder / "f.md").read_text() == "a" * (FILE_CAP - 5) + "\n"


def test_the_whole_store_is_capped(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a" * 3_500})
    ok(store, {"command": "create", "path": "/memories/b/c.md", "file_text": "b" * (STORE_CAP - 3_500)})
    text = err(store, {"command": "create", "path": "/memories/d.md", "file_text": "d"})
    _says_merge_or_delete(text)
    assert "6,001" in text
    assert not (store.folder / "d.md").exists()
    # Overwriting a file counts the new size instead of the old one.
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "a" * 3_000})
    ok(store, {"command": "create", "path": "/memories/d.md", "file_text": "d" * 500})
    assert store.total_chars() == STORE_CAP
    # Renames move text without adding any.
    ok(store, {"command": "rename", "old_path": "/memories/d.md", "new_path": "/memories/e.md"})


def test_a_file_edited_by_hand_past_the_cap_can_still_shrink(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/h.md", "file_text": "seed"})
    (store.folder / "h.md").write_text("old fact\n" + "y" * 5_000 + "\n")
    err(store, {"command": "insert", "path": "/memories/h.md", "insert_line": 0, "insert_text": "more"})
    ok(store, {"command": "str_replace", "path": "/memories/h.md", "old_str": "old fact\n", "new_str": ""})
    assert (store.folder / "h.md").read_text() == "y" * 5_000 + "\n"


def test_view_of_a_long_file_returns_at_most_16000_characters(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/long.md", "file_text": "seed"})
    (store.folder / "long.md").write_text("".join(f"line {i:05d} " + "z" * 40 + "\n" for i in range(1, 2001)))
    text = ok(store, {"command": "view", "path": "/memories/long.md"})
    assert len(text) <= VIEW_CAP
    assert "view_range" in text and "of 2000" in text
    last_shown = int(text.split("Use view_range to read from line ")[1].rstrip(".]"))
    rest = ok(store, {"command": "view", "path": "/memories/long.md", "view_range": [last_shown, -1]})
    assert rest.split("\n")[1].startswith(f"{last_shown:>6}\tline {last_shown:05d}")
    (store.folder / "one.md").write_text("q" * 50_000)
    assert len(ok(store, {"command": "view", "path": "/memories/one.md"})) <= VIEW_CAP
