"""The log file is about the app: no API keys, no per-request noise from the HTTP client."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from app.core import logs, paths


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
    logs.setup()
    logging.getLogger("app.test").warning("key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 rejected")
    logging.getLogger("httpx2").info('HTTP Request: POST https://api.anthropic.com/v1/messages "200 OK"')
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = paths.log_file().read_text()
    assert "rejected" in text and "[redacted]" in text
    assert "sk-ant-api03" not in text
    assert "HTTP Request" not in text
