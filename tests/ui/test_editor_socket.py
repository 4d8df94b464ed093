"""Editors report over the app's real local socket: what is kept, what is refused, and a flood the app survives."""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.core import instance
from app.core.editor.report import LINE_LIMIT
from tests.ui.editor_rig import Served, connect, latest, line, off_thread, read_reply, serve

ROOT = Path(__file__).resolve().parents[2]
FLOOD = 10_000
PROMPT = 1.0  # seconds a normal request may take while an editor floods the socket (about 0.01 s idle)


@pytest.fixture
def repo(empty_repo: Path) -> Path:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "sync.py").write_text("def reconcile_batches():\n    return 1\n", encoding="utf-8")
    return empty_repo


@pytest.fixture
def served(qtbot: QtBot, repo: Path) -> Iterator[Served]:
    yield from serve(repo)


def report(repo: Path, **fields: Any) -> dict[str, Any]:
    return {"editor": "nvim", "root": str(repo), "path": "src/sync.py", "line": 2, "column": 5, **fields}


def test_the_socket_is_the_users_alone_and_no_network_port_listens(served: Served) -> None:
    path = Path(served.server.name)
    info = path.stat()
    assert stat.S_ISSOCK(info.st_mode) and info.st_uid == os.getuid()
    assert info.st_mode & 0o077 == 0, f"others may connect: {oct(info.st_mode)}"
    assert _listening_inet_sockets() == set(), "the app listens on a network port"


def test_a_report_is_kept_and_context_shows_it(qtbot: QtBot, served: Served, repo: Path) -> None:
    def send() -> dict[str, Any]:
        with connect() as sock:
            sock.sendall(line(editor_context=report(repo, selection="return 1")))
            return read_reply(sock)

    assert off_thread(qtbot, send) == {"ok": True, "text": "Noted."}
    shown = off_thread(qtbot, latest)
    assert shown["context"]["path"] == "src/sync.py" and shown["context"]["selection"] == "return 1"
    assert shown["age_seconds"] < 5


def test_no_context_yet_is_said_as_such(qtbot: QtBot, served: Served) -> None:
    assert off_thread(qtbot, latest) == {"context": None}


def test_a_path_outside_is_refused_logged_and_the_last_context_stays(
    qtbot: QtBot, served: Served, repo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def send() -> list[dict[str, Any]]:
        with connect() as sock:
            sock.sendall(line(editor_context=report(repo)))
            first = read_reply(sock)
            # One connection stays open for an editor: the next line is the next report.
            sock.sendall(line(editor_context=report(repo, path="../../etc/passwd", line=9)))
            return [first, read_reply(sock)]

    with caplog.at_level(logging.WARNING):
        first, refused = off_thread(qtbot, send)
    assert first["ok"] and not refused["ok"] and "path refused" in refused["text"]
    assert "editor context refused: path refused" in caplog.text
    assert off_thread(qtbot, latest)["context"]["line"] == 2


def test_a_ten_megabyte_report_is_refused_and_the_app_answers_on(qtbot: QtBot, served: Served, repo: Path) -> None:
    def send() -> dict[str, Any]:
        with connect() as sock:
            # The app may close the connection while the rest is still on its way.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(line(editor_context=report(repo, selection="x" * 10_000_000)))
            return read_reply(sock)

    assert off_thread(qtbot, send) == {"ok": False, "text": "The request was too long."}
    assert off_thread(qtbot, latest) == {"context": None}


def test_invalid_json_is_answered_and_never_stops_the_app(qtbot: QtBot, served: Served, repo: Path) -> None:
    def send() -> list[dict[str, Any]]:
        replies = []
        with connect() as sock:
            sock.sendall(b"{not json\n")
            replies.append(read_reply(sock))
        with connect() as sock:
            sock.sendall(line(editor_context=report(repo)))
            replies.append(read_reply(sock))
            sock.sendall(b'{"editor_context": [1, \xff\n')
            replies.append(read_reply(sock))
            sock.sendall(line(editor_context=report(repo, line=1)))
            replies.append(read_reply(sock))
        return replies

    replies = off_thread(qtbot, send)
    assert [r["ok"] for r in replies] == [False, True, False, True], replies
    assert "not JSON" in replies[0]["text"] and "not JSON" in replies[2]["text"]
    assert off_thread(qtbot, latest)["context"]["line"] == 1


@pytest.mark.slow
def test_a_flood_of_reports_keeps_the_newest_and_the_app_answers_promptly(
    qtbot: QtBot, served: Served, repo: Path
) -> None:
    reports = [line(editor_context=report(repo, line=n)) for n in range(1, FLOOD + 1)]
    assert sum(map(len, reports)) > 10 * LINE_LIMIT

    def flood() -> tuple[int, float, list[float]]:
        waits = []
        with connect() as sock:
            started = time.monotonic()
            for n, one in enumerate(reports, 1):
                sock.sendall(one)
                if n % 1000 == 0:  # another client asks while the editor is still flooding
                    asked = time.monotonic()
                    assert instance.send({"context": "latest"}, limit=instance.CONTEXT_REPLY_LIMIT) is not None
                    waits.append(time.monotonic() - asked)
            took = time.monotonic() - started
            time.sleep(3 * instance.EDITOR_INTERVAL)  # the newest is handled within the interval
            sock.settimeout(0.5)
            answers = b""
            with contextlib.suppress(TimeoutError):
                while chunk := sock.recv(65536):
                    answers += chunk
        return answers.count(b"\n"), took, waits

    answered, took, waits = off_thread(qtbot, flood)
    assert max(waits) < PROMPT, f"a request waited {max(waits):.2f} s during the flood"
    # At most one report per interval was handled (and answered): the rest were overtaken.
    limit = (took + 3 * instance.EDITOR_INTERVAL) / instance.EDITOR_INTERVAL + 2
    assert answered <= limit, f"{answered} of {FLOOD} handled in {took:.1f} s"
    assert off_thread(qtbot, latest)["context"]["line"] == FLOOD
    print(f"\n{FLOOD} reports in {took:.2f} s: {answered} handled; the slowest request meanwhile {max(waits):.3f} s")


def _listening_inet_sockets() -> set[str]:
    """This process's TCP sockets in the LISTEN state (from /proc: no tool needed)."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A" and fields[9] in mine:  # 0A: LISTEN
                listening.add(fields[1])
    return listening


@pytest.mark.slow
def test_context_says_when_no_app_runs_and_when_no_editor_reported(qtbot: QtBot, repo: Path) -> None:
    def context() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app", "context"], cwd=ROOT, capture_output=True, text=True, timeout=60
        )

    alone = context()
    assert alone.returncode == 2 and "not running" in alone.stderr and len(alone.stderr.strip().splitlines()) == 1
    for _served in serve(repo):  # the app runs for the body of this loop
        quiet = off_thread(qtbot, context)
        assert quiet.returncode == 1 and "no editor has reported" in quiet.stderr, quiet.stderr
