"""One-off background work (app.ui.background.Job): its outcome comes back on the main thread, and an
error nobody handles reaches the person through the message path instead of vanishing on a thread."""

from __future__ import annotations

import threading
from pathlib import Path

import shiboken6
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.core import messages
from app.core.errors import UserFacingError
from app.ui.background import Job, error_text


def _said() -> list[messages.Message]:
    heard: list[messages.Message] = []
    messages.set_sink(heard.append)
    return heard


def test_progress_and_the_result_arrive_in_order_on_the_main_thread(qtbot: QtBot) -> None:
    seen: list[tuple[str, object, bool]] = []
    main = threading.main_thread()
    worked_on: list[threading.Thread] = []

    def work() -> int:
        worked_on.append(threading.current_thread())
        for step in (1, 2, 3):
            job.report(step)
        return 42

    def note(what: str) -> object:
        return lambda value=None: seen.append((what, value, threading.current_thread() is main))

    job = Job(work, name="count", on_progress=note("progress"), on_returned=note("returned"))
    job.started.connect(note("started"))
    job.finished.connect(note("finished"))
    job.start()
    qtbot.waitUntil(lambda: ("finished", None, True) in seen, timeout=5_000)
    assert seen == [
        ("started", None, True),
        ("progress", 1, True),
        ("progress", 2, True),
        ("progress", 3, True),
        ("returned", 42, True),
        ("finished", None, True),
    ]
    assert worked_on and worked_on[0] is not main  # the work itself ran off the main thread
    assert not job.is_running()


def test_an_error_nobody_handles_is_told_through_the_message_path(qtbot: QtBot, tmp_path: Path) -> None:
    heard = _said()
    try:
        failed = Job(lambda: (tmp_path / "missing.txt").read_text(), name="read")
        user = Job(lambda: (_ for _ in ()).throw(UserFacingError("The voice file is damaged; choose another.")),
                   name="voice")  # fmt: skip
        with qtbot.waitSignal(failed.finished, timeout=5_000):
            failed.start()
        with qtbot.waitSignal(user.finished, timeout=5_000):
            user.start()
    finally:
        messages.set_sink(None)
    assert [(m.level, m.text) for m in heard] == [
        (messages.Level.ERROR, "Something went wrong (FileNotFoundError). Details are in the log file."),
        (messages.Level.ERROR, "The voice file is damaged; choose another."),
    ]


def test_an_error_the_caller_handles_goes_to_it_alone(qtbot: QtBot) -> None:
    heard = _said()
    handled: list[str] = []
    errored: list[BaseException] = []
    try:
        job = Job(lambda: 1 / 0, name="divide", on_errored=lambda exc: handled.append(error_text(exc)))
        job.errored.connect(errored.append)
        with qtbot.waitSignal(job.finished, timeout=5_000):
            job.start()
    finally:
        messages.set_sink(None)
    assert handled == ["ZeroDivisionError: division by zero"]
    assert len(errored) == 1 and isinstance(errored[0], ZeroDivisionError)
    assert heard == []  # the window that asked shows it; no second message
    assert error_text(UserFacingError("Enter a key first.")) == "Enter a key first."


def test_a_job_whose_window_closed_runs_no_callback_on_its_deleted_widgets(qtbot: QtBot) -> None:
    """A settings tab rebuilt while its speed measurement or voice test still ran: nothing touches the old one."""
    heard = _said()
    try:
        for outcome in ("returned", "errored"):
            label = QLabel("measuring…")
            release = threading.Event()

            def work(outcome: str = outcome, release: threading.Event = release) -> str:
                release.wait(5)
                if outcome == "errored":
                    raise OSError("the speaker went away")
                return "done"

            job = Job(work, name=f"measure ({outcome})", owner=label, on_returned=label.setText,
                      on_errored=lambda exc, label=label: label.setText(str(exc)))  # fmt: skip
            ended: list[str] = []
            job.finished.connect(lambda ended=ended: ended.append("finished"))
            job.start()
            label.deleteLater()
            qtbot.waitUntil(lambda label=label: not shiboken6.isValid(label), timeout=5_000)
            release.set()
            qtbot.waitUntil(lambda job=job: not job.is_running(), timeout=5_000)
            qtbot.wait(50)  # the queued end reaches the main thread: had a callback run, pytest-qt would fail here
            assert ended == []  # no finished either: nobody is left to hear it
        assert heard == []  # an outcome for a window that is gone is logged, never shown
    finally:
        messages.set_sink(None)
