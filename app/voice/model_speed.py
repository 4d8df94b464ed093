"""How fast a speech model runs on this computer: its real-time factor on a bundled clip.

Measured once after a download (and once for the bundled model) and stored, so the
settings can say "about 0.3 s per second of speech here" without loading every model.
The clip is a 6 s developer question; the first transcription warms the model up and the
better of the next two is kept, since the figure should describe use, not start-up.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from app.core import paths
from app.core.errors import ConfigurationError
from app.voice import model_catalog, model_store
from app.voice.model_store import Speed
from app.voice.transcriber import SAMPLE_RATE, Transcriber, read_audio

log = logging.getLogger(__name__)

TIMED_RUNS = 2


def clip_path() -> Path:
    return paths.resources_dir() / "speech" / "speed_check.wav"


def measure_folder(folder: Path) -> tuple[float, float]:
    """(real-time factor, clip seconds) of the model in `folder`; raises ModelLoadError if it won't load."""
    samples = read_audio(clip_path())
    transcriber = Transcriber(str(folder))
    transcriber.load()
    transcriber.transcribe(samples)  # warm-up: first-call allocations are not speed
    best = float("inf")
    for _ in range(TIMED_RUNS):
        started = time.perf_counter()
        transcriber.transcribe(samples)
        best = min(best, time.perf_counter() - started)
    seconds = samples.size / SAMPLE_RATE
    return best / seconds, seconds


def measure(name: str) -> Speed:
    """Measure the installed model `name` and store the figure; returns it."""
    model = model_catalog.get(name)
    folder = model_store.installed_folder(model)
    if folder is None:
        raise ConfigurationError(f"{name} is not downloaded.", hint=f"Download it first: models download {name}.")
    rtf, seconds = measure_folder(folder)
    speed = Speed(rtf, round(seconds, 2), model_store.revision_of(model))
    model_store.save_speed(model, speed)
    log.info("%s runs at %.3f of real time here", name, rtf)
    return speed


def describe(speed: Speed | None) -> str:
    """'0.12 s per second of speech' or 'not measured yet'."""
    if speed is None:
        return "speed not measured yet"
    return f"{speed.rtf:.2f} s per second of speech here"
