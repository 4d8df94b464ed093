"""The virtual speaker, recorded: when reply audio starts and stops, on this process's monotonic clock.

The test desktop (installer/desktop-env.sh) gives PulseAudio a null sink "speaker" that is
the default output; its monitor source carries whatever the app plays. parec records it
continuously at a short latency, and each sample gets the time it was played, so sound
onsets can be compared with the key presses and the fake API's timestamps.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time

import numpy as np

from app.bench.waiting import wait_for

SOUND = 0.01  # RMS of a 20 ms frame above which the speaker is audibly playing (silence is exactly 0)


class Monitor:
    """Records a PulseAudio monitor source continuously, with each sample's time.monotonic()."""

    RATE = 16_000
    FRAME = 320  # 20 ms

    def __init__(self, source: str = "speaker.monitor") -> None:
        self.source = source
        command = ["parec", f"--device={source}", "--format=s16le", f"--rate={self.RATE}", "--channels=1"]
        # A short latency keeps each sample's arrival close to the moment it was played.
        self._proc = subprocess.Popen([*command, "--latency-msec=20"], stdout=subprocess.PIPE)
        self._lock = threading.Lock()
        self._samples: list[np.ndarray] = []
        self._count = 0
        self._origin = float("inf")  # monotonic time of sample 0
        self._thread = threading.Thread(target=self._read, name="monitor", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        rest = b""
        while True:
            data = os.read(fd, 8192)
            arrived = time.monotonic()
            if not data:
                return
            data, rest = rest + data, b""
            if len(data) % 2:
                data, rest = data[:-1], data[-1:]
            block = np.frombuffer(data, "<i2").astype(np.float32) / 32768.0
            with self._lock:
                self._samples.append(block)
                self._count += block.size
                # A sample cannot arrive before it was captured: the earliest consistent origin.
                self._origin = min(self._origin, arrived - self._count / self.RATE)

    def stop(self) -> None:
        self._proc.terminate()
        self._proc.wait(timeout=10)

    def __enter__(self) -> Monitor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def now(self) -> float:
        """The time of the newest sample (-inf before any)."""
        with self._lock:
            return self._origin + self._count / self.RATE if self._count else float("-inf")

    def audio(self, start: float, end: float = float("inf")) -> np.ndarray:
        return self.recording(start, end)[1]

    def recording(self, start: float, end: float = float("inf")) -> tuple[float, np.ndarray]:
        """The samples in [start, end), and the time of the first (later than `start` when the recording
        began after it)."""
        with self._lock:
            if not self._count:
                return start, np.zeros(0, np.float32)
            if len(self._samples) > 1:  # join once, so long recordings stay cheap to read
                self._samples = [np.concatenate(self._samples)]
            samples = self._samples[0]
            origin = self._origin
        first = max(0, int((start - origin) * self.RATE))
        last = samples.size if end == float("inf") else max(first, int((end - origin) * self.RATE))
        return origin + first / self.RATE, samples[first:last]

    def loud_times(self, start: float, end: float = float("inf")) -> list[float]:
        """Start times of the 20 ms frames in [start, end) louder than SOUND."""
        begins, chunk = self.recording(start, end)
        count = chunk.size // self.FRAME
        if count == 0:
            return []
        rms = np.sqrt(np.mean(np.square(chunk[: count * self.FRAME].reshape(count, self.FRAME)), axis=1))
        return [begins + i * self.FRAME / self.RATE for i in np.flatnonzero(rms > SOUND)]

    def wait_for_sound(self, after: float, timeout: float) -> float:
        """The time the source first sounded after `after`."""
        found = wait_for(lambda: self.loud_times(after)[:1], timeout, f"sound from {self.source}")
        return float(found[0])

    def wait_for_silence(self, after: float, quiet: float, timeout: float) -> float:
        """The time of the last sound once the source has been silent for `quiet` seconds."""

        def settled() -> list[float]:
            loud = self.loud_times(after)
            last = loud[-1] + self.FRAME / self.RATE if loud else after
            return [last] if self.now() - last >= quiet else []

        return float(wait_for(settled, timeout, f"{quiet} s of silence from {self.source}")[0])
