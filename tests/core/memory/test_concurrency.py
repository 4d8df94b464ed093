"""Two real processes editing one memory file at once lose nothing and never leave it torn."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from tests.core.memory.conftest import ok

ROOT = Path(__file__).resolve().parents[3]
PER_PROCESS = 250  # each process runs 250 inserts and 250 str_replaces: 500 commands
LINE = re.compile(r"^[ab]\d+[?!]$")


@pytest.mark.slow
def test_two_processes_lose_no_completed_command_and_never_tear_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    store = MemoryStore(folder)
    ok(store, {"command": "create", "path": "/memories/shared.md", "file_text": ""}, by="person")  # to fill in
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.core.memory.contender", str(folder), tag, str(PER_PROCESS), str(go)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("a", "b")
    ]
    go.touch()
    reads = 0
    seen_both = False
    # Meanwhile read the file the way any reader would: every version must be whole.
    while any(p.poll() is None for p in procs):
        data = (folder / "shared.md").read_text()
        lines = data.split("\n")
        assert data == "" or data.endswith("\n"), f"torn file: {data[-40:]!r}"
        assert all(LINE.match(line) for line in lines[:-1]), "torn or foreign line"
        assert len(set(lines)) == len(lines), "a line appears twice"
        seen_both = seen_both or ("a" in data and "b" in data)
        reads += 1
        time.sleep(0.002)
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (out, errors) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, out[-2000:] + errors[-2000:]
    completed = {line.split()[1] for out, _ in outputs for line in out.splitlines() if line.startswith("done ")}
    assert len(completed) == 2 * PER_PROCESS
    final = (folder / "shared.md").read_text().splitlines()
    assert sorted(final) == sorted(f"{name}!" for name in completed)
    assert reads > 10 and seen_both  # the processes really did overlap while we watched
    assert [p.name for p in folder.iterdir() if p.name.startswith(".tmp-")] == []
    writes = [e for e in store.history("/memories/shared.md") if e.kind == "write"]
    assert len(writes) == 1 + 4 * PER_PROCESS


@pytest.mark.slow
def test_a_waiting_process_gets_the_lock_when_the_holder_releases_it(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    store = MemoryStore(folder)
    ok(store, {"command": "create", "path": "/memories/x.md", "file_text": "x\n"})
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from app.core.memory.lock import folder_lock\n"
            "with folder_lock(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(0.6)\n",
            str(folder),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    start = time.monotonic()
    ok(store, {"command": "insert", "path": "/memories/x.md", "insert_line": 1, "insert_text": "y"})
    waited = time.monotonic() - start
    holder.wait(timeout=10)
    assert waited > 0.3  # it really waited for the other process
    assert (folder / "x.md").read_text() == "x\ny\n"
