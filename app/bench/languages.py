"""`python -m app bench --voice --language de|es`: word error rate on questions spoken in another language.

The same twelve developer questions in English, German and Spanish, each synthesised by espeak-ng in its
language (cached under the cache folder). Each multilingual model downloaded here (`models download base`)
transcribes the language's questions twice, told the language and on Detect (where it also counts how often
it heard the right language); the bundled tiny.en transcribes the English ones, the figure beside which the
others are read. Words are compared lower-cased with their accents (an "ü" heard as "u" is an error).
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from app.bench.speech import espeak_wav, padded, word_edits
from app.core import paths
from app.core.languages import name_of
from app.voice import model_catalog, model_store
from app.voice.transcriber import Transcriber, read_audio

ESPEAK_VOICES = {"en": "en-us", "de": "de", "es": "es", "fr": "fr"}
SPEED = 150  # words a minute: espeak's default (175) runs German compounds together
PAD = 0.3

QUESTIONS: dict[str, tuple[str, ...]] = {
    "en": (
        "Why is the build red?",
        "Please run the tests and show me the first error.",
        "Which file changed in the last commit?",
        "What does this function return when the list is empty?",
        "Where is the settings file loaded?",
        "Can you explain why the import fails?",
        "Show me the changes of the last three days.",
        "Is there a test for the login page?",
        "Why does the server stop after a minute?",
        "Who wrote the cache and what does it keep?",
        "Please check the branch and tell me what is missing.",
        "How long does the build take on this computer?",
    ),
    "de": (
        "Warum ist der Build rot?",
        "Bitte führe die Tests aus und zeig mir den ersten Fehler.",
        "Welche Datei hat sich im letzten Commit geändert?",
        "Was gibt diese Funktion zurück, wenn die Liste leer ist?",
        "Wo wird die Einstellungsdatei geladen?",
        "Kannst du erklären, warum der Import fehlschlägt?",
        "Zeig mir die Änderungen der letzten drei Tage.",
        "Gibt es einen Test für die Anmeldeseite?",
        "Warum hält der Server nach einer Minute an?",
        "Wer hat den Cache geschrieben und was speichert er?",
        "Bitte prüfe den Zweig und sag mir, was fehlt.",
        "Wie lange dauert der Build auf diesem Rechner?",
    ),
    "es": (
        "¿Por qué está rojo el build?",
        "Por favor, ejecuta las pruebas y muéstrame el primer error.",
        "¿Qué archivo cambió en el último commit?",
        "¿Qué devuelve esta función cuando la lista está vacía?",
        "¿Dónde se carga el archivo de configuración?",
        "¿Puedes explicar por qué falla la importación?",
        "Muéstrame los cambios de los últimos tres días.",
        "¿Hay una prueba para la página de inicio de sesión?",
        "¿Por qué se detiene el servidor después de un minuto?",
        "¿Quién escribió la caché y qué guarda?",
        "Por favor, revisa la rama y dime qué falta.",
        "¿Cuánto tarda el build en este ordenador?",
    ),
}


def words(text: str) -> list[str]:
    """Lower-cased words with their accents and umlauts; punctuation dropped."""
    return re.findall(r"[^\W_]+", text.lower())


def word_errors(reference: str, hypothesis: str) -> tuple[int, int]:
    """(words wrong by edit distance, words in the reference)."""
    ref = words(reference)
    return word_edits(ref, words(hypothesis)), len(ref)


def spoken(language: str, text: str) -> np.ndarray:
    folder = paths.cache_dir() / "bench-audio"
    return padded(read_audio(espeak_wav(text, folder, voice=ESPEAK_VOICES[language], speed=SPEED)), PAD)


def measure(transcriber: Transcriber, language: str, told: str) -> dict[str, Any]:
    """WER of `transcriber` on the questions of `language`, told `told` ("" = Detect)."""
    transcriber.language = told
    errors = total = right = 0
    seconds: list[float] = []
    for text in QUESTIONS[language]:
        audio = spoken(language, text)
        started = time.perf_counter()
        pieces = transcriber.decode(audio)
        seconds.append(time.perf_counter() - started)
        wrong, count = word_errors(text, " ".join(p.text for p in pieces))
        errors, total = errors + wrong, total + count
        heard = transcriber.heard(pieces)
        right += heard is not None and heard.code == language
    transcriber.language = ""
    return {
        "wer": round(errors / max(1, total), 3),
        "words": total,
        "questions": len(QUESTIONS[language]),
        "language_right": right,
        "median_seconds": round(statistics.median(seconds), 3),
    }


def run_language_bench(language: str, runs: int, echo: bool) -> dict[str, Any]:
    """The figures for `language` beside tiny.en's English; {"skipped": why} when they cannot be had here."""
    say: Callable[[str], None] = print if echo else (lambda _line: None)
    if language not in QUESTIONS or language == "en":
        known = ", ".join(code for code in QUESTIONS if code != "en")
        return _skipped(f"no questions in {name_of(language)} here; --language takes {known}", say)
    results: dict[str, Any] = {"language": language, "espeak_voice": ESPEAK_VOICES[language], "models": {}}
    installed = [
        (model, folder)
        for model in model_catalog.CATALOG
        if model.multilingual and (folder := model_store.installed_folder(model)) is not None
    ]
    if not installed:
        return _skipped("no multilingual speech model is downloaded here (models download base)", say)
    for model, folder in installed:
        transcriber = Transcriber(str(folder))
        transcriber.load()
        fixed = measure(transcriber, language, language)
        detect = measure(transcriber, language, "")
        results["models"][model.name] = {"told": fixed, "detect": detect}
        say(
            f"{model.name}, {name_of(language)} by espeak-ng ({fixed['questions']} questions, {fixed['words']} "
            f"words): WER {fixed['wer']:.3f} told {name_of(language)}, {detect['wer']:.3f} on Detect "
            f"(heard as {name_of(language)} {detect['language_right']} of {detect['questions']}); "
            f"{fixed['median_seconds']:.2f} s a question"
        )
    english = Transcriber("")  # the bundled tiny.en
    english.load()
    base = measure(english, "en", "")
    results["english_tiny_en"] = base
    say(
        f"{model_catalog.BUNDLED}, the same questions in English by espeak-ng ({base['words']} words): "
        f"WER {base['wer']:.3f}; {base['median_seconds']:.2f} s a question"
    )
    return results


def _skipped(why: str, say: Callable[[str], None]) -> dict[str, Any]:
    say(f"voice --language: skipped, {why}")
    return {"skipped": why}
