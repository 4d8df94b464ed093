"""`python -m app memory list|show|forget`, run as a person would: a subprocess with no display or audio."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.memory import MemoryStore
from tests.core.memory.conftest import ok

ROOT = Path(__file__).resolve().parents[3]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER")}
    env["PULSE_RUNTIME_PATH"] = "/nonexistent"
    return env


def _app(*args: str, stdin: int | None = subprocess.DEVNULL, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "memory", *args],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=cwd,
        stdin=stdin,
        timeout=60,
    )


@pytest.fixture
def remembered(empty_repo: Path) -> MemoryStore:
    store = MemoryStore.for_repository(empty_repo)
    ok(
        store,
        {"command": "create", "path": "/memories/build.md", "file_text": "Build with make.\n"},
        session_id="sess-1",
        user_words="remember that we build with make",
    )
    ok(
        store,
        {"command": "create", "path": "/memories/style/naming.md", "file_text": "snake_case\n"},
        session_id="sess-1",
    )
    store.snapshot(session_id="sess-2")
    store.snapshot(session_id="sess-3")
    return store


def test_list_shows_every_repository_with_its_size_against_the_caps(remembered: MemoryStore, empty_repo: Path) -> None:
    out = _app("list")
    assert out.returncode == 0, out.stderr
    assert f"{empty_repo.resolve()}: 28 of 6,000 characters in 2 file(s), largest 17 of 4,000" in out.stdout


def test_list_of_one_repository_names_its_files(remembered: MemoryStore, empty_repo: Path) -> None:
    out = _app("list", "--repo", str(empty_repo))
    assert out.returncode == 0, out.stderr
    assert "/memories/build.md  17 of 4,000 characters" in out.stdout
    assert "/memories/style/naming.md  11 of 4,000 characters" in out.stdout


def test_show_prints_content_origin_and_reads(remembered: MemoryStore, empty_repo: Path) -> None:
    (empty_repo / "sub").mkdir()
    out = _app("show", "--repo", ".", cwd=empty_repo / "sub")  # any folder inside the repository
    assert out.returncode == 0, out.stderr
    assert "== /memories/build.md (17 of 4,000 characters)" in out.stdout
    assert "Build with make." in out.stdout and "snake_case" in out.stdout
    assert 'session sess-1: "remember that we build with make"' in out.stdout
    assert "read 2 time(s)" in out.stdout
    assert "PySide6" not in out.stderr


def test_show_and_list_with_no_memory(empty_repo: Path) -> None:
    assert "No memory for" in _app("show", "--repo", str(empty_repo)).stdout
    assert "No repository has any memory yet." in _app("list").stdout
    assert not MemoryStore.for_repository(empty_repo).folder.exists()  # looking created nothing


def test_show_of_a_missing_folder_is_a_readable_error(tmp_path: Path) -> None:
    out = _app("show", "--repo", str(tmp_path / "nope"))
    assert out.returncode != 0
    assert "does not exist" in out.stderr and "Traceback" not in out.stderr


def test_forget_refuses_without_yes_when_not_on_a_terminal(remembered: MemoryStore, empty_repo: Path) -> None:
    out = _app("forget", "--repo", str(empty_repo))
    assert out.returncode != 0
    assert "--yes" in out.stderr
    assert len(remembered.files()) == 2


def test_forget_with_yes_removes_everything(remembered: MemoryStore, empty_repo: Path) -> None:
    out = _app("forget", "--repo", str(empty_repo), "--yes")
    assert out.returncode == 0, out.stderr
    assert not remembered.folder.exists()
    assert "No repository has any memory yet." in _app("list").stdout


@pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize(("answer", "kept"), [("n", True), ("y", False)])
def test_forget_on_a_terminal_asks_first(remembered: MemoryStore, empty_repo: Path, answer: str, kept: bool) -> None:
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "memory", "forget", "--repo", str(empty_repo)],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        cwd=ROOT,
    )
    os.close(follower)
    time.sleep(0.2)
    os.write(leader, f"{answer}\n".encode())
    out, errors = proc.communicate(timeout=60)
    os.close(leader)
    assert "cannot be undone" in errors
    assert remembered.folder.exists() == kept
    assert (proc.returncode == 0) != kept, out + errors
