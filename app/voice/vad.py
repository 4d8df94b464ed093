"""Is there speech in a recording? Decides whether a recording is worth sending to Whisper at all.

Whisper invents text for silence and noise ("Thank you."), so a recording without
speech must never reach it. The detector is the Silero model that faster-whisper
bundles (a 2 MB ONNX file, loaded offline in ~0.25 s, ~4 ms per second of audio);
if it cannot load, a frame energy and zero-crossing detector stands in: voiced
speech is loud compared with the recording's own floor and crosses zero far less
often than hiss does.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import numpy as np

from app.voice import SAMPLE_RATE

log = logging.getLogger(__name__)


MIN_SPEECH_SECONDS = 0.2  # less voiced audio than this is a cough or a click, not a question
_SILERO_WINDOW = 512  # samples per probability at 16 kHz (32 ms)
_SILERO_THRESHOLD = 0.5
_FRAME = 480  # 30 ms frames for the energy detector
_PIECE = 64 * _SILERO_WINDOW  # ~2 s: with a count that is `enough`, the model stops after the piece that got there

_lock = threading.Lock()
_model: Any = None
_model_failed = False
_warming = False


def _silero() -> Any:
    """The Silero model, loaded once; None when it cannot load here."""
    global _model, _model_failed
    with _lock:
        if _model is None and not _model_failed:
            try:
                from faster_whisper.vad import get_vad_model

                _model = get_vad_model()
            except Exception as exc:  # missing onnxruntime, damaged asset: fall back, don't fail
                log.warning("Silero VAD unavailable (%s); using the energy detector", exc)
                _model_failed = True
        return _model


def warm_up() -> None:
    """Load the model now so the first recording's check is quick."""
    _silero()


def silero_loaded() -> bool:
    """Whether the Silero model is loaded (False: not yet, or the energy detector stands in)."""
    return _model is not None


def warm_up_in_background() -> None:
    """Start loading the model on a daemon thread unless it is loaded or loading already."""
    global _warming
    with _lock:
        if _warming or _model is not None or _model_failed:
            return
        _warming = True
    threading.Thread(target=_silero, name="vad-load", daemon=True).start()


def silero_speech_seconds(samples: np.ndarray, model: Any, enough: float = 0.0) -> float:
    audio = np.ascontiguousarray(samples, dtype=np.float32).copy()  # the model writes into its input
    audio = np.pad(audio, (0, (-len(audio)) % _SILERO_WINDOW))
    if not enough:
        return _silero_seconds(audio, model)
    found = 0.0
    for start in range(0, len(audio), _PIECE):
        found += _silero_seconds(audio[start : start + _PIECE], model)
        if found >= enough:
            break
    return found


def voiced_until(samples: np.ndarray, threshold: float = _SILERO_THRESHOLD) -> int | None:
    """Sample offset where the last 32 ms window Silero hears as speech ends; None if none, or no Silero.

    A quick look (about 1 ms for half a second) at the latest audio, for deciding whether the
    speaker has just gone quiet; the model starts afresh on each call, so pass a few hundred ms.
    """
    model = _silero()
    if model is None or samples.size == 0:
        return None
    audio = np.ascontiguousarray(samples, dtype=np.float32).copy()  # the model writes into its input
    audio = np.pad(audio, (0, (-len(audio)) % _SILERO_WINDOW))
    probs = np.asarray(model(audio)).reshape(-1)
    voiced = np.flatnonzero(probs >= threshold)
    return min(samples.size, (int(voiced[-1]) + 1) * _SILERO_WINDOW) if voiced.size else None


def _silero_seconds(audio: np.ndarray, model: Any) -> float:
    if not len(audio):
        return 0.0
    probs = np.asarray(model(audio)).reshape(-1)
    return float(np.count_nonzero(probs >= _SILERO_THRESHOLD)) * _SILERO_WINDOW / SAMPLE_RATE


def energy_speech_seconds(samples: np.ndarray) -> float:
    """Seconds of frames that look voiced: well above the recording's floor, low zero-crossing rate."""
    count = len(samples) // _FRAME
    if count == 0:
        return 0.0
    frames = np.asarray(samples[: count * _FRAME], dtype=np.float64).reshape(count, _FRAME)
    rms = np.sqrt(np.mean(frames**2, axis=1))
    db = 20.0 * np.log10(np.maximum(rms, 1e-10))
    floor = float(np.percentile(db, 10))  # a recording has pauses: its quietest frames are the room
    crossings = np.mean(np.abs(np.diff(np.signbit(frames).astype(np.int8), axis=1)), axis=1)
    voiced = (db > max(-45.0, floor + 10.0)) & (crossings < 0.3)
    return float(np.count_nonzero(voiced)) * _FRAME / SAMPLE_RATE


def speech_seconds(samples: np.ndarray, enough: float = 0.0) -> float:
    """Seconds of speech in 16 kHz mono float32 audio; with `enough`, counting may stop once that much is found.

    The release of the key waits for this check, so it asks only whether there is `enough`
    (the first two seconds of a question usually answer that) instead of timing every word.
    """
    if samples.size == 0 or not np.all(np.isfinite(samples)):
        return 0.0
    if float(np.max(np.abs(samples))) < 1e-4:  # digital silence: no need to ask a model
        return 0.0
    model = _silero()
    if model is not None:
        try:
            return silero_speech_seconds(samples, model, enough)
        except Exception as exc:
            log.warning("Silero VAD failed (%s); using the energy detector", exc)
    return energy_speech_seconds(samples)


def has_speech(samples: np.ndarray, min_speech: float = MIN_SPEECH_SECONDS) -> bool:
    return speech_seconds(samples, min_speech) >= min_speech
