"""`bench --turn`, first questions: a fresh app's, one after a six-minute pause, and the next morning's.

The fake Messages API here models what makes a first answer slow (app.bench.fakecache):
a new connection costs CONNECT, and the first token comes COLD after the request when the
prompt (tools and system, up to the breakpoint) was not seen in the last five minutes, WARM
when it was. For each mode (warming on, off) and run, a fresh app starts (a new process: no
connection, a new session) against an empty cache and is asked the 3 s question out loud; then
six minutes pass for the fake's cache and the app's clock alike (nothing waits: the fake's clock
and VDA_CLOCK_SKEW_FILE move, and the fake closes its idle connections as a server would) and
the question is asked again; then once more at once, the warm reference; then a night passes
(past the idle time, so the morning's press starts a new session, as an app left running
overnight has it) and it is asked once more. Each figure is key release → first reply audio at
the virtual speaker. Goal: a session's first question within GOAL_MS of the warm one.

Beside each figure it prints where the time went, so a miss can be read without another run:
key release → the request at the fake, whether the fake served the prompt from its cache,
key-down → the agent worker's preparations (SDK in, session made, warm-up sent and answered),
and the stages of app.bench.turn_stages.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from app.bench.desktop import DesktopApp
from app.bench.fakeapi import FakeAPI
from app.bench.fakecache import CacheModel, ManualClock
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text
from app.bench.sound import Monitor
from app.bench.turn_stages import describe, median_stages, pressed_before, turn_stages
from app.bench.waiting import wait_for
from app.core import clock, stamps
from app.core.agent.session import WARMUP_TEXT
from app.core.settings import Settings

CONNECT, COLD, WARM = 0.15, 1.6, 1.1  # the notes' figures: handshake, first token cold and warm
PAUSE_SECONDS = 360.0
NIGHT_SECONDS = 8 * 3600.0  # past the idle time (Settings.idle_minutes): the morning's press starts a new session
REPLY = "The build is red because the models module still exports the old name."
PACE = 0.03
GOAL_MS = 100
KINDS = ("first", "after_pause", "warm", "next_morning")
MODES = ("warming", "not_warming")
SETTLE = 2.0  # after the ready line, before the first press: a press at once was sometimes not heard


def _reply(_request: RecordedRequest) -> Reply:
    return {**text(REPLY), "pace": PACE}


def _is_warmup(request: RecordedRequest) -> bool:
    return WARMUP_TEXT in json.dumps(request.body.get("messages", []))


def run_first_questions(
    repo: Path, home: Path, wav: Path, monitor: Monitor, mic: Monitor, *, runs: int, lag: float, echo: bool
) -> dict[str, Any]:
    """Medians per mode and kind of question, in ms; each run's figures beside them."""
    skew_file = home / "clock-skew"
    fake_clock = ManualClock()
    results: dict[str, Any] = {
        "connect_s": CONNECT,
        "cold_first_token_s": COLD,
        "warm_first_token_s": WARM,
        "runs": runs,
    }
    model = CacheModel(connect=CONNECT, cold_first_token=COLD, warm_first_token=WARM)
    with FakeAPI(cache=model, clock=fake_clock) as fake:
        fake.respond_with(_reply)
        env = {
            "ANTHROPIC_BASE_URL": fake.base_url,
            "ANTHROPIC_API_KEY": fake.api_key,
            clock.SKEW_FILE: str(skew_file),
            stamps.ENVIRONMENT: "1",
        }
        rows: dict[str, dict[str, list[Asked]]] = {mode: {kind: [] for kind in KINDS} for mode in MODES}
        warmups = dict.fromkeys(MODES, 0)
        for _ in range(runs):
            for mode in MODES:  # alternated, so the machine's load falls on both alike
                fake.forget_cache()  # the morning: nothing cached
                skew_file.write_text("0", encoding="utf-8")
                settings = replace(Settings(), prepare_while_speaking=mode == "warming")
                with DesktopApp(repo, settings=settings, env=env) as app:
                    app.wait_ready()
                    time.sleep(SETTLE)
                    before = len(fake.requests)
                    try:
                        rows[mode]["first"].append(_question(app, fake, monitor, mic, wav, lag))
                        fake.pass_time(PAUSE_SECONDS)
                        skew_file.write_text(str(PAUSE_SECONDS), encoding="utf-8")
                        time.sleep(0.2)  # the closed connections are seen as closed
                        rows[mode]["after_pause"].append(_question(app, fake, monitor, mic, wav, lag))
                        rows[mode]["warm"].append(_question(app, fake, monitor, mic, wav, lag))
                        fake.pass_time(NIGHT_SECONDS)
                        skew_file.write_text(str(PAUSE_SECONDS + NIGHT_SECONDS), encoding="utf-8")
                        time.sleep(0.2)
                        rows[mode]["next_morning"].append(_question(app, fake, monitor, mic, wav, lag))
                    except AssertionError as exc:
                        raise AssertionError(f"{exc}; the app's log ends:\n{app.log_tail()}") from exc
                    warmups[mode] += sum(_is_warmup(r) for r in fake.requests[before:])
    for mode in MODES:
        figures: dict[str, Any] = {}
        for kind in KINDS:
            asked = rows[mode][kind]
            figures[f"{kind}_ms"] = round(statistics.median(a.release_to_audio_ms for a in asked))
            figures[f"{kind}_ms_each"] = [round(a.release_to_audio_ms) for a in asked]
            figures[f"{kind}_release_to_request_ms_each"] = [round(a.release_to_request_ms) for a in asked]
            figures[f"{kind}_cache_read"] = sum(a.cache_warm for a in asked)
            figures[f"{kind}_stages_ms"] = median_stages([a.stages for a in asked])
            figures[f"{kind}_hold_ms_each"] = [a.hold for a in asked]
        figures["warmups_sent"] = warmups[mode]
        figures["first_minus_warm_ms"] = figures["first_ms"] - figures["warm_ms"]
        figures["after_pause_minus_warm_ms"] = figures["after_pause_ms"] - figures["warm_ms"]
        figures["next_morning_minus_warm_ms"] = figures["next_morning_ms"] - figures["warm_ms"]
        results[mode] = figures
        if echo:
            print(
                f"turn, first questions, {mode.replace('_', ' ')} (median of {runs}, key release → first reply "
                f"audio): a fresh app's first {figures['first_ms']} ms, after a six-minute pause "
                f"{figures['after_pause_ms']} ms, the next morning (a new session) {figures['next_morning_ms']} ms, "
                f"warm {figures['warm_ms']} ms; after pause − warm {figures['after_pause_minus_warm_ms']} ms, "
                f"next morning − warm {figures['next_morning_minus_warm_ms']} ms (goal ≤ {GOAL_MS}), first − warm "
                f"{figures['first_minus_warm_ms']} ms; warm-ups sent {warmups[mode]}; each: "
                + ", ".join(f"{kind} {figures[kind + '_ms_each']}" for kind in KINDS)
            )
            for kind in KINDS:
                print(
                    f"turn, first questions, {mode.replace('_', ' ')}, {kind.replace('_', ' ')}: key release → "
                    f"request at the fake {figures[kind + '_release_to_request_ms_each']} ms; the prompt came from "
                    f"the cache in {figures[kind + '_cache_read']} of {runs}; key-down → "
                    + "; ".join(_described(hold) for hold in figures[kind + "_hold_ms_each"])
                    + "; stages (median):"
                )
                print("\n".join(describe(figures[f"{kind}_stages_ms"])))
    return results


