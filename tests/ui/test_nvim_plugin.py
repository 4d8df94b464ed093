"""The real Neovim plugin in a real headless Neovim, reporting to the app's real socket; `context --json` shows it.

The app's instance server runs here under pytest-qt (offscreen) with the real request handler;
Neovim (Debian's package, 0.7) loads the plugin that `editor install nvim` put in its packpath,
finds the socket with `python -m app editor socket`, and is driven with `nvim --server --remote-send`
as a person's keys would drive it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.core.editor.latest import LatestContext
from app.ui.instance_server import InstanceServer, LaunchRequests
from tests.ui.editor_rig import Served, off_thread, serve, shut

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "".join(f"def step_{n}():\n    return {n}\n\n" for n in range(1, 11))

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("nvim") is None, reason="needs Neovim (installer/system-deps.sh --test)"),
]


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "steps.py").write_text(SOURCE, encoding="utf-8")
    return empty_repo


@pytest.fixture
def served(qtbot: QtBot, repo: Path) -> Iterator[Served]:
    yield from serve(repo)


def run_app(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def nvim_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVIM")}
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    env.pop("VOICE_DEV_AGENT_SOCKET", None)
    env["PYTHONPATH"] = str(ROOT)  # the plugin's `python -m app` is this checkout's app
    return env


class Nvim:
    def __init__(self, address: Path, env: dict[str, str], process: subprocess.Popen[bytes]) -> None:
        self.address, self.env, self.process = address, env, process

    def keys(self, keys: str) -> None:
        self._remote("--remote-send", keys)

    def expr(self, expression: str) -> str:
        return self._remote("--remote-expr", expression)

    def _remote(self, flag: str, value: str) -> str:
        done = subprocess.run(
            ["nvim", "--server", str(self.address), flag, value],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=10,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout + done.stderr  # 0.7 prints --remote-expr's value on stderr


@pytest.fixture
def nvim(qtbot: QtBot, served: Served, repo: Path, nvim_env: dict[str, str], tmp_path: Path) -> Iterator[Nvim]:
    installed = run_app("editor", "install", "nvim", env=nvim_env)
    assert installed.returncode == 0, installed.stderr
    plugin = Path(nvim_env["XDG_DATA_HOME"]) / "nvim/site/pack/voice-dev-agent/start/voice-dev-agent"
    assert (plugin / "lua/voice_dev_agent/init.lua").is_file(), installed.stdout
    init = tmp_path / "init.lua"
    init.write_text(
        "vim.o.updatetime = 100\n"
        f"vim.g.voice_dev_agent = {{ command = {{ {json.dumps(sys.executable)}, '-m', 'app' }}, retry_ms = 300 }}\n",
        encoding="utf-8",
    )
    address = tmp_path / "nvim.sock"
    process = subprocess.Popen(
        ["nvim", "--headless", "--listen", str(address), "-u", str(init), str(repo / "src" / "steps.py")],
        env=nvim_env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    qtbot.waitUntil(address.exists, timeout=10_000)
    try:
        yield Nvim(address, nvim_env, process)
    finally:
        process.kill()
        process.wait(timeout=10)


def shown(qtbot: QtBot) -> dict[str, Any]:
    """What `voice-dev-agent context --json` prints, run as a person would (a process of its own)."""
    done = off_thread(qtbot, lambda: run_app("context", "--json", env=dict(os.environ)))
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)["context"]  # type: ignore[no-any-return]


def wait_for_report(qtbot: QtBot, served: Served, check: Any, what: str) -> None:
    def arrived() -> bool:
        received = served.editor.get()
        return received is not None and bool(check(received.report))

    qtbot.waitUntil(arrived, timeout=20_000)


def test_the_plugin_reports_the_file_cursor_selection_and_diagnostics(
    qtbot: QtBot, served: Served, nvim: Nvim, repo: Path
) -> None:
    # --- the file it opened (BufEnter) ---
    wait_for_report(qtbot, served, lambda r: r.path == "src/steps.py", "the opened file")
    opened = shown(qtbot)
    assert opened["editor"] == "nvim" and opened["root"] == str(repo.resolve()) and opened["line"] == 1

    # --- the cursor moved (CursorHold) ---
    nvim.keys("14Gw")
    wait_for_report(qtbot, served, lambda r: r.line == 14, "the moved cursor")
    moved = shown(qtbot)
    assert (moved["line"], moved["column"]) == (14, 5) and moved["selection"] == ""

    # --- a range selected (ModeChanged, CursorMoved in visual mode) ---
    nvim.keys("<Esc>4GVj")
    wait_for_report(qtbot, served, lambda r: "return 2" in r.selection, "the selection")
    selected = shown(qtbot)
    assert selected["selection"] == "def step_2():\n    return 2" and selected["line"] == 5

    # --- a diagnostic raised (DiagnosticChanged) ---
    nvim.keys("<Esc>")
    nvim.expr(
        'luaeval(\'vim.diagnostic.set(vim.api.nvim_create_namespace("test"), 0, '
        '{{lnum = 6, col = 0, severity = vim.diagnostic.severity.ERROR, message = "undefined name x", '
        'source = "pyright"}}) or 1\')'
    )
    wait_for_report(qtbot, served, lambda r: r.diagnostics, "the diagnostic")
    (diagnostic,) = shown(qtbot)["diagnostics"]
    assert diagnostic == {"severity": "error", "line": 7, "message": "undefined name x", "source": "pyright"}


def test_the_plugin_reconnects_when_the_app_restarts_and_never_blocks_the_editor(
    qtbot: QtBot, served: Served, nvim: Nvim
) -> None:
    wait_for_report(qtbot, served, lambda r: r.path == "src/steps.py", "the opened file")
    served.server.close()  # the app quits
    nvim.keys("20G")
    started = time.monotonic()
    assert nvim.expr("1+1").strip() == "2"
    assert time.monotonic() - started < 2.0, "the editor waited on the app"
    # The app starts again: a new server on the same socket, which has heard nothing yet.
    fresh = LatestContext()
    requests = LaunchRequests(
        served.controller, set_repository=served.opened.append, show_menu=lambda: None, editor=fresh
    )
    server = InstanceServer(requests.handle)
    assert server.listen()
    try:
        qtbot.waitUntil(lambda: fresh.get() is not None and fresh.get().report.line == 20, timeout=20_000)
        assert shown(qtbot)["line"] == 20
    finally:
        shut(server)


def test_a_move_in_normal_mode_is_reported_without_waiting_for_cursor_hold(
    qtbot: QtBot, served: Served, nvim: Nvim
) -> None:
    wait_for_report(qtbot, served, lambda r: r.path == "src/steps.py", "the opened file")
    # Neovim's default 'updatetime' is 4 s; here CursorHold cannot fire within the test at all.
    nvim.keys(":set updatetime=600000<CR>")
    assert nvim.expr("&updatetime").strip() == "600000"
    nvim.keys("17G")
    moved_at = time.monotonic()
    wait_for_report(qtbot, served, lambda r: r.line == 17, "the moved cursor")
    took = time.monotonic() - moved_at
    assert took < 3.0, f"the move took {took:.1f} s to arrive"
    assert shown(qtbot)["line"] == 17
    # A run of moves is one report once the cursor rests, each move not sent on its own.
    lines: list[int] = []
    served.editor.watch(lambda received: lines.append(received.report.line))
    nvim.keys("jjjjj")
    wait_for_report(qtbot, served, lambda r: r.line == 22, "the cursor at rest")
    qtbot.wait(800)
    assert lines == [22], lines
    print(f"\na move in normal mode reached the app in {took:.2f} s")
