"""build and test: the scenario's red build and failing tests, each toolchain for real, limits and cancel."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from app.core.agent.tools import run_build as build_tool
from app.core.agent.tools import run_tests as run_tests_tool
from app.core.agent.tools.digest import LIMIT
from app.core.agent.tools.toolchain import choose
from app.core.tool_result import ToolResult
from tests.conftest import trusted
from tests.core.agent.tools.procs import alive
from tests.scenario import BUILD_ERROR_FILE, BUILD_ERROR_LINE, FAILING_TEST


def run_build(repo: Path, *args: Any, **kwargs: Any) -> ToolResult:
    """The build tool in a repository the developer trusted (every repository these tests build is theirs)."""
    return build_tool(trusted(repo), *args, **kwargs)


def run_tests(repo: Path, *args: Any, **kwargs: Any) -> ToolResult:
    return run_tests_tool(trusted(repo), *args, **kwargs)


# --- the scenario ------------------------------------------------------------------------------


def test_scenario_build_is_red_and_names_the_file_and_line(scenario: Path) -> None:
    result = run_build(scenario)
    assert not result.is_error  # the tool worked; the build is what failed
    assert result.text.startswith("Build FAILED (exit code 1")
    assert "1 error, 0 warnings." in result.text
    errors = result.text.split("Errors (1):\n", 1)[1].splitlines()[0]
    assert errors.strip().startswith(f"{BUILD_ERROR_FILE}:{BUILD_ERROR_LINE}: error: ImportError")
    assert "cannot import name 'ChangedFile' from 'reviewbot.models'" in errors
    assert str(scenario) not in result.text  # paths are given relative to the repository
    assert len(result.text) <= LIMIT


def test_build_turns_green_when_the_rename_is_finished_and_writes_no_bytecode(scenario: Path) -> None:
    target = scenario / BUILD_ERROR_FILE
    target.write_text(target.read_text().replace("ChangedFile", "ChangedPath"))
    result = run_build(scenario)
    assert result.text.startswith("Build succeeded (exit code 0"), result.text
    assert "0 errors" in result.text
    assert not list(scenario.rglob("__pycache__"))


def test_syntax_error_is_reported_like_a_compiler(scenario: Path) -> None:
    (scenario / "reviewbot" / "broken.py").write_text("x = 1\n\ndef broken(:\n    pass\n")
    result = run_build(scenario)
    assert "reviewbot/broken.py:3:12: error: SyntaxError" in result.text
    assert "2 errors" in result.text  # and the import error in orchestrator.py


@pytest.mark.slow
def test_scenario_tests_give_counts_and_failures_first(scenario: Path) -> None:
    result = run_tests(scenario)
    assert not result.is_error
    assert result.text.startswith("Tests FAILED (exit code 1")
    assert "Counts: 1 failed, 1 error, 5 passed." in result.text
    failures = result.text.index("Failures (2):")
    assert result.text.index(f"FAILED {FAILING_TEST}") > failures
    assert "ERROR tests/test_orchestrator.py" in result.text
    assert failures < result.text.index("Details:")
    assert "tests/test_rules.py:18: in test_fixme_is_flagged" in result.text
    assert len(result.text) <= LIMIT


@pytest.mark.slow
def test_filter_selects_tests(scenario: Path) -> None:
    result = run_tests(scenario, None, "fixme")
    assert "1 failed" in result.text and "deselected" in result.text
    assert "5 passed" not in result.text


@pytest.mark.parametrize("bad", ["-x", "--collect-only", 5, ["a"], "a\nb", "x" * 201])
def test_bad_filters_are_refused(scenario: Path, bad: object) -> None:
    result = run_tests(scenario, None, bad)
    assert result.is_error and result.text.startswith("Tests not run:")


@pytest.mark.slow
def test_project_venv_python_is_used(scenario: Path) -> None:
    venv_python = scenario / ".venv" / "bin" / "python"
    venv_python.parent.mkdir(parents=True)
    (scenario / ".venv" / "pyvenv.cfg").write_text(f"home = {Path(sys.executable).parent}\n")  # a real venv's mark
    venv_python.write_text(f'#!/bin/sh\necho used > "{scenario}/venv-used.txt"\nexec "{sys.executable}" "$@"\n')
    venv_python.chmod(0o755)
    result = run_tests(scenario)
    assert (scenario / "venv-used.txt").exists()
    assert "1 failed" in result.text
    assert str(venv_python.relative_to(scenario)) in result.text or "pytest" in result.text


# --- other toolchains, run for real ------------------------------------------------------------

MAKEFILE = """\
build:
\t@echo "compiling main.c"
\t@echo "main.c:3:5: error: 'count' undeclared (first use in this function)" >&2
\t@echo "main.c:9:1: warning: control reaches end of non-void function" >&2
\t@exit 1

