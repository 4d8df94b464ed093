"""One open microphone stream's shared state: the raw ring its callback writes, and a recording's queue.

The capture callback (PortAudio's, or the sound server's: app.voice.capture) writes every
block into a ring of the newest raw frames (the pre-roll) and, only while a recording runs,
also into a queue the recorder's consumer thread drains. That is all the work an open, idle
microphone does. Nobody polls an idle stream: whether the device still delivers is judged
from the callback's last visit.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from app.voice.devices import Device

STALL_SECONDS = 1.0  # no frames for this long while the stream should run: the device is gone
# The first frames can take a while: through PulseAudio's ALSA plugin 0.7-1.8 s were measured here.
STARTUP_SECONDS = 4.0
QUEUE_BLOCKS = 500  # 20 s of blocks: a stalled consumer drops audio rather than eating memory


class CaptureStream(Protocol):
    """The device side of an InputStream."""

    def set_live(self, live: bool) -> None:
        """Short blocks while someone listens (a recording, a level meter); long ones otherwise, where the
        backend can change them on a running stream."""

    def close(self) -> None:
        """Stop delivering and let go of the device."""


@dataclass
class InputStream:
    """One open input stream: the raw ring the callback writes, and the recording's queue."""

    device: Device
    rate: int
    channels: int
    block_seconds: float  # the longest a block can take to arrive
    ring: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))  # raw mono frames, circular
    written: int = 0  # frames written into the ring since the stream opened
    delivered: int = 0  # blocks the backend delivered since the stream opened
    route: str = ""  # how the device is reached, for a person: "through PortAudio", ...
    recording: bool = False  # the callback also queues blocks for the consumer
    end_at: float = 0.0  # monotonic time the recording ends: the first block delivered after it is its last
    blocks: queue.Queue[np.ndarray | None] = field(default_factory=lambda: queue.Queue(QUEUE_BLOCKS))
    lock: threading.Lock = field(default_factory=threading.Lock)  # ring, written, recording
    stream: CaptureStream | None = None
    opened_at: float = field(default_factory=time.monotonic)
    last_frames: float = 0.0  # monotonic time of the last callback
    finished: threading.Event = field(default_factory=threading.Event)  # the backend ended the stream
    ready: threading.Event = field(default_factory=threading.Event)  # frames have arrived
    dead: bool = False
    dropped: int = 0

    def write(self, mono: np.ndarray) -> None:
        """The callback's whole job while idle: the newest frames into the ring."""
        size = self.ring.size
        count = min(mono.size, size)
        with self.lock:
            at = self.written % size
            first = min(count, size - at)
            self.ring[at : at + first] = mono[mono.size - count : mono.size - count + first]
            if first < count:
                self.ring[: count - first] = mono[mono.size - count + first :]
            self.written += mono.size
            self.delivered += 1
            if self.recording:
                try:
                    self.blocks.put_nowait(mono.copy())
                except queue.Full:
                    self.dropped += 1
                if self.end_at and self.last_frames >= self.end_at:
                    self.end()

    def end_by(self, moment: float) -> None:
        """End the recording with the first block delivered at or after `moment` (lock held).

        That block holds the sound of the moment itself (a block arrives when its last frame
        has been captured). When it has arrived already (the release was learned late), the
        recording ends now; otherwise the callback ends it after that block.
        """
        if self.recording and self.last_frames >= moment:
            self.end()
        else:
            self.end_at = moment

    def end(self) -> None:
        """No more blocks for this recording: the consumer hands on what it has, then stops (lock held)."""
        self.recording = False
        self.end_at = 0.0
        with contextlib.suppress(queue.Full):
            self.blocks.put_nowait(None)

    def latest(self, frames: int) -> np.ndarray:
        """The newest `frames` raw frames (fewer when the stream has not delivered that many)."""
        frames = min(frames, self.ring.size, self.written)
        at = self.written % self.ring.size if self.ring.size else 0
        if frames <= 0:
            return np.zeros(0, np.float32)
        if frames <= at:
            return self.ring[at - frames : at].copy()
        return np.concatenate([self.ring[self.ring.size - (frames - at) :], self.ring[:at]])

    def stalled(self, now: float) -> bool:
        """The device stopped delivering (unplugged), judged from the callback's last visit."""
        if self.finished.is_set():
            return True
        if not self.ready.is_set():
            return now - self.opened_at > STARTUP_SECONDS
        return now - self.last_frames > STALL_SECONDS
