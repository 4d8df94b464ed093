"""The soak bench's heap probe: a report on request, with resident memory split by kind and the C heap's figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from app.core import heap_probe

WRITE = "from app.core import heap_probe; heap_probe.install(); heap_probe._write_report()"


def test_a_report_says_what_the_process_holds_and_what_a_trim_gave_back(tmp_path: Path) -> None:
    (tmp_path / "next").write_text("7")
    (tmp_path / "trim").touch()
    env = {**os.environ, heap_probe.ENVIRONMENT: str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", WRITE], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr

    report = json.loads((tmp_path / "report-0007.json").read_text())
    assert report["malloc_trim_returned_mb"] >= 0.0
    assert report["rss_mb"] > 0 and report["malloc_in_use_mb"] > 0 and report["gc_objects"] > 0
    # The process's own pages and the files' pages make up what is resident (rounded to 0.1 MB each).
    parts = report["rss_anon_mb"] + report["rss_file_mb"] + report["rss_shmem_mb"]
    assert abs(parts - report["rss_mb"]) < 2.0, report
