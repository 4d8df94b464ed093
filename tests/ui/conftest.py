"""Qt runs offscreen in these tests (screenshots run in their own process on the Xvfb display),
and any Qt warning fails the test that caused it."""

from __future__ import annotations

import os

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            # The offscreen platform says what it cannot do (raise a window, size hints): not the app's fault.
            item.add_marker(pytest.mark.qt_log_ignore("This plugin does not support"))
