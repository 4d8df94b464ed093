"""`python -m app bench --soak [--turns N]`: a day of spoken questions in one run, and what it costs in memory.

The real desktop app runs under the test desktop against the fake Messages API, as in the
turn bench. Each of N questions is asked out loud (xdotool holds the hotkey, espeak's 3 s
question plays into the virtual microphone) and answered as a heavy user's would be: the
model reads a file, shows a page with a 40-item list and a 60-row table, and speaks two
sentences. Every EVERY questions the app's resident memory is read once its reply has been
spoken; each question's CPU time and its key release → first reply audio are kept. After
the last question the bench stops its own recordings of the speaker and the microphone, waits
until the app has let go of the speaker (playback.IDLE_CLOSE after its last word), and
measures IDLE_SECONDS of idle as `bench --idle` does.

With PROBE set in the app's environment (app.core.heap_probe), the app also writes, at each
memory reading, what its Python heap (tracemalloc), the C heap (glibc's mallinfo2) and its
counters (Qt widgets and documents, panel pages, the session's history) hold; the growth
between the 10th question and the last is reported by source line.
"""

from __future__ import annotations

import os
import re
import statistics
import time
from pathlib import Path
from typing import Any

from app.bench.desktop import DesktopApp, desktop_problem, machine_load
from app.bench.fakeapi import FakeAPI
from app.bench.fakehttp import RecordedRequest
from app.bench.fakereplies import Reply, text, tool_use
from app.bench.home import temporary_home
from app.bench.idle import _cpu_ticks, _memory_kib, measure, owners_of, owners_text
from app.bench.sound import Monitor
from app.bench.speech import UTTERANCES, espeak_wav, without_trailing_silence
from app.bench.vocabulary import make_sample_repo
from app.bench.waiting import wait_for
from app.core import heap_probe, paths
from app.voice.playback import IDLE_CLOSE

TURNS = 100
EVERY = 10  # questions between memory readings
MAX_FAILURES = 5  # questions the app may miss before the run stops
WARM = 10  # the growth goal is counted from this question's reading on
IDLE_SECONDS = 30.0
FIRST_TOKEN_AFTER = 0.6
PACE = 0.03
# Two short sentences (about 4 s of speech; 9 s before): the soak is about memory over many whole turns,
# and a day's spoken replies are short, the long part goes on screen. Each still streams and is spoken
# sentence by sentence.
FIRST_SENTENCE = "The orchestrator hands each changed file to the reviewer."
SECOND_SENTENCE = "The table on screen lists every step."
FILE_READ = "src/review/review_orchestrator.py"
RELEASE_LAG = 0.3
PAUSE = 0.5  # between the end of a reply and the next press, as a person would
MIC = "mic.monitor"
GOALS = {"growth_mb": 10.0, "idle_rss_mb": 450.0, "idle_cpu_percent": 0.5, "latency_ratio": 1.10}
ERROR = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) |Traceback \(most recent call last\)", re.MULTILINE)
COMMAND = "source installer/desktop-env.sh; python -m app bench --soak"


def page(number: int) -> str:
    """The page a heavy user's answer shows: a 40-item list and a 60-row table, different per question."""
    items = "\n".join(
        f"- step {i} of answer {number}: `module_{i}.py` changed in commit {i * 7919 % 9973:04x}" for i in range(40)
    )
    rows = "\n".join(
        f"| {i} | test_case_{number}_{i} | {i * 13 % 97} ms | {'pass' if i % 7 else 'fail'} |" for i in range(60)
    )
    return f"## What changed\n\n{items}\n\n## Tests\n\n| # | test | time | result |\n|---|---|---|---|\n{rows}\n"


def reply(request: RecordedRequest) -> Reply:
    """read_file, then show_on_screen, then two spoken sentences (the fake itself answers a warm-up)."""
    body = request.body
    messages = body.get("messages", [])
    last_tool = _last_tool_called(messages)
    if last_tool == "read_file":
        number = sum(1 for m in messages if m.get("role") == "user" and _is_question(m))
        return tool_use("show_on_screen", {"title": f"Review run {number}", "text": page(number)})
    if last_tool == "show_on_screen":
        return {**text(f"{FIRST_SENTENCE} {SECOND_SENTENCE}"), "first_token_after": FIRST_TOKEN_AFTER, "pace": PACE}
    return tool_use("read_file", {"path": FILE_READ})


def _is_question(message: dict[str, Any]) -> bool:
    content = message.get("content")
    if isinstance(content, str):
        return True
    return not any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content or [])


def _last_tool_called(messages: list[dict[str, Any]]) -> str:
    """The tool the request answers with its last message (a tool_result), or "" for a new question."""
    if not messages or _is_question(messages[-1]) or len(messages) < 2:
        return ""
    content = messages[-2].get("content") or []
    names = [b.get("name", "") for b in content if isinstance(b, dict) and b.get("type") == "tool_use"]
    return names[-1] if names else ""


