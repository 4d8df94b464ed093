"""No lost updates: a session cannot replace a file that changed since it last saw it, nor can the editor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from tests.core.memory.conftest import by_hand, err, ok, stored

ROOT = Path(__file__).resolve().parents[3]
NOTES = "/memories/notes.md"


def test_create_on_a_file_another_session_changed_is_refused_with_the_current_text(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "- build with make\n"})
    store.snapshot(session_id="friday")
    store.snapshot(session_id="monday")
    ok(
        store,
        {"command": "insert", "path": NOTES, "insert_line": 1, "insert_text": "- tests need docker"},
        session_id="monday",
    )
    text = err(store, {"command": "create", "path": NOTES, "file_text": "- build with ninja\n"}, session_id="friday")
    assert "changed since this session last saw it" in text and "Apply your change" in text
    assert "- build with make\n- tests need docker" in text
    assert stored(store, "notes.md") == "- build with make\n- tests need docker\n"
    # Having been shown the current text, the session may now write its merged version.
    ok(
        store,
        {"command": "create", "path": NOTES, "file_text": "- build with ninja\n- tests need docker\n"},
        session_id="friday",
    )


def test_insert_is_checked_too_and_str_replace_is_its_own_check(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "one\ntwo\n"})
    store.snapshot(session_id="a")
    by_hand(store, "notes.md", "one\ntwo\nthree by hand\n")
    assert "three by hand" in err(
        store, {"command": "insert", "path": NOTES, "insert_line": 0, "insert_text": "zero"}, session_id="a"
    )
    ok(store, {"command": "str_replace", "path": NOTES, "old_str": "two", "new_str": "2"}, session_id="b")
    assert stored(store, "notes.md") == "one\n2\nthree by hand\n"


def test_a_file_the_session_never_saw_is_not_replaced_blindly(store: MemoryStore) -> None:
    store.snapshot(session_id="early")  # the memory was empty when this session started
    ok(store, {"command": "create", "path": NOTES, "file_text": "from another session\n"}, session_id="other")
    assert "from another session" in err(
        store, {"command": "create", "path": NOTES, "file_text": "mine\n"}, session_id="early"
    )
    ok(
        store,
        {"command": "create", "path": "/memories/new.md", "file_text": "a new file loses nothing\n"},
        session_id="early",
    )


def test_replacing_a_seen_unchanged_file_works(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "v1\n"}, session_id="s")
    ok(store, {"command": "create", "path": NOTES, "file_text": "v2\n"}, session_id="s")  # its own write
    store.snapshot(session_id="t")
    ok(store, {"command": "view", "path": NOTES}, session_id="u")
    ok(store, {"command": "create", "path": NOTES, "file_text": "v3\n"}, session_id="t")
    assert "v3" in err(store, {"command": "create", "path": NOTES, "file_text": "v4\n"}, session_id="u")


def test_the_editor_saves_only_what_it_loaded(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "agent's first\n"}, session_id="s")
    loaded = stored(store, "notes.md")
    ok(store, {"command": "create", "path": NOTES, "file_text": "agent's second\n"}, session_id="s")
    result = store.save_as_person(NOTES, "my fix\n", loaded)
    assert not result.saved and result.conflict and result.current_text == "agent's second\n"
    assert stored(store, "notes.md") == "agent's second\n"
    saved = store.save_as_person(NOTES, "my fix\n", result.current_text)
    assert saved.saved and stored(store, "notes.md") == "my fix\n"
    last = store.history(NOTES)[-1]
    assert (last.by, last.command, last.old, last.new) == ("person", "save", "agent's second\n", "my fix\n")
    # A new file: expected None; the caps and the credential filter still apply to a person.
    assert store.save_as_person("/memories/new.md", "hello\n", None).saved
    refused = store.save_as_person("/memories/big.md", "x" * 5000, None)
    assert not refused.saved and not refused.conflict and "4,000" in refused.message


_WRITER = """
import sys
from pathlib import Path
from app.core.memory import MemoryStore
store = MemoryStore(Path(sys.argv[1]))
action = sys.argv[2]
if action == "load":
    print(store.snapshot(session_id=sys.argv[3]) != "")
else:
    command = {"command": "create", "path": "/memories/notes.md", "file_text": sys.argv[4]}
    result = store.execute(command, session_id=sys.argv[3])
    print("ERROR" if result.is_error else "OK")
    print(result.text)
