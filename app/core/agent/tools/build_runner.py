"""The `build` and `test` tools: detect the toolchain, run it with limits, return the exit code and a digest.

A finished run is a normal result even when the build is red (the tool worked; the
model reads the errors); a run that could not start, was refused, timed out or was
cancelled is an error result.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shlex
import shutil
import tempfile
import threading
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core import trust
from app.core.agent.tools import digest, masking, process, python_check
from app.core.agent.tools.record import STRING, Tool, ToolContext, definition, one_line
from app.core.agent.tools.toolchain import Toolchain, choose, make_test_target, package_scripts
from app.core.tool_result import ToolResult
from app.core.ui_text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 300.0
MAX_TIMEOUT = 3600.0
_MAX_FILTER_CHARS = 200
# What a test filter may hold besides letters and digits: enough for test names, pytest's -k words,
# parametrised ids (test_x[a-1]), dotnet's Name~Part and Go's Test/sub, and nothing a shell acts on.
_FILTER_PUNCTUATION = " _-.:/=~,[]*+@#"
_NPM_PLACEHOLDER_TEST = "no test specified"
_INSTALL_HINTS = {
    "dotnet": "install the .NET SDK",
    "cargo": "install Rust with rustup",
    "go": "install Go",
    "npm": "install Node.js",
    "make": "install make",
}


@dataclass
class _Plan:
    argv: list[str]
    cwd: Path
    label: str  # what ran, for the model: "npm run build", "pytest"
    kind: str  # toolchain name
    notes: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cleanup: list[Path] = field(default_factory=list)


class _Refused(Exception):
    """The request cannot run; the message is for the model."""


def run_build(
    repo: Path,
    project: object = None,
    *,
    command: str = "",
    timeout: float = DEFAULT_TIMEOUT,
    cancel: threading.Event | None = None,
    gate: trust.Gate | None = None,
) -> ToolResult:
    """Build `project` (or the repository) and report the exit code and the trimmed diagnostics.

    Nothing runs unless the repository is trusted; `gate` is how this session asks the person.
    """
    return _run("build", repo, project, None, command, timeout, cancel, gate or trust.Gate())


def run_tests(
    repo: Path,
    project: object = None,
    filter: object = None,  # the tool's input is named "filter"
    *,
    command: str = "",
    timeout: float = DEFAULT_TIMEOUT,
    cancel: threading.Event | None = None,
    gate: trust.Gate | None = None,
) -> ToolResult:
    """Run the tests of `project` (or the repository), optionally only those matching `filter`; only when trusted."""
    return _run("test", repo, project, filter, command, timeout, cancel, gate or trust.Gate())


def _run(
    action: str,
    repo: Path,
    project: object,
    test_filter: object,
    command: str,
    timeout: float,
    cancel: threading.Event | None,
    gate: trust.Gate,
) -> ToolResult:
    plan: _Plan | None = None
    try:
        root = repo.resolve(strict=True)
        limit = _timeout(timeout)
        wanted = _filter(test_filter)
        plan = _command_plan(action, root, command, project, wanted) if command.strip() else None
        plan = plan or _detected_plan(action, root, project, wanted)
        refused = gate.refusal(trust.TrustRequest(root, action, shown_command(plan), plan.cwd))
        if refused:
            return ToolResult.error(refused)
        outcome = process.run(
            plan.argv if plan.kind != "settings" else plan.argv[0],
            plan.cwd,
            timeout=limit,
            cancel=cancel,
            shell=plan.kind == "settings",
            env=process.command_env(plan.env),
        )
        return _report(action, plan, outcome, root, limit)
    except _Refused as exc:
        return ToolResult.error(f"{'Build' if action == 'build' else 'Tests'} not run: {exc}.")
    except Exception:
        log.exception("%s tool failed", action)
        return ToolResult.error(f"The {action} could not be run because of an unexpected problem.")
    finally:
        for path in plan.cleanup if plan else []:
            with contextlib.suppress(OSError):
                path.unlink()


def shown_command(plan: _Plan) -> str:
    """The command line as a person reads it before trusting (the import check's script is named, not shown)."""
    if plan.kind == "settings":
        return plan.argv[0]
    argv = list(plan.argv)
    if plan.kind == "python" and len(argv) >= 3:
        argv[1:3] = ["-c", "<the app's import check>"]
        argv = argv[:3]
    return shlex.join(argv)


def _timeout(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise _Refused("the time limit must be a positive number of seconds")
    return min(float(value), MAX_TIMEOUT)


def _filter(value: object) -> str:
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        raise _Refused("filter must be text: a test name or part of one")
    text = value.strip()
    if len(text) > _MAX_FILTER_CHARS:
        raise _Refused(f"filter is longer than {_MAX_FILTER_CHARS} characters")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise _Refused("filter contains control characters")
    if text.startswith("-"):
        # It is passed as an argument: it must never be read as an option.
        raise _Refused("filter must not start with '-'; give a test name or part of one")
    unsafe = sorted({ch for ch in text if not (ch in _FILTER_PUNCTUATION or (ch.isalnum() and ch.isprintable()))})
    if unsafe:
        # On Windows npm and other tools are batch files run by cmd.exe, which Python cannot quote safely for
        # (& | < > ^ % " and more); the same rule everywhere keeps a filter that works here working there.
        shown = " ".join(repr(ch) for ch in unsafe[:8])
        raise _Refused(
            f"filter may only hold letters, digits, spaces and {_FILTER_PUNCTUATION.strip()}; it has {shown}. "
            "Give one test name or part of one (for pytest, words joined with 'and', 'or', 'not')"
        )
    return text


def _command_plan(action: str, root: Path, command: str, project: object, wanted: str) -> _Plan:
    """The command the user typed in Settings; it runs through the shell because the user wrote it so."""
    plan = _Plan([command.strip()], root, f"the {action} command from Settings: {command.strip()}", "settings")
    if project not in (None, ""):
        plan.notes.append("project was ignored: this repository's command is set in Settings.")
    if wanted:
        plan.notes.append("filter was ignored: this repository's test command is set in Settings.")
    return plan


def _detected_plan(action: str, root: Path, project: object, wanted: str) -> _Plan:
    choice = choose(root, project)
    if choice.toolchain is None:
        raise _Refused(choice.problem)
    chain = choice.toolchain
    plan = _plan_for(action, chain, root, wanted)
    if choice.others:
        plan.notes.append(
            f"Also found here: {', '.join(choice.others)}; name its project file as project to use it instead."
        )
    return plan


def _plan_for(action: str, chain: Toolchain, root: Path, wanted: str) -> _Plan:
    folder = chain.folder
    if chain.name == "python":
        return _python_plan(action, folder, root, wanted)
    if chain.name == "node":
        return _node_plan(action, folder, wanted)
    if chain.name == "make":
        assert chain.project_file is not None
        make = _program("make", chain.label)
        makefile = ["-f", chain.project_file.name]
        if action == "build":
            return _Plan([make, *makefile], folder, "make", "make")
        target = make_test_target(chain.project_file)
        if not target:
            raise _Refused(f"{chain.project_file.name} has no 'test' or 'check' target")
        plan = _Plan([make, *makefile, target], folder, f"make {target}", "make")
        if wanted:
            plan.notes.append("filter was ignored: make targets take no test filter.")
        return plan
    if chain.name == "cargo":
        cargo = _program("cargo", chain.label)
        argv = [cargo, action, "--message-format=short"]
        if wanted:
            argv += ["--", wanted]
        return _Plan(argv, folder, f"cargo {action}", "cargo")
    if chain.name == "go":
        go = _program("go", chain.label)
        argv = [go, action, "./..."]
        if wanted:
            argv[2:2] = ["-run", wanted]
        return _Plan(argv, folder, f"go {action} ./...", "go")
    if chain.name == "dotnet":
        assert chain.project_file is not None
        dotnet = _program("dotnet", chain.label)
        argv = [dotnet, action, chain.project_file.name, "-nologo"]
        if wanted:
            argv += ["--filter", wanted]
        return _Plan(argv, folder, f"dotnet {action} {chain.project_file.name}", "dotnet")
    raise _Refused(f"the {chain.name} toolchain is not supported")


def _python_plan(action: str, folder: Path, root: Path, wanted: str) -> _Plan:
    chosen = python_check.choose(folder, root)
    python = chosen.path
    if python is None:
        raise _Refused("Python is not installed on this machine (no python3 on PATH)")
    notes = [chosen.note] if chosen.note else []
    if action == "test":
        argv = [python, "-m", "pytest", "-q", "-rfE", "--tb=short", "--color=no", "--continue-on-collection-errors"]
        if wanted:
            argv += ["-k", wanted]
        return _Plan(argv, folder, "pytest", "pytest", notes=notes)
    paths, modules = python_check.import_plan(folder)
    files = python_check.python_files(folder)
    handle, name = tempfile.mkstemp(prefix="vda-pycheck-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as job:
        json.dump({"files": files, "paths": paths, "modules": modules, "root": str(root)}, job)
    label = f"python: byte-compile {len(files)} files and import {len(modules)} modules"
    return _Plan(
        [python, "-c", python_check.CHECKER, name],
        folder,
        label,
        "python",
        notes=notes,
        env={"PYTHONDONTWRITEBYTECODE": "1"},
        cleanup=[Path(name)],
    )


def _node_plan(action: str, folder: Path, wanted: str) -> _Plan:
    scripts = package_scripts(folder)
    script = "build" if action == "build" else "test"
    if script not in scripts or (script == "test" and _NPM_PLACEHOLDER_TEST in scripts[script]):
        have = ", ".join(sorted(scripts)) or "none"
        raise _Refused(f"package.json has no '{script}' script (scripts: {have})")
    npm = _program("npm", "node (package.json)")
    argv = [npm, "run", script]
    if wanted:
        argv += ["--", wanted]
    return _Plan(argv, folder, f"npm run {script}" + (f" -- {wanted}" if wanted else ""), "node")


def _program(name: str, needed_for: str) -> str:
    found = shutil.which(name)
    if not found:
        tool = "Node.js (npm)" if name == "npm" else name
        raise _Refused(
            f"{tool} is not installed on this machine (needed for {needed_for}); {_INSTALL_HINTS[name]}"
            " or set a build/test command for this repository in Settings"
        )
    return found


def _report(action: str, plan: _Plan, outcome: process.Outcome, root: Path, limit: float) -> ToolResult:
    noun = "build" if action == "build" else "test run"
    if outcome.start_error:
        return ToolResult.error(f"Could not start the {noun} ({plan.label}): {outcome.start_error}.")
    if outcome.cancelled:
        return ToolResult.error(f"Cancelled: the {noun} was stopped before it finished.")
    # Masked whole, before the digest picks lines: a key cut in half by the digest would no longer be known.
    output = masking.mask(_shorten_paths(digest.strip_ansi(outcome.output), root))
    notes = " ".join(plan.notes)
    if outcome.timed_out:
        header = f"The {noun} did not finish within {limit:g} s and was stopped ({plan.label})."
        return ToolResult.error(digest.render(f"{header} {notes}".strip(), output))
    code = outcome.exit_code
    if plan.kind == "pytest" and "No module named pytest" in output:
        return ToolResult.error(
            f"pytest is not installed for {plan.argv[0]}; install it in the project's environment "
            "or set a test command for this repository in Settings."
        )
    where = os.path.relpath(plan.cwd, root)
    where_text = "" if where == "." else f" in {where}"
    if action == "build":
        verdict = "Build succeeded" if code == 0 else "Build FAILED"
        header = f"{verdict} (exit code {code}, {outcome.seconds:.1f} s): {plan.label}{where_text}."
        return ToolResult(digest.render(f"{header} {notes}".strip(), output))
    counts = digest.test_counts(output)
    if plan.kind == "pytest" and code == 5:
        verdict = "No tests were collected"
    else:
        verdict = "Tests passed" if code == 0 else "Tests FAILED"
    header = f"{verdict} (exit code {code}, {outcome.seconds:.1f} s): {plan.label}{where_text}."
    if counts:
        header += f"\nCounts: {counts}."
    details = _pytest_details(output) if plan.kind == "pytest" else ""
    return ToolResult(digest.render(f"{header} {notes}".strip(), output, failures_title="Failures", details=details))


def _shorten_paths(output: str, root: Path) -> str:
    """Paths relative to the repository: shorter, and what the model passes to read_file."""
    prefix = str(root) + os.sep
    return output.replace(prefix, "").replace(prefix.replace(os.sep, "/"), "")


def _pytest_details(output: str) -> str:
    """pytest's FAILURES and ERRORS sections (tracebacks), without the summary that repeats them."""
    lines = output.split("\n")
    start = next((i for i, line in enumerate(lines) if re.match(r"^=+ (FAILURES|ERRORS) =+$", line)), None)
    if start is None:
        return ""
    end = next(
        (i for i in range(start, len(lines)) if re.match(r"^=+ short test summary info =+$", lines[i])), len(lines)
    )
    return "\n".join(lines[start:end])


def _build(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return run_build(
        context.repo,
        args.get("project"),
        command=context.settings.commands_for(context.repo).build,
        timeout=float(context.settings.tool_timeout_seconds),
        cancel=context.cancel,
        gate=context.trust,
    )


def _test(context: ToolContext, args: dict[str, Any]) -> ToolResult:
    return run_tests(
        context.repo,
        args.get("project"),
        args.get("filter"),
        command=context.settings.commands_for(context.repo).test,
        timeout=float(context.settings.tool_timeout_seconds),
        cancel=context.cancel,
        gate=context.trust,
    )


BUILD = Tool(
    "build",
    definition(
        "build",
        "Build the repository (or one project in it) with its own toolchain. "
        "Returns the exit code and a digest of errors and warnings.",
        {"project": {**STRING, "description": "project path or name; omit for all"}},
    ),
    run=_build,
    label=lambda args: (
        QT_TRANSLATE_NOOP("tools", "building {project}").format(project=one_line(args["project"], 40))
        if args.get("project")
        else QT_TRANSLATE_NOOP("tools", "building")
    ),
    looks_at_repository=True,
)
TEST = Tool(
    "test",
    definition(
        "test",
        "Run the tests (optionally one project, optionally filtered). Returns counts and the failures.",
        {
            "project": {**STRING, "description": "project path or name; omit for all"},
            "filter": {**STRING, "description": "test name or pattern to select tests"},
        },
    ),
    run=_test,
    label=lambda args: (
        QT_TRANSLATE_NOOP("tools", "running tests for {target}").format(
            target=one_line(args.get("filter") or args["project"], 40)
        )
        if args.get("filter") or args.get("project")
        else QT_TRANSLATE_NOOP("tools", "running tests")
    ),
    looks_at_repository=True,
)
