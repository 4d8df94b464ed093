"""The languages a person can fix for transcription, by Whisper's language code, with their names."""

from __future__ import annotations

from typing import Literal, get_args

from app.core.ui_text import QT_TRANSLATE_NOOP

# "" is Detect: a multilingual model hears which language was spoken. The list is short on purpose:
# the languages Whisper's small models hear best, and the ones the app's users asked for (issue 42).
SpeechLanguage = Literal["", "en", "de", "es", "fr", "it", "pt", "nl", "pl", "ja", "zh"]
DETECT: SpeechLanguage = ""
CODES: tuple[SpeechLanguage, ...] = get_args(SpeechLanguage)
NAMES: dict[str, str] = {
    "": QT_TRANSLATE_NOOP("languages", "Detect"),
    "en": QT_TRANSLATE_NOOP("languages", "English"),
    "de": QT_TRANSLATE_NOOP("languages", "German"),
    "es": QT_TRANSLATE_NOOP("languages", "Spanish"),
    "fr": QT_TRANSLATE_NOOP("languages", "French"),
    "it": QT_TRANSLATE_NOOP("languages", "Italian"),
    "pt": QT_TRANSLATE_NOOP("languages", "Portuguese"),
    "nl": QT_TRANSLATE_NOOP("languages", "Dutch"),
    "pl": QT_TRANSLATE_NOOP("languages", "Polish"),
    "ja": QT_TRANSLATE_NOOP("languages", "Japanese"),
    "zh": QT_TRANSLATE_NOOP("languages", "Chinese"),
}


def name_of(code: str) -> str:
    """A language's English name for a person ("de" → "German"); a code not listed is shown as it is."""
    return NAMES.get(code, code)
