"""The languages a person can fix for transcription, by Whisper's language code, with their names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

# "" is Detect: a multilingual model hears which language was spoken. The list is short on purpose:
# the languages Whisper's small models hear best, and the ones the app's users asked for (issue 42).
SpeechLanguage = Literal["", "en", "de", "es", "fr", "it", "pt", "nl", "pl", "ja", "zh"]
DETECT: SpeechLanguage = ""
CODES: tuple[SpeechLanguage, ...] = get_args(SpeechLanguage)
NAMES: dict[str, str] = {
    "": "Detect",
    "en": "English",
    "de": "German",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "pl": "Polish",
    "ja": "Japanese",
    "zh": "Chinese",
}


def name_of(code: str) -> str:
    """A language's English name for a person ("de" → "German"); a code not listed is shown as it is."""
    return NAMES.get(code, code)


@dataclass(frozen=True)
class Heard:
    """The language a question was decoded in: fixed by the person, or what the model detected and how sure it was."""

    code: str  # Whisper's code, "de"
    probability: float  # 0 to 1; 1.0 when the language was fixed
    detected: bool

    def describe(self) -> str:
        """ "German (detected, 97% sure)" or "German (fixed in Settings)" for the history window."""
        if self.detected:
            return f"{name_of(self.code)} (detected, {self.probability:.0%} sure)"
        return f"{name_of(self.code)} (fixed in Settings)"
