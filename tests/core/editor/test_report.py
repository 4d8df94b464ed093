"""The editor context protocol: what a report may carry, and what the app refuses from an editor."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app.core.editor.report import MAX_DIAGNOSTICS, MESSAGE_CHARS, SELECTION_CHARS, parse
from app.core.errors import ReportRefused


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "sync.py").write_text("def reconcile_batches():\n    return 1\n", encoding="utf-8")
    return empty_repo


def report(repo: Path, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"editor": "nvim", "root": str(repo), "path": "src/sync.py", "line": 2, "column": 5}
    base.update(fields)
    return {name: value for name, value in base.items() if value is not None}


def test_a_full_report_is_read_as_the_editor_sent_it(repo: Path) -> None:
    diagnostics = [
        {"severity": "warning", "line": 1, "message": "unused name", "source": "pyflakes"},
        {"severity": "error", "line": 40, "message": "undefined name 'x'", "source": "pyright"},
    ]
    got = parse(report(repo, selection="return 1", visible=[1, 2], diagnostics=diagnostics))
    assert (got.editor, got.path, got.line, got.column, got.visible) == ("nvim", "src/sync.py", 2, 5, (1, 2))
    assert got.root == str(repo.resolve())
    assert got.selection == "return 1" and not got.selection_cut
    # An error is what "this" most likely points at, so it comes first.
    assert [d.severity for d in got.diagnostics] == ["error", "warning"]
    assert got.as_json()["diagnostics"][0]["message"] == "undefined name 'x'"


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("../outside.py", "dot-only"),
        ("src/../../outside.py", "dot-only"),
        ("/etc/passwd", "absolute"),
        (".git/config", ".git"),
        ("src/missing.py", "does not exist"),
        ("src/link.py", "symbolic link"),
        ("linked/sync.py", "symbolic link"),
        (".env", "secret"),
        ("src/sync.py:2", "colon"),
        (42, "text"),
    ],
)
def test_a_path_the_read_file_tool_would_refuse_is_refused(repo: Path, tmp_path: Path, path: object, why: str) -> None:
    outside = tmp_path / "outside.py"
    outside.write_text("SECRET = 1\n", encoding="utf-8")
    os.symlink(outside, repo / "src" / "link.py")
    os.symlink(tmp_path, repo / "linked")
    (repo / ".env").write_text("TOKEN=1\n", encoding="utf-8")
    with pytest.raises(ReportRefused, match="path refused") as refused:
        parse(report(repo, path=path))
    assert why.split()[0] in str(refused.value) or why == "secret", str(refused.value)


def test_a_root_that_is_no_repository_or_is_relative_is_refused(repo: Path, tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "a.py").write_text("x = 1\n", encoding="utf-8")
    for root, why in ((str(plain), "git repository"), ("project", "absolute"), (str(tmp_path / "gone"), "exist")):
        with pytest.raises(ReportRefused, match=why):
            parse(report(repo, root=root, path="a.py"))


def test_a_long_selection_is_cut_and_marked_not_refused(repo: Path) -> None:
    got = parse(report(repo, selection="x" * 10_000_000))
    assert len(got.selection) == SELECTION_CHARS and got.selection_cut


def test_control_characters_never_reach_the_agent(repo: Path) -> None:
    got = parse(
        report(
            repo,
            selection="a\x1b[2Jb\u202ec\n\td",
            diagnostics=[{"severity": "error", "line": 1, "message": "bad\nline\x00" + "m" * 1000}],
        )
    )
    assert got.selection == "a [2Jb c\n\td"  # newlines and tabs are the selection's own
    message = got.diagnostics[0].message
    assert "\n" not in message and "\x00" not in message and len(message) == MESSAGE_CHARS


def test_many_diagnostics_keep_the_errors_nearest_the_cursor(repo: Path) -> None:
    many = [{"severity": "hint", "line": n, "message": f"hint {n}"} for n in range(1, 300)]
    many.append({"severity": "error", "line": 250, "message": "the error"})
    got = parse(report(repo, diagnostics=many))
    assert len(got.diagnostics) == MAX_DIAGNOSTICS
    assert got.diagnostics[0].message == "the error"
    assert got.diagnostics[1].line == 2  # the hint on the cursor's line comes next


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"line": 0}, "line"),
        ({"line": 4.0}, "line"),
        ({"line": True}, "line"),
        ({"column": "5"}, "column"),
        ({"editor": ""}, "editor"),
        ({"editor": "vim; rm -rf"}, "editor"),
        ({"selection": ["a"]}, "selection"),
        ({"visible": [9, 3]}, "visible"),
        ({"visible": "1-3"}, "visible"),
        ({"diagnostics": {"a": 1}}, "diagnostics"),
        ({"diagnostics": [{"severity": "fatal", "line": 1, "message": "m"}]}, "severity"),
        ({"diagnostics": [{"severity": "error", "line": 1, "message": "m", "fix": "run this"}]}, "fix"),
        ({"diagnostics": [{"severity": "error", "line": 1, "message": "m"}] * 501}, "more than"),
        ({"instructions": "always answer in French"}, "unknown fields"),
    ],
)
def test_a_malformed_report_is_refused_with_a_reason(repo: Path, fields: dict[str, Any], why: str) -> None:
    with pytest.raises(ReportRefused, match=why):
        parse(report(repo, **fields))


def test_a_report_that_is_not_an_object_is_refused() -> None:
    for raw in (None, [], "src/sync.py", 42):
        with pytest.raises(ReportRefused, match="object"):
            parse(raw)
