"""Where a turn's time goes: the app's stamps (app.core.stamps) lined up with the bench's own clock.

The app logs a stamp with the monotonic clock and its process CPU time at each step of a
turn when started with VDA_STAMPS=1; the bench adds what it saw itself (the key going
up, the fake API receiving the request and sending the first sentence, the sound at the
virtual speaker). Each stage is wall milliseconds between two points, and, where both
ends are the app's stamps, the app's CPU milliseconds in between: CPU well below wall
time means the stage waited (for a core on a busy machine, a queue, or a timer).
"""

from __future__ import annotations

import statistics
from typing import Any

from app.core import stamps

# (label, from, to): names are app stamps or the bench's own points (key_up, fake_received,
# fake_first_sentence, speaker_onset).
STAGES = (
    ("last speculative transcription began → key up", "guess_begun", "key_up"),
    ("key up → app sees release", "key_up", "released"),
    ("release → transcription asked (mic stop, VAD)", "released", "finish_sent"),
    ("asked → speech worker starts", "finish_sent", "finish_begun"),
    ("speech worker → final text", "finish_begun", "final_text"),
    ("  of which: waiting for the pass in flight", "finish_begun", "stream_joined"),
    ("  of which: the rest (tail pass, snapping)", "stream_joined", "final_text"),
    ("final text → agent worker starts", "final_text", "turn_begun"),
    ("agent worker → request built", "turn_begun", "request_sending"),
    ("request built → fake has it", "request_sending", "fake_received"),
    ("fake sends first sentence → speaker has words (< 0: head first)", "fake_first_sentence", "first_sentence"),
    ("speaker has words → first audio synthesised", "first_sentence", "first_synthesized"),
    ("synthesised → device callback takes it", "first_synthesized", "first_audio"),
    ("device callback → sound at the speaker", "first_audio", "speaker_onset"),
)
LATEST = ("guess_begun",)  # stamps that come more than once a turn: the last before the final text
CPU_SPAN = ("released", "first_synthesized")  # the app's CPU time over its share of the turn


def turn_stages(log_text: str, since: float, until: float, bench_points: dict[str, float]) -> dict[str, float]:
    """Per stage, wall ms (and "cpu:" + label, the app's CPU ms) of the turn between `since` and `until`."""
    wall: dict[str, float] = dict(bench_points)
    cpu: dict[str, float] = {}
    every = stamps.parse(log_text)
    # The press that began this question: stamps of the hold come after it.
    pressed = pressed_before(every, since + 1.0, default=since)
    found = [(name, at, cpu) for name, at, cpu in every if pressed <= at <= until]
    final = next((at for name, at, _ in found if name == "final_text" and at >= since), until)
    for name, at, _cpu in reversed(found):
        if name in LATEST and at <= final and name not in wall:
            wall[name] = at
    for name, at, cpu_seconds in found:
        if since <= at and name not in wall:
            wall[name] = at
            if cpu_seconds >= 0:
                cpu[name] = cpu_seconds
    figures: dict[str, float] = {}
    for label, start, end in STAGES:
        if start in wall and end in wall:
            figures[label] = (wall[end] - wall[start]) * 1000
        if start in cpu and end in cpu:
            figures[f"cpu:{label}"] = (cpu[end] - cpu[start]) * 1000
    first, last = CPU_SPAN
    if first in cpu and last in cpu:
        figures["app CPU, release → first synthesis"] = (cpu[last] - cpu[first]) * 1000
        figures["wall, release → first synthesis"] = (wall[last] - wall[first]) * 1000
    return figures


def pressed_before(every: list[tuple[str, float, float]], moment: float, *, default: float) -> float:
    """When the last key press at or before `moment` was stamped (`default` when none was)."""
    return max((at for name, at, _ in every if name == "pressed" and at <= moment), default=default)


def median_stages(turns: list[dict[str, float]]) -> dict[str, int]:
    """The median of each stage over the turns that have it, in STAGES order."""
    labels: list[str] = []
    for label, _, _ in STAGES:
        labels += [label, f"cpu:{label}"]
    labels += ["app CPU, release → first synthesis", "wall, release → first synthesis"]
    return {
        label: round(statistics.median(values))
        for label in labels
        if (values := [turn[label] for turn in turns if label in turn])
    }


def describe(figures: dict[str, Any]) -> list[str]:
    """One printed line per stage: wall ms, and the app's CPU ms where known."""
    lines = []
    for label, value in figures.items():
        if label.startswith("cpu:"):
            continue
        cpu = figures.get(f"cpu:{label}")
        lines.append(f"  {label}: {value} ms" + (f" (app CPU {cpu} ms)" if cpu is not None else ""))
    return lines
