"""The commands the app tells a person to type name the command they have: `voice-dev-agent`, never `python -m app`.

An installed app has the console script on its PATH; `python -m app` works only inside the project's
own environment, so a hint that says it fails for everyone else. Docstrings and the benches (run by
developers from a checkout) may keep it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
DEVELOPER_ONLY = {APP / "bench"}  # the benches' own output is for developers running `python -m app bench`
MODULE_RUN = re.compile(r"python -m app(\s|$)")


def _docstrings(tree: ast.Module) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _module_runs(tree: ast.Module) -> list[ast.Constant]:
    """Every string in `tree`, docstrings aside, that tells someone to type `python -m app`."""
    docstrings = _docstrings(tree)
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        and MODULE_RUN.search(node.value)
    ]  # fmt: skip


def test_no_message_or_hint_tells_the_person_to_type_python_dash_m_app() -> None:
    found = [
        f"{path.relative_to(APP.parent)}:{node.lineno}: {str(node.value).strip()[:80]}"
        for path in sorted(APP.rglob("*.py"))
        if not any(folder in path.parents for folder in DEVELOPER_ONLY)
        for node in _module_runs(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_the_check_finds_a_hint_that_names_python_dash_m_app() -> None:
    tree = ast.parse('"""`python -m app ask`: docstrings may."""\nHINT = f"Run: python -m app memory pending {1}"\n')
    assert [node.value for node in _module_runs(tree)] == ["Run: python -m app memory pending "]
