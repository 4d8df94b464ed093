"""`python -m app memory list|show|forget`, run as a person would, with no display or audio.

The commands run in this process (tests/app_cli.py); the y/N question on a terminal runs a real process.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core import settings as settings_store
from app.core.memory import MemoryStore, open_store
from tests.app_cli import run_app
from tests.conftest import git
from tests.core.memory.conftest import ok, tree

ROOT = Path(__file__).resolve().parents[3]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER")}
    env["PULSE_RUNTIME_PATH"] = "/nonexistent"
    return env


def _app(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_app("memory", *args, env=_env(), cwd=cwd)  # stdin is no terminal


@pytest.fixture
def remembered(empty_repo: Path) -> MemoryStore:
    store = open_store(empty_repo)
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
    total = 28 + len("/memories/build.md") + len("/memories/style/naming.md")  # names count toward the cap
    assert f"{empty_repo.resolve()}: {total} of 6,000 characters in 2 file(s), largest 17 of 4,000" in out.stdout


def test_list_of_one_repository_names_its_files(remembered: MemoryStore, empty_repo: Path) -> None:
    out = _app("list", "--repo", str(empty_repo))
    assert out.returncode == 0, out.stderr
    assert "/memories/build.md  17 of 4,000 characters" in out.stdout
    assert "/memories/style/naming.md  11 of 4,000 characters" in out.stdout


def test_show_prints_content_origin_staleness_and_use(remembered: MemoryStore, empty_repo: Path) -> None:
    (empty_repo / "sub").mkdir()
    out = _app("show", "--repo", ".", cwd=empty_repo / "sub")  # any folder inside the repository
    assert out.returncode == 0, out.stderr
    assert "== /memories/build.md (17 of 4,000 characters)" in out.stdout
    assert "Build with make." in out.stdout and "snake_case" in out.stdout
    assert 'session sess-1: "remember that we build with make"' in out.stdout
    build = out.stdout.split("== /memories/build.md")[1].split("==")[0]
    assert "Loaded in 2 session(s); used in 0, last never" in build and "Flags: never used" in build
    assert "PySide6" not in out.stderr


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)


def test_show_json_has_every_field_a_reviewer_needs(empty_repo: Path) -> None:
    (empty_repo / "src").mkdir()
    (empty_repo / "src" / "old.py").write_text("x = 1\n")
    _commit(empty_repo, "start")
    store = open_store(empty_repo)
    note = "- Parsing lives in src/old.py.\n"
    ok(
        store,
        {"command": "create", "path": "/memories/notes.md", "file_text": note},
        session_id="s1",
        user_words="note it",
    )
    ok(store, {"command": "create", "path": "/memories/idle.md", "file_text": "- short answers\n"}, session_id="s1")
    store.snapshot(session_id="s2")
    assert store.observe("s2", '{"path": "src/old.py"}') == ["/memories/notes.md"]  # a tool input named it
    git(empty_repo, "rm", "-q", "src/old.py")
    _commit(empty_repo, "drop old")
    out = _app("show", "--repo", str(empty_repo), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    files = {f["path"]: f for f in data["files"]}
    notes = files["/memories/notes.md"]
    assert notes["text"] == note and notes["written_by"] == "agent" and notes["user_words"] == "note it"
    assert len(notes["commit"]) == 40 and notes["commits_since"] == 1
    assert notes["paths_missing"] == ["src/old.py"] and notes["paths_changed"] == []
    assert (notes["loaded_count"], notes["used_count"]) == (1, 1) and notes["last_used"]
    assert notes["written_at"].endswith("+00:00") and notes["flags"] == []
    assert [(h["by"], h["command"], h["old"], h["new"]) for h in notes["history"]] == [("agent", "create", None, note)]
    assert set(notes) >= {
        "path",
        "text",
        "written_at",
        "written_by",
        "user_words",
        "commit",
        "commits_since",
        "paths_missing",
        "paths_changed",
        "loaded_count",
        "used_count",
        "last_used",
        "flags",
        "history",
    }
    idle = files["/memories/idle.md"]
    assert (idle["loaded_count"], idle["used_count"], idle["flags"]) == (1, 0, ["never used"])


def test_history_and_undo_bring_back_a_deleted_memory(remembered: MemoryStore, empty_repo: Path) -> None:
    ok(remembered, {"command": "delete", "path": "/memories/build.md"}, session_id="sess-9")
    history = _app("history", "--repo", str(empty_repo), "build.md")
    assert history.returncode == 0, history.stderr
    lines = history.stdout
    assert "create /memories/build.md by the agent" in lines and "delete /memories/build.md by the agent" in lines
    assert "old: Build with make." in lines and "new: (no file)" in lines
    undone = _app("undo", "--repo", str(empty_repo))
    assert undone.returncode == 0, undone.stderr
    assert undone.stdout.startswith("Undid the delete of /memories/build.md by the agent")
    assert (remembered.folder / "build.md").read_text() == "Build with make.\n"
    last = remembered.history("/memories/build.md")[-1]
    assert (last.command, last.by) == ("undo", "person")


def test_mode_switches_a_repository_and_the_setting_is_kept(empty_repo: Path) -> None:
    assert _app("mode", "--repo", str(empty_repo)).stdout.strip().endswith(": on")
    out = _app("mode", "--repo", str(empty_repo), "read-only")
    assert out.returncode == 0 and "now read-only" in out.stdout
    assert settings_store.load().settings.memory_mode_for(empty_repo.resolve()) == "read-only"
    _app("mode", "--repo", str(empty_repo), "on")
    assert settings_store.load().settings.memory_modes == {}
    bad = _app("mode", "--repo", str(empty_repo), "sometimes")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("show", "--repo", "{missing}"),
        ("history", "--repo", "{missing}"),
        ("undo", "--repo", "{missing}"),
        ("mode", "--repo", "{missing}", "off"),
        ("history", "--repo", "{repo}", "../../etc/passwd"),
        ("history", "--repo", "{repo}", "/memories/.journal.sqlite"),
        ("show", "--repo", "{repo}", "--json", "{corrupt}"),
        ("history", "--repo", "{repo}", "{corrupt}"),
        ("undo", "--repo", "{repo}", "{corrupt}"),
    ],
)
def test_bad_input_is_one_clear_line_exit_2_and_changes_nothing(
    remembered: MemoryStore, empty_repo: Path, app_home: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    if "{corrupt}" in args:
        (remembered.folder / ".journal.sqlite").write_bytes(b"not a database" * 50)
    before = tree(app_home / "data"), tree(app_home / "config")  # the log file is not data
    argv = [a.format(missing=tmp_path / "nope", repo=empty_repo) for a in args if a != "{corrupt}"]
    out = _app(*argv)
    assert out.returncode == 2, out.stdout + out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr, out.stderr
    assert (tree(app_home / "data"), tree(app_home / "config")) == before


def test_show_and_list_with_no_memory(empty_repo: Path) -> None:
    assert "No memory for" in _app("show", "--repo", str(empty_repo)).stdout
    assert "No repository has any memory yet." in _app("list").stdout
    assert not open_store(empty_repo).folder.exists()  # looking created nothing


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


@pytest.mark.slow
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


def test_forget_also_removes_the_repositorys_turns_and_learned_aliases(
    remembered: MemoryStore, empty_repo: Path, tmp_path: Path
) -> None:
    from app.core.history import History

    key = str(empty_repo.resolve())
    history = History()
    history.add(key, "what does the memory say", "It says: Build with make.")
    history.add(str(tmp_path), "another repository", "kept")
    history.record_learned(key, "build dot em kay", "build.mk", None)
    loaded = settings_store.load().settings
    aliases = {key: {"build dot em kay": "build.mk"}, str(tmp_path): {"other": "Other"}}
    settings_store.save(dataclasses.replace(loaded, repo_aliases=aliases))
    out = _app("forget", "--repo", str(empty_repo), "--yes")
    assert out.returncode == 0, out.stderr
    assert "Removed its 1 turn(s) from the history and its 1 learned vocabulary alias(es)." in out.stdout
    assert history.turns(key) == [] and history.learned(key) == []
    assert [t.reply for t in history.turns(str(tmp_path))] == ["kept"]
    assert settings_store.load().settings.repo_aliases == {str(tmp_path): {"other": "Other"}}
