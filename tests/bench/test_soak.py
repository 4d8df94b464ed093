"""`python -m app bench --soak`: thirty spoken questions through the desktop app, and memory that stays flat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TURNS = 30
# Resident memory may grow this much from the 10th question to the 30th: 3.3 MB measured (load ~11
# on 2 cores), 1.6 MB quiet once the tray's level icons were kept (2.9 MB before, in the same
# session). Main before this grew 59 MB over these 20 (the panel kept every document it had
# replaced), and 22.5 MB with the panel fixed but glibc's default arenas; the goal over 90 is 10 MB.
# The tray's own growth is caught by tests/ui/test_tray_panel.py, on glibc's in-use bytes.
GROWTH_BOUND_MB = 8.0


@pytest.mark.slow
@pytest.mark.long(seconds=330)
def test_thirty_questions_are_all_answered_and_memory_stays_flat_after_the_first_ten(desktop: None) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app", "bench", "--soak", "--turns", str(TURNS), "--idle-seconds", "5", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    soak = json.loads(done.stdout)["soak"]
    assert soak["answered"] == TURNS and soak["errors_in_log"] == 0, soak
    assert sorted(soak["rss_mb"]) == [str(n) for n in range(0, TURNS + 1, 10)], soak["rss_mb"]
    assert soak["growth_after_first_10_mb"] <= GROWTH_BOUND_MB, soak["rss_mb"]
    # The panel holds its pages' text, not one laid-out document per answer.
    last = soak["probe"][-1]
    assert last["panel_pages"] == 20 and last["qt_documents"] <= 5, last
