"""`python -m app bench --turn`: the whole spoken turn as a person has it, and barge-in, on the test desktop.

The real desktop app runs in its own process against the fake Messages API in this one,
which answers every request with the same two-sentence reply: nothing for FIRST_TOKEN_AFTER
seconds, then PIECE characters every PACE seconds, like a model generating. For each
question (espeak-ng's 3 s and 8 s questions) and run: xdotool holds the hotkey, paplay
plays the question (espeak's trailing silence cut) into the virtual microphone, the key
goes up RELEASE_LAG s after the last word reached the microphone, and the virtual speaker's
monitor is recorded throughout.

The microphone is a null sink whose monitor the app records. A bench-side recording of that
monitor hears when the last word was said, and its 20 ms latency keeps the null sink
rendering in step with the clock, as a real microphone captures. Without it the sink ran as
far ahead as the app's own capture latency allowed (paplay then also returned later), so
where the key went up, relative to the words the app had heard, depended on how the app
captured. From the key release, the fake's arrival stamps and the speaker's sound onset come:

- key release → request sent: transcription, session and SDK until the fake has the request;
- first sentence received → first reply audio: synthesis and playback of the first sentence,
  from the moment the fake sent its last piece;
- the app's own share: key release → first reply audio, minus the fake's time from the
  request to its first sentence (FIRST_TOKEN_AFTER plus the pacing, measured per turn).

Then, BARGE_IN_AFTER s into the reply and in the middle of a word, the key goes down again:
key press → reply audio stops is the end of the last loud 20 ms frame after the press.

Last, app.bench.turn_first asks the first question of fresh sessions, with and without warming,
and one after a six-minute pause, of a fake that models the prompt cache and new connections.
"""

from __future__ import annotations

import math
import statistics
import time
from pathlib import Path
from typing import Any

from app.bench.desktop import DesktopApp, desktop_problem, machine_load
from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text
from app.bench.home import temporary_home
from app.bench.sound import Monitor
from app.bench.speech import UTTERANCES, espeak_wav, without_trailing_silence
from app.bench.turn_first import run_first_questions
from app.bench.turn_stages import describe, median_stages, turn_stages
from app.bench.vocabulary import make_sample_repo
from app.bench.waiting import wait_for
from app.core import paths, stamps

FIRST_TOKEN_AFTER = 0.6  # seconds from request to the first token: a fast model's time to first token
PACE = 0.03  # seconds between pieces of PIECE characters (~100 tokens/s)
PIECE = 12  # characters per streamed piece (the fake's text chunk)
FIRST_SENTENCE = "The build is red because the orchestrator still imports the old class name from the models module."
SECOND_SENTENCE = "Rename it there and run the build again, and the tests should pass after that."
QUESTIONS = ("3s", "8s")
RELEASE_LAG = 0.3  # a person lets go a moment after the last word
MIC = "mic.monitor"  # what the test desktop's microphone hears (its source "microphone" remaps this monitor)
BARGE_IN_AFTER = 1.0  # seconds of reply audio before the press
HOLD_AFTER_PRESS = 1.5  # seconds the barge-in press is held and the speaker watched
# Between a release and the next press: far longer than the hotkey's release grace (a press
# within it continues the hold, as a keyboard's auto-repeat would), as short as a person's.
PAUSE = 0.5
COMMAND = "source installer/desktop-env.sh; python -m app bench --turn"
GOALS = {"app_share_ms": 350, "barge_in_ms": 100}
PER_QUESTION = (
    "last_word_to_release_ms",
    "release_to_request_ms",
    "first_sentence_to_audio_ms",
    "release_to_audio_ms",
    "fake_ms",
    "app_share_ms",
)


def reply(_request: RecordedRequest) -> Reply:
    return {**text(f"{FIRST_SENTENCE} {SECOND_SENTENCE}"), "first_token_after": FIRST_TOKEN_AFTER, "pace": PACE}


