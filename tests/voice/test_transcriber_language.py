"""The language setting reaches the decode: a fixed language is what Whisper is told, Detect lets it hear one."""

from __future__ import annotations

import numpy as np
import pytest

from app.voice import SAMPLE_RATE, models
from app.voice.transcriber import Transcriber, read_audio
from tests.voice.audio_fixtures import speech, wav, words
from tests.voice.multilingual import multilingual_folder

pytestmark = pytest.mark.slow

SPANISH = "¿Por qué falla la compilación en la rama principal?"


def _spoken(text: str, voice: str, *, speed: int = 165) -> np.ndarray:
    silence = np.zeros(int(0.3 * SAMPLE_RATE), np.float32)
    return np.concatenate([silence, read_audio(wav(text, voice=voice, speed=speed)), silence])


@pytest.fixture(scope="module")
def multilingual() -> Transcriber:
    model = Transcriber(str(multilingual_folder()))
    model.load()
    return model


def test_an_english_only_model_decodes_english_whatever_language_is_set(transcriber: Transcriber) -> None:
    assert transcriber.english_only and models.english_only(models.default_whisper_dir())
    transcriber.language = "de"
    try:
        assert transcriber.decode_language() == "en"
        pieces = transcriber.decode(speech("Please run the tests and show me the first error."))
    finally:
        transcriber.language = ""
    assert pieces and {p.language for p in pieces} == {"en"}
    assert {"run", "error"} <= words(" ".join(p.text for p in pieces))


def test_a_fixed_language_is_what_the_multilingual_model_hears(multilingual: Transcriber) -> None:
    assert not multilingual.english_only and not models.english_only(multilingual_folder())
    multilingual.language = "es"
    try:
        pieces = multilingual.decode(_spoken(SPANISH, "es"))
    finally:
        multilingual.language = ""
    heard = words(" ".join(p.text for p in pieces))
    assert {p.language for p in pieces} == {"es"}
    assert {"compilación", "rama", "principal"} <= heard, heard


@pytest.mark.parametrize(
    "language, sentence, said",
    [
        ("de", "Guten Morgen. Kannst du mir bitte sagen, warum die Tests heute nicht mehr funktionieren?",
         {"morgen", "warum", "funktionieren"}),
        ("es", "Buenos días. ¿Puedes decirme por qué las pruebas ya no funcionan hoy?", {"días", "pruebas", "hoy"}),
    ],
)  # fmt: skip
def test_detect_reports_the_language_the_model_heard(
    multilingual: Transcriber, language: str, sentence: str, said: set[str]
) -> None:
    assert multilingual.decode_language() is None
    pieces = multilingual.decode(_spoken(sentence, language, speed=150))
    assert pieces and {p.language for p in pieces} == {language}
    assert said <= words(" ".join(p.text for p in pieces))
