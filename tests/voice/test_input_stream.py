"""An open stream's recording queue: where a recording ends, driven block by block without a device."""

from __future__ import annotations

import queue

import numpy as np

from app.voice.devices import Device
from app.voice.input_stream import InputStream


def stream() -> InputStream:
    mic = Device(index=0, name="test mic", default_samplerate=16_000, max_channels=1)
    capture = InputStream(device=mic, rate=16_000, channels=1, block_seconds=0.08)
    capture.ring = np.zeros(4_000, np.float32)
    capture.recording = True
    return capture


def deliver(capture: InputStream, at: float) -> None:
    """A block arriving at monotonic time `at`, the way the PortAudio callback hands it in."""
    capture.last_frames = at
    capture.write(np.full(1_280, at, np.float32))


def queued(capture: InputStream) -> list[float | None]:
    """What the consumer will take: each block's arrival time, None for the end of the recording."""
    out: list[float | None] = []
    while True:
        try:
            block = capture.blocks.get_nowait()
        except queue.Empty:
            return out
        out.append(None if block is None else round(float(block[0]), 2))


def test_a_recording_ends_with_the_block_that_holds_the_moment_of_release() -> None:
    capture = stream()
    deliver(capture, 10.00)
    with capture.lock:
        capture.end_by(10.05)  # the key came up between two blocks: the next one holds its sound
    assert queued(capture) == [10.00]
    deliver(capture, 10.08)
    deliver(capture, 10.16)  # after the end: not part of the recording
    assert queued(capture) == [10.08, None]
    assert not capture.recording


def test_a_release_learned_late_ends_the_recording_without_waiting_for_another_block() -> None:
    capture = stream()
    for at in (10.00, 10.08, 10.16):
        deliver(capture, at)
    with capture.lock:
        capture.end_by(10.05)  # the release is learned after the block that holds it came in
    assert queued(capture) == [10.00, 10.08, 10.16, None]
    deliver(capture, 10.24)
    assert queued(capture) == []