def stated_first_sentence_seconds() -> float:
    """When the fake has sent the whole first sentence, counted from the request, by its own pacing."""
    return FIRST_TOKEN_AFTER + (math.ceil(len(FIRST_SENTENCE) / PIECE) - 1) * PACE


def run_turn_bench(runs: int = 5, echo: bool = True) -> dict[str, Any]:
    """Medians per question length and of barge-in; {"skipped": why} without the test desktop."""
    problem = desktop_problem()
    if problem:
        if echo:
            print(f"turn: needs the test desktop ({problem}); run `{COMMAND}`")
        return {"skipped": problem}
    audio_dir = paths.cache_dir() / "bench-audio"  # the user's cache, before the throwaway home
    # Cut espeak's trailing silence (about 0.33 s), so the key goes up RELEASE_LAG after the last word.
    wavs = {name: without_trailing_silence(espeak_wav(UTTERANCES[name], audio_dir)) for name in QUESTIONS}
    if echo:
        print(
            f"turn: the fake API answers {FIRST_TOKEN_AFTER:.2f} s after a request and streams {PIECE} characters "
            f"every {PACE * 1000:.0f} ms: its first sentence is out {stated_first_sentence_seconds():.2f} s "
            f"after the request"
        )
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in QUESTIONS}
    try:
        with temporary_home("vda-turn-") as home, FakeAPI() as fake, Monitor() as monitor, Monitor(MIC) as mic:
            fake.respond_with(reply)
            env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key, stamps.ENVIRONMENT: "1"}
            repo = make_sample_repo(home)
            with DesktopApp(repo, env=env) as app:
                app.wait_ready()
                try:
                    for name in QUESTIONS:
                        for _ in range(runs):
                            rows[name].append(_one_turn(app, fake, monitor, mic, wavs[name]))
                except AssertionError as exc:
                    raise AssertionError(f"{exc}; the app's log ends:\n{app.log_tail()}") from exc
            first = run_first_questions(repo, home, wavs["3s"], monitor, mic, runs=runs, lag=RELEASE_LAG, echo=echo)
    except (AssertionError, RuntimeError) as exc:
        if echo:
            print(f"turn: failed: {exc}")
        return {"failed": str(exc)}
    results = _summary(rows, runs, echo)
    results["first_questions"] = first
    results["machine"] = machine_load()
    if echo:
        print(f"turn: measured with the machine at {results['machine']}")
    return results


def _one_turn(app: DesktopApp, fake: FakeAPI, monitor: Monitor, mic: Monitor, wav: Path) -> dict[str, Any]:
    before = len(fake.requests)
    released = app.ask_out_loud(wav, mic, lag=RELEASE_LAG)
    said = mic.loud_times(released - 60, released)
    assert said, "the microphone heard nothing of the question"
    last_word_to_release = released - (said[-1] + Monitor.FRAME / Monitor.RATE)

    def new_requests() -> list[RecordedRequest]:
        # The questions' requests: a prompt-cache warm-up sent at key-down asks for one token.
        app.alive()
        return [r for r in fake.requests[before:] if r.body.get("max_tokens") != 1]

    request = wait_for(new_requests, 60, "the app's request to the API")[0]
    first_sent = wait_for(lambda: request.time_sent(FIRST_SENTENCE), 30, "the fake to send the first sentence")
    # Reply audio cannot start before the fake sent the reply's first words: the cue that
    # "listening stopped" plays after the release, and once the request left within about
    # 0.2 s of it, the cue's tail sounded after the request and was taken for the reply.
    onset = monitor.wait_for_sound(request.text_sent[0][0], 30)
    fake_seconds = first_sent - request.received_at

    def mid_word() -> bool:
        now = monitor.now()
        return now - onset >= BARGE_IN_AFTER and bool(monitor.loud_times(now - 0.06))

    wait_for(mid_word, 30, "the reply to be heard mid-word", every=0.01)
    pressed = time.monotonic()
    app.press()
    try:
        wait_for(lambda: monitor.now() >= pressed + HOLD_AFTER_PRESS, 10, "the speaker after the press")
    finally:
        app.release()
    after = monitor.loud_times(pressed, pressed + HOLD_AFTER_PRESS)
    stopped = float(after[-1] + Monitor.FRAME / Monitor.RATE - pressed) if after else 0.0
    monitor.wait_for_silence(pressed, quiet=1.0, timeout=60)
    time.sleep(PAUSE)
    # The barge-in press recorded silence, so its release should leave the app idle: a next
    # press must start listening. One that does not is a press a person would have lost (and
    # its release ends the stale recording, so the next question starts from idle either way).
    listened = _press_starts_listening(app)
    points = {"key_up": released, "fake_received": request.received_at, "fake_first_sentence": first_sent}
    return {
        "stages": turn_stages(app.log_text(), released - 1.0, pressed, {**points, "speaker_onset": onset}),
        "last_word_to_release_ms": last_word_to_release * 1000,
        "release_to_request_ms": (request.received_at - released) * 1000,
        "first_sentence_to_audio_ms": (onset - first_sent) * 1000,
        "release_to_audio_ms": (onset - released) * 1000,
        "fake_ms": fake_seconds * 1000,
        "app_share_ms": (onset - released - fake_seconds) * 1000,
        "barge_in_ms": stopped * 1000,
        "next_press_listened": float(listened),
    }


