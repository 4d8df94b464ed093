"""A hostile editor floods the real app with 10,000 reports a second: a spoken question still answers, and
once the flood is over the app's memory and idle CPU are back where they were.

On the test desktop the real app runs in its own process against the fake Messages API in this one
(its memory is the app's own, not a test worker's). One connection sends report after report at
10,000 a second while xdotool holds the hotkey and espeak-ng asks a question into the microphone.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bench.desktop import DesktopApp
from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.bench.idle import measure
from app.bench.sound import Monitor
from app.bench.speech import espeak_wav, without_trailing_silence
from app.bench.waiting import wait_for
from app.core import instance
from app.core.editor import block
from tests.conftest import git

MIC = "mic.monitor"
RATE = 10_000  # reports a second
AT_LEAST = 3.0  # seconds the flood lasts (and on until the question asked in it has reached the model)
BATCH = 100  # reports written at a time, every BATCH / RATE seconds
QUESTION = "what does this function do"
ANSWER_WITHIN = 15.0  # seconds from the release to the question's request, flood or not (about 2 s idle)
MEMORY_SLACK_MB = 6.0  # the app's resident memory after the flood, above its level before it
CPU_SLACK = 2.0  # percentage points of one core, idle after the flood above idle before it

pytestmark = pytest.mark.slow


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    project = tmp_path / "ledger"
    (project / "src").mkdir(parents=True)
    (project / "src" / "sync.py").write_text("def reconcile():\n    return 1\n" * 20, encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    return project.resolve()


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        server.respond_with(lambda _request: text("It returns one."))
        yield server


def report(repo: Path, line: int) -> bytes:
    body = {"editor": "nvim", "root": str(repo), "path": "src/sync.py", "line": line, "column": 1}
    return (json.dumps({"editor_context": body}) + "\n").encode()


class Flood:
    """One editor connection writing RATE reports a second (lines 1..40 in turn) until stopped."""

    def __init__(self, repo: Path) -> None:
        self.lines = [report(repo, n) for n in range(1, 41)]
        self.sent = 0
        self.answers = 0
        self.seconds = 0.0
        self._stop = threading.Event()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.connect(instance.server_name())
        self._writer = threading.Thread(target=self._write, daemon=True)
        self._reader = threading.Thread(target=self._read, daemon=True)

    def __enter__(self) -> Flood:
        self._reader.start()
        self._writer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._writer.join(timeout=10)
        self._sock.close()
        self._reader.join(timeout=10)

    def _write(self) -> None:
        started = time.monotonic()
        while not self._stop.is_set():
            due = started + self.sent / RATE
            time.sleep(max(0.0, due - time.monotonic()))
            batch = b"".join(self.lines[(self.sent + i) % len(self.lines)] for i in range(BATCH))
            self._sock.sendall(batch)
            self.sent += BATCH
        self.seconds = time.monotonic() - started

    def _read(self) -> None:
        try:
            while chunk := self._sock.recv(65536):
                self.answers += chunk.count(b"\n")
        except OSError:
            pass


def turns(fake: FakeAPI) -> list[RecordedRequest]:
    return [r for r in fake.requests if r.body.get("max_tokens", 0) > 1]


def context_block(request: RecordedRequest) -> str:
    content = request.body["messages"][-1]["content"]
    return next((b["text"] for b in content if b.get("text", "").startswith(block.HEADER)), "")


@pytest.mark.long(seconds=30)
def test_a_flood_of_reports_leaves_the_app_answering_and_its_memory_where_it_was(
    desktop: None, repo: Path, fake: FakeAPI, tmp_path: Path
) -> None:
    wav = without_trailing_silence(espeak_wav(QUESTION, tmp_path / "audio", speed=165))
    env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
    with DesktopApp(repo, env=env) as app, Monitor(MIC) as mic:
        app.wait_ready()
        # A first question, so that what any first turn loads is in before the baseline.
        app.ask_out_loud(wav, mic)
        wait_for(lambda: app.alive() and len(turns(fake)) == 1, 60, "the first question")
        time.sleep(4.0)  # its reply spoken, the app idle and trimmed
        before = measure(app.pid, 4.0)

        with Flood(repo) as flood:
            time.sleep(0.5)
            released = app.ask_out_loud(wav, mic)
            asked = wait_for(lambda: app.alive() and len(turns(fake)) == 2, ANSWER_WITHIN, "the question in the flood")
            answered_in = time.monotonic() - released
            wait_for(lambda: flood.sent >= RATE * AT_LEAST, 30, "the flood's full length")
        assert asked
        assert flood.sent / max(flood.seconds, 1e-9) >= 0.8 * RATE, f"{flood.sent} reports in {flood.seconds:.1f} s"
        time.sleep(4.0)
        after = measure(app.pid, 4.0)
        app.alive()

    sent = context_block(turns(fake)[1])
    assert "Looking at src/sync.py line" in sent, "the question asked in the flood carried no editor context"
    grew = after["rss_mb"] - before["rss_mb"]
    assert grew <= MEMORY_SLACK_MB, f"resident memory {before['rss_mb']} MB before the flood, {after['rss_mb']} after"
    assert after["cpu_percent"] <= before["cpu_percent"] + CPU_SLACK, f"idle CPU {before} before, {after} after"
    print(
        f"\nflood: {flood.sent} reports in {flood.seconds:.1f} s ({flood.sent / flood.seconds:.0f}/s), "
        f"{flood.answers} handled; the question's request {answered_in:.2f} s after the release; "
        f"RSS {before['rss_mb']} -> {after['rss_mb']} MB (peak after {after['rss_peak_mb']}); "
        f"idle CPU {before['cpu_percent']}% -> {after['cpu_percent']}%"
    )