"""


def _other(folder: Path, *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", _WRITER, str(folder), *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.slow
def test_two_processes_cannot_overwrite_each_others_notes(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    ok(MemoryStore(folder), {"command": "create", "path": NOTES, "file_text": "shared start\n"})
    assert _other(folder, "load", "app-session").startswith("True")
    assert _other(folder, "load", "cli-session").startswith("True")
    assert _other(folder, "write", "cli-session", "from the CLI\n").startswith("OK")
    refused = _other(folder, "write", "app-session", "from the app\n")
    assert refused.startswith("ERROR") and "from the CLI" in refused
    assert (folder / "notes.md").read_text() == "from the CLI\n"
    assert _other(folder, "write", "app-session", "from the CLI\nfrom the app\n").startswith("OK")


def test_the_gate_judges_the_agent_and_not_a_person(store: MemoryStore) -> None:
    state = "Build fails: error CS1061 in ReviewOrchestrator.cs line 42; 3 tests failing\n"
    text = err(store, {"command": "create", "path": "/memories/build.md", "file_text": state}, session_id="s")
    assert text.startswith("Error: Not saved.") and "CS1061" in text
    assert stored(store, "build.md") is None
    ok(store, {"command": "create", "path": "/memories/build.md", "file_text": state}, by="person")
    durable = "If the build fails with CS0246, run dotnet restore first.\n"
    ok(store, {"command": "create", "path": "/memories/tips.md", "file_text": durable}, session_id="s")
    # A line the store already holds is refused, naming the file that has it.
    again = err(store, {"command": "create", "path": "/memories/more.md", "file_text": durable}, session_id="s")
    assert "/memories/tips.md" in again


def test_an_identical_retry_after_a_conflict_refusal_is_refused_naming_the_lines_it_would_drop(
    store: MemoryStore,
) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "- build with make\n"})
    store.snapshot(session_id="friday")
    store.snapshot(session_id="monday")
    ok(
        store,
        {"command": "insert", "path": NOTES, "insert_line": 1, "insert_text": "- tests need docker"},
        session_id="monday",
    )
    mine = {"command": "create", "path": NOTES, "file_text": "- build with ninja\n"}
    first = err(store, mine, session_id="friday")
    again = err(store, mine, session_id="friday")  # the model retries without merging
    for refusal in (first, again):
        assert 'would drop them: "- tests need docker"' in refusal
    assert stored(store, "notes.md") == "- build with make\n- tests need docker\n"
    # An insert after the refusal loses nothing and goes ahead; so does a create that keeps the other's line.
    ok(
        store,
        {"command": "insert", "path": NOTES, "insert_line": 0, "insert_text": "- cmake 3.28"},
        session_id="friday",
    )
    ok(
        store,
        {"command": "create", "path": NOTES, "file_text": "- build with ninja\n- Tests need Docker.\n"},
        session_id="friday",
    )
    assert stored(store, "notes.md") == "- build with ninja\n- Tests need Docker.\n"


def test_a_hand_edit_is_not_overwritten_by_a_retry_either(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": NOTES, "file_text": "one\n"}, session_id="a")
    by_hand(store, "notes.md", "one\nmine, by hand\n")
    assert "mine, by hand" in err(store, {"command": "create", "path": NOTES, "file_text": "uno\n"}, session_id="a")
    assert '"mine, by hand"' in err(store, {"command": "create", "path": NOTES, "file_text": "uno\n"}, session_id="a")
    assert stored(store, "notes.md") == "one\nmine, by hand\n"


def test_deleting_a_file_another_session_changed_is_refused_until_it_is_seen_again(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/d/notes.md", "file_text": "- old note\n"})
    store.snapshot(session_id="stale")
    store.snapshot(session_id="b")
    path = "/memories/d/notes.md"
    ok(store, {"command": "insert", "path": path, "insert_line": 1, "insert_text": "- fresh note"}, session_id="b")
    refused = err(store, {"command": "delete", "path": path}, session_id="stale")
    assert '"- fresh note"' in refused
    assert '"- fresh note"' in err(store, {"command": "delete", "path": "/memories/d"}, session_id="stale")
    assert stored(store, "d/notes.md") == "- old note\n- fresh note\n"
    ok(store, {"command": "view", "path": path}, session_id="stale")  # seen whole: now it is a choice
    ok(store, {"command": "delete", "path": "/memories/d"}, session_id="stale")
    assert stored(store, "d/notes.md") is None


def test_a_line_repeating_one_of_the_same_file_is_refused_as_a_duplicate(store: MemoryStore) -> None:
    tips = "/memories/tips.md"
    first = "- Run pytest with -x to stop at the first failure.\n"
    ok(store, {"command": "create", "path": tips, "file_text": first}, session_id="s")
    again = "  * run PYTEST with -x   to stop at the first failure\n"
    text = err(store, {"command": "insert", "path": tips, "insert_line": 1, "insert_text": again}, session_id="s")
    assert "already in /memories/tips.md" in text
    text = err(store, {"command": "create", "path": tips, "file_text": first + again}, session_id="s")
    assert "already in /memories/tips.md" in text
    assert stored(store, "tips.md") == first
    # Copies a person made stay, and an agent's unrelated edit of that file still goes ahead.
    ok(store, {"command": "create", "path": tips, "file_text": first + first}, by="person")
    store.snapshot(session_id="s2")
    ok(
        store,
        {"command": "insert", "path": tips, "insert_line": 2, "insert_text": "- Use tmp_path for files."},
        session_id="s2",
    )
