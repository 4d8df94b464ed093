"""The history of turns in a real SQLite file: kept per repository, searchable, private, deletable."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core import messages, paths
from app.core.agent.events import ScreenContent, TextDelta, ToolFinished, ToolStarted, TurnEnded, TurnFailed
from app.core.history import History, Page, ToolRun
from app.core.languages import Heard
from app.core.turn_record import TurnRecorder

REPO_A = "/home/dev/payments"
REPO_B = "/home/dev/website"


def test_a_turn_keeps_what_was_heard_the_reply_tools_and_pages_newest_first() -> None:
    history = History()
    first = history.add(REPO_A, "why is the build red", "Two tests fail.", tools=[ToolRun("build", "building", False)])
    second = history.add(
        REPO_A, "show me the diff", "It is on screen.", pages=[Page("Diff", "```diff\n+x\n```")], source="typed"
    )
    turns = history.turns(REPO_A)
    assert [t.id for t in turns] == [second, first]
    assert turns[1].heard == "why is the build red" and turns[1].tools == (ToolRun("build", "building", False),)
    assert turns[0].pages == (Page("Diff", "```diff\n+x\n```"),) and turns[0].source == "typed"
    assert history.turns(REPO_B) == [] and history.repos() == [REPO_A]


def test_the_file_is_owner_only_in_the_data_folder() -> None:
    History().add(REPO_A, "hello", "Hi.")
    path = paths.history_file()
    assert path.parent == paths.data_dir()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700


def test_search_finds_words_in_questions_replies_and_pages_and_treats_wildcards_as_text() -> None:
    history = History()
    history.add(REPO_A, "what does the rate cache hold", "Exchange rates for a day.")
    history.add(REPO_A, "run the tests", "All 40 pass.", pages=[Page("Failures", "none in PaymentGateway")])
    history.add(REPO_B, "deploy status", "100% done_ok.")
    assert [t.heard for t in history.turns(query="rate")] == ["what does the rate cache hold"]
    assert [t.heard for t in history.turns(query="paymentgateway")] == ["run the tests"]
    assert [t.heard for t in history.turns(query="tests 40")] == ["run the tests"]
    assert [t.heard for t in history.turns(query="100%")] == ["deploy status"]
    assert history.turns(query="%") == [t for t in history.turns() if "%" in t.reply]
    assert history.turns(query="s_t") == [] and len(history.turns(query="_")) == 1


def test_turns_older_than_the_kept_days_are_deleted() -> None:
    History().add(REPO_A, "old question", "Old answer.", at=time.time() - 31 * 86400)
    History().add(REPO_A, "recent question", "Recent answer.", at=time.time() - 29 * 86400)
    assert [t.heard for t in History(keep_days=30).turns()] == ["recent question"]
    assert History(keep_days=1).turns() == []


def test_off_stores_nothing() -> None:
    assert History(enabled=False).add(REPO_A, "secret plan", "Okay.") is None
    assert History().turns() == [] and not paths.history_file().exists()


def test_delete_one_turn_one_repository_or_everything() -> None:
    history = History()
    a1 = history.add(REPO_A, "one", "1")
    history.add(REPO_A, "two", "2")
    history.add(REPO_B, "three", "3")
    assert a1 is not None
    history.delete_turn(a1)
    assert [t.heard for t in history.turns()] == ["three", "two"]
    history.delete_repo(REPO_A)
    assert [t.heard for t in history.turns()] == ["three"]
    history.delete_all()
    assert history.turns() == [] and not paths.history_file().exists()
    assert history.add(REPO_A, "after", "still works") is not None


def test_a_damaged_file_is_kept_aside_and_a_new_history_starts() -> None:
    path = paths.history_file()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database" * 100)
    history = History()
    assert history.turns() == []
    assert history.add(REPO_A, "works again", "Yes.") is not None
    assert list(path.parent.glob("history.sqlite3.corrupt-*"))


def test_a_correction_is_kept_beside_what_was_heard() -> None:
    history = History()
    turn_id = history.add(REPO_A, "what does the rate cash hold", "I don't know a rate cash.")
    assert turn_id is not None
    turn = history.correct(turn_id, "what does the RateCache hold")
    assert turn is not None and turn.heard == "what does the rate cash hold"
    assert turn.question == "what does the RateCache hold"
    assert [t.id for t in history.turns(query="RateCache")] == [turn_id]


def test_the_recorder_stores_each_turn_as_it_ends_and_passes_events_on() -> None:
    history = History()
    passed: list[object] = []
    recorder = TurnRecorder(history, Path(REPO_A), "why is the build red", forward=passed.append)
    events = [
        ToolStarted("t1", "build", "building"),
        ToolFinished("t1", "build", "building", is_error=False),
        ToolFinished("t2", "read_file", "reading app.py", is_error=True),
        TextDelta("Two tests fail."),
        TurnEnded("Two tests fail.", screens=(ScreenContent("| test | error |", "Failures"),)),
    ]
    for event in events:
        recorder(event)
    assert passed == events
    (turn,) = history.turns(REPO_A)
    assert turn.id == recorder.turn_id and turn.reply == "Two tests fail."
    assert turn.tools == (ToolRun("build", "building", True), ToolRun("read_file", "reading app.py", False))
    assert turn.pages == (Page("Failures", "| test | error |"),)

    failed = TurnRecorder(history, REPO_A, "and now?", source="typed")
    failed(TurnFailed("No Anthropic API key is set."))
    assert history.turns(REPO_A)[0].reply == "(failed) No Anthropic API key is set."


def test_a_history_that_cannot_be_written_never_costs_the_reply(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    passed: list[object] = []
    recorder = TurnRecorder(History(blocked / "history.sqlite3"), REPO_A, "hello", forward=passed.append)
    recorder(TurnEnded("Hi."))
    assert passed == [TurnEnded("Hi.")] and recorder.turn_id is None


_LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
"""