@dataclass(frozen=True)
class Asked:
    """One question's figures: what a person waits, and where the time went."""

    release_to_audio_ms: float
    release_to_request_ms: float
    cache_warm: bool  # the fake served the question's prompt from its cache
    stages: dict[str, float]
    hold: dict[str, float]  # key-down → the agent worker's preparations, ms


def _question(app: DesktopApp, fake: FakeAPI, monitor: Monitor, mic: Monitor, wav: Path, lag: float) -> Asked:
    """Ask `wav` out loud and hear the reply out; key release → first reply audio, and its stages."""
    before = len(fake.requests)
    try:
        released = app.ask_out_loud(wav, mic, lag=lag)
    except AssertionError:  # a fresh app sometimes misses its very first press: press again, as a person would
        time.sleep(1.0)
        before = len(fake.requests)
        released = app.ask_out_loud(wav, mic, lag=lag)

    def question() -> list[RecordedRequest]:
        app.alive()
        return [r for r in fake.requests[before:] if not _is_warmup(r) and r.text_sent]

    request = wait_for(question, 60, "the app's question to reach the API")[0]
    onset = monitor.wait_for_sound(max(released, request.text_sent[0][0]), 30)
    monitor.wait_for_silence(onset, quiet=1.0, timeout=60)
    time.sleep(0.5)
    points = {"key_up": released, "fake_received": request.received_at, "speaker_onset": onset}
    text = app.log_text()
    if sent := request.time_sent(REPLY):
        points["fake_first_sentence"] = sent
    return Asked(
        release_to_audio_ms=(onset - released) * 1000,
        release_to_request_ms=(request.received_at - released) * 1000,
        cache_warm=request.cache is not None and request.cache.warm,
        stages=turn_stages(text, released - 1.0, onset, points),
        hold=_hold(text, released),
    )


def _described(hold: dict[str, float]) -> str:
    return ", ".join(f"{name} {ms:.0f}" for name, ms in hold.items())


HOLD_STAMPS = ("sdk_ready", "session_ready", "warmup_sent", "warmup_done")


def _hold(log_text: str, released: float) -> dict[str, float]:
    """Key-down → each of the agent worker's preparations during the hold (ms; the warm-up's end may be later)."""
    every = stamps.parse(log_text)
    pressed = pressed_before(every, released, default=0.0)
    found: dict[str, float] = {}
    for name, at, _cpu in every:
        if name in HOLD_STAMPS and at >= pressed and name not in found:
            found[name] = round((at - pressed) * 1000)
    found["key_up"] = round((released - pressed) * 1000)
    return found
