"""Whether a decode helped by hotwords or a prompt still says everything the plain decode heard.

Hotwords and a prompt make Whisper spell names, but they can also make it skip words: with a
repository's hotwords, "Read fetch exchange rates and tell me what the rate cache holds" once
came back as "and tell me what the RateCache goes." So the helped decode is compared word by
word with a plain decode of the same audio (difflib on lower-case words, identifiers split
into their words) and accepted only when it keeps the plain decode's content:

- a run of plain content words (not stopwords) the helped decode dropped, at the start, in
  the middle or at the end, rejects it (MAX_LOST_RUN; a single dropped word of a short
  question counts too);
- words replaced by a hotword's words are what hotwords are for ("fair catch change rates" →
  "fetch exchange rates"), as long as the two readings are of a similar length;
- a hotword the helped decode says where the plain decode heard nothing is invented: rejected.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.voice.snapping import STOPWORDS, split_identifier

MAX_LOST_RUN = 1  # a run of more content words than this, missing from the helped decode, rejects it
MAX_LOST_SHARE = 0.25  # nor may it lose more than this share of the plain decode's content words


@dataclass(frozen=True)
class Verdict:
    """Whether the helped decode is kept, and why (for the log)."""

    accepted: bool
    reason: str
    reworded: int = 0  # content words read as other words that are no hotword: the decoder's call


def spoken_words(text: str) -> list[str]:
    """Lower-case words of `text`, identifiers split ("RateCache's" → rate, cache, s is dropped)."""
    found: list[str] = []
    for token in re.findall(r"[A-Za-z0-9]+(?:'[a-z]+)?", text):
        base = token.split("'")[0]
        found.extend(split_identifier(base) or [base.lower()])
    return found


def _hotword_positions(words: list[str], hotwords: Iterable[str]) -> set[int]:
    """Indexes of `words` that are part of a hotword said in full."""
    covered: set[int] = set()
    for name in hotwords:
        parts = split_identifier(name)
        size = len(parts)
        if not size:
            continue
        for start in range(len(words) - size + 1):
            if words[start : start + size] == parts:
                covered.update(range(start, start + size))
    return covered


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS]


def keeps_content(plain: str, helped: str, hotwords: Iterable[str] = ()) -> Verdict:
    """Whether `helped` (a hotword or prompted decode) keeps what `plain` heard."""
    before, after = spoken_words(plain), spoken_words(helped)
    if not before:
        if _content(after):
            return Verdict(False, "the plain decode heard no words")
        return Verdict(True, "nothing heard either way")
    names = [h for h in hotwords if h]
    covered = _hotword_positions(after, names)
    lost_runs: list[tuple[list[str], int]] = []
    invented: list[str] = []
    reworded = 0
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        gone = _content(before[a0:a1])
        said = after[b0:b1]
        if op == "insert":
            if any(i in covered for i in range(b0, b1)) and _content(said):
                invented.extend(said)
            continue
        if op == "replace" and _is_hotword_fix(before[a0:a1], said, range(b0, b1), covered):
            continue
        lost = len(gone) - len(_content(said)) if op == "replace" else len(gone)
        if lost > 0:
            lost_runs.append((gone, lost))
        reworded += min(len(gone), len(gone) - max(0, lost))
    if invented:
        return Verdict(False, f"says {' '.join(invented)!r} where the plain decode heard nothing")
    content_total = len(_content(before))
    lost_total = sum(lost for _run, lost in lost_runs)
    longest = max((lost for _run, lost in lost_runs), default=0)
    if longest > MAX_LOST_RUN or lost_total > MAX_LOST_SHARE * content_total:
        dropped = " / ".join(" ".join(run) for run, _lost in lost_runs)
        return Verdict(False, f"drops {dropped!r} the plain decode heard")
    if reworded:
        return Verdict(True, f"keeps the plain decode's words, {reworded} heard differently", reworded)
    return Verdict(True, "keeps the plain decode's words")


def _is_hotword_fix(heard: list[str], said: list[str], positions: range, covered: set[int]) -> bool:
    """Whether `said` replaces `heard` with a hotword of about the same length (a misheard name put right)."""
    if not said or not any(i in covered for i in positions):
        return False
    if not all(i in covered or word in STOPWORDS for i, word in zip(positions, said, strict=True)):
        return False
    ratio = sum(map(len, said)) / max(1, sum(map(len, heard)))
    return 0.5 <= ratio <= 2.0
