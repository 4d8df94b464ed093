"""The eval judges saved state with its own labelled list; nothing leans on the gate as if it might be missing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.core.agent import prompt
from app.core.memory import gate
from app.eval.state_marks import state_mark

APP = Path(__file__).resolve().parents[2] / "app"


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("- tests: 3 failed, 12 passed", "a test or build count"),
        ("- 2026-11-27: tests: 1 error, 1 passed", "a test or build count"),
        ("- The build is red because ReviewOrchestrator still uses the old name.", "a test or build verdict"),
        ("- The tests pass now.", "a test or build verdict"),
        ("- tests/test_cli.py::test_total fails", "a test id from a run"),
        ("- error CS1061: 'Patch' does not contain a definition for 'Apply'", "an error code or exception"),
        ("- ImportError: cannot import name 'Parser'", "an error code or exception"),
        ("- the bug is in invoice/cli.py line 12", "a file and line number"),
        ("- Branch rename: renaming Patch to Diff (uncommitted, 4 files).", "changed or uncommitted files"),
        ("- feature/reader is not merged yet", "branch or merge state"),
        ("- Right now the rename is half done.", "how things stand right now"),
    ],
)
def test_the_evals_list_marks_state_with_its_label(line: str, label: str) -> None:
    assert state_mark(line) == label


@pytest.mark.parametrize(
    "line",
    [
        "- 2026-11-27: halfway through renaming Parser to Reader; next: cli.py, then a --json option.",
        "- If the tests fail with ModuleNotFoundError, run them from the repository root.",
        "- The developer prefers short spoken answers.",
        "- Run the tests with pytest -q; the slow ones are marked slow.",
    ],
)
def test_the_evals_list_leaves_plans_rules_and_preferences_alone(line: str) -> None:
    assert state_mark(line) is None


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            found.add("importlib.import_module")
    return found


def test_the_eval_never_asks_the_gate_and_nothing_imports_it_as_optional() -> None:
    for path in sorted((APP / "eval").rglob("*.py")):
        assert not {"app.core.memory.gate", "app.core.memory.gate_model"} & _imports(path), path
    for path in sorted(APP.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "app.core.memory.gate" in text or "memory.gate" in text:
            assert "importlib.import_module" not in _imports(path), path
            assert "except ImportError" not in text and "except ModuleNotFoundError" not in text, path


def test_the_gate_owns_its_prose_and_the_prompt_includes_it() -> None:
    assert gate.RULES in prompt.MEMORY_RULES
    assert gate.DATED_EXAMPLE in gate.RULES and gate.LESSON_EXAMPLE in gate.RULES
    # The dated example is written once in the app: the gate's refusals and the prompt both use it from there.
    written = [p for p in APP.rglob("*.py") if "halfway through renaming Parser to Reader" in p.read_text("utf-8")]
    assert written == [APP / "core" / "memory" / "gate.py"]
    wip = gate.check_write("/memories/notes.md", None, "Halfway through renaming Parser to Reader.\n", {})
    assert wip is not None and f'"{gate.DATED_EXAMPLE}"' in wip.message