def _press_starts_listening(app: DesktopApp) -> bool:
    before = app.recordings()
    app.press()
    try:
        time.sleep(PAUSE)
        return app.recordings() > before
    finally:
        app.release()
        time.sleep(PAUSE)


def _summary(rows: dict[str, list[dict[str, Any]]], runs: int, echo: bool) -> dict[str, Any]:
    def median(values: list[float]) -> int:
        return round(statistics.median(values))

    results: dict[str, Any] = {
        "runs": runs,
        "first_token_after_s": FIRST_TOKEN_AFTER,
        "pace_s": PACE,
        "first_sentence_after_s": round(stated_first_sentence_seconds(), 3),
    }
    for name, turns in rows.items():
        figures: dict[str, Any] = {key: median([turn[key] for turn in turns]) for key in PER_QUESTION}
        figures["app_share_ms_each"] = [round(turn["app_share_ms"]) for turn in turns]
        figures["stages_ms"] = median_stages([turn["stages"] for turn in turns])
        results[f"question_{name}"] = figures
        if echo:
            print(
                f"turn, {name} question (median of {len(turns)}): the key went up "
                f"{figures['last_word_to_release_ms']} ms after the last word reached the microphone; "
                f"key release → request sent "
                f"{figures['release_to_request_ms']} ms; first sentence received → first reply audio "
                f"{figures['first_sentence_to_audio_ms']} ms; key release → first reply audio "
                f"{figures['release_to_audio_ms']} ms, minus the fake's {figures['fake_ms']} ms: app's own share "
                f"{figures['app_share_ms']} ms (goal ≤ {GOALS['app_share_ms']}); each: {figures['app_share_ms_each']}"
            )
            print("\n".join([f"turn, {name} question, stages (median):", *describe(figures["stages_ms"])]))
    presses = [turn["barge_in_ms"] for turns in rows.values() for turn in turns]
    results["barge_in_ms"] = median(presses)
    results["barge_in_ms_each"] = [round(value) for value in presses]
    lost = sum(not turn["next_press_listened"] for turns in rows.values() for turn in turns)
    results["presses_lost_after_barge_in"] = lost
    if echo:
        print(
            f"turn: barge-in, key press during a reply → reply audio stops: median {results['barge_in_ms']} ms "
            f"over {len(presses)} presses (goal ≤ {GOALS['barge_in_ms']})"
        )
        print(
            f"turn: after a barge-in (the key held {HOLD_AFTER_PRESS} s, nothing said) the next press started "
            f"listening {len(presses) - lost} of {len(presses)} times"
        )
    return results
