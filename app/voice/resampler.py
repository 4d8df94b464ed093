"""Streaming sample-rate conversion to 16 kHz for Whisper: a windowed-sinc filter in numpy.

Microphones run at their own rate (44.1 or 48 kHz, sometimes 8 kHz); Whisper wants
16 kHz. Dropping samples would fold everything above 8 kHz back into the speech
band, so each output sample is a Kaiser-windowed sinc low-pass evaluated at its
exact position in the input, which handles any rate ratio (44.1k → 16k is 441:160)
without a huge polyphase table. Blocks can be fed one at a time: the filter's
history carries over, so the output does not depend on how the input was cut.
"""

from __future__ import annotations

import numpy as np

from app.voice import SAMPLE_RATE

_ZERO_CROSSINGS = 12  # filter half-length in zero crossings of the sinc: ~60 dB stop band with the window
_KAISER_BETA = 7.0
_CUTOFF = 0.92  # of the output Nyquist frequency: keeps speech up to ~7.4 kHz, leaves room for the roll-off
_PHASES = 1024  # fractional positions are rounded to 1/1024 sample: error below -60 dB in the speech band


class Resampler:
    """Convert a stream of mono float32 blocks from `in_rate` to `out_rate`."""

    def __init__(self, in_rate: int, out_rate: int = SAMPLE_RATE) -> None:
        if in_rate <= 0 or out_rate <= 0:
            raise ValueError("sample rates must be positive")
        self.in_rate = int(in_rate)
        self.out_rate = int(out_rate)
        self._step = self.in_rate / self.out_rate  # input samples per output sample
        self._scale = min(1.0, self.out_rate / self.in_rate) * _CUTOFF
        self._half = int(np.ceil(_ZERO_CROSSINGS / self._scale))  # half-width in input samples
        self._offsets = np.arange(-self._half + 1, self._half + 1)
        # Filter taps for every rounded fractional position, computed once: the per-sample sinc and
        # Bessel evaluations would cost several times more than the filtering itself.
        frac = np.arange(_PHASES + 1) / _PHASES
        t = self._offsets[None, :] - frac[:, None]  # distance from each tap to the exact position
        window = np.i0(_KAISER_BETA * np.sqrt(np.clip(1.0 - (t / (self._half + 1)) ** 2, 0.0, 1.0)))
        table = np.sinc(self._scale * t) * window
        self._table = (table / table.sum(axis=1, keepdims=True)).astype(np.float32)  # unity gain at DC
        # The buffer starts with `half` zeros so the first output sits on the first input sample.
        self._buffer = np.zeros(self._half, dtype=np.float32)
        self._dropped = -self._half  # input index of _buffer[0]
        self._produced = 0

    @property
    def passthrough(self) -> bool:
        return self.in_rate == self.out_rate

    def process(self, block: np.ndarray) -> np.ndarray:
        """Feed input samples; return every output sample that is now fully determined."""
        block = np.asarray(block, dtype=np.float32).reshape(-1)
        if self.passthrough:
            return block.copy()
        self._buffer = np.concatenate([self._buffer, block])
        return self._emit(final=False)

    def flush(self) -> np.ndarray:
        """The remaining output at the end of the stream (pads with silence)."""
        if self.passthrough:
            return np.zeros(0, dtype=np.float32)
        end = self._dropped + len(self._buffer)  # input samples actually fed
        self._buffer = np.concatenate([self._buffer, np.zeros(self._half + 1, dtype=np.float32)])
        out = self._emit(final=True, limit=end)
        return out

    def _emit(self, *, final: bool, limit: int | None = None) -> np.ndarray:
        available = self._dropped + len(self._buffer)  # input index one past the last sample held
        # Output n sits at input position n*step; it needs input up to floor(pos) + half.
        last_pos = (available - 1 - self._half) if limit is None else limit - 1e-9
        count = int(np.floor(last_pos / self._step)) - self._produced + 1 if last_pos >= 0 else 0
        if count <= 0:
            return np.zeros(0, dtype=np.float32)
        positions = (self._produced + np.arange(count)) * self._step
        base = np.floor(positions).astype(np.int64)
        phase = np.rint((positions - base) * _PHASES).astype(np.int64)
        index = (base - self._dropped)[:, None] + self._offsets[None, :]
        out = np.einsum("ij,ij->i", self._buffer[index], self._table[phase])
        self._produced += count
        if not final:
            keep_from = int(np.floor(self._produced * self._step)) - self._half + 1 - self._dropped
            if keep_from > 0:
                self._buffer = self._buffer[keep_from:]
                self._dropped += keep_from
        return out.astype(np.float32)


def resample(samples: np.ndarray, in_rate: int, out_rate: int = SAMPLE_RATE) -> np.ndarray:
    """Resample a whole signal at once."""
    resampler = Resampler(in_rate, out_rate)
    if resampler.passthrough:
        return np.asarray(samples, dtype=np.float32).reshape(-1).copy()
    return np.concatenate([resampler.process(samples), resampler.flush()])
