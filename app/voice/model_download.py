"""Downloading a speech model from the Hugging Face hub: progress, cancel, resume, verified files.

The hub client supplies the file list with sizes and checksums (`HfApi.model_info`), the
file addresses (`hf_hub_url`), its HTTP session (which honours HF_ENDPOINT, HF_HUB_OFFLINE
and the user's token) and its error types. The transfer loop is ours because
`hf_hub_download` deletes a partial file on any failure and reads in 10 MB pieces: it could
neither resume after a cancel or a long outage nor stop promptly when the person cancels.

Only the revision the catalogue pins is asked for, and only the files it names. Files arrive
in a staging folder as `NAME.part`, are checked against the hub's sha256 (or git blob id for
small files) and against the catalogue's own SHA-256, and only a complete, verified set is
moved where the app loads models from. A hub whose files are not the catalogue's (a repository
pushed to since) is refused before anything is downloaded. The current model keeps working
throughout: nothing here touches it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import logging
import os
import shutil
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx2

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.dir_lock import LockTimeout, folder_lock
from app.core.errors import DownloadCancelled, ModelDownloadError, ModelLoadError
from app.voice import model_catalog, model_check, model_store
from app.voice.model_catalog import SpeechModel, human_size

log = logging.getLogger(__name__)

CHUNK = 256 * 1024  # small enough for a smooth progress bar and a prompt cancel
CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 30.0
RETRIES = 5  # broken connections in a row before giving up (the part stays for later)
RETRY_WAIT = 1.0  # seconds, doubled on each retry
DISK_MARGIN = 50_000_000  # leave this much free so the download never fills the disk for everyone
SPEED_WINDOW = 3.0  # seconds of transfer the shown speed averages over
STATE = "state.json"

OFFLINE_HINT = "The current model keeps working; try again when this computer is online."


@dataclass(frozen=True)
class Progress:
    """How far a download is: bytes of all files together, and the recent speed."""

    done: int
    total: int
    bytes_per_second: float
    file: str

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    def describe(self) -> str:
        """'120 MB of 148 MB, 12 MB/s, 3 s left' for a progress bar's label."""
        text = f"{human_size(self.done)} of {human_size(self.total)}"
        if self.bytes_per_second > 0:
            left = max(0.0, (self.total - self.done) / self.bytes_per_second)
            text += f", {human_size(self.bytes_per_second)}/s, {_duration(left)} left"
        return text


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


@dataclass(frozen=True)
class RemoteFile:
    name: str
    size: int
    sha256: str  # for files in Git LFS
    git_oid: str  # the git blob id, for the others
    pinned: str = ""  # the SHA-256 the catalogue keeps for it


@dataclass(frozen=True)
class Plan:
    """What a download of one model consists of, at one revision of its repository."""

    model: SpeechModel
    revision: str
    files: tuple[RemoteFile, ...]

    @property
    def total(self) -> int:
        return sum(f.size for f in self.files)


def _endpoint(endpoint: str | None) -> str | None:
    # Read at call time: the hub client reads HF_ENDPOINT once, when it is first imported.
    return (endpoint or os.environ.get("HF_ENDPOINT", "")).rstrip("/") or None


def _network_error(exc: BaseException) -> ModelDownloadError:
    from huggingface_hub.errors import OfflineModeIsEnabled

    if isinstance(exc, OfflineModeIsEnabled):
        return ModelDownloadError("Downloads are switched off (HF_HUB_OFFLINE is set).", hint=OFFLINE_HINT)
    return ModelDownloadError("The Hugging Face hub cannot be reached: this computer seems offline.", hint=OFFLINE_HINT)


