"""A "build" for Python: byte-compile the project's files and import its packages, like a compiler reports.

The check runs in a child process with the project's own interpreter, writes no
.pyc files, and prints one `file:line: error: ...` line per problem so the digest
reads it like any compiler's output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from app.core.git import git

MAX_FILES = 5_000
MAX_MODULES = 500
_SKIPPED_DIRS = frozenset(
    {".venv", "venv", ".tox", ".nox", "node_modules", "site-packages", "__pycache__", ".git", ".eggs"}
)
# Importing these would run scripts or test code, not check the project's packages.
_NOT_IMPORTED_PACKAGES = frozenset({"tests", "test", "testing", "docs", "doc", "examples", "scripts", "build"})

# Runs in the project's interpreter (any Python 3.8+): keep it self-contained.
CHECKER = r"""
import importlib, json, os, sys, traceback, warnings
with open(sys.argv[1], encoding="utf-8") as handle:
    job = json.load(handle)
root = job["root"]  # paths are reported from the repository root, as read_file wants them
errors = warns = 0

def inside(path):
    path = os.path.abspath(path)
    return path.startswith(root + os.sep) and "site-packages" not in path

def rel(path):
    return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")

def one_line(exc):
    text = " ".join(str(exc).split())
    return type(exc).__name__ + (": " + text if text else "")

syntax_broken = set()
for path in job["files"]:
    try:
        with open(path, "rb") as handle:
            source = handle.read()
    except OSError:
        continue
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            compile(source, path, "exec", dont_inherit=True)
        except SyntaxError as exc:
            errors += 1
            syntax_broken.add(rel(path))
            print("%s:%s:%s: error: %s: %s" % (rel(path), exc.lineno or 1, exc.offset or 1,
                                               type(exc).__name__, exc.msg), flush=True)
        except ValueError as exc:
            errors += 1
            print("%s:1: error: %s" % (rel(path), one_line(exc)), flush=True)
    for warning in caught:
        warns += 1
        print("%s:%s: warning: %s: %s" % (rel(warning.filename), warning.lineno,
                                          warning.category.__name__, warning.message), flush=True)

sys.path[:0] = job["paths"]
reported = set()
for name in job["modules"]:
    try:
        importlib.import_module(name)
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        if isinstance(exc, SyntaxError) and exc.filename:
            where = (rel(exc.filename), exc.lineno or 1)
            if where[0] in syntax_broken:
                continue
        else:
            frames = [f for f in traceback.extract_tb(exc.__traceback__) if inside(f.filename)]
            frame = frames[-1] if frames else None
            where = (rel(frame.filename), frame.lineno) if frame else (name.replace(".", "/") + ".py", 1)
        key = (where, one_line(exc))
        if key in reported:
            continue
        reported.add(key)
        errors += 1
        print("%s:%s: error: %s (while importing %s)" % (where[0], where[1], one_line(exc), name), flush=True)
print("checked %d files, imported %d modules: %d error(s), %d warning(s)"
      % (len(job["files"]), len(job["modules"]), errors, warns), flush=True)
sys.exit(1 if errors else 0)
"""


@dataclass(frozen=True)
class Interpreter:
    """The Python that runs the checks, and why that one (for the model, when it is not the project's)."""

    path: str | None
    note: str = ""


_VENV_PYTHONS = ("bin/python", "Scripts/python.exe")


def choose(folder: Path, root: Path) -> Interpreter:
    """The project's own virtual environment when it is a real one the repository did not ship, else this app's.

    A real environment has `pyvenv.cfg` beside its `bin/`, sits inside the repository as a folder (not a
    link), and is not tracked by git: a tracked `.venv/bin/python` is a program the repository's author
    wrote, not one the developer made. The caller runs it only in a trusted repository.
    """
    refused = ""
    for base in dict.fromkeys((folder, root)):
        for name in (".venv", "venv"):
            venv = base / name
            if not venv.is_dir():
                continue
            problem = _venv_problem(venv, root)
            python = next((venv / p for p in _VENV_PYTHONS if (venv / p).is_file()), None)
            if not problem and python is not None:
                return Interpreter(str(python))
            refused = refused or f"{venv.relative_to(root).as_posix()} {problem or 'has no python in it'}"
    app = _own_python()
    if app is None:
        return Interpreter(None)
    why = refused or "the repository has no virtual environment of its own"
    return Interpreter(app, f"Ran with this app's own Python ({app}) because {why}.")


def _venv_problem(venv: Path, root: Path) -> str:
    """Why `venv` is not a virtual environment to run, or ""."""
    try:
        real = venv.resolve(strict=True)
        inside = real.is_relative_to(root.resolve(strict=True))
    except (OSError, RuntimeError):
        return "cannot be read"
    if venv.is_symlink() or not inside:
        return "is a link, not a folder of the repository"
    config = venv / "pyvenv.cfg"
    if config.is_symlink() or not config.is_file():
        return "has no pyvenv.cfg (not a virtual environment)"
    try:
        out = git(root, "ls-files", "-z", "--", str(venv.relative_to(root)))
    except (OSError, subprocess.SubprocessError):
        return "could not be checked with git"
    if out.returncode != 0 or out.stdout.strip(b"\0"):
        return "is tracked in git (the repository ships it)"
    return ""


def interpreter(folder: Path, root: Path) -> str | None:
    """The path `choose` picks."""
    return choose(folder, root).path


def _own_python() -> str | None:
    if not getattr(sys, "frozen", False):
        return sys.executable
    # A bundled app's executable is not a Python that runs `-m pytest`.
    return shutil.which("python3") or shutil.which("python")


def python_files(folder: Path) -> list[str]:
    """Tracked and new (not ignored) .py files under `folder`, relative to it."""
    try:
        out = git(folder, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.py")
        names = out.stdout.decode("utf-8", errors="surrogateescape").split("\0") if out.returncode == 0 else []
    except (OSError, subprocess.SubprocessError):
        names = []
    if not names:
        names = [str(p.relative_to(folder)) for p in folder.rglob("*.py")][: MAX_FILES * 2]
    files = []
    for name in dict.fromkeys(names):
        parts = name.replace("\\", "/").split("/")
        if not name or _SKIPPED_DIRS.intersection(parts) or not (folder / name).is_file():
            continue
        files.append(name)
    return files[:MAX_FILES]


def import_plan(folder: Path) -> tuple[list[str], list[str]]:
    """(sys.path entries, module names) for every module of the top-level packages in `folder` or src/."""
    paths: list[str] = []
    modules: list[str] = []
    for base in (folder, folder / "src"):
        if not base.is_dir():
            continue
        try:
            packages = sorted(
                e.name
                for e in os.scandir(base)
                if e.is_dir(follow_symlinks=False)
                and e.name.isidentifier()
                and e.name not in _NOT_IMPORTED_PACKAGES
                and (base / e.name / "__init__.py").is_file()
            )
        except OSError:
            continue
        if packages:
            paths.append(str(base))
        for package in packages:
            modules.extend(_package_modules(base, package))
    return paths, modules[:MAX_MODULES]


def _package_modules(base: Path, package: str) -> list[str]:
    found = []
    for current, dirs, files in os.walk(base / package):
        here = Path(current)
        dirs[:] = sorted(d for d in dirs if d.isidentifier() and (here / d / "__init__.py").is_file())
        prefix = ".".join(here.relative_to(base).parts)
        found.append(prefix)
        for name in sorted(files):
            stem, ext = os.path.splitext(name)
            if ext == ".py" and stem.isidentifier() and stem not in ("__init__", "__main__", "conftest"):
                found.append(f"{prefix}.{stem}")
    return found
