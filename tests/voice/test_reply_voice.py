"""Which voice speaks a reply: the language from its question or first sentence, and the voices installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.languages import guess
from app.voice import model_catalog, models, voice_catalog, voice_store
from app.voice.reply_voice import Choice, ReplyVoices, voice_language


def test_the_reply_language_is_told_by_its_common_words() -> None:
    assert guess("Der Build ist rot, weil zwei Tests in test_rates.py fehlschlagen.") == "de"
    assert guess("La compilación falla porque falta un import en el archivo.") == "es"
    assert guess("Le build échoue parce que le test est cassé.") == "fr"
    assert guess("The build is red because two tests fail.") == "en"
    assert guess("Run pytest.") is None and guess("") is None  # too little to tell


def test_each_language_has_one_default_voice_and_the_bundled_one_is_english() -> None:
    for language in {v.language for v in voice_catalog.VOICES}:
        assert sum(v.default for v in voice_catalog.for_language(language)) == 1
    assert voice_catalog.for_language("de")[0].name == "de_DE-thorsten-medium"
    assert voice_language(models.default_piper_voice()) == "en"
    joe = voice_catalog.get(voice_catalog.BUNDLED_VOICE)
    assert voice_store.installed(joe) == models.default_piper_voice()


def test_a_german_question_without_a_german_voice_is_shown_at_once(app_home: Path) -> None:
    voices = ReplyVoices("en")
    assert voice_store.voice_for("de") is None  # nothing downloaded in a fresh home
    voices.tell(7, "de")
    assert voices.take(7, "Der Build", False) == (Choice("de", None), "Der Build")
    assert voices.take(7, " ist rot.", True) == (Choice("de", None), " ist rot.")


def test_a_typed_question_s_reply_waits_for_its_first_sentence(app_home: Path) -> None:
    voices = ReplyVoices("en")
    assert voices.take(3, "Zwei Tests ", False) == (None, "")
    assert voices.take(3, "schlagen fehl, weil die", False) == (None, "")
    choice, text = voices.take(3, " Datei nicht da ist. Dann", False)
    assert choice == Choice("de", None) and text == "Zwei Tests schlagen fehl, weil die Datei nicht da ist. Dann"
    english, said = voices.take(4, "The build is red because two tests fail. ", False)
    assert english == Choice("en", "") and said.startswith("The build")  # the person's own voice


def test_an_installed_voice_of_the_language_is_the_one_chosen(app_home: Path) -> None:
    thorsten = Path("/voices/de_DE-thorsten-medium.onnx")
    voices = ReplyVoices("en", find=lambda code: thorsten if code == "de" else None)
    said = "Zwei Tests schlagen fehl, weil die Datei nicht da ist."
    assert voices.take(1, said, True) == (Choice("de", str(thorsten)), said)
    fixed = ReplyVoices("en", fixed="es")
    assert fixed.take(2, "Okay.", True) == (Choice("es", None), "Okay.")  # too short to tell: the fixed language


def test_a_model_this_computer_lacks_the_memory_for_is_said_to_be_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_catalog, "memory_bytes", lambda: 4_000_000_000)
    large = model_catalog.get("large-v3-turbo")
    assert model_catalog.can_run(large) == "needs 6.0 GB of memory; this computer has 4.0 GB"
    assert model_catalog.can_run(model_catalog.get("base")) == ""
    assert model_catalog.can_run(model_catalog.get("small")) == ""
