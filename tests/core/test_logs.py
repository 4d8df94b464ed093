"""The log file is about the app: no API keys, no per-request noise from the HTTP client."""

from __future__ import annotations

import logging
import logging.handlers
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text
from app.core import logs, paths, settings


@pytest.fixture
def fake_api() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        yield server


@pytest.fixture
def fresh_logging() -> Iterator[None]:
    root = logging.getLogger()
    saved = list(root.handlers), root.level
    root.handlers = [h for h in root.handlers if not getattr(h, "_voice_dev_agent", False)]
    yield
    for handler in root.handlers:
        if getattr(handler, "_voice_dev_agent", False):
            handler.close()
    root.handlers, root.level = saved


def test_keys_are_masked_and_http_requests_are_not_logged(fresh_logging: None) -> None:
    logs.setup(api_traffic=False)
    logging.getLogger("app.test").warning("key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 rejected")
    logging.getLogger("httpx2").info('HTTP Request: POST https://api.anthropic.com/v1/messages "200 OK"')
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = paths.log_file().read_text()
    assert "rejected" in text and "[redacted]" in text
    assert "sk-ant-api03" not in text
    assert "HTTP Request" not in text


_CLIENT = """\
import logging, sys
import anthropic  # reads ANTHROPIC_LOG on import: its console handler comes before the app's own
from app.core import logs
logs.setup()
client = anthropic.Anthropic(api_key=sys.argv[1], base_url=sys.argv[2], max_retries=0)
client.messages.create(model="claude-test", max_tokens=50, messages=[{"role": "user", "content": sys.argv[3]}])
logging.getLogger("app.test").info("turn finished")
"""


def _run_client(fake: FakeAPI, words: str) -> tuple[str, str]:
    env = {**os.environ, "ANTHROPIC_LOG": "debug", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run(
        [sys.executable, "-c", _CLIENT, fake.api_key, fake.base_url, words],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    return paths.log_file().read_text(), out.stderr


@pytest.mark.slow
def test_anthropic_debug_logging_never_writes_what_was_said(fake_api: FakeAPI) -> None:
    fake_api.script(text("Fine."))
    log_text, console = _run_client(fake_api, "my-private-words-7731 about the build")
    assert "turn finished" in log_text  # the log works; it just holds no request body
    assert "my-private-words-7731" not in log_text
    assert "my-private-words-7731" not in console
    assert "Fine." not in log_text


@pytest.mark.slow  # a process of the app per call; the fast lane keeps one of each kind
def test_the_diagnostic_setting_lets_api_traffic_into_the_log(fake_api: FakeAPI) -> None:
    settings.save(settings.Settings(diagnostic_log_api_traffic=True))
    fake_api.script(text("Fine."))
    log_text, _ = _run_client(fake_api, "my-private-words-7731 about the build")
    assert "my-private-words-7731" in log_text


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_log_files_are_owner_only_whatever_the_umask(fresh_logging: None) -> None:
    previous = os.umask(0)
    try:
        logs.setup(api_traffic=False)
        handler = next(h for h in logging.getLogger().handlers if getattr(h, "_voice_dev_agent", False))
        assert isinstance(handler, logging.handlers.RotatingFileHandler)
        logging.getLogger("app.test").warning("first")
        handler.doRollover()
        logging.getLogger("app.test").warning("second")
    finally:
        os.umask(previous)
    files = sorted(paths.log_dir().iterdir())
    assert len(files) == 2
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files), [oct(f.stat().st_mode) for f in files]
    assert stat.S_IMODE(paths.log_dir().stat().st_mode) == 0o700


def test_a_message_quoting_memory_is_shown_whole_and_logged_without_its_words(fresh_logging: None) -> None:
    from app.core import messages

    logs.setup(api_traffic=False)
    shown: list[messages.Message] = []
    clicked: list[str] = []
    messages.set_sink(shown.append)
    messages.info("Remembered: “the vault is at secret-path-4411” in notes.md", private=True,
                  actions=(("undo", "Undo"),), on_action=clicked.append)  # fmt: skip
    messages.info("Now asking about shop.")
    (memory, plain) = shown
    assert plain.text == "Now asking about shop." and not plain.private and plain.actions == ()
    assert memory.text.startswith("Remembered: “the vault") and memory.actions == (("undo", "Undo"),)
    assert memory.on_action is not None
    memory.on_action("undo")
    assert clicked == ["undo"]
    for handler in logging.getLogger().handlers:
        handler.flush()
    logged = paths.log_file().read_text()
    assert "Now asking about shop." in logged and "(a message about memory, " in logged
    assert "secret-path-4411" not in logged  # forgetting the repository's memory leaves no copy here
