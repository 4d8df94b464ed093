"""Find how a folder is built and tested: dotnet, Cargo, Go, Node, Python or Make.

When a folder holds several (a Python package with a Makefile, say), the order
below decides and the result says which others were seen; the model can pick one
by naming its project file (`Makefile`, `web/package.json`, `App.sln`) as `project`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from app.core.agent.tools.path_guard import PathRefused, resolve

_DOTNET_SUFFIXES = (".sln", ".slnx", ".csproj", ".fsproj", ".vbproj")
_PYTHON_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "pytest.ini", "tox.ini", "requirements.txt")
_MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
_BY_FILE_NAME = {
    "package.json": "node",
    "Cargo.toml": "cargo",
    "go.mod": "go",
    **{name: "python" for name in _PYTHON_MARKERS},
    **{name: "make" for name in _MAKEFILES},
}
_MAX_PACKAGE_JSON = 1_000_000


@dataclass(frozen=True)
class Toolchain:
    name: str  # dotnet, cargo, go, node, python, make
    folder: Path  # where the commands run
    project_file: Path | None = None  # the .sln/.csproj or Makefile to use

    @property
    def label(self) -> str:
        return f"{self.name} ({self.project_file.name})" if self.project_file else self.name


@dataclass(frozen=True)
class Choice:
    toolchain: Toolchain | None
    problem: str = ""  # why nothing was chosen, for the model
    others: tuple[str, ...] = ()  # other toolchains seen in the same folder


def detect(folder: Path) -> list[Toolchain]:
    """Every toolchain whose marker is in `folder`, best first."""
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False))
    except OSError:
        return []
    found: list[Toolchain] = []
    dotnet = [n for n in names if n.lower().endswith(_DOTNET_SUFFIXES)]
    if dotnet:
        # A solution builds every project in it, so it beats any single project file.
        dotnet.sort(key=lambda n: (not n.lower().endswith((".sln", ".slnx")), n))
        found.append(Toolchain("dotnet", folder, folder / dotnet[0]))
    if "Cargo.toml" in names:
        found.append(Toolchain("cargo", folder))
    if "go.mod" in names:
        found.append(Toolchain("go", folder))
    if "package.json" in names:
        found.append(Toolchain("node", folder))
    if any(marker in names for marker in _PYTHON_MARKERS):
        found.append(Toolchain("python", folder))
    makefile = next((n for n in _MAKEFILES if n in names), None)
    if makefile:
        found.append(Toolchain("make", folder, folder / makefile))
    return found


def choose(repo: Path, project: object) -> Choice:
    """The toolchain for `project` (None, a folder, or a project file inside `repo`)."""
    if project is not None and not isinstance(project, str):
        return Choice(None, "project must be a folder or project file path relative to the repository root")
    try:
        target = resolve(repo, project or "", allow_dir=True, allow_root=True)
    except PathRefused as exc:
        return Choice(None, f"project refused: {exc}")
    if not target.is_dir:
        name = target.absolute.name
        kind = "dotnet" if name.lower().endswith(_DOTNET_SUFFIXES) else _BY_FILE_NAME.get(name)
        if kind is None:
            return Choice(
                None,
                f"'{target.relative}' is not a project file; give a folder, or a .sln, .csproj, package.json, "
                "Cargo.toml, go.mod, pyproject.toml or Makefile",
            )
        file = target.absolute if kind in ("dotnet", "make") else None
        return Choice(Toolchain(kind, target.absolute.parent, file))
    found = detect(target.absolute)
    if found:
        return Choice(found[0], others=tuple(t.label for t in found[1:]))
    where = f"'{target.relative}'" if target.relative else "the repository root"
    hint = _projects_below(target.absolute)
    return Choice(
        None,
        f"no build system found in {where} (looked for .sln/.csproj, Cargo.toml, go.mod, package.json, "
        f"pyproject.toml/setup.py, Makefile){hint}. A build or test command for this repository can be set "
        "in Settings",
    )


def _projects_below(folder: Path) -> str:
    """A hint naming subfolders (one level down) that hold a project."""
    try:
        subfolders = sorted(
            entry.name
            for entry in os.scandir(folder)
            if entry.is_dir(follow_symlinks=False)
            and not entry.name.startswith(".")
            and entry.name not in ("node_modules", "venv", "target", "bin", "obj")
        )[:50]
    except OSError:
        return ""
    hits = [f"{name} ({detect(folder / name)[0].name})" for name in subfolders if detect(folder / name)]
    if not hits:
        return ""
    return "; projects were found in " + ", ".join(hits[:10]) + ": ask again with that folder as project"


def package_scripts(folder: Path) -> dict[str, str]:
    """The `scripts` of folder/package.json, or {} when unreadable."""
    try:
        with open(folder / "package.json", "rb") as handle:
            data = json.loads(handle.read(_MAX_PACKAGE_JSON))
    except (OSError, ValueError):
        return {}
    scripts = data.get("scripts") if isinstance(data, dict) else None
    if not isinstance(scripts, dict):
        return {}
    return {str(k): str(v) for k, v in scripts.items() if isinstance(v, str)}


def make_test_target(makefile: Path) -> str:
    """'test' or 'check' when the Makefile defines it, else ""."""
    try:
        text = makefile.read_text(encoding="utf-8", errors="replace")[:_MAX_PACKAGE_JSON]
    except OSError:
        return ""
    targets = set()
    for line in text.splitlines():
        head, sep, rest = line.partition(":")
        if sep and not rest.startswith("=") and not line.startswith(("\t", " ", "#")):
            targets.update(head.split())
    return next((t for t in ("test", "check") if t in targets), "")
