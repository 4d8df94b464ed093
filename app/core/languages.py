"""The languages a person can fix for transcription, by Whisper's language code, with their names."""

from __future__ import annotations

import re
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Heard:
    """The language a question was decoded in: fixed by the person, or what the model detected and how sure it was."""

    code: str  # Whisper's code, "de"
    probability: float  # 0 to 1; 1.0 when the language was fixed
    detected: bool

    def describe(self) -> str:
        """ "German (detected, 97% sure)" or "German (fixed in Settings)" for the history window."""
        if self.detected:
            return QT_TRANSLATE_NOOP("languages", "{language} (detected, {sure:.0%} sure)").format(
                language=name_of(self.code), sure=self.probability
            )
        return QT_TRANSLATE_NOOP("languages", "{language} (fixed in Settings)").format(language=name_of(self.code))


# Common short words of each language a reply may come in: counting them tells a paragraph's language
# without a model (identifiers, paths and commands stay English in every reply, so they are ignored).
_COMMON_WORDS = {
    "en": "the is are and to of it in that this you for with not on was be have there what which",
    "de": "der die das und ist nicht ein eine ich du zu mit den es auf für sie wir im auch sind wird",
    "es": "el los las y es que en un una no por para con se del está son lo como hay pero",
    "fr": "le les et est que un une pas pour avec il dans ce sont du des au elle vous mais",
    "it": "il lo gli e è che di un una non per con sono del della nel questo ma",
    "pt": "o os as e é que em um uma não por para com do da são está isso mas",
    "nl": "de het een en is niet dat van op te met zijn voor maar ook dit wordt",
}
_COMMON = {code: frozenset(words.split()) for code, words in _COMMON_WORDS.items()}
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def guess(text: str) -> str | None:
    """The language of `text` by its common words, or None when it has too few to tell."""
    counts = {code: 0 for code in _COMMON}
    for word in _WORD.findall(text.lower()):
        for code, common in _COMMON.items():
            if word in common:
                counts[code] += 1
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    (best, most), (_, second) = ranked[0], ranked[1]
    return best if most >= 2 and most > second else None
