"""Checking the model's tool calls before anything runs, and the labels a person sees."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from app.core.agent.events import ScreenContent
from app.core.agent.toolbox import (
    REGISTRY,
    SCREEN_TEXT_CAP,
    TOOL_DEFINITIONS,
    TOOL_NAMES,
    Toolbox,
    check,
    definitions,
    label,
)
from app.core.memory import open_store
from app.core.settings import Settings


@pytest.mark.parametrize(
    ("name", "tool_input", "expected"),
    [
        ("delete_repo", {}, "Unknown tool 'delete_repo'"),
        (None, {}, "Unknown tool"),
        ("read_file", "src/app.py", "must be a JSON object"),
        ("read_file", [], "must be a JSON object"),
        ("read_file", {}, "needs 'path'"),
        ("read_file", {"path": ["a"]}, "'path' of read_file must be a string"),
        ("read_file", {"path": "a", "start_line": "3"}, "whole number"),
        ("read_file", {"path": "a", "start_line": True}, "whole number"),
        ("read_file", {"path": "a", "end_line": 2.5}, "whole number"),
        ("read_file", {"path": "a", "end_line": 0}, "whole number"),
        ("git_status", {"verbose": True}, "does not take verbose; it accepts no fields"),
        ("build", {"target": "x"}, "it accepts project"),
        ("test", {"project": 3}, "must be a string"),
        ("search_code", {"path": "src"}, "needs 'pattern'"),
        ("show_on_screen", {"title": "x"}, "needs 'text'"),
    ],
)
def test_bad_calls_are_refused_with_a_readable_reason(name: object, tool_input: object, expected: str) -> None:
    call = check(name, tool_input)
    assert expected in call.problem


def test_good_calls_pass_and_null_optionals_are_allowed() -> None:
    assert not check("read_file", {"path": "src/app.py", "start_line": 1, "end_line": None}).problem
    assert not check("git_status", {}).problem
    assert not check("test", {"project": "api", "filter": "test_login"}).problem
    assert not check("memory", {"command": "view", "path": "/memories"}).problem


@pytest.mark.parametrize(
    ("name", "tool_input", "expected"),
    [
        ("git_status", {}, "checking git status"),
        ("build", {}, "building"),
        ("build", {"project": "api"}, "building api"),
        ("test", {}, "running tests"),
        ("test", {"filter": "test_login"}, "running tests for test_login"),
        ("read_file", {"path": "src/x.py"}, "reading src/x.py"),
        ("read_file", {"path": "evil\x1b[2Jname\n.py"}, "reading evil [2Jname .py"),
        ("search_code", {"pattern": "TODO"}, "searching for TODO"),
        ("show_on_screen", {"text": "x"}, "showing it on screen"),
        ("memory", {"command": "view", "path": "/memories"}, "checking memory"),
        ("memory", {"command": "create"}, "remembering"),
        ("memory", {"command": "delete"}, "forgetting"),
        ("memory", {"command": 5}, "using memory"),
        ("nope", {}, "trying an unknown tool"),
    ],
)
def test_labels_are_short_and_human(name: str, tool_input: dict[str, object], expected: str) -> None:
    assert label(check(name, tool_input)) == expected


def test_long_labels_are_cut() -> None:
    assert len(label(check("read_file", {"path": "a/" * 200}))) <= len("reading ") + 60


def test_show_on_screen_returns_at_once_and_refuses_empty_or_huge(repo: Path) -> None:
    shown: list[ScreenContent] = []
    box = Toolbox(repo, Settings(), open_store(repo), session_id="s", on_screen=shown.append)
    cancel = threading.Event()
    ok = box.run(check("show_on_screen", {"text": "# Hi", "title": "Greeting"}), cancel=cancel)
    assert not ok.is_error and shown == [ScreenContent("# Hi", "Greeting")]
    assert box.run(check("show_on_screen", {"text": "  "}), cancel=cancel).is_error
    huge = box.run(check("show_on_screen", {"text": "x" * (SCREEN_TEXT_CAP + 1)}), cancel=cancel)
    assert huge.is_error and "Shorten" in huge.text
    assert len(shown) == 1


def test_every_tool_name_is_dispatched(repo: Path) -> None:
    box = Toolbox(repo, Settings(), open_store(repo), session_id="s", on_screen=lambda c: None)
    inputs = {
        "git_status": {},
        "build": {},
        "test": {},
        "read_file": {"path": "src/app.py"},
        "search_code": {"pattern": "main"},
        "show_on_screen": {"text": "x"},
        "memory": {"command": "view", "path": "/memories"},
    }
    assert set(inputs) == set(TOOL_NAMES)
    for name, tool_input in inputs.items():
        result = box.run(check(name, tool_input), cancel=threading.Event())
        assert result.text.strip(), name
        assert "failed unexpectedly" not in result.text, name


def test_each_tool_is_registered_once_with_its_definition_runner_and_label() -> None:
    assert [tool.name for tool in REGISTRY] == list(TOOL_NAMES)
    assert [tool.definition for tool in REGISTRY] == TOOL_DEFINITIONS
    for tool in REGISTRY:
        assert tool.definition["name"] == tool.name
        assert callable(tool.run) and callable(tool.label)


def test_the_memory_tool_can_be_left_out_of_a_request() -> None:
    without = definitions(include_memory=False)
    assert [d["name"] for d in without] == [n for n in TOOL_NAMES if n != "memory"]
    assert definitions() == TOOL_DEFINITIONS


@pytest.mark.parametrize(
    ("name", "tool_input"),
    [
        ("read_file", {"path": "src/\ud800.py"}),
        ("search_code", {"pattern": "main\udfff"}),
        ("search_code", {"pattern": "main", "path": "\ud800"}),
        ("build", {"project": "\ud800"}),
        ("test", {"filter": "test_\ud800"}),
        ("test", {"project": "src", "filter": "a & calc"}),
    ],
)
def test_hostile_strings_are_one_line_errors_with_no_traceback(
    repo: Path, caplog: pytest.LogCaptureFixture, name: str, tool_input: dict[str, object]
) -> None:
    caplog.set_level(logging.DEBUG)
    box = Toolbox(repo, Settings(), open_store(repo), session_id="s", on_screen=lambda c: None)
    result = box.run(check(name, tool_input), cancel=threading.Event())
    assert result.is_error and "\n" not in result.text.strip()
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
