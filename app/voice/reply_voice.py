"""Which voice speaks a reply: one of the reply's language, or none (the reply is then shown, not spoken).

The reply's language is the question's when it is known (the language it was heard in, or the one fixed
in Settings), since the agent answers in the question's language (a rule of its frozen prompt). A typed
question has none: then the reply's first sentence is looked at (`languages.guess`, a count of common
words), its text held until then, which costs nothing the speaker would not wait for anyway (it speaks
whole sentences). A reply in the language of the person's own voice is spoken with it; another is spoken
with an installed voice of that language (`voice_store.voice_for`); with none it is shown only.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.core.languages import guess
from app.voice import voice_store

DECIDE_AT = 160  # characters: a first sentence longer than this is judged on what arrived
SENTENCE_END = re.compile(r"[.!?:](\s|$)")


@dataclass(frozen=True)
class Choice:
    """How one reply is voiced: `voice` "" is the person's own voice; None is shown, not spoken."""

    language: str
    voice: str | None


def voice_language(path: Path) -> str:
    """The language of the Piper voice at `path`, from its .onnx.json ("en" when it does not say)."""
    try:
        config = json.loads(Path(f"{path}.json").read_text(encoding="utf-8"))
        code = str(config.get("language", {}).get("code", "") or config.get("espeak", {}).get("voice", ""))
    except (OSError, ValueError, AttributeError):
        return "en"
    return code.replace("-", "_").split("_")[0].lower() or "en"


class ReplyVoices:
    """Per utterance: hold its first text until its language is known, then the `Choice` for all of it."""

    def __init__(
        self,
        own_language: str = "en",
        *,
        fixed: str = "",
        find: Callable[[str], Path | None] = voice_store.voice_for,
    ) -> None:
        self.own_language = own_language  # the language of the voice the person chose (joe: English)
        self.fixed = fixed  # the speech language fixed in Settings ("" = Detect)
        self._find = find
        self._told: dict[int, str] = {}
        self._held: dict[int, str] = {}
        self._chosen: dict[int, Choice] = {}
        self._lock = threading.Lock()

    def tell(self, utterance: int, language: str) -> None:
        """The question of `utterance` was in `language`: its reply is voiced for it without waiting."""
        with self._lock:
            if language:
                self._told[utterance] = language

    def take(self, utterance: int, text: str, end: bool) -> tuple[Choice | None, str]:
        """(the choice, the text to voice now), or (None, "") while the language is still unknown."""
        with self._lock:
            chosen = self._chosen.get(utterance)
            if chosen is not None:
                if end:
                    self._forget(utterance)
                return chosen, text
            held = self._held.pop(utterance, "") + text
            told = self._told.get(utterance, "")
            if not told and not end and len(held) < DECIDE_AT and not SENTENCE_END.search(held):
                self._held[utterance] = held
                return None, ""
            language = told or guess(held) or self.fixed or self.own_language
            choice = self._choose(language)
            if end:
                self._forget(utterance)
            else:
                self._chosen[utterance] = choice
            return choice, held

    def drop(self, utterance: int) -> None:
        with self._lock:
            self._forget(utterance)

    def _forget(self, utterance: int) -> None:
        self._told.pop(utterance, None)
        self._held.pop(utterance, None)
        self._chosen.pop(utterance, None)

    def _choose(self, language: str) -> Choice:
        if language == self.own_language:
            return Choice(language, "")
        found = self._find(language)
        return Choice(language, str(found) if found is not None else None)
