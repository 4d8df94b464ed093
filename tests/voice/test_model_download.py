"""Downloading a speech model through the real hub client from a hub on loopback (HF_ENDPOINT).

The served "base.en" is the bundled tiny.en's own files, so a finished download is a real
model that loads and transcribes.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.errors import ConfigurationError, DownloadCancelled, ModelDownloadError
from app.core.settings import Settings
from app.voice import model_catalog, model_download, model_store, model_transfer, models
from app.voice.download_progress import Progress
from tests.voice.fakehub import FakeHub, pin_catalogue

REPO = model_catalog.get("base.en").repo_id
MB = 1_000_000


@pytest.fixture
def source() -> Path:
    return models.default_whisper_dir()


@pytest.fixture
def hub(source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))  # no token or cache of the user's
    monkeypatch.delenv("HF_TOKEN", raising=False)
    pin_catalogue(monkeypatch, "base.en", source)
    with FakeHub({REPO: source}) as server:
        monkeypatch.setenv("HF_ENDPOINT", server.url)
        yield server


def _same_files(folder: Path, source: Path) -> bool:
    return all((folder / f.name).read_bytes() == f.read_bytes() for f in source.iterdir() if f.is_file())


@pytest.mark.slow
def test_download_reports_size_and_speed_and_installs_a_model_that_loads(hub: FakeHub, source: Path) -> None:
    seen: list[Progress] = []
    assert not model_store.state(model_catalog.get("base.en")).installed
    # A connection of a fast home line (400 Mbit/s), not loopback's: at loopback speed the whole
    # model arrives between two progress reports on a quiet machine.
    hub.faults.bytes_per_second = 50_000_000

    folder = model_download.download("base.en", on_progress=seen.append)

    total = sum(f.stat().st_size for f in source.iterdir() if f.is_file())
    assert seen[0].done == 0 and seen[-1].done == seen[-1].total == total
    assert all(b.done >= a.done for a, b in itertools.pairwise(seen))
    assert len(seen) > 5, "a progress bar that jumps from empty to full"
    assert any(p.bytes_per_second > 0 for p in seen)
    assert "MB of" in seen[len(seen) // 2].describe() and "/s" in seen[len(seen) // 2].describe()
    assert _same_files(folder, source)
    assert "README.md" not in {p.name for p in folder.iterdir()}
    state = model_store.state(model_catalog.get("base.en"))
    assert state.installed and state.folder == folder and state.size_bytes >= total
    # The settings pick it up, and it is a real model.
    assert model_store.folder_for(Settings(speech_model="base.en")) == str(folder)
    from app.voice.transcriber import Transcriber

    Transcriber(str(folder)).load()


@pytest.mark.slow
def test_cancel_stops_promptly_installs_nothing_and_the_next_download_resumes(hub: FakeHub) -> None:
    hub.faults.bytes_per_second = 40 * MB
    cancel = threading.Event()
    cancelled_at: list[int] = []

    def watch(progress: Progress) -> None:
        if progress.done > 10 * MB and not cancel.is_set():
            cancel.set()
            cancelled_at.append(progress.done)

    with pytest.raises(DownloadCancelled) as caught:
        model_download.download("base.en", on_progress=watch, cancel=cancel)
    assert "cancelled" in str(caught.value) and "resume" in str(caught.value)
    assert not model_store.state(model_catalog.get("base.en")).installed
    kept = model_download.partial_bytes("base.en")
    assert kept >= cancelled_at[0] and kept < cancelled_at[0] + 2 * MB, "cancel took too long to take effect"

    hub.faults.bytes_per_second = 0
    seen: list[Progress] = []
    folder = model_download.download("base.en", on_progress=seen.append)
    assert seen[0].done == kept, "the resumed download starts from what was kept"
    assert any(name == "model.bin" and start > 0 for name, start in hub.faults.range_requests)
    assert _same_files(folder, models.default_whisper_dir())
    assert model_download.partial_bytes("base.en") == 0


@pytest.mark.slow
def test_a_broken_connection_resumes_where_it_stopped(hub: FakeHub) -> None:
    hub.faults.cut_after["model.bin"] = 30 * MB
    folder = model_download.download("base.en")
    starts = [start for name, start in hub.faults.range_requests if name == "model.bin"]
    assert starts and 29 * MB <= starts[0] <= 30 * MB, starts
    assert hub.faults.downloads.count("model.bin") == 2
    assert _same_files(folder, models.default_whisper_dir())


@pytest.mark.slow
def test_a_file_damaged_once_is_fetched_again_and_verified(hub: FakeHub) -> None:
    hub.faults.corrupt["model.bin"] = 1
    folder = model_download.download("base.en")
    assert hub.faults.downloads.count("model.bin") == 2
    assert _same_files(folder, models.default_whisper_dir())


def test_a_file_damaged_every_time_installs_nothing(hub: FakeHub) -> None:
    hub.faults.corrupt["tokenizer.json"] = 5  # a small file: checked by its git blob id
    with pytest.raises(ModelDownloadError) as caught:
        model_download.download("base.en")
    assert "damaged" in str(caught.value) and "tokenizer.json" in str(caught.value)
    assert not model_store.state(model_catalog.get("base.en")).installed
    staging = model_store.staging_folder("base.en")
    assert not (staging / "tokenizer.json").exists() and not (staging / "tokenizer.json.part").exists()
    # The settings fall back to the bundled model rather than a half-made one.
    assert model_store.folder_for(Settings(speech_model="base.en")) == ""


def test_no_network_is_a_clear_message_and_touches_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with FakeHub({}) as dead:
        url = dead.url  # a port that was just closed again
    monkeypatch.setenv("HF_ENDPOINT", url)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    with pytest.raises(ModelDownloadError) as caught:
        model_download.download("small.en")
    assert "offline" in str(caught.value) and "current model keeps working" in str(caught.value)
    assert not model_store.staging_folder("small.en").exists()


def test_the_connection_lost_for_good_keeps_the_part_for_later(hub: FakeHub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_transfer, "RETRY_WAIT", 0.01)
    hub.faults.bytes_per_second = 40 * MB

    def pull_the_plug(progress: Progress) -> None:
        if progress.done > 5 * MB and hub.faults.bytes_per_second:
            hub.faults.bytes_per_second = 0
            hub.stop()

    with pytest.raises(ModelDownloadError) as caught:
        model_download.download("base.en", on_progress=pull_the_plug)
    assert "connection broke" in str(caught.value) and "resumes" in str(caught.value)
    assert model_download.partial_bytes("base.en") > 5 * MB


def test_not_enough_disk_space_is_said_before_anything_is_downloaded(hub: FakeHub) -> None:
    with pytest.raises(ModelDownloadError) as caught:
        model_download.download("base.en", disk_free=lambda _folder: 20 * MB)
    assert "needs 78 MB more" in str(caught.value) and "20 MB is free" in str(caught.value)
    assert hub.faults.downloads == []


def test_an_unknown_model_and_a_missing_repository_are_clear(hub: FakeHub) -> None:
    with pytest.raises(ConfigurationError) as unknown:
        model_download.download("huge.en")
    assert "base.en" in str(unknown.value)
    with pytest.raises(ModelDownloadError) as missing:
        model_download.download("small.en")  # not on this hub
    assert "no model" in str(missing.value)


def test_remove_deletes_the_model_and_the_settings_fall_back(hub: FakeHub) -> None:
    folder = model_download.download("base.en")
    assert model_store.remove("base.en") is True
    assert not folder.exists() and not model_store.state(model_catalog.get("base.en")).installed
    assert model_store.folder_for(Settings(speech_model="base.en")) == ""
    assert model_store.remove("base.en") is False
    with pytest.raises(ConfigurationError):
        model_store.remove("tiny.en")


@pytest.mark.slow
def test_a_second_download_of_the_same_model_at_once_is_refused(hub: FakeHub) -> None:
    hub.faults.bytes_per_second = 30 * MB
    second: list[ModelDownloadError] = []

    def start_another(progress: Progress) -> None:
        # A second download while the first runs (the lock is an open file, so even this call
        # from the same process is refused, as the command line would be while the app downloads).
        if progress.done > MB and not second:
            with pytest.raises(ModelDownloadError) as caught:
                model_download.download("base.en")
            second.append(caught.value)

    folder = model_download.download("base.en", on_progress=start_another)
    assert second and "already being downloaded" in str(second[0])
    assert _same_files(folder, models.default_whisper_dir())
