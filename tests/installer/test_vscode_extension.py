"""The VS Code extension: installer/vscode-extension.sh builds its .vsix from the pinned npm packages,
its own unit tests pass on Node (`node --test`), and `editor install vscode` installs it with `code`
where VS Code's command exists, or says where the file is. No VS Code download is possible here: the
`code` on PATH in the last test is a script that records what it was asked to do."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from tests.app_cli import run_app
from tests.vscode_build import EXTENSION, build, needs_node

pytestmark = [pytest.mark.slow, needs_node]


def test_the_installer_builds_a_vsix_holding_the_manifest_and_the_compiled_extension() -> None:
    vsix = build()
    assert zipfile.is_zipfile(vsix)
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("extension/package.json"))
        main = "extension/" + manifest["main"].removeprefix("./")
        assert main in names, sorted(names)
        # Every module the entry point loads (and they load) is in the package: it starts in VS Code.
        todo, seen = [main], set()
        while todo:
            module = todo.pop()
            seen.add(module)
            for name in re.findall(r'require\("\./([\w./]+)"\)', archive.read(module).decode()):
                needed = str(Path(module).parent / f"{name}.js")
                assert needed in names, f"{module} needs {needed}"
                if needed not in seen:
                    todo.append(needed)
    assert {"extension/out/src/report.js", "extension/out/src/connection.js"} <= seen
    assert not any(n.startswith(("extension/node_modules/", "extension/src/", "extension/out/test/")) for n in names)
    setting = manifest["contributes"]["configuration"]["properties"]["voiceDevAgent.sendContext"]
    assert setting["default"] is True
    assert manifest["engines"]["vscode"]
    # The versions are pinned: what CI built is what a person builds.
    source = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    for name, version in source["devDependencies"].items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} {version} is not pinned"
    assert (EXTENSION / "package-lock.json").is_file()


def test_the_extensions_own_unit_tests_pass_on_node() -> None:
    build()  # compiles the tests into out/test beside the extension
    done = subprocess.run(["npm", "test"], cwd=EXTENSION, capture_output=True, text=True, timeout=300)
    summary = "\n".join(line for line in done.stdout.splitlines() if line.startswith("# ") or "not ok" in line)
    assert done.returncode == 0, summary + done.stderr[-2000:]
    passed = int(re.search(r"^# pass (\d+)$", done.stdout, re.M).group(1))  # type: ignore[union-attr]
    assert passed >= 20 and "# fail 0" in done.stdout, summary


def test_editor_install_vscode_installs_with_code_or_says_where_the_vsix_is(tmp_path: Path) -> None:
    vsix = build()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "code-calls.txt"
    code = bin_dir / "code"
    code.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> {calls}\necho "Extension installed."\n', encoding="utf-8")
    code.chmod(0o755)
    system_path = os.environ["PATH"]

    # VS Code's command is there: the built .vsix is handed to it.
    installed = run_app("editor", "install", "vscode", env={**os.environ, "PATH": f"{bin_dir}:{system_path}"})
    assert installed.returncode == 0, installed.stderr
    assert calls.read_text(encoding="utf-8").split() == ["--install-extension", str(vsix), "--force"]
    assert "Installed the VS Code extension" in installed.stdout

    # No `code`: the person is told where the file is and how to install it.
    without = [p for p in system_path.split(os.pathsep) if not (Path(p) / "code").exists()]
    told = run_app("editor", "install", "vscode", env={**os.environ, "PATH": os.pathsep.join(without)})
    assert told.returncode == 0, told.stderr
    assert f"code --install-extension {vsix}" in told.stdout

    # A source newer than the .vsix: it is built again before installing.
    before = vsix.stat().st_mtime
    time.sleep(0.05)
    (EXTENSION / "src" / "clock.ts").touch()
    rebuilt = run_app("editor", "install", "vscode", env={**os.environ, "PATH": f"{bin_dir}:{system_path}"})
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert vsix.stat().st_mtime > before
    assert calls.read_text(encoding="utf-8").count("--install-extension") == 2

    assert run_app("editor", "install", "vscode", "--link").returncode == 2  # --link is Neovim's