def run_soak_bench(
    runs: int = 1,
    echo: bool = True,
    turns: int = TURNS,
    idle_seconds: float = IDLE_SECONDS,
    trace: bool = False,
    probe: bool = True,
) -> dict[str, Any]:
    """The soak's figures; {"skipped": why} without the test desktop, {"failed": why} when a turn failed.
    `runs` is unused (one app, `turns` questions)."""
    problem = desktop_problem()
    if problem:
        if echo:
            print(f"soak: needs the test desktop ({problem}); run `{COMMAND}`")
        return {"skipped": problem}
    wav = without_trailing_silence(espeak_wav(UTTERANCES["3s"], paths.cache_dir() / "bench-audio"))
    turns = max(turns, 1)
    rows: list[dict[str, Any]] = []
    memory: list[dict[str, Any]] = []
    failures: list[str] = []
    try:
        with temporary_home("vda-soak-") as home, FakeAPI() as fake, Monitor() as monitor, Monitor(MIC) as mic:
            fake.respond_with(reply)
            probe_dir = home / "heap-probe"
            env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
            if probe:
                env[heap_probe.ENVIRONMENT] = str(probe_dir)
            if trace:
                env[heap_probe.TRACE] = "1"  # one frame: the line that allocated, at the least cost
            with DesktopApp(make_sample_repo(home), env=env) as app:
                app.wait_ready()
                time.sleep(3)  # the last start-up work
                memory.append(_reading(app, 0, probe_dir if probe else None))
                try:
                    for number in range(1, turns + 1):
                        row = _one_question(app, fake, monitor, mic, wav)
                        if "failed" in row:
                            failures.append(f"question {number}: {row['failed']}")
                            if len(failures) > MAX_FAILURES:
                                raise AssertionError("; ".join(failures))
                        rows.append(row)
                        if number % EVERY == 0 or number == turns:
                            memory.append(_reading(app, number, probe_dir if probe else None))
                            if echo:
                                print(
                                    f"soak: {number} questions, RSS {memory[-1]['rss_mb']} MB, {machine_load()}",
                                    flush=True,
                                )
                except (AssertionError, RuntimeError) as exc:
                    raise AssertionError(
                        f"question {len(rows) + 1}: {exc}; the app's log ends:\n{app.log_tail()}"
                    ) from exc
                # The bench's own recorders go first: each asks the sound server for 20 ms fragments, which
                # sets the microphone's latency for every client, so the app's idle stream (320 ms blocks)
                # would wake 50 times a second: 1.4% of a core measured, against 0.1% without them. A
                # person's desktop has no such recorder. And the app holds the speaker open for
                # IDLE_CLOSE seconds after its last word (so a next answer starts without the device's
                # 0.6-2 s start-up): idle begins after that.
                mic.stop()
                monitor.stop()
                time.sleep(IDLE_CLOSE + 5)
                idle = measure(app.pid, idle_seconds)
                if probe and probe_dir.is_dir():  # what of the idle figure is free heap glibc keeps, not in use
                    (probe_dir / "trim").touch()
                    idle["after_malloc_trim"] = _reading(app, turns + 1, probe_dir)["probe"]
                log = app.log_text() + app.stderr_file.read_text(errors="replace")
                answered = sum(1 for r in fake.requests if r.time_sent(FIRST_SENTENCE))
                growth = _growth(probe_dir) if probe else {}
    except (AssertionError, RuntimeError) as exc:
        if echo:
            print(f"soak: failed: {exc}")
        return {"failed": str(exc), "memory": memory}
    results = _summary([r for r in rows if "failed" not in r], memory, idle, answered, ERROR.findall(log), growth)
    results["turns"], results["failed_questions"] = len(rows), failures
    results["machine"] = machine_load()
    if echo:
        _print(results)
    return results


def _one_question(app: DesktopApp, fake: FakeAPI, monitor: Monitor, mic: Monitor, wav: Path) -> dict[str, Any]:
    """One question's figures, or {"failed": why} when the app did not listen or answer (the soak goes on:
    a day of use has such moments, and the count says how many)."""
    before = len(fake.requests)
    cpu_before = _cpu_ticks(app.pid)
    try:
        return _answered(app, fake, monitor, mic, wav, before, cpu_before)
    except AssertionError as exc:  # wait_for's timeouts; a crashed app raises RuntimeError and ends the run
        time.sleep(5)  # whatever the app was doing settles before the next press
        return {"failed": str(exc)}


