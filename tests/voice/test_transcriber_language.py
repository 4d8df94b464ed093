"""The language setting reaches the decode: a fixed language is what Whisper is told, Detect lets it hear one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.core.languages import Heard
from app.voice import SAMPLE_RATE, models
from app.voice.streaming import StreamingTranscription
from app.voice.transcriber import Transcriber, read_audio
from app.voice.vocabulary import Vocabulary
from tests.scenario import make_scenario_repo
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


GERMAN_WITH_NAME = "Guten Morgen. Kannst du mir bitte sagen, was die Funktion format report zurückgibt?"


def test_a_repository_identifier_is_spelled_in_a_german_question(multilingual: Transcriber, tmp_path: Path) -> None:
    """espeak-ng's German reading of a question naming `format_report`: heard as the name with the vocabulary.

    Without it, base hears "vom Art Airport"; the same question naming `parse_diff` is heard as "positive"
    either way (too far from the name for the check to let the hotword decode change it).
    """
    audio = _spoken(GERMAN_WITH_NAME, "de", speed=150)
    vocabulary = Vocabulary.for_repository(make_scenario_repo(tmp_path))
    assert "format_report" not in multilingual.transcribe(audio)
    for language in ("", "de"):
        multilingual.language = language
        try:
            stream = StreamingTranscription(multilingual, vocabulary)
            stream.feed(audio)
            text = stream.finish()
        finally:
            multilingual.language = ""
        assert "format_report" in text and {"morgen", "funktion"} <= words(text), text
        assert stream.heard is not None and stream.heard.code == "de"
        if language:
            assert stream.heard == Heard("de", 1.0, False)  # told, not detected
        else:
            assert stream.heard.detected and 0.5 < stream.heard.probability < 1.0, stream.heard
