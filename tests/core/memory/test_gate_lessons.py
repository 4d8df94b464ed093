"""The gate on the lines issue 21 quotes: real notes that passed it, a rule made of one incident, mixed lines.

And the other way round: the kinds of text the Anthropic SDK's own memory-tool tests write
(tests/lib/tools/memory_tools/ in anthropic-sdk-python) go through the real store untouched.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from app.core.memory.gate import check_write
from app.core.memory.judgement import state_reason
from tests.core.memory.conftest import ok, stored

# A developer's real Friday memory and the correction written the following Monday.
FRIDAY_STATE = [
    "- Branch rename-patch-to-diff: renaming ChangedFile.Patch to Diff (uncommitted, 4 files).",
    "- The build is red because ReviewOrchestrator still uses the old name.",
    "- The tests pass now.",
]
ONE_INCIDENT_RULES = [
    "- Build the whole solution with no project argument; the per-csproj path I guessed did not exist.",
    "- test_checkout always fails on CI; it is flaky, ignore it.",
]
BUG_NOTE = (
    "- Repo root is R:\\ ; Core lives at src/ClaudeReviewBot.Core. Tools reject per-project paths and the R:\\src "
    'paths as "outside the repository", so only whole-solution builds work.'
)
MIXED = "CS1591 is noise and nullable warnings are real; last Core build showed 0 warnings"


@pytest.mark.parametrize("line", [*FRIDAY_STATE, BUG_NOTE])
def test_the_friday_notes_are_refused_as_state(line: str) -> None:
    refusal = check_write("/memories/notes.md", None, line + "\n", {})
    assert refusal is not None and refusal.kind == "state" and refusal.line == line
    assert refusal.message.startswith(f'Error: Not saved. The line "{line}" was refused: it ')
    assert "lesson, the decision or the plan, not the result" in refusal.message


@pytest.mark.parametrize("line", ONE_INCIDENT_RULES)
def test_a_rule_made_of_one_incident_is_sent_back_for_its_evidence(line: str) -> None:
    refusal = check_write("/memories/notes.md", None, line + "\n", {})
    assert refusal is not None and refusal.line == line
    assert "makes a standing rule out of one incident" in refusal.message
    assert "save it with its evidence: when it happens, how often and why" in refusal.message
    assert "Otherwise save nothing" in refusal.message
    assert "worth keeping" not in refusal.message  # the other half of such a line is the rule itself


@pytest.mark.parametrize(
    "line",
    [
        # The same subjects with what makes them knowledge: a condition, a mechanism, a dated plan.
        "Build the whole solution with no project argument when the per-project path is refused.",
        "test_checkout fails on CI when the clock crosses midnight because it compares local dates; rerun it.",
        "CheckoutTests.TimeoutIsHonoured is flaky because it depends on wall-clock time; rerun before investigating.",
        "2026-11-27: halfway through renaming ChangedFile.Patch to Diff; ReviewOrchestrator is next.",
        "The e2e suite fails when PulseAudio is not running, so start it with installer/desktop-env.sh.",
        "CS1591 is noise and nullable warnings are real.",
    ],
)
def test_the_same_subjects_pass_as_knowledge(line: str) -> None:
    assert state_reason(line) is None
    assert check_write("/memories/notes.md", None, line + "\n", {}) is None


def test_a_line_mixing_knowledge_and_state_is_refused_with_the_knowledge_offered_back() -> None:
    refusal = check_write("/memories/notes.md", None, f"- {MIXED}\n", {})
    assert refusal is not None and refusal.kind == "state"
    assert "it is a build or test count" in refusal.message
    assert 'save "CS1591 is noise and nullable warnings are real" on its own' in refusal.message
    # The other way round too: the knowledge first cannot carry a verdict through.
    refusal = check_write("/memories/notes.md", None, "Run dotnet restore after a pull; the build is red.\n", {})
    assert refusal is not None and 'save "Run dotnet restore after a pull" on its own' in refusal.message
    # The offered half, written on its own, goes through.
    assert check_write("/memories/notes.md", None, "CS1591 is noise and nullable warnings are real.\n", {}) is None


@pytest.mark.parametrize(
    "line",
    [
        "ReviewOrchestrator still calls Patch.Apply in two places.",
        "Hunk.Apply returns null when the hunk is empty, which breaks DiffView.",
        "The Core project references Newtonsoft.Json 12.0.3.",
        "pnpm install warns about a peer dependency mismatch for react 19.",
        "Four call sites of LegacyPatch remain in the web project.",
    ],
)
def test_what_the_code_does_now_is_state_whatever_the_words(line: str) -> None:
    refusal = check_write("/memories/notes.md", None, line + "\n", {})
    assert refusal is not None and refusal.kind == "state"


# The file texts the SDK's memory-tool suite writes, case by case (each of its tests has a folder of its own).
SDK_CASES: dict[str, list[dict[str, object]]] = {
    "create": [{"command": "create", "path": "/memories/test_file.txt", "file_text": "Hello, World!"}],
    "nested": [{"command": "create", "path": "/memories/deep/nested/file.txt", "file_text": "Nested file"}],
    "view": [{"command": "create", "path": "/memories/view_test.txt", "file_text": "Line 1\nLine 2\nLine 3"}],
    "range": [
        {"command": "create", "path": "/memories/range_test.txt", "file_text": "Line 1\nLine 2\nLine 3\nLine 4\nLine 5"}
    ],
    "replace": [
        {"command": "create", "path": "/memories/replace_test.txt", "file_text": "Line 1\nOld Text\nLine 3"},
        {"command": "str_replace", "path": "/memories/replace_test.txt", "old_str": "Old Text", "new_str": "New Text"},
    ],
    "insert": [
        {"command": "create", "path": "/memories/insert_test.txt", "file_text": "Line 1\nLine 2"},
        {"command": "insert", "path": "/memories/insert_test.txt", "insert_line": 1, "insert_text": "Inserted Line"},
        {"command": "insert", "path": "/memories/insert_test.txt", "insert_line": 0, "insert_text": "First Line"},
        {"command": "insert", "path": "/memories/insert_test.txt", "insert_line": 4, "insert_text": "Last Line"},
    ],
    "directory": [
        {"command": "create", "path": "/memories/dir/file1.txt", "file_text": "File 1"},
        {"command": "create", "path": "/memories/dir/file2.txt", "file_text": "File 2"},
    ],
    "delete": [{"command": "create", "path": "/memories/delete_me.txt", "file_text": "To be deleted"}],
    "rename": [{"command": "create", "path": "/memories/old_name.txt", "file_text": "Original content"}],
    "short-writes": [{"command": "create", "path": "/memories/short-write.txt", "file_text": "prefix-\u2603-suffix"}],
    "crlf": [
        {"command": "create", "path": "/memories/crlf.txt", "file_text": "line1\r\nline2\r\nline3\r\n"},
        {"command": "str_replace", "path": "/memories/crlf.txt", "old_str": "line2", "new_str": "LINE2"},
    ],
}


@pytest.mark.parametrize("case", sorted(SDK_CASES))
def test_the_sdk_memory_suites_writes_pass_the_gate(case: str, tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "store")
    for command in SDK_CASES[case]:
        ok(store, command, session_id="sdk-suite")
    if case == "view":
        shown = store.execute({"command": "view", "path": "/memories/view_test.txt"}).text
        assert shown.endswith("     1\tLine 1\n     2\tLine 2\n     3\tLine 3")
    if case == "insert":
        inserted = stored(store, "insert_test.txt")
        assert inserted == "First Line\nLine 1\nInserted Line\nLine 2\nLast Line\n"
