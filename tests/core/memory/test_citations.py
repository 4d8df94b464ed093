"""Per-line citations: recorded at write, checked against the working tree when a session starts, marked per line.

Real git in temporary folders; the block is read as a session gets it (`snapshot`), and the
per-line data as `memory show --json` reports it (`file_reports`).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from app.core.memory import MemoryStore, citations, open_store
from app.core.memory.report import file_reports
from app.core.memory.snapshot import GONE_HEADING
from tests.conftest import git
from tests.core.memory.conftest import ok

CONFIG = '''\
import os


def load_config(path):
    """Read the settings file."""
    return open(path).read()


class ReviewOrchestrator:
    def start(self):
        return load_config("review.toml")
'''


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "config.py").write_text(CONFIG)
    (empty_repo / "src" / "legacy.py").write_text("def old_entry_point():\n    return 1\n")
    (empty_repo / "docs").mkdir()
    (empty_repo / "docs" / "guide.md").write_text("# Guide\n")
    (empty_repo / "NOTES.txt").write_text("unrelated\n")
    _commit(empty_repo, "start")
    return empty_repo


NOTE = (
    "- `load_config` reads only the file it is given; the environment is never looked at.\n"
    "- ReviewOrchestrator starts every review.\n"
    "- src/legacy.py is kept for old callers only.\n"
    "- Prefers pytest -x when running tests.\n"
)


def _write(store: MemoryStore, text: str = NOTE) -> None:
    ok(store, {"command": "create", "path": "/memories/notes.md", "file_text": text}, session_id="s1")


def _lines(store: MemoryStore) -> dict[str, dict[str, object]]:
    (report,) = file_reports(store)
    return {str(line["text"]): line for line in report.lines}


def _block_line(block: str, start: str) -> str:
    return next(line for line in block.splitlines() if line.startswith(start))


def test_a_write_records_each_lines_paths_and_definitions(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    lines = _lines(store)
    assert lines[NOTE.splitlines()[0]]["cites"] == [{"path": "src/config.py", "symbol": "load_config"}]
    assert lines[NOTE.splitlines()[1]]["cites"] == [{"path": "src/config.py", "symbol": "ReviewOrchestrator"}]
    assert lines[NOTE.splitlines()[2]]["cites"] == [{"path": "src/legacy.py", "symbol": None}]
    assert (lines[NOTE.splitlines()[3]]["cites"], lines[NOTE.splitlines()[3]]["status"]) == ([], "unanchored")
    assert {line["status"] for line in list(lines.values())[:3]} == {"holds"}


def test_an_edited_function_marks_only_the_line_that_cites_it(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    edited = CONFIG.replace("return open(path).read()", "return open(path).read() or os.environ['CFG']")
    (repo / "src" / "config.py").write_text(edited)
    _commit(repo, "config falls back to the environment")
    block = store.snapshot(session_id="s2")
    first = _block_line(block, "- `load_config`")
    assert first.endswith("[changed since: src/config.py (load_config)]")
    # The same file changed, but the class the second line cites did not: no mark on it.
    assert _block_line(block, "- ReviewOrchestrator") == "- ReviewOrchestrator starts every review."
    assert _lines(store)[NOTE.splitlines()[0]]["status"] == "changed"
    assert _lines(store)[NOTE.splitlines()[1]]["status"] == "holds"


def test_uncommitted_edits_count_too(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    (repo / "src" / "config.py").write_text(CONFIG.replace("read()", "read().strip()"))
    assert "[changed since: src/config.py (load_config)]" in store.snapshot(session_id="s2")


def test_a_deleted_file_moves_its_line_to_the_end_under_a_heading(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    git(repo, "rm", "-q", "src/legacy.py")
    _commit(repo, "drop legacy")
    block = store.snapshot(session_id="s2")
    notes, _, tail = block.partition(GONE_HEADING)
    assert "src/legacy.py" not in notes.split('">', 1)[1]  # not among the notes (the file's status may name it)
    assert "- src/legacy.py is kept for old callers only.  [no longer exists: src/legacy.py]" in tail
    assert "- ReviewOrchestrator starts every review." in notes
    assert _lines(store)[NOTE.splitlines()[2]]["status"] == "gone"


def test_a_definition_moved_unchanged_still_holds_and_moved_and_edited_is_changed(repo: Path) -> None:
    store = open_store(repo)
    _write(store, "- `load_config` reads only the file it is given.\n- `old_entry_point` returns 1.\n")
    # load_config moves to its own module, its text unchanged: the line about what it does still holds.
    body = CONFIG.split("class ReviewOrchestrator")[0]
    (repo / "src" / "loading.py").write_text(body)
    (repo / "src" / "config.py").write_text("from src.loading import load_config\n\n\nclass ReviewOrchestrator:\n")
    # old_entry_point moves and changes: the line is marked where the definition is now.
    (repo / "src" / "entry.py").write_text("def old_entry_point():\n    return 2\n")
    git(repo, "rm", "-q", "src/legacy.py")
    _commit(repo, "split modules")
    block = store.snapshot(session_id="s2")
    assert _block_line(block, "- `load_config`") == "- `load_config` reads only the file it is given."
    moved = _block_line(block, "- `old_entry_point`")
    assert moved.endswith("[changed since: src/entry.py (old_entry_point, moved from src/legacy.py)]")
    statuses = [line["status"] for line in _lines(store).values()]
    assert statuses == ["holds", "changed"]


def test_a_definition_deleted_everywhere_is_gone(repo: Path) -> None:
    store = open_store(repo)
    _write(store, "- `old_entry_point` returns 1.\n")
    (repo / "src" / "legacy.py").write_text("def new_entry_point():\n    return 1\n")
    _commit(repo, "renamed")
    block = store.snapshot(session_id="s2")
    assert "[no longer exists: src/legacy.py (old_entry_point)]" in block.partition(GONE_HEADING)[2]
    assert _lines(store)["- `old_entry_point` returns 1."]["status"] == "gone"


def test_an_unrelated_change_marks_nothing(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    (repo / "NOTES.txt").write_text("something else entirely\n")
    (repo / "docs" / "guide.md").write_text("# Guide\n\nMore.\n")
    _commit(repo, "unrelated")
    block = store.snapshot(session_id="s2")
    assert "changed since" not in block and "no longer exists" not in block and GONE_HEADING not in block
    assert [line["status"] for line in _lines(store).values()] == ["holds", "holds", "holds", "unanchored"]


def test_a_line_keeps_the_citations_of_when_it_was_written(repo: Path) -> None:
    """Adding a line to a file does not make its older lines look freshly checked."""
    store = open_store(repo)
    _write(store)
    (repo / "src" / "config.py").write_text(CONFIG.replace("read()", "read().strip()"))
    _commit(repo, "strip")
    ok(store, {"command": "insert", "path": "/memories/notes.md", "insert_line": 4, "insert_text": "- Use make.\n"})
    assert "[changed since: src/config.py (load_config)]" in store.snapshot(session_id="s2")


def test_a_persons_line_gets_citations_too(repo: Path) -> None:
    store = open_store(repo)
    assert store.save_as_person("/memories/mine.md", "- ReviewOrchestrator is mine.\n", None).saved
    subclassed = CONFIG.replace("class ReviewOrchestrator:", "class ReviewOrchestrator(Base):")
    (repo / "src" / "config.py").write_text(subclassed)
    assert "- ReviewOrchestrator is mine.  [changed since: src/config.py (ReviewOrchestrator)]" in store.snapshot()


def test_folders_bare_file_names_and_paths_that_never_existed(repo: Path) -> None:
    store = open_store(repo)
    _write(store, "- docs/ holds the guide.\n- legacy.py is old.\n- We will add src/planned.py next week.\n")
    lines = _lines(store)
    assert lines["- docs/ holds the guide."]["cites"] == [{"path": "docs", "symbol": None}]
    assert lines["- legacy.py is old."]["cites"] == [{"path": "src/legacy.py", "symbol": None}]
    assert lines["- We will add src/planned.py next week."]["status"] == "unanchored"  # a plan is not stale
    git(repo, "rm", "-q", "-r", "docs")
    _commit(repo, "no docs")
    assert "- docs/ holds the guide.  [no longer exists: docs]" in store.snapshot()


def test_common_and_ambiguous_words_are_not_identifiers(repo: Path) -> None:
    (repo / "src" / "tool.py").write_text("def main():\n    pass\n\n\ndef start():\n    pass\n")
    (repo / "src" / "other.py").write_text("def shared_helper():\n    pass\n")
    (repo / "src" / "third.py").write_text("def shared_helper():\n    pass\n")
    _commit(repo, "more")
    assert citations.identifiers("run `main` and `start`, then Parser") == []
    store = open_store(repo)
    _write(store, "- `main` and `start` are the entry points.\n- shared_helper is duplicated on purpose.\n")
    assert [line["cites"] for line in _lines(store).values()] == [[], []]  # common words; defined in two files


def test_definitions_in_other_languages_resolve(repo: Path) -> None:
    (repo / "src" / "Orchestrator.cs").write_text(
        "namespace Bot {\n    public sealed class ChangedFile\n    {\n        public string Patch { get; }\n"
        "        public async Task<int> RunReviewAsync(int n)\n        {\n            return n;\n        }\n    }\n}\n"
    )
    (repo / "src" / "server.go").write_text("package main\n\nfunc (s *Server) HandleHook(w int) {\n}\n")
    (repo / "src" / "ui.ts").write_text("export function renderPanel(x: number) {\n  return x;\n}\n")
    _commit(repo, "polyglot")
    store = open_store(repo)
    _write(store, "- ChangedFile, RunReviewAsync, HandleHook and renderPanel are the seams.\n")
    (cites,) = [line["cites"] for line in _lines(store).values()]
    assert {(c["path"], c["symbol"]) for c in cites} == {  # type: ignore[index]
        ("src/Orchestrator.cs", "ChangedFile"),
        ("src/Orchestrator.cs", "RunReviewAsync"),
        ("src/server.go", "HandleHook"),
        ("src/ui.ts", "renderPanel"),
    }
    (repo / "src" / "Orchestrator.cs").write_text(
        (repo / "src" / "Orchestrator.cs").read_text().replace("return n;", "return n + 1;")
    )
    block = store.snapshot()
    # The class holds the method, so both changed; the file is named once.
    assert "[changed since: src/Orchestrator.cs (ChangedFile, RunReviewAsync)]" in block


def test_lines_written_before_citations_are_resolved_at_their_commit(repo: Path) -> None:
    """A memory journaled before citations existed: its lines are checked against the code as it was then."""
    store = open_store(repo)
    _write(store)
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        conn.execute("DELETE FROM citations")  # as an older version left it
    (repo / "src" / "config.py").write_text(CONFIG.replace("read()", "read().strip()"))
    _commit(repo, "strip")
    block = store.snapshot(session_id="s2")
    assert "[changed since: src/config.py (load_config)]" in block
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        assert conn.execute("SELECT count(*) FROM citations").fetchone()[0] == 4  # kept: found once


def test_a_repository_grep_config_cannot_change_what_is_found(repo: Path) -> None:
    git(repo, "config", "grep.lineNumber", "true")
    git(repo, "config", "grep.column", "true")
    git(repo, "config", "grep.patternType", "perl")
    store = open_store(repo)
    _write(store)
    assert _lines(store)[NOTE.splitlines()[0]]["cites"] == [{"path": "src/config.py", "symbol": "load_config"}]


def test_a_rename_and_a_delete_carry_or_drop_the_lines_citations(repo: Path) -> None:
    store = open_store(repo)
    _write(store)
    ok(store, {"command": "rename", "old_path": "/memories/notes.md", "new_path": "/memories/moved.md"})
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        assert {r[0] for r in conn.execute("SELECT path FROM citations")} == {"/memories/moved.md"}
    ok(store, {"command": "delete", "path": "/memories/moved.md"})
    with sqlite3.connect(store.folder / ".journal.sqlite") as conn:
        assert conn.execute("SELECT count(*) FROM citations").fetchone()[0] == 0


def test_a_memory_outside_git_has_unanchored_lines(tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "a.py").write_text("def load_config():\n    pass\n")
    store = open_store(folder)
    _write(store, "- a.py has load_config.\n")
    assert [line["status"] for line in _lines(store).values()] == ["unanchored"]
    assert "[" not in store.snapshot()


def test_memory_show_json_gives_each_lines_cites_and_status(repo: Path) -> None:
    from tests.core.memory.test_memory_command import _app

    store = open_store(repo)
    _write(store)
    git(repo, "rm", "-q", "src/legacy.py")
    (repo / "src" / "config.py").write_text(CONFIG.replace("read()", "read().strip()"))
    _commit(repo, "changes")
    out = _app("show", "--repo", str(repo), "--json")
    assert out.returncode == 0, out.stderr
    (notes,) = json.loads(out.stdout)["files"]
    assert notes["paths_missing"] == ["src/legacy.py"]  # the file's own fields stay
    assert [(line["text"], line["cites"], line["status"]) for line in notes["lines"]] == [
        (NOTE.splitlines()[0], [{"path": "src/config.py", "symbol": "load_config"}], "changed"),
        (NOTE.splitlines()[1], [{"path": "src/config.py", "symbol": "ReviewOrchestrator"}], "holds"),
        (NOTE.splitlines()[2], [{"path": "src/legacy.py", "symbol": None}], "gone"),
        (NOTE.splitlines()[3], [], "unanchored"),
    ]