def plan(model: SpeechModel, *, endpoint: str | None = None) -> Plan:
    """Ask the hub which files `model` has, with their sizes and checksums."""
    from huggingface_hub import HfApi
    from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled, RepositoryNotFoundError

    if model.bundled:
        raise ModelDownloadError(f"{model.name} is bundled with the app; there is nothing to download.")
    try:
        api = HfApi(endpoint=_endpoint(endpoint))
        info = api.model_info(model.repo_id, revision=model.revision, files_metadata=True, timeout=CONNECT_TIMEOUT)
    except (httpx2.TransportError, OfflineModeIsEnabled) as exc:
        raise _network_error(exc) from exc
    except RepositoryNotFoundError as exc:
        raise ModelDownloadError(f"The hub has no model {model.repo_id} (any more).") from exc
    except (HfHubHTTPError, ValueError, KeyError, TypeError) as exc:
        raise ModelDownloadError(
            f"The hub answered oddly about {model.repo_id}: {str(exc).splitlines()[0][:200]}",
            hint="Try again later.",
        ) from exc
    pins = dict(model.files)
    files = []
    for sibling in info.siblings or []:
        if sibling.rfilename not in pins or sibling.size is None:
            continue
        sha256 = sibling.lfs.sha256 if sibling.lfs else ""
        name = sibling.rfilename
        files.append(RemoteFile(name, int(sibling.size), sha256, sibling.blob_id or "", pins[name]))
    names = {f.name for f in files}
    if not {"model.bin", "config.json"} <= names or not info.sha:
        raise ModelDownloadError(f"{model.repo_id} on the hub is not a faster-whisper model (no model.bin).")
    differs = sorted({*(set(pins) - names), *(f.name for f in files if f.sha256 and f.sha256 != f.pinned)})
    if differs or info.sha != model.revision:
        raise ModelDownloadError(
            f"The hub's {model.repo_id} is not the one this app was tested with "
            f"({', '.join(differs) or 'another revision'}: not what the app keeps for it), so nothing was downloaded.",
            hint="The current model keeps working. An update of the app brings the new model once it is tested.",
        )
    return Plan(model, info.sha, tuple(sorted(files, key=lambda f: f.size)))


