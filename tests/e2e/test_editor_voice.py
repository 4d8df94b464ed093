"""A spoken "why does this test fail?" with Neovim on the failing test: the question carries what the editor shows.

On the test desktop (Xvfb with a tray, PulseAudio null sinks) the real app runs in its own process
against the fake Messages API (with its prompt cache) in this one. A headless Neovim runs the real
plugin, installed by `voice-dev-agent editor install nvim`, on a test file whose assertion fails,
with the cursor on that line and the failure as a diagnostic (as a test runner's plugin reports it).
xdotool holds the hotkey while espeak-ng says the question into the microphone. The request the
model gets must name the file, the line and the diagnostic in the user turn's context block, and
its system prompt and tools must be the ones the key press warmed the cache with, read from it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bench.desktop import DesktopApp
from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.bench.sound import Monitor
from app.bench.speech import espeak_wav, without_trailing_silence
from app.bench.waiting import wait_for
from app.core.editor import block
from tests.conftest import git
from tests.ui.test_nvim_plugin import Nvim, run_app

ROOT = Path(__file__).resolve().parents[2]
MIC = "mic.monitor"  # what the test desktop's microphone hears
QUESTION = "why does this test fail"
LEDGER = "def total(amounts):\n    return sum(amounts[1:])\n"
TEST = "from ledger import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n"
FAILING_LINE = 5
FAILURE = "AssertionError: assert 5 == 6"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("nvim") is None, reason="needs Neovim (installer/system-deps.sh --test)"),
]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    project = tmp_path / "ledger"
    (project / "tests").mkdir(parents=True)
    (project / "ledger.py").write_text(LEDGER, encoding="utf-8")
    (project / "tests" / "test_ledger.py").write_text(TEST, encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", ".")
    git(project, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "ledger")
    return project.resolve()


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI(cache=CacheModel()) as server:
        server.respond_with(lambda _request: text("total skips the first amount, so the sum is five."))
        yield server


@pytest.fixture
def nvim(repo: Path, tmp_path: Path) -> Iterator[Nvim]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVIM")}
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / "nvim" / name.lower())
    env["PYTHONPATH"] = str(ROOT)  # the plugin's `python -m app` is this checkout's app
    installed = run_app("editor", "install", "nvim", env=env)
    assert installed.returncode == 0, installed.stderr
    init = tmp_path / "init.lua"
    # Neovim's own 'updatetime' (4 s): the plugin must report a move without waiting for CursorHold.
    init.write_text(
        f"vim.g.voice_dev_agent = {{ command = {{ {json.dumps(sys.executable)}, '-m', 'app' }}, retry_ms = 300 }}\n",
        encoding="utf-8",
    )
    address = tmp_path / "nvim.sock"
    process = subprocess.Popen(
        ["nvim", "--headless", "--listen", str(address), "-u", str(init), str(repo / "tests" / "test_ledger.py")],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for(address.exists, 10, "Neovim's server socket")
    try:
        yield Nvim(address, env, process)
    finally:
        process.kill()
        process.wait(timeout=10)


def editor_context(env: dict[str, str]) -> dict[str, Any] | None:
    """What `voice-dev-agent context --json` prints about the running app (None: nothing yet)."""
    done = run_app("context", "--json", env=env)
    return json.loads(done.stdout).get("context") if done.returncode == 0 else None


def context_block(request: RecordedRequest) -> str:
    content: Any = request.body["messages"][-1]["content"]
    texts = [b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text"]
    return next((t for t in texts if t.startswith(block.HEADER)), "")


def test_a_spoken_question_carries_the_file_line_and_diagnostic_neovim_shows(
    desktop: None, repo: Path, fake: FakeAPI, nvim: Nvim, tmp_path: Path
) -> None:
    wav = without_trailing_silence(espeak_wav(QUESTION, tmp_path / "audio", speed=165))
    env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
    with DesktopApp(repo, env=env) as app, Monitor(MIC) as mic:
        app.wait_ready()
        # The person goes to the failing assertion; their test runner marks it (as neotest does).
        nvim.keys(f"{FAILING_LINE}G")
        nvim.expr(
            'luaeval(\'vim.diagnostic.set(vim.api.nvim_create_namespace("tests"), 0, '
            f"{{{{lnum = {FAILING_LINE - 1}, col = 4, severity = vim.diagnostic.severity.ERROR, "
            f'message = "{FAILURE}", source = "pytest"}}}}) or 1\')'
        )
        cli_env = dict(os.environ)

        def reported() -> dict[str, Any] | None:
            app.alive()
            shown = editor_context(cli_env)
            return shown if shown and shown["line"] == FAILING_LINE and shown["diagnostics"] else None

        shown = wait_for(reported, 30, "Neovim's report of the failing line")
        assert shown["path"] == "tests/test_ledger.py" and shown["root"] == str(repo)

        app.ask_out_loud(wav, mic)
        wait_for(
            lambda: app.alive() and any(r.body.get("max_tokens", 0) > 1 for r in fake.requests), 120, "the question"
        )

    asked = next(r for r in fake.requests if r.body.get("max_tokens", 0) > 1)
    words = " ".join(
        b["text"]
        for b in asked.body["messages"][-1]["content"]
        if b.get("type") == "text" and not b["text"].startswith("[")
    ).lower()
    assert sum(word in words for word in ("why", "does", "this", "test", "fail")) >= 4, words
    sent = context_block(asked)
    assert f"Looking at tests/test_ledger.py line {FAILING_LINE} (col 1) in test_total" in sent, sent
    assert f"Diagnostics: error line {FAILING_LINE}: {FAILURE} (pytest)" in sent, sent
    assert "test_ledger.py" not in json.dumps(asked.body["system"])
    # The frozen prefix: what the key press warmed, byte for byte, and read from the cache.
    warmups = [r for r in fake.requests if r.body.get("max_tokens") == 1]
    assert warmups, "the key press warmed nothing"
    assert json.dumps(asked.body["system"]) == json.dumps(warmups[0].body["system"])
    assert json.dumps(asked.body["tools"]) == json.dumps(warmups[0].body["tools"])
    # The question never waits for the warm-up (warmup.py): on a loaded machine (three test workers on two cores)
    # the warm-up can still be on its way when the question goes, and the API, like the fake, caches a prefix only
    # once its writer's reply has begun. The prefix is the same either way (above); read from the cache it must be
    # whenever the warm-up's reply was out first.
    warmed_first = warmups[0].finished_at and warmups[0].finished_at <= asked.received_at
    assert asked.cache is not None
    if warmed_first:
        assert asked.cache.warm, "the prompt cache missed"
    else:
        print(f"\nthe warm-up finished {warmups[0].finished_at - asked.received_at:.2f} s after the question came")
    print(f"\nthe question reached the model as {words!r} with:\n{sent}")
