"""What the hub holds for a catalogue model, checked against the catalogue before anything is downloaded.

The hub client supplies the file list with sizes and checksums (`HfApi.model_info`). Only the
revision the catalogue pins is asked for, and only the files it names; a hub whose files are
not the catalogue's (a repository pushed to since) is refused here, before any byte moves.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import httpx2

from app.core.errors import ModelDownloadError
from app.voice.model_catalog import SpeechModel

CONNECT_TIMEOUT = 10.0
OFFLINE_HINT = "The current model keeps working; try again when this computer is online."


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


def endpoint_of(endpoint: str | None) -> str | None:
    # Read at call time: the hub client reads HF_ENDPOINT once, when it is first imported.
    return (endpoint or os.environ.get("HF_ENDPOINT", "")).rstrip("/") or None


def network_error(exc: BaseException) -> ModelDownloadError:
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
        api = HfApi(endpoint=endpoint_of(endpoint))
        info = api.model_info(model.repo_id, revision=model.revision, files_metadata=True, timeout=CONNECT_TIMEOUT)
    except (httpx2.TransportError, OfflineModeIsEnabled) as exc:
        raise network_error(exc) from exc
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
    whisper = model.kind == "whisper"
    if (whisper and not {"model.bin", "config.json"} <= names) or not info.sha:
        raise ModelDownloadError(f"{model.repo_id} on the hub is not a faster-whisper model (no model.bin).")
    differs = sorted({*(set(pins) - names), *(f.name for f in files if f.sha256 and f.sha256 != f.pinned)})
    if differs or info.sha != model.revision:
        raise ModelDownloadError(
            f"The hub's {model.repo_id} is not the one this app was tested with "
            f"({', '.join(differs) or 'another revision'}: not what the app keeps for it), so nothing was downloaded.",
            hint="The current model keeps working. An update of the app brings the new model once it is tested.",
        )
    return Plan(model, info.sha, tuple(sorted(files, key=lambda f: f.size)))
