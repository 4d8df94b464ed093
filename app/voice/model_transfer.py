"""One model file's way from the hub into the staging folder: ranged requests that resume, retries, checksums.

The loop is ours because `hf_hub_download` deletes a partial file on any failure and reads in
10 MB pieces: it could neither resume after a cancel or a long outage nor stop promptly when
the person cancels. The hub client still supplies the file addresses (`hf_hub_url`), its HTTP
session (which honours HF_ENDPOINT, HF_HUB_OFFLINE and the user's token) and its error types.
A file arrives as `NAME.part`, is checked against the hub's sha256 (or git blob id for small
files) and the catalogue's own SHA-256, and only then takes its name.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import shutil
import threading
from pathlib import Path

import httpx2

from app.core.errors import DownloadCancelled, ModelDownloadError
from app.core.ui_text import QT_TRANSLATE_NOOP
from app.voice import model_store
from app.voice.download_plan import CONNECT_TIMEOUT, Plan, RemoteFile, endpoint_of
from app.voice.download_progress import Meter
from app.voice.model_catalog import human_size

log = logging.getLogger(__name__)

CHUNK = 256 * 1024  # small enough for a smooth progress bar and a prompt cancel
READ_TIMEOUT = 30.0
RETRIES = 5  # broken connections in a row before giving up (the part stays for later)
RETRY_WAIT = 1.0  # seconds, doubled on each retry


def local_name(name: str) -> str:
    """A hub file's name on disk: a voice's files sit in folders on the hub, side by side here."""
    return name.rsplit("/", 1)[-1]


def verify(path: Path, remote: RemoteFile) -> bool:
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


def disk_full(folder: Path) -> ModelDownloadError:
    free = shutil.disk_usage(folder).free if folder.exists() else 0
    return ModelDownloadError(
        QT_TRANSLATE_NOOP("errors", "The disk is full ({free} free in {folder}).").format(
            free=human_size(free), folder=folder
        ),
        hint=QT_TRANSLATE_NOOP(
            "errors", "Free some space and download again; what arrived is kept and the download resumes."
        ),
    )


class Transfer:
    """One download of one plan into its staging folder."""

    def __init__(
        self,
        plan: Plan,
        endpoint: str | None,
        cancel: threading.Event,
        meter: Meter,
    ) -> None:
        from huggingface_hub.utils import build_hf_headers

        self.plan = plan
        self.endpoint = endpoint_of(endpoint)
        self.cancel = cancel
        self.meter = meter
        self.headers = build_hf_headers(library_name="voice-dev-agent")
        self.staging = model_store.staging_folder(plan.model.name)

    def _check_cancel(self) -> None:
        if self.cancel.is_set():
            raise DownloadCancelled(
                QT_TRANSLATE_NOOP("errors", "The download of {model} was cancelled.").format(
                    model=self.plan.model.name
                ),
                hint=QT_TRANSLATE_NOOP(
                    "errors", "What arrived is kept: downloading it again resumes where it stopped."
                ),
            )

    def fetch(self, remote: RemoteFile) -> None:
        """Bring `remote` into the staging folder, verified; one fresh try when it arrives damaged."""
        final = self.staging / local_name(remote.name)
        if final.is_file():
            return  # verified by an earlier run
        part = self.staging / f"{local_name(remote.name)}.part"
        self.meter.file = remote.name
        for attempt in (1, 2):
            self._stream(remote, part)
            if verify(part, remote):
                self._check_pinned(remote, part)
                part.replace(final)
                return
            log.warning("%s of %s arrived damaged (attempt %d)", remote.name, self.plan.model.name, attempt)
            self.meter.add(-part.stat().st_size)
            part.unlink()
        raise ModelDownloadError(
            QT_TRANSLATE_NOOP(
                "errors", "{file} of {model} arrived damaged twice: it does not match the hub's checksum."
            ).format(file=remote.name, model=self.plan.model.name),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Nothing was installed and the current model keeps working. Try again later."
            ),
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
            QT_TRANSLATE_NOOP(
                "errors",
                "{file} of {model} on the hub is not the one this app was tested with "
                "(its SHA-256 is not what the app keeps for it), so nothing was installed.",
            ).format(file=remote.name, model=self.plan.model.name),
            hint=QT_TRANSLATE_NOOP(
                "errors",
                "The current model keeps working. An update of the app brings the new model once it is tested.",
            ),
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
                        QT_TRANSLATE_NOOP("errors", "The connection broke while downloading {model}.").format(
                            model=self.plan.model.name
                        ),
                        hint=QT_TRANSLATE_NOOP(
                            "errors", "What arrived is kept: download again when the connection is back and it resumes."
                        ),
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
                    QT_TRANSLATE_NOOP("errors", "The hub refused {file} of {model} (HTTP {status}).").format(
                        file=remote.name, model=self.plan.model.name, status=status
                    ),
                    hint=QT_TRANSLATE_NOOP("errors", "Try again later; the current model keeps working."),
                ) from exc
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                    raise disk_full(self.staging) from exc
                raise
