"""Run both speech models once as they load, so a fresh app's first question is heard and answered as fast as its tenth.

The first decode and the first synthesis of a process pay for work later calls reuse
(CTranslate2's and ONNX Runtime's first runs, espeak-ng's dictionary). Measured in fresh
processes, alternated twice on this machine kind: a 2.5 s question's first decode took 363 and
316 ms against 191-273 ms for the calls after it, and 216 and 191 ms once warmed. In the app
(`bench --turn`, first questions, load 0.9) a fresh app's first answer came 127 ms after a warm
one's, most of it there: its final text 36 ms and its first words' synthesis 82 ms later.

The warm-up synthesises a short sentence and decodes it with a hotword, which runs the helped
decode and the plain one that checks it side by side, as a question with the repository's
names does: both of the transcriber's workers run once. About 0.3 s (0.55 s of CPU) at load,
off the hotkey's path.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from app.voice.resampler import resample

if TYPE_CHECKING:
    from app.voice.speaker import Speaker
    from app.voice.transcriber import Transcriber

log = logging.getLogger(__name__)

SENTENCE = "Ready when you are."
HOTWORD = "ready"


def warm(transcriber: Transcriber | None, speaker: Speaker | None) -> str:
    """Synthesise SENTENCE and decode it; what the transcriber heard ("" without both models or on failure).

    Never raises: warming only saves time, and a model that fails here fails again, with its
    message, when it is used.
    """
    if transcriber is None or speaker is None:
        return ""
    started, cpu = time.perf_counter(), time.process_time()
    try:
        audio, rate = speaker.synthesize(SENTENCE)
        heard = " ".join(piece.text.strip() for piece in transcriber.decode(resample(audio, rate), hotwords=HOTWORD))
    except Exception:
        log.debug("warming the speech models failed", exc_info=True)
        return ""
    log.info("speech models warmed in %.2f s (%.2f s CPU)", time.perf_counter() - started, time.process_time() - cpu)
    return heard