test:
\t@echo "all 3 checks ok"

slow:
\tsleep 60 & echo $$! > child.pid; sleep 60
"""


@pytest.fixture
def make_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "cproject"
    repo.mkdir()
    (repo / "Makefile").write_text(MAKEFILE)
    return repo


def test_make_build_failure_has_exit_code_and_digest(make_repo: Path) -> None:
    result = run_build(make_repo)
    assert result.text.startswith("Build FAILED (exit code 2"), result.text
    assert "make" in result.text.splitlines()[0]
    errors = result.text.split("Errors (2):\n", 1)[1]
    assert errors.index("main.c:3:5: error: 'count' undeclared") < result.text.index("Warnings (1):")
    assert "main.c:9:1: warning" in result.text


def test_make_test_target(make_repo: Path) -> None:
    result = run_tests(make_repo)
    assert result.text.startswith("Tests passed (exit code 0")
    assert "make test" in result.text
    (make_repo / "Makefile").write_text("build:\n\ttrue\n")
    missing = run_tests(make_repo)
    assert missing.is_error and "no 'test' or 'check' target" in missing.text


def _node_repo(folder: Path, scripts: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"name": "web", "version": "1.0.0", "scripts": scripts}))
    return folder


NODE_BUILD = "node -e \"console.error('src/index.ts(3,5): error TS2304: Cannot find name foo.'); process.exit(2)\""
NODE_TEST = (
    "node -e \"console.log('ok 1 - parses'); console.log('not ok 2 - adds numbers'); "
    "console.log('# pass 1'); console.log('# fail 1'); "
    "require('fs').writeFileSync('args.json', JSON.stringify(process.argv.slice(1))); process.exit(1)\""
)


@pytest.mark.slow
def test_node_build_and_test_scripts(tmp_path: Path) -> None:
    repo = _node_repo(tmp_path / "web", {"build": NODE_BUILD, "test": NODE_TEST})
    build = run_build(repo)
    assert build.text.startswith("Build FAILED (exit code 2"), build.text
    assert "npm run build" in build.text
    assert "src/index.ts(3,5): error TS2304: Cannot find name foo." in build.text
    tests = run_tests(repo)
    assert tests.text.startswith("Tests FAILED (exit code 1")
    assert "Counts: 1 failed, 1 passed." in tests.text
    assert "not ok 2 - adds numbers" in tests.text


def test_node_filter_reaches_the_script_as_one_argument_without_a_shell(tmp_path: Path) -> None:
    repo = _node_repo(tmp_path / "web", {"test": NODE_TEST})
    run_tests(repo, None, "adds numbers [case 1]")
    assert json.loads((repo / "args.json").read_text()) == ["adds numbers [case 1]"]


@pytest.mark.parametrize(
    "bad", ["adds; touch pwned", "$(touch pwned)", "a & calc", "a | b", "a > out", "a < in", "a^b", "%PATH%",
            'say "hi"', "a`b`", "a!b", "it's", "(a or b)", "a\\b", "adds\u00a0numbers"],
)  # fmt: skip
def test_filters_with_shell_characters_are_refused_before_anything_runs(tmp_path: Path, bad: str) -> None:
    repo = _node_repo(tmp_path / "web", {"test": NODE_TEST})
    result = run_tests(repo, None, bad)
    assert result.is_error and result.text.startswith("Tests not run: filter may only hold letters")
    assert "it has" in result.text  # names the character, so the model can drop it
    assert not (repo / "args.json").exists() and not (repo / "pwned").exists()


def test_node_without_the_script_says_which_scripts_exist(tmp_path: Path) -> None:
    repo = _node_repo(tmp_path / "web", {"lint": "true", "test": 'echo "Error: no test specified" && exit 1'})
    build = run_build(repo)
    assert build.is_error and "no 'build' script" in build.text and "lint" in build.text
    assert run_tests(repo).is_error  # npm's placeholder test script is not a test suite


@pytest.fixture
def crate(tmp_path: Path) -> Path:
    repo = tmp_path / "tiny"
    (repo / "src").mkdir(parents=True)
    (repo / "Cargo.toml").write_text('[package]\nname = "tiny"\nversion = "0.1.0"\nedition = "2021"\n')
    (repo / "src" / "lib.rs").write_text(
        "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\n#[cfg(test)]\nmod tests {\n"
        "    #[test]\n    fn adds() {\n        assert_eq!(super::add(2, 2), 4);\n    }\n\n"
        "    #[test]\n    fn wrong() {\n        assert_eq!(super::add(2, 2), 5);\n    }\n}\n"
    )
    return repo


@pytest.mark.skipif(shutil.which("cargo") is None, reason="cargo is not installed")
def test_cargo_build_error_and_test_failure(crate: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARGO_NET_OFFLINE", "true")
    tests = run_tests(crate)
    assert tests.text.startswith("Tests FAILED (exit code 101"), tests.text
    assert "Counts: 1 failed, 1 passed" in tests.text
    assert "test tests::wrong ... FAILED" in tests.text
    assert "panicked at src/lib.rs:14:9" in tests.text
    (crate / "src" / "lib.rs").write_text("pub fn add(a: i32) -> i32 {\n    a + missing_value\n}\n")
    build = run_build(crate)
    assert build.text.startswith("Build FAILED (exit code 101"), build.text
    assert "src/lib.rs:2:9: error[E0425]: cannot find value `missing_value`" in build.text


@pytest.mark.parametrize(
    ("marker", "program"), [("App.sln", "dotnet"), ("App.csproj", "dotnet"), ("go.mod", "go"), ("Cargo.toml", "cargo")]
)
def test_missing_toolchain_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, marker: str, program: str
) -> None:
    repo = tmp_path / "proj"
    repo.mkdir()
    (repo / marker).write_text("")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # as on a machine without the SDK
    for result in (run_build(repo), run_tests(repo, None, "Name")):
        assert result.is_error
        assert f"{program} is not installed on this machine" in result.text
        assert "Settings" in result.text


# --- choosing the project ------------------------------------------------------------------------


def test_first_toolchain_wins_and_others_are_named(scenario: Path) -> None:
    (scenario / "Makefile").write_text(MAKEFILE)
    result = run_build(scenario)
    assert "python: byte-compile" in result.text
    assert "Also found here: make (Makefile)" in result.text
    by_file = run_build(scenario, "Makefile")
    assert "main.c:3:5" in by_file.text


@pytest.mark.slow
def test_project_subfolder_and_project_file(tmp_path: Path) -> None:
    repo = tmp_path / "mono"
    repo.mkdir()
    _node_repo(repo / "web", {"build": "node -e \"console.log('built ok')\""})
    root = run_build(repo)
    assert root.is_error and "no build system found in the repository root" in root.text
    assert "web (node)" in root.text
    for project in ("web", "web/", "web/package.json", "./web"):
        result = run_build(repo, project)
        assert result.text.startswith("Build succeeded (exit code 0"), (project, result.text)
        assert " in web." in result.text.splitlines()[0]


@pytest.mark.parametrize(
    ("project", "reason"),
    [
        ("../other", "refused"),
        ("/etc", "refused"),
        (".git", "refused"),
        ("missing", "does not exist"),
        ("reviewbot/models.py", "not a project file"),
        (7, "project must be"),
    ],
)
def test_bad_projects_are_refused(scenario: Path, project: object, reason: str) -> None:
    result = run_build(scenario, project)
    assert result.is_error and reason in result.text


def test_dotnet_solution_is_preferred_over_projects(tmp_path: Path) -> None:
    for name in ("src/App/App.csproj", "Zeta.csproj", "App.sln"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    chosen = choose(tmp_path, None).toolchain
    assert chosen is not None and chosen.name == "dotnet" and chosen.label == "dotnet (App.sln)"
    nested = choose(tmp_path, "src/App/App.csproj").toolchain
    assert nested is not None and nested.label == "dotnet (App.csproj)"


# --- the command from Settings -----------------------------------------------------------------


def test_settings_command_runs_through_the_shell(scenario: Path) -> None:
    command = "echo 'lib.c:1:1: error: from the settings command' >&2 && exit 3"
    result = run_build(scenario, "reviewbot", command=command)
    assert result.text.startswith("Build FAILED (exit code 3")
    assert "lib.c:1:1: error: from the settings command" in result.text
    assert "project was ignored" in result.text
    tests = run_tests(scenario, None, "fixme", command="echo '3 passed in 0.01s'")
    assert tests.text.startswith("Tests passed (exit code 0") and "filter was ignored" in tests.text
    assert "Counts: 3 passed." in tests.text


# --- limits and cancel -------------------------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_cancelled_build_returns_promptly_and_leaves_no_process(make_repo: Path) -> None:
    cancel = threading.Event()
    box: list[ToolResult] = []
    worker = threading.Thread(target=lambda: box.append(run_build(make_repo, None, command="make slow", cancel=cancel)))
    worker.start()
    pid_file = make_repo / "child.pid"
    deadline = time.monotonic() + 10
    while not (pid_file.exists() and pid_file.read_text().strip()):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    child = int(pid_file.read_text())
    started = time.monotonic()
    cancel.set()
    worker.join(5)
    assert box and time.monotonic() - started < 3.0  # generous for a loaded machine
    assert box[0].is_error and box[0].text.startswith("Cancelled")
    time.sleep(0.1)
    assert not alive(child)


def test_timeout_stops_a_hanging_build(make_repo: Path) -> None:
    started = time.monotonic()
    result = run_build(make_repo, None, command="echo compiling; sleep 60", timeout=0.5)
    assert time.monotonic() - started < 3
    assert result.is_error and "did not finish within 0.5 s" in result.text
    assert "compiling" in result.text


@pytest.mark.parametrize("timeout", [0, -1, True, float("nan")])
def test_bad_timeouts_are_refused(make_repo: Path, timeout: float) -> None:
    assert run_build(make_repo, timeout=timeout).is_error


def test_missing_repository_is_an_error(tmp_path: Path) -> None:
    result = run_build(tmp_path / "gone")
    assert result.is_error and os.fspath(tmp_path) not in result.text.split(":")[0]


def test_python_project_in_a_subfolder_reports_paths_from_the_repository_root(tmp_path: Path) -> None:
    repo = tmp_path / "mono"
    (repo / "svc" / "pkg").mkdir(parents=True)
    (repo / "svc" / "pyproject.toml").write_text('[project]\nname = "svc"\n')
    (repo / "svc" / "pkg" / "__init__.py").write_text("")
    (repo / "svc" / "pkg" / "core.py").write_text("import os\n\nvalue = undefined_name\n")
    result = run_build(repo, "svc")
    assert "svc/pkg/core.py:3: error: NameError: name 'undefined_name' is not defined" in result.text