class _Meter:
    """Counts bytes across files, works out a recent speed, and hands Progress to the listener."""

    def __init__(self, total: int, done: int, listener: Callable[[Progress], None] | None) -> None:
        self.total = total
        self.done = done
        self.file = ""
        self._listener = listener
        self._samples: deque[tuple[float, int]] = deque()
        self._last_report = 0.0

    def add(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        self._samples.append((now, self.done))
        while len(self._samples) > 2 and now - self._samples[0][0] > SPEED_WINDOW:
            self._samples.popleft()
        if now - self._last_report >= 0.1 or self.done >= self.total:
            self.report()

    def speed(self) -> float:
        if len(self._samples) < 2:
            return 0.0
        (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
        return (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0

    def report(self) -> None:
        self._last_report = time.monotonic()
        if self._listener is not None:
            self._listener(Progress(self.done, self.total, self.speed(), self.file))


def _verify(path: Path, remote: RemoteFile) -> bool:
    """True when the file on disk is the one the hub describes (size and checksum)."""
    if path.stat().st_size != remote.size:
        return False
    if remote.sha256:
        digest = hashlib.sha256()
        expected = remote.sha256
    elif remote.git_oid:
        digest = hashlib.sha1(f"blob {remote.size}\0".encode(), usedforsecurity=False)
        expected = remote.git_oid
    else:
        return True  # the hub gave no checksum: the size is all there is to check
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest() == expected


def _disk_full(folder: Path) -> ModelDownloadError:
    free = shutil.disk_usage(folder).free if folder.exists() else 0
    return ModelDownloadError(
        f"The disk is full ({human_size(free)} free in {folder}).",
        hint="Free some space and download again; what arrived is kept and the download resumes.",
    )


class _Transfer:
    """One download of one plan into its staging folder."""

    def __init__(
        self,
        plan: Plan,
        endpoint: str | None,
        cancel: threading.Event,
        meter: _Meter,
    ) -> None:
        from huggingface_hub.utils import build_hf_headers

        self.plan = plan
        self.endpoint = _endpoint(endpoint)
        self.cancel = cancel
        self.meter = meter
        self.headers = build_hf_headers(library_name="voice-dev-agent")
        self.staging = model_store.staging_folder(plan.model.name)

    def _check_cancel(self) -> None:
        if self.cancel.is_set():
            raise DownloadCancelled(
                f"The download of {self.plan.model.name} was cancelled.",
                hint="What arrived is kept: downloading it again resumes where it stopped.",
            )

    def fetch(self, remote: RemoteFile) -> None:
        """Bring `remote` into the staging folder, verified; one fresh try when it arrives damaged."""
        final = self.staging / remote.name
        if final.is_file():
            return  # verified by an earlier run
        part = self.staging / f"{remote.name}.part"
        self.meter.file = remote.name
        for attempt in (1, 2):
            self._stream(remote, part)
            if _verify(part, remote):
                self._check_pinned(remote, part)
                part.replace(final)
                return
            log.warning("%s of %s arrived damaged (attempt %d)", remote.name, self.plan.model.name, attempt)
            self.meter.add(-part.stat().st_size)
            part.unlink()
        raise ModelDownloadError(
            f"{remote.name} of {self.plan.model.name} arrived damaged twice: it does not match the hub's checksum.",
            hint="Nothing was installed and the current model keeps working. Try again later.",
        )

    def _check_pinned(self, remote: RemoteFile, part: Path) -> None:
        """The hub vouches for a small file by its git id only: its SHA-256 must also be the catalogue's."""
        if not remote.pinned or remote.pinned == remote.sha256:
            return
        with part.open("rb") as handle:
            if hashlib.file_digest(handle, "sha256").hexdigest() == remote.pinned:
                return
        part.unlink()
        raise ModelDownloadError(
            f"{remote.name} of {self.plan.model.name} on the hub is not the one this app was tested with "
            "(its SHA-256 is not what the app keeps for it), so nothing was installed.",
            hint="The current model keeps working. An update of the app brings the new model once it is tested.",
        )

    def _stream(self, remote: RemoteFile, part: Path) -> None:
        from huggingface_hub import hf_hub_url
        from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled
        from huggingface_hub.utils import get_session, hf_raise_for_status

        url = hf_hub_url(self.plan.model.repo_id, remote.name, revision=self.plan.revision, endpoint=self.endpoint)
        failures = 0
        while True:
            self._check_cancel()
            have = part.stat().st_size if part.exists() else 0
            if have > remote.size:  # not this file: start it again
                self.meter.add(-have)
                part.unlink()
                have = 0
            if have == remote.size:
                return
            headers = {**self.headers, **({"Range": f"bytes={have}-"} if have else {})}
            try:
                timeout = httpx2.Timeout(READ_TIMEOUT, connect=CONNECT_TIMEOUT)
                with get_session().stream("GET", url, headers=headers, timeout=timeout) as response:
                    hf_raise_for_status(response)
                    mode = "ab"
                    if have and response.status_code != 206:  # the server ignored the range: take it whole
                        self.meter.add(-have)
                        mode = "wb"
                    with part.open(mode) as out:
                        for chunk in response.iter_bytes(CHUNK):
                            self._check_cancel()
                            out.write(chunk)
                            self.meter.add(len(chunk))
                            failures = 0
                if part.stat().st_size < remote.size:
                    raise httpx2.RemoteProtocolError("the connection closed before the file was complete")
            except (httpx2.TransportError, OfflineModeIsEnabled) as exc:
                failures += 1
                log.info("download of %s broke (%s); try %d of %d", remote.name, exc, failures, RETRIES)
                if failures > RETRIES or isinstance(exc, OfflineModeIsEnabled):
                    raise ModelDownloadError(
                        f"The connection broke while downloading {self.plan.model.name}.",
                        hint="What arrived is kept: download again when the connection is back and it resumes.",
                    ) from exc
                # Waiting on the cancel event keeps a cancel prompt during the pause.
                self.cancel.wait(RETRY_WAIT * 2 ** (failures - 1))
            except HfHubHTTPError as exc:
                status = exc.response.status_code if exc.response is not None else 0
                if status == 416 and have:  # the part no longer fits the file: start it again
                    self.meter.add(-have)
                    part.unlink()
                    continue
                raise ModelDownloadError(
                    f"The hub refused {remote.name} of {self.plan.model.name} (HTTP {status}).",
                    hint="Try again later; the current model keeps working.",
                ) from exc
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                    raise _disk_full(self.staging) from exc
                raise


def _prepare_staging(plan: Plan) -> tuple[Path, int]:
    """The staging folder for `plan` and the bytes already in it; a different revision's parts go."""
    staging = model_store.staging_folder(plan.model.name)
    state_file = staging / STATE
    try:
        previous = json.loads(state_file.read_text(encoding="utf-8")).get("revision")
    except (OSError, ValueError, AttributeError):
        previous = None
    if staging.exists() and previous != plan.revision:
        shutil.rmtree(staging, ignore_errors=True)
    paths.ensure_private_dir(staging)
    write_text_atomic(state_file, json.dumps({"revision": plan.revision}) + "\n")
    have = 0
    for remote in plan.files:
        for candidate in (staging / remote.name, staging / f"{remote.name}.part"):
            if candidate.is_file():
                have += min(candidate.stat().st_size, remote.size)
                break
    return staging, have


def _install(plan: Plan, staging: Path) -> Path:
    """Move the complete, verified staging folder to where models are loaded from."""
    manifest = {
        "name": plan.model.name,
        "repo_id": plan.model.repo_id,
        "revision": plan.revision,
        "downloaded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "files": {f.name: {"size": f.size, "sha256": f.sha256, "git_oid": f.git_oid} for f in plan.files},
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
    model = model_catalog.get(name)
    lock_folder = paths.ensure_private_dir(paths.speech_models_dir() / ".locks" / model.name)
    try:
        # Two downloads of one model (the app and the command line) would write the same parts.
        with folder_lock(lock_folder, timeout=0.5):
            return _download(model, on_progress, cancel, endpoint, disk_free)
    except LockTimeout as exc:
        raise ModelDownloadError(
            f"{model.name} is already being downloaded (in the app or another command).",
            hint="Wait for that download to finish, or cancel it.",
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
    the_plan = plan(model, endpoint=endpoint)
    if model_store.revision_of(model) == the_plan.revision and model_store.installed_folder(model):
        try:
            model_check.check_whisper(model_store.model_folder(name))
        except ModelLoadError as exc:  # damaged or replaced since: download it again
            log.warning("%s is downloaded but refused (%s); downloading it again", name, exc)
        else:
            log.info("%s is already downloaded at %s", name, the_plan.revision)
            return model_store.model_folder(name)
    staging, have = _prepare_staging(the_plan)
    free = (disk_free or (lambda folder: shutil.disk_usage(folder).free))(staging)
    needed = the_plan.total - have
    if free < needed + DISK_MARGIN:
        raise ModelDownloadError(
            f"{model.name} needs {human_size(needed)} more, but only {human_size(free)} is free in {staging.parent}.",
            hint="Free some space and try again; the current model keeps working.",
        )
    meter = _Meter(the_plan.total, have, on_progress)
    meter.report()
    transfer = _Transfer(the_plan, endpoint, cancel or threading.Event(), meter)
    try:
        for remote in the_plan.files:
            transfer.fetch(remote)
        folder = _install(the_plan, staging)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _disk_full(staging) from exc
        raise ModelDownloadError(f"The model could not be saved: {exc.strerror or exc}.") from exc
    meter.file = ""
    meter.report()
    log.info("downloaded %s (%s) at %s into %s", name, model.repo_id, the_plan.revision, folder)
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
    return total