def _answered(
    app: DesktopApp, fake: FakeAPI, monitor: Monitor, mic: Monitor, wav: Path, before: int, cpu_before: int
) -> dict[str, Any]:
    released = app.ask_out_loud(wav, mic, lag=RELEASE_LAG)

    def spoken_request() -> list[RecordedRequest]:
        app.alive()
        return [r for r in fake.requests[before:] if r.text_sent]

    request = wait_for(spoken_request, 90, "the request that is answered aloud")[0]
    onset = monitor.wait_for_sound(request.text_sent[0][0], 30)
    monitor.wait_for_silence(onset, quiet=1.0, timeout=90)
    time.sleep(PAUSE)
    return {
        "release_to_audio_ms": (onset - released) * 1000,
        "cpu_s": (_cpu_ticks(app.pid) - cpu_before) / os.sysconf("SC_CLK_TCK"),
        "requests": len(fake.requests) - before,
    }


def _reading(app: DesktopApp, number: int, probe_dir: Path | None) -> dict[str, Any]:
    """Resident memory after `number` questions, and the app's own heap report when it writes one."""
    app.alive()
    reading: dict[str, Any] = {"after": number, "rss_mb": round(_memory_kib(app.pid)["Rss"] / 1024, 1)}
    if probe_dir is not None and (found := app.heap_report(probe_dir, number)):  # a build without the probe: none
        reading["probe"] = found
    return reading


def _growth(probe_dir: Path) -> dict[str, Any]:
    """What the Python heap gained by source line between the WARM-th question's snapshot and the last."""
    snaps = sorted(probe_dir.glob("heap-*.snap"))
    start = next((s for s in snaps if s.name == f"heap-{WARM:04d}.snap"), snaps[0] if snaps else None)
    if start is None or snaps[-1] == start:
        return {}
    return {"from": start.name, "to": snaps[-1].name, "top": heap_probe.compare(start, snaps[-1])}


def _summary(
    rows: list[dict[str, Any]],
    memory: list[dict[str, Any]],
    idle: dict[str, Any],
    answered: int,
    errors: list[str],
    growth: dict[str, Any],
) -> dict[str, Any]:
    latency = [round(r["release_to_audio_ms"]) for r in rows]
    cpu = [round(r["cpu_s"], 2) for r in rows]
    by_after = {m["after"]: m["rss_mb"] for m in memory}
    warm = by_after.get(WARM, memory[0]["rss_mb"])
    first5, last5 = statistics.median(latency[:5]), statistics.median(latency[-5:])
    return {
        "turns": len(rows),
        "answered": answered,
        "errors_in_log": len(errors),
        "rss_mb": by_after,
        "growth_after_first_10_mb": round(memory[-1]["rss_mb"] - warm, 1),
        "growth_per_question_kb": round((memory[-1]["rss_mb"] - warm) * 1024 / max(1, len(rows) - WARM), 1),
        "release_to_audio_ms_first": latency[0],
        "release_to_audio_ms_last": latency[-1],
        "release_to_audio_ms_median_first_5": round(first5),
        "release_to_audio_ms_median_last_5": round(last5),
        "release_to_audio_ms_each": latency,
        "cpu_s_each": cpu,
        "cpu_s_median": round(statistics.median(cpu), 2),
        "idle": idle,
        "probe": [{"after": m["after"], **m["probe"]} for m in memory if "probe" in m],
        "heap_growth": growth,
    }


def _print(results: dict[str, Any]) -> None:
    turns = results["turns"]
    print(
        f"soak: {results['answered']} of {turns} questions answered aloud; {results['errors_in_log']} errors "
        f"in the log; {len(results['failed_questions'])} not heard or not answered in time"
    )
    for failure in results["failed_questions"]:
        print(f"soak: {failure}")
    print(
        "soak: resident memory (MB) after N questions: "
        + ", ".join(f"{n}: {mb}" for n, mb in results["rss_mb"].items())
    )
    print(
        f"soak: growth after the first {WARM} questions: {results['growth_after_first_10_mb']} MB "
        f"({results['growth_per_question_kb']} KB per question; goal ≤ {GOALS['growth_mb']:.0f} MB over 90)"
    )
    idle = results["idle"]
    print(
        f"soak: idle after {turns} questions: RSS {idle['rss_mb']} MB (goal ≤ {GOALS['idle_rss_mb']:.0f}), "
        f"CPU {idle['cpu_percent']}% of one core (goal ≤ {GOALS['idle_cpu_percent']})"
    )
    print(
        f"soak: CPU per question median {results['cpu_s_median']} s; key release → first reply audio: "
        f"question 1 {results['release_to_audio_ms_first']} ms, question {turns} "
        f"{results['release_to_audio_ms_last']} ms (medians of the first and last five: "
        f"{results['release_to_audio_ms_median_first_5']} and {results['release_to_audio_ms_median_last_5']} ms)"
    )
    for entry in results["probe"]:
        print(
            f"soak: after {entry['after']}: "
            + ", ".join(f"{k} {v}" for k, v in entry.items() if k not in ("after", "owners"))
        )
        print(f"soak: after {entry['after']}, resident by owner: {owners_text(owners_of(entry))}")
    for line in results["heap_growth"].get("top", [])[:10]:
        print(f"soak: Python heap growth {results['heap_growth']['from']} → {results['heap_growth']['to']}: {line}")
