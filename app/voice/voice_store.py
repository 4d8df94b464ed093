"""Which Piper voices are on this computer, and the one a reply in a given language is spoken with.

A downloaded voice lives beside the speech models (`paths.speech_models_dir()/NAME`, moved there whole
and verified by `app.voice.model_download`); the bundled English voice is the package's. A reply in a
language is spoken with that language's default voice when it is installed, else any installed voice
of the language; with none, it is shown instead (see `app.ui.speech_worker`).
"""

from __future__ import annotations

import logging
from pathlib import Path

from app.core.errors import ModelLoadError
from app.voice import model_check, model_store, models
from app.voice.model_catalog import Pins
from app.voice.model_transfer import local_name
from app.voice.voice_catalog import VOICES, VoiceEntry, for_language

log = logging.getLogger(__name__)


def local_pins(voice: VoiceEntry) -> Pins:
    """The voice's pinned files by their names on disk."""
    return tuple((local_name(name), sha256) for name, sha256 in voice.model.files)


def installed(voice: VoiceEntry) -> Path | None:
    """The .onnx file to load for `voice`, or None when it is not (completely) downloaded."""
    if voice.bundled:
        try:
            return models.default_piper_voice()
        except ModelLoadError:
            return None
    folder = model_store.model_folder(voice.name)
    onnx = folder / f"{voice.name}.onnx"
    if model_store.read_manifest(folder) and onnx.is_file() and Path(f"{onnx}.json").is_file():
        return onnx
    return None


def check(voice: VoiceEntry) -> None:
    """Raise ModelLoadError when an installed voice's files are not the pinned ones."""
    path = installed(voice)
    if path is not None:
        hint = f"Download {voice.name} again (models download {voice.name})."
        model_check.check_files(path.parent, local_pins(voice), f"The voice {voice.name}", hint)


def voice_for(language: str) -> Path | None:
    """The voice a reply in `language` is spoken with: its default when installed, else another of it."""
    for voice in for_language(language):
        path = installed(voice)
        if path is not None:
            return path
    return None


def installed_voices() -> list[VoiceEntry]:
    return [voice for voice in VOICES if installed(voice) is not None]
