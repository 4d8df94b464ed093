"""A tap of the hotkey costs nothing, also in a fresh app and a fresh session; the next real hold warms.

The real app under the test desktop ("Prepare the answer while I speak" on, as by default), the
fake Messages API in this process recording every request, xdotool on the hotkey. The hotkey
tells a short press's stop only when its double-tap window has passed (0.5 s after the release),
which made a 0.1 s tap look like a 0.6 s hold to the warm-up on main.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bench.desktop import DesktopApp
from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.bench.vocabulary import make_sample_repo
from app.bench.waiting import wait_for


@pytest.fixture
def fake() -> Iterator[FakeAPI]:
    with FakeAPI() as server:
        server.respond_with(lambda r: text("Done."))
        yield server


def _warmups(fake: FakeAPI) -> list[RecordedRequest]:
    return [r for r in fake.requests if r.body.get("max_tokens") == 1]


def test_a_tap_in_a_fresh_app_sends_nothing_and_the_next_hold_warms(
    desktop: None, fake: FakeAPI, tmp_path: Path
) -> None:
    repo = make_sample_repo(tmp_path)
    env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
    with DesktopApp(repo, env=env) as app:
        app.wait_ready()
        before = app.recordings()
        app.press()
        time.sleep(0.1)
        app.release()
        wait_for(lambda: app.alive() and app.recordings() > before, 30, "the app to hear the press")
        # The tap still opens a connection (free: nothing is asked), once the SDK is in and the session made;
        # it is judged right after that.
        wait_for(lambda: app.alive() and fake.connections >= 1, 60, "the tap's connection")
        time.sleep(1.5)
        assert fake.requests == [], [r.body for r in fake.requests]

        app.press()
        time.sleep(1.0)
        app.release()
        wait_for(lambda: app.alive() and len(fake.requests) >= 1, 30, "the hold's warm-up")
        time.sleep(1.5)  # a held key that said nothing asks no question: the warm-up is all it sends
        assert len(_warmups(fake)) == 1 and len(fake.requests) == 1, [r.body for r in fake.requests]
        app.alive()
