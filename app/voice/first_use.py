"""Run the transcriber once as it loads, so a fresh app's first question is heard as fast as its tenth.

The first decode of a process pays for work later calls reuse (CTranslate2's first runs, the
Silero VAD's ONNX session). Measured in fresh processes, alternated twice on this machine kind:
a 2.5 s question's first decode took 363 and 316 ms against 191-273 ms for the calls after it,
and 216 and 191 ms once warmed. In the app (`bench --turn`, first questions, load 0.9) a fresh
app's first answer came 127 ms after a warm one's, most of it there: its final text 36 ms and
its first words' synthesis 82 ms later.

The warm-up decodes the first seconds of the bundled speed clip ("Why is the build red?") with
a hotword, which runs the helped decode and the plain one that checks it side by side, as a
question with the repository's names does: both of the transcriber's workers run once, off
the hotkey's path. The voice warms itself each time it loads (app.voice.speaker.WARM_SENTENCE):
it loads when a reply may come, not at launch.
"""

from __future__ import annotations

import logging
import time
import wave
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from app.core import paths
from app.voice import SAMPLE_RATE

if TYPE_CHECKING:
    from app.voice.transcriber import Transcriber

log = logging.getLogger(__name__)

SECONDS = 2.0  # of the clip: "Why is the build red?", enough for both decodes, a short encoder pass
HOTWORD = "build"


def clip() -> Path:
    """The bundled developer question (16 kHz mono 16-bit), also the models' speed check."""
    return paths.resources_dir() / "speech" / "speed_check.wav"


def warm(transcriber: Transcriber | None) -> str:
    """Decode the clip's first SECONDS; what the transcriber heard ("" without a model or on failure).

    Never raises: warming only saves time, and a model that fails here fails again, with its
    message, when it is used.
    """
    if transcriber is None:
        return ""
    started, cpu = time.perf_counter(), time.process_time()
    try:
        with wave.open(str(clip()), "rb") as wav:  # read without PyAV, which the app need not load
            frames = wav.readframes(int(SECONDS * wav.getframerate()))
            if wav.getframerate() != SAMPLE_RATE or wav.getnchannels() != 1 or wav.getsampwidth() != 2:
                raise ValueError("the speed clip is not 16 kHz mono 16-bit")
        audio = np.frombuffer(frames, dtype=np.int16).astype(np.float32) / 32768.0
        heard = " ".join(piece.text.strip() for piece in transcriber.decode(audio, hotwords=HOTWORD))
    except Exception:
        log.debug("warming the speech model failed", exc_info=True)
        return ""
    log.info("speech model warmed in %.2f s (%.2f s CPU)", time.perf_counter() - started, time.process_time() - cpu)
    return heard
