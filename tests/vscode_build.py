"""The VS Code extension built once per test process by installer/vscode-extension.sh (npm ci, tsc, vsce package)."""

from __future__ import annotations

import fcntl
import functools
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "editors" / "vscode"
SCRIPT = ROOT / "installer" / "vscode-extension.sh"

# Skipped on a developer's machine without Node.js; under installer/test.sh (which installs it) a missing
# Node.js fails the run instead, so CI cannot pass by skipping the extension.
needs_node = pytest.mark.skipif(
    (shutil.which("node") is None or shutil.which("npm") is None) and not os.environ.get("VDA_REQUIRE_DESKTOP"),
    reason="needs Node.js and npm (installer/system-deps.sh --test)",
)


@functools.cache
def build() -> Path:
    """The .vsix the installer built; the compiled extension and its tests are in editors/vscode/out."""
    done = subprocess.run([str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    vsix = Path(done.stdout.strip().splitlines()[-1])
    assert vsix.is_file(), done.stdout
    return vsix


def compiled_copy(dest: Path) -> Path:
    """A copy of the compiled extension (out/) in dest, taken under the build's lock.

    Another test worker may rebuild the extension meanwhile (the install test touches a source), which swaps
    out/ for a new folder; a Node process started from the copy never loads a module from a folder in the
    middle of that swap.
    """
    build()
    lock = ROOT / "build" / "vscode" / ".lock"
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        shutil.copytree(EXTENSION / "out", dest)
    return dest
