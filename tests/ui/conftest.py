"""Qt runs offscreen in these tests (screenshots run in their own process on the Xvfb display),
and any Qt warning fails the test that caused it."""

from __future__ import annotations

import os
from collections.abc import Iterator

import keyring
import pytest
from keyring.backends import fail, null

os.environ["QT_QPA_PLATFORM"] = "offscreen"


@pytest.fixture(params=["null", "fail"])
def no_keyring(request: pytest.FixtureRequest) -> Iterator[None]:
    """No Secret Service: the null backend (drops the key silently) or the fail one (raises NoKeyringError)."""
    before = keyring.get_keyring()
    keyring.set_keyring(null.Keyring() if request.param == "null" else fail.Keyring())
    yield
    keyring.set_keyring(before)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            # The offscreen platform says what it cannot do (raise a window, size hints): not the app's fault.
            item.add_marker(pytest.mark.qt_log_ignore("This plugin does not support"))