def _kept_aside(path: Path) -> list[Path]:
    return list(path.parent.glob(f"{path.name}.corrupt-*"))


@pytest.mark.slow
def test_a_history_another_process_holds_locked_is_kept_not_moved_aside() -> None:
    history = History()
    assert history.add(REPO_A, "before the lock", "Kept.") is not None
    locker = subprocess.Popen(
        [sys.executable, "-c", _LOCKER, str(history.path), "7"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        with pytest.raises(sqlite3.OperationalError):
            history.add(REPO_A, "while locked", "Not saved.")  # waited 5 s: busy is a temporary error
        assert _kept_aside(history.path) == []
    finally:
        locker.wait(timeout=30)
    assert [t.heard for t in history.turns()] == ["before the lock"]


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KB tmpfs: a real full disk (root only; elsewhere this test is skipped and says why)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (not root), so no real full disk to test on")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.slow
def test_a_history_on_a_full_disk_is_kept_not_moved_aside(tiny_disk: Path) -> None:
    history = History(tiny_disk / "history.sqlite3", keep_days=30)
    assert history.add(REPO_A, "before the disk filled", "Kept.") is not None
    # Past the kept days by the next open: that open's clean-up must write, and cannot.
    assert history.add(REPO_A, "old", "x" * 20_000, at=time.time() - 30 * 86_400 + 1.0) is not None
    filler = tiny_disk / "filler"
    fd = os.open(filler, os.O_CREAT | os.O_WRONLY, 0o600)
    with contextlib.suppress(OSError):
        while True:
            os.write(fd, b"x" * 1024)
    os.close(fd)
    time.sleep(1.2)  # the old turn is now past the kept days
    with pytest.raises(sqlite3.Error):
        history.add(REPO_A, "on a full disk", "y" * 200_000)
    heard: list[messages.Message] = []
    messages.set_sink(heard.append)
    with contextlib.suppress(sqlite3.Error):  # its start-up clean-up cannot write either
        history.turns()
    with contextlib.suppress(sqlite3.Error):
        history.add(REPO_A, "still full", "z" * 200_000)
    messages.set_sink(None)
    assert _kept_aside(history.path) == []
    filler.unlink()
    said = [m.text for m in heard if "disk is full" in m.text]
    assert len(said) == 1 and "history is kept" in said[0], said
    assert "before the disk filled" in [t.heard for t in history.turns()]
    assert history.add(REPO_A, "space again", "Saved.") is not None


def test_the_language_a_question_was_heard_in_is_kept_with_it() -> None:
    history = History()
    detected = history.add(
        REPO_A, "warum ist der Build rot", "Zwei Tests schlagen fehl.", language=Heard("de", 0.93, True)
    )
    fixed = history.add(REPO_A, "¿por qué falla?", "Falta un import.", language=Heard("es", 1.0, False))
    typed = history.add(REPO_A, "what branch", "main", source="typed")
    by_id = {t.id: t for t in history.turns(REPO_A)}
    assert by_id[detected].language == Heard("de", 0.93, True)
    assert by_id[fixed].language == Heard("es", 1.0, False) and by_id[typed].language is None
    assert by_id[detected].language.describe() == "German (detected, 93% sure)"
    assert by_id[fixed].language.describe() == "Spanish (fixed in Settings)"


def test_a_history_from_before_languages_were_kept_opens_and_gains_them() -> None:
    path = paths.history_file()
    paths.ensure_private_dir(path.parent)
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE turns (id INTEGER PRIMARY KEY AUTOINCREMENT, repo TEXT NOT NULL, at REAL NOT NULL,"
        " heard TEXT NOT NULL, corrected TEXT, reply TEXT NOT NULL, tools TEXT NOT NULL, pages TEXT NOT NULL,"
        " source TEXT NOT NULL);"
    )
    old.execute(
        "INSERT INTO turns (repo, at, heard, reply, tools, pages, source) VALUES (?, ?, ?, ?, '[]', '[]', 'voice')",
        (REPO_A, time.time(), "why is the build red", "Two tests fail."),
    )
    old.commit()
    old.close()
    history = History()
    added = history.add(REPO_A, "warum", "Darum.", language=Heard("de", 0.8, True))
    turns = history.turns(REPO_A)
    assert [t.heard for t in turns] == ["warum", "why is the build red"]
    assert turns[0].id == added and turns[0].language == Heard("de", 0.8, True) and turns[1].language is None


def test_the_recorder_keeps_the_language_of_a_spoken_turn() -> None:
    history = History()
    recorder = TurnRecorder(history, REPO_A, "warum ist der Build rot", language=Heard("de", 0.9, True))
    recorder(TurnEnded("Zwei Tests schlagen fehl."))
    turn = history.get(recorder.turn_id or 0)
    assert turn is not None and turn.language == Heard("de", 0.9, True)
