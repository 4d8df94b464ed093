"""The VS Code extension's compiled reporting core against the REAL running app, without VS Code.

The app runs on the test desktop (fake Messages API); a small Node script (editors/vscode/test/feed.ts,
compiled) loads the extension's own modules and feeds them editor views as the adapter would on VS
Code's events. It finds the socket as the extension does ($VOICE_DEV_AGENT_SOCKET, which here is what
`voice-dev-agent editor socket` printed), and `voice-dev-agent context --json`, run as a person runs
it, must show the file, the cursor line and the diagnostic; a file outside the repository is not
reported, so the app keeps the last good one; and when the app is killed and started again, the
extension reconnects and tells the new app what it shows without any new editor event.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bench.desktop import wait_for
from app.bench.fakereplies import text
from tests.e2e.test_single_instance import launch, running_app
from tests.e2e.test_voice_turn import ROOT, Rig
from tests.vscode_build import compiled_copy, needs_node

pytestmark = [pytest.mark.slow, needs_node]


@pytest.fixture
def running(desktop: None, tmp_path: Path) -> Iterator[tuple[Rig, dict[str, str]]]:
    with running_app(tmp_path, [text("unused")]) as started:
        yield started


def shown(env: dict[str, str]) -> dict[str, Any] | None:
    done = launch(env, "context", "--json")
    if done.returncode == 2:
        raise AssertionError(done.stdout + done.stderr)  # no app answers
    return json.loads(done.stdout)["context"] if done.returncode == 0 else None  # type: ignore[no-any-return]


def test_the_extension_core_reports_file_line_and_diagnostic_to_the_running_app(
    running: tuple[Rig, dict[str, str]], tmp_path: Path
) -> None:
    rig, env = running
    compiled = compiled_copy(tmp_path / "out")
    wait_for(lambda: (rig.alive(), "ready: " in rig.log_text())[1], 180, "the ready line")
    socket = launch(env, "editor", "socket").stdout.strip()
    feed = subprocess.Popen(
        ["node", str(compiled / "test" / "feed.js")],
        env={**env, "VOICE_DEV_AGENT_SOCKET": socket},
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "feed-stderr.txt").open("wb"),
        text=True,
    )
    assert feed.stdin is not None
    rules = rig.repo / "reviewbot" / "rules.py"

    def show(**view: Any) -> None:
        base = {"file": str(rules), "line": 1, "column": 1, "selection": "", "visible": [1, 40], "diagnostics": []}
        assert feed.stdin is not None
        feed.stdin.write(json.dumps({**base, **view}) + "\n")
        feed.stdin.flush()

    try:
        # --- the file opened, the cursor on line 12 ---
        show(line=12, column=5)
        wait_for(lambda: (shown(env) or {}).get("line") == 12, 20, "the first report")
        first = shown(env)
        assert first is not None
        assert (first["editor"], first["path"], first["line"], first["column"]) == (
            "vscode",
            "reviewbot/rules.py",
            12,
            5,
        )
        assert first["root"] == str(rig.repo.resolve()) and first["visible"] == [1, 40]

        # --- an error raised on screen, a range selected ---
        diagnostic = {"severity": "error", "line": 14, "message": "Line too long (120 > 100)", "source": "ruff"}
        show(line=14, column=1, selection="x" * 5000, diagnostics=[diagnostic])
        wait_for(lambda: bool((shown(env) or {}).get("diagnostics")), 20, "the diagnostic")
        second = shown(env)
        assert second is not None
        assert second["line"] == 14 and second["diagnostics"] == [diagnostic]
        assert second["selection"] == "x" * 4000

        # --- a file outside the repository: not reported, the last good context stays ---
        outside = tmp_path / "elsewhere.py"
        outside.write_text("x = 1\n", encoding="utf-8")
        show(file=str(outside), line=1)
        show(line=20)  # then back in the repository: only this arrives
        wait_for(lambda: (shown(env) or {}).get("line") == 20, 20, "the report after the outside file")
        assert shown(env)["path"] == "reviewbot/rules.py"  # type: ignore[index]
        assert "editor context refused" not in rig.log_text()
        rig.alive()

        # --- the app is killed and started again: the extension reconnects and tells it, with no new event ---
        rig.app.kill()
        rig.app.wait(timeout=10)
        with rig.app_stderr.open("ab") as err:
            rig.app = subprocess.Popen(
                [sys.executable, "-m", "app", "--repo", str(rig.repo)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
        wait_for(lambda: (rig.alive(), rig.log_text().count("ready: ") == 2)[1], 180, "the second ready line")
        wait_for(lambda: (shown(env) or {}).get("line") == 20, 20, "the report to the restarted app")
    finally:
        feed.stdin.close()
        try:
            feed.wait(timeout=10)
        except subprocess.TimeoutExpired:
            feed.kill()
            feed.wait(timeout=10)
    assert feed.returncode == 0, (tmp_path / "feed-stderr.txt").read_text(errors="replace")
