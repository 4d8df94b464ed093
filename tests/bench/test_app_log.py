"""The benches read only what the app they started logged, never the text of an app before it."""

from __future__ import annotations

from pathlib import Path

from app.bench.desktop import AppLog


def test_a_second_app_in_the_same_home_does_not_see_the_first_ones_ready_line(tmp_path: Path) -> None:
    log_file = tmp_path / "voice-dev-agent.log"
    log_file.write_text("10:00 INFO ready: tray shown, hotkey listening\n", encoding="utf-8")

    second = AppLog(log_file)
    assert second.text() == ""

    with log_file.open("a", encoding="utf-8") as log:
        log.write("10:05 INFO desktop app started\n")
    assert second.text() == "10:05 INFO desktop app started\n"


def test_a_log_that_rotated_is_read_from_its_start(tmp_path: Path) -> None:
    log_file = tmp_path / "voice-dev-agent.log"
    log_file.write_text("an old app's lines\n" * 100, encoding="utf-8")
    current = AppLog(log_file)

    log_file.write_text("10:05 INFO ready: tray shown\n", encoding="utf-8")  # the handler started a new file

    assert current.text() == "10:05 INFO ready: tray shown\n"


def test_no_log_yet_reads_as_empty_and_then_as_written(tmp_path: Path) -> None:
    log_file = tmp_path / "logs" / "voice-dev-agent.log"
    current = AppLog(log_file)
    assert current.text() == ""

    log_file.parent.mkdir()
    log_file.write_text("started\n", encoding="utf-8")
    assert current.text() == "started\n"
