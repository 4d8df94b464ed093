"""Warming at key-down, judged by what the fake Messages API received and what its prompt cache did."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel, ManualClock
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import text
from app.core.agent.events import TurnEnded
from app.core.agent.prompt_cache import PromptCache, load_first_request
from app.core.agent.session import WARMUP_TEXT, Session
from app.core.agent.warmup import Hold, Warmer
from app.core.settings import Settings


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def cached(clock: ManualClock) -> Iterator[FakeAPI]:
    """The fake with its prompt cache on; the delays stay zero, so these tests stay fast."""
    with FakeAPI(cache=CacheModel(), clock=clock) as server:
        server.respond_with(lambda r: text("Done."))
        yield server


@pytest.fixture
def cache(clock: ManualClock, tmp_path: Path) -> PromptCache:
    return PromptCache(clock=clock, record=tmp_path / "prompt-cache.json")


def _client(fake: FakeAPI) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key=fake.api_key, base_url=fake.base_url, max_retries=0)


def _session(repo: Path, fake: FakeAPI, cache: PromptCache) -> Session:
    return Session(repo, Settings(), client=_client(fake), prompt_cache=cache)


def _held() -> Hold:
    return Hold(time.monotonic() - 1.0)  # pressed a second ago and still down


def _press(warmer: Warmer, session: Session, hold: Hold | None = None) -> None:
    warmer.start(session, hold or _held())
    warmer.join()


def _warmups(fake: FakeAPI) -> list[RecordedRequest]:
    return [r for r in fake.requests if _is_warmup(r)]


def _is_warmup(request: RecordedRequest) -> bool:
    return WARMUP_TEXT in json.dumps(request.body["messages"])


def _raw_value(raw: bytes, key: str) -> bytes:
    """The bytes of one top-level field exactly as the SDK sent them."""
    start = raw.index(f'"{key}":'.encode()) + len(key) + 3
    while raw[start : start + 1] in (b" ", b"\n"):
        start += 1
    _, length = json.JSONDecoder().raw_decode(raw[start:].decode("utf-8"))
    return raw[start : start + len(raw[start:].decode("utf-8")[:length].encode("utf-8"))]


def test_the_warm_up_sends_the_real_requests_model_tools_and_system_byte_for_byte(
    cached: FakeAPI, repo: Path, cache: PromptCache
) -> None:
    session = _session(repo, cached, cache)
    _press(Warmer(cache), session)
    assert isinstance(session.run_turn("Why is the build red?"), TurnEnded)
    warmup, real = cached.requests
    assert _is_warmup(warmup) and not _is_warmup(real) and not cached.problems
    for key in ("tools", "system", "model"):
        assert _raw_value(warmup.raw, key) == _raw_value(real.raw, key), key
    assert warmup.body["max_tokens"] == 1 and "thinking" not in warmup.body
    assert warmup.headers["anthropic-beta"] == real.headers["anthropic-beta"]
    # What the person gains: the warm-up wrote the prompt, and the question read it.
    assert warmup.cache is not None and warmup.cache.usage["cache_creation_input_tokens"] > 0
    assert real.cache is not None and real.cache.warm
    assert real.cache.usage["cache_read_input_tokens"] >= warmup.cache.usage["cache_creation_input_tokens"]


def test_one_warm_up_per_cold_period(cached: FakeAPI, repo: Path, cache: PromptCache, clock: ManualClock) -> None:
    session, warmer = _session(repo, cached, cache), Warmer(cache)
    _press(warmer, session)
    _press(warmer, session)  # a second key-down a moment later: the cache is being written already
    assert len(_warmups(cached)) == 1
    session.run_turn("What changed?")
    clock.advance(200)
    _press(warmer, session)  # 200 s after the last question: still warm
    assert len(_warmups(cached)) == 1
    clock.advance(360)  # a six-minute pause
    _press(warmer, session)
    _press(warmer, session)
    assert len(_warmups(cached)) == 2


def test_no_warm_up_for_a_tap_but_the_connection_is_opened(cached: FakeAPI, repo: Path, cache: PromptCache) -> None:
    session = _session(repo, cached, cache)
    hold = Hold()
    threading.Timer(0.1, hold.release).start()
    _press(Warmer(cache), session, hold)
    assert _warmups(cached) == [] and cached.connections >= 1
    # The tap left the prompt cold: a real press warms it.
    _press(Warmer(cache), session)
    assert len(_warmups(cached)) == 1


def test_a_tap_told_late_is_still_a_tap(cached: FakeAPI, repo: Path, cache: PromptCache) -> None:
    # The hotkey tells a release after its grace: the key came up at 0.1 s, the news arrives at 0.35 s.
    session = _session(repo, cached, cache)
    hold = Hold()
    threading.Timer(0.35, lambda: hold.release(hold.pressed_at + 0.1)).start()
    _press(Warmer(cache), session, hold)
    assert _warmups(cached) == []
    # A key still down when the late news would have come is a question: it warms.
    _press(Warmer(cache), session, Hold())
    assert len(_warmups(cached)) == 1


def test_a_tap_the_main_thread_never_passed_on_is_still_a_tap(cached: FakeAPI, repo: Path, cache: PromptCache) -> None:
    # A busy main thread (a fresh app, a loaded machine) passes the key-up on after the verdict is due; the
    # hotkey's own thread knew it 0.25 s after the press. Its times decide: a 0.1 s press sends nothing.
    session = _session(repo, cached, cache)
    hold = Hold(key_times=lambda: (hold.pressed_at, hold.pressed_at + 0.1))
    _press(Warmer(cache), session, hold)
    assert _warmups(cached) == []
    # The hotkey seeing the key still down (no key-up yet), or knowing nothing (the portal), is a question.
    still_down = Hold(key_times=lambda: (still_down.pressed_at, 0.0))
    _press(Warmer(cache), session, still_down)
    assert len(_warmups(cached)) == 1


@pytest.mark.slow
def test_a_warm_up_in_flight_does_not_delay_the_question(repo: Path, tmp_path: Path) -> None:
    with FakeAPI(cache=CacheModel(cold_first_token=2.0, warm_first_token=1.5)) as fake:
        fake.respond_with(lambda r: text("Done."))
        cache = PromptCache(record=tmp_path / "record.json")
        session, warmer = _session(repo, fake, cache), Warmer(cache)
        warmer.start(session, _held())
        deadline = time.monotonic() + 5
        while not _warmups(fake) and time.monotonic() < deadline:
            time.sleep(0.01)
        started = time.monotonic()
        session.run_turn("Quick one?")
        took = time.monotonic() - started
        warmer.join()
    # The question went out at once (still cold: 2 s), not after the warm-up's 2 s and then warm (3.5 s).
    assert took < 3.0, took
    assert fake.requests[1].cache is not None and not fake.requests[1].cache.warm
    assert fake.requests[-1] is not None and len(fake.requests) == 2


@pytest.mark.slow
def test_cancel_and_barge_in_during_a_warm_up_leave_the_history_untouched(
    repo: Path, tmp_path: Path, clock: ManualClock
) -> None:
    with FakeAPI(cache=CacheModel(cold_first_token=0.6), clock=clock) as fake:
        fake.respond_with(lambda r: text("It is red because of the import."))
        cache = PromptCache(clock=clock, record=tmp_path / "record.json")
        session, warmer = _session(repo, fake, cache), Warmer(cache)
        assert isinstance(session.run_turn("First question?"), TurnEnded)
        before = session.messages
        clock.advance(360)  # six minutes later, for the fake's cache and the app's guess alike
        warmer.start(session, _held())
        while not _warmups(fake):
            time.sleep(0.01)
        session.cancel()  # a press while it thinks
        warmer.start(session, _held())  # and the barge-in's own key-down
        warmer.join()
        assert session.messages == before
        assert isinstance(session.run_turn("Second question?"), TurnEnded)
    last = fake.requests[-1].body["messages"]
    assert WARMUP_TEXT not in json.dumps(last)
    assert last[: len(before)] == before and len(_warmups(fake)) == 1


def test_the_warm_up_is_not_a_turn_in_the_usage_the_eval_counts(
    cached: FakeAPI, repo: Path, cache: PromptCache
) -> None:
    session = _session(repo, cached, cache)
    _press(Warmer(cache), session)
    session.run_turn("Anything?")
    real = next(r for r in cached.requests if not _is_warmup(r))
    assert real.cache is not None
    assert session.usage["cache_read_input_tokens"] == real.cache.usage["cache_read_input_tokens"]
    assert session.usage["input_tokens"] == real.cache.usage["input_tokens"]
    assert session.warmup_usage["cache_creation_input_tokens"] > 0


def test_warming_stops_for_a_model_whose_warm_ups_bring_no_cache_reads(
    repo: Path, tmp_path: Path, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="app.core.agent.prompt_cache")
    # A prompt shorter than the model's minimum: the API caches nothing and says so in the usage.
    with FakeAPI(cache=CacheModel(min_cacheable_tokens=10**9), clock=clock) as fake:
        fake.respond_with(lambda r: text("Done."))
        cache = PromptCache(clock=clock, record=tmp_path / "record.json")
        session, warmer = _session(repo, fake, cache), Warmer(cache)
        for _ in range(3):
            _press(warmer, session)
            session.run_turn("Again?")
            clock.advance(360)
        assert len(_warmups(fake)) == 2
    assert not cache.warming_pays(session.settings.model)
    assert "warming stops for" in caplog.text


def test_the_first_request_of_a_session_is_recorded_for_doctor(
    cached: FakeAPI, repo: Path, cache: PromptCache, tmp_path: Path, clock: ManualClock
) -> None:
    cold = _session(repo, cached, cache)
    cold.run_turn("Morning?")
    first = load_first_request(tmp_path / "prompt-cache.json")
    assert first is not None and first.session == cold.id and not first.read_cache and not first.warmed
    clock.advance(360)
    warmed = _session(repo, cached, cache)
    _press(Warmer(cache), warmed)
    warmed.run_turn("Morning again?")
    warmed.run_turn("And this?")  # not the first: the record stays the first request's
    first = load_first_request(tmp_path / "prompt-cache.json")
    assert first is not None and first.session == warmed.id and first.read_cache and first.warmed


def test_doctor_says_whether_the_last_sessions_first_request_read_the_cache(
    cached: FakeAPI, repo: Path, clock: ManualClock
) -> None:
    from app.commands import doctor
    from app.core import paths

    assert doctor.check_prompt_cache(Settings()) is None  # nothing asked yet: no line
    cache = PromptCache(clock=clock, record=paths.prompt_cache_file())
    _session(repo, cached, cache).run_turn("Morning?")
    line = doctor.check_prompt_cache(Settings())
    assert line is not None and line.ok and "did not read the cache" in line.text and "is on" in line.text
    clock.advance(360)
    warmed = _session(repo, cached, cache)
    _press(Warmer(cache), warmed)
    warmed.run_turn("Morning again?")
    line = doctor.check_prompt_cache(Settings())
    assert line is not None and "tokens from the cache after a warm-up" in line.line()


@pytest.mark.slow
def test_chat_at_a_terminal_warms_while_the_prompt_waits_and_ask_sends_no_warm_up(
    cached: FakeAPI, repo: Path, clock: ManualClock
) -> None:
    import os
    import pty
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update(ANTHROPIC_BASE_URL=cached.base_url, ANTHROPIC_API_KEY=cached.api_key)
    asked = [sys.executable, "-m", "app", "ask", "--repo", str(repo), "Hi?"]
    subprocess.run(asked, env=env, cwd=root, check=True, capture_output=True, timeout=120)
    assert _warmups(cached) == [] and len(cached.requests) == 1  # the question went out at once, alone
    clock.advance(360)
    leader, follower = pty.openpty()  # a terminal: the person types, which takes seconds
    chat = subprocess.Popen(
        [sys.executable, "-m", "app", "chat", "--repo", str(repo)],
        stdin=follower,
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=root,
    )
    try:
        deadline = time.monotonic() + 60
        while not _warmups(cached) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_warmups(cached)) == 1 and len(cached.requests) == 2  # before a word was typed
        os.write(leader, b"Why is the build red?\n")
        while len(cached.requests) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        question = cached.requests[2]
        assert not _is_warmup(question) and question.cache is not None and question.cache.warm
    finally:
        os.write(leader, b"/quit\n")
        chat.wait(30)
        os.close(leader)
        os.close(follower)
