"""Resident memory by owner, as `bench --idle` reads it from the heap probe of a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core import heap_probe

# A process like the app in small: numpy imported, a voice file mapped and read, 64 MB of its own.
SCRIPT = """
import mmap, sys
import numpy
from app.core import heap_probe
with open(sys.argv[1], "rb") as f:
    voice = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
sum(voice[i] for i in range(0, len(voice), 4096))
own = bytearray(64 * 2**20)
heap_probe.install()
heap_probe._write_report()
"""


def _report(tmp_path: Path, **env: str) -> dict[str, object]:
    voice = tmp_path / "en_US-test-medium.onnx"
    voice.write_bytes(os.urandom(24 * 2**20))
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "next").write_text("1")
    full_env = {**os.environ, heap_probe.ENVIRONMENT: str(probe), **env}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(voice)], env=full_env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    owners: dict[str, object] = json.loads((probe / "report-0001.json").read_text())["owners"]
    return owners


def test_mapped_files_go_to_their_owner_and_the_process_own_memory_is_anonymous(tmp_path: Path) -> None:
    owners = _report(tmp_path)
    files = owners["file_backed_by_owner_mb"]
    assert isinstance(files, dict)
    assert 23.0 <= files["onnxruntime and Piper"] <= 25.0, files  # the whole voice file was read
    assert files["numpy"] > 1.0, files
    anonymous = owners["anonymous_mb"]
    assert isinstance(anonymous, float) and anonymous >= 64.0
    assert "python_heap_by_owner_mb" not in owners  # not traced: no Python split, and no cost for it


@pytest.mark.slow
def test_a_traced_start_splits_the_python_heap_by_the_package_imported(tmp_path: Path) -> None:
    owners = _report(tmp_path, PYTHONTRACEMALLOC="10")
    python = owners["python_heap_by_owner_mb"]
    assert isinstance(python, dict)
    # numpy's modules count for numpy, not for importlib; the bytearray for the script's own code.
    assert python["numpy"] >= 1.0, python
    assert python["Python (standard library)"] >= 64.0, python
    total = owners["python_heap_mb"]
    assert isinstance(total, float) and abs(sum(python.values()) - total) < 1.0
