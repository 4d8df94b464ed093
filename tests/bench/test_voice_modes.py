"""`bench --voice` tells what streaming lost from what a sampling decode left to chance.

The temperature fallback samples, so two passes of the same audio can differ; a streamed text
that differs from one of them says nothing about streaming. The transcriber here is a small
stand-in with the two behaviours (a decode that repeats itself, and one that samples); the
stream is one that ends with a fixed text, fed by the bench's own hold.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from app.bench.voice import compare_modes
from app.voice import SAMPLE_RATE


class _Transcriber:
    """Answers each pass with the next of its texts, round and round."""

    def __init__(self, *texts: str) -> None:
        self.texts = texts
        self.passes = 0

    def transcribe(self, _samples: np.ndarray) -> str:
        self.passes += 1
        return self.texts[(self.passes - 1) % len(self.texts)]


class _Stream:
    """A held key's stream whose final text is fixed."""

    text = ""

    def __init__(self, _transcriber: Any) -> None:
        self.guessed = True

    def feed(self, _samples: np.ndarray) -> None:
        pass

    def wait_idle(self, _deadline: float, _clock: Any = None) -> bool:
        return True

    def finish(self) -> str:
        return self.text


_QUESTION = [("what branch am i on", np.zeros(SAMPLE_RATE // 2, np.float32))]


def _streaming(text: str) -> type[_Stream]:
    return type("Streaming", (_Stream,), {"text": text})


def test_a_word_streaming_lost_on_a_repeatable_pass_is_lost() -> None:
    row = compare_modes(_Transcriber("what branch am i on"), _QUESTION, _streaming("what branch am i"))  # type: ignore[arg-type]
    assert (row["words_lost"], row["sampled"], row["words_lost_sampled"]) == (1, 0, 0)
    assert row["worse"][0]["sampled"] is False


def test_a_word_lost_where_two_passes_differ_is_counted_as_chance() -> None:
    transcriber = _Transcriber("what branch am i on", "what then can i go on")
    row = compare_modes(transcriber, _QUESTION, _streaming("what then can i go on"))  # type: ignore[arg-type]
    assert (row["words_lost"], row["sampled"], row["words_lost_sampled"]) == (3, 1, 3)
    assert row["worse"][0]["sampled"] is True
    assert transcriber.passes == 2  # the pass timed, and the pass that checks it repeats
