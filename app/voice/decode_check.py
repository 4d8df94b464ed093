"""What a decode helped by hotwords or a prompt may change in the plain decode: the names it spells, nothing else.

Hotwords and a prompt make Whisper spell names, but they can also make it skip words (with a
repository's hotwords, "Read fetch exchange rates and tell me what the rate cache holds" once
came back as "and tell me what the RateCache goes.") or read ordinary words differently
("Why is the build red?" → "Wise the build red"). So the helped decode is compared word by
word with a plain decode of the same audio (difflib on lower-case words, identifiers split
into their words).

`kept_text` is what the transcriber answers with: the plain decode, with only the stretches
where the helped decode says a name (a hotword, or a name written in the prompt) taken from
it, when the two readings are of a similar length. Spans the helped decode lost, names it
said where the plain decode heard nothing, and ordinary words it read differently stay as
the plain decode heard them.

`keeps_content` judges the whole helped decode (for the log and the tests):
- plain content words (not stopwords) the helped decode dropped reject it: one is enough at
  the start or the end, in the middle a run longer than MAX_LOST_RUN or more than
  MAX_LOST_SHARE of the content words;
- words replaced by a hotword's words are what hotwords are for ("fair catch change rates" →
  "fetch exchange rates"), as long as the two readings are of a similar length;
- a hotword the helped decode says where the plain decode heard nothing is invented: rejected.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from app.voice.snapping import STOPWORDS, Snapper, Term, split_identifier

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
    return {i for start, end in _hotword_spans(words, hotwords) for i in range(start, end)}


def _hotword_spans(words: list[str], hotwords: Iterable[str]) -> list[tuple[int, int]]:
    """(start, end) of each hotword said in full in `words`."""
    spans: list[tuple[int, int]] = []
    for name in hotwords:
        parts = split_identifier(name)
        size = len(parts)
        if not size:
            continue
        spans.extend(
            (start, start + size) for start in range(len(words) - size + 1) if words[start : start + size] == parts
        )
    return spans


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS]


def _as_hotwords(words: list[str], names: list[str]) -> list[str]:
    """`words` with a hotword Whisper ran together ("applyDiscountrules") split into the hotword's words."""
    joined = {"".join(parts): parts for parts in (split_identifier(n) for n in names) if len(parts) >= 2}
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in (3, 2, 1):
            run = "".join(words[i : i + size])
            if i + size <= len(words) and run in joined:
                out.extend(joined[run])
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _blocks(before: list[str], after: list[str]) -> list[tuple[int, int, int, int]]:
    """The differing stretches (a0, a1, b0, b1) of the two word lists.

    Neighbouring edits are one stretch, also across a single matching word between them:
    difflib pairs any one repeated word ("tokens ... tokens"), which would split one
    re-reading into an "insert" and a "delete" that look like an invention and a loss.
    """
    opcodes = difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
    blocks: list[tuple[int, int, int, int]] = []
    for k, (op, a0, a1, b0, b1) in enumerate(opcodes):
        between_edits = 0 < k < len(opcodes) - 1 and a1 - a0 == 1
        if op == "equal" and not between_edits:
            continue
        if blocks and blocks[-1][1] == a0 and blocks[-1][3] == b0:
            blocks[-1] = (blocks[-1][0], a1, blocks[-1][2], b1)
        elif op != "equal":
            blocks.append((a0, a1, b0, b1))
    return blocks


def hotword_names(hotwords: str) -> list[str]:
    """The names in Whisper's `hotwords` (said as words, apart by commas: "rate cache, fetch
    exchange rates"), each as its words joined by hyphens ("rate-cache"), which the check reads
    as one name and snapping as the identifier."""
    names = ("-".join(spoken_words(phrase)) for phrase in hotwords.split(","))
    return [name for name in names if name]


@lru_cache(maxsize=8)  # one set of hotwords per repository, asked for on every decode
def _name_snapper(names: tuple[str, ...]) -> Snapper:
    return Snapper(Term(name, tuple(split_identifier(name))) for name in names)


def names_written(helped: str, names: Iterable[str]) -> str:
    """`helped` with the names it says near their spelling written as the names.

    The helped decode says a name it was given the way Whisper heard it: "session token
    storex", "fetch-exchange-rate", "Dispatch queue". Snapping turns such a run into the name
    after the check, so the check reads it as the name too (snapping's own rules say what is
    near enough); otherwise the name was dropped as ordinary words read differently.
    """
    chosen = tuple(dict.fromkeys(n for n in names if n))
    return _name_snapper(chosen).snap(helped) if chosen and helped else helped


def keeps_content(plain: str, helped: str, hotwords: Iterable[str] = ()) -> Verdict:
    """Whether `helped` (a hotword or prompted decode) keeps what `plain` heard."""
    names = [h for h in hotwords if h]
    helped = without_echo(names_written(helped, names), spoken_words(plain), names)
    before, after = _as_hotwords(spoken_words(plain), names), _as_hotwords(spoken_words(helped), names)
    if not before:
        if _content(after):
            return Verdict(False, "the plain decode heard no words")
        return Verdict(True, "nothing heard either way")
    covered = _hotword_positions(after, names)
    lost_runs: list[tuple[list[str], int]] = []
    invented: list[str] = []
    reworded = 0
    for a0, a1, b0, b1 in _blocks(before, after):
        gone = _content(before[a0:a1])
        said = after[b0:b1]
        if a0 == a1:  # only in the helped decode
            if any(i in covered for i in range(b0, b1)) and _content(said):
                invented.extend(said)
            continue
        if b0 < b1 and _is_hotword_fix(before[a0:a1], said, range(b0, b1), covered):
            continue
        lost = len(gone) - len(_content(said))
        if lost > 0:
            # At the start or the end even one word is a dropped span ("Send reminder email" → "and reminder email").
            at_edge = a0 == 0 or a1 == len(before)
            lost_runs.append((gone, lost + (MAX_LOST_RUN if at_edge else 0)))
        reworded += len(gone) - max(0, lost)
    if invented:
        return Verdict(False, f"says {' '.join(invented)!r} where the plain decode heard nothing")
    content_total = len(_content(before))
    lost_total = sum(min(lost, len(run)) for run, lost in lost_runs)
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


_TOKEN = re.compile(r"[A-Za-z0-9]+(?:'[a-z]+)?")


@dataclass(frozen=True)
class _Words:
    """The spoken words of a text, each with the index of the written token it came from."""

    text: str
    spans: list[tuple[int, int]]  # character span of each token
    words: list[str]
    token_of: list[int]

    @classmethod
    def of(cls, text: str, names: list[str]) -> _Words:
        spans: list[tuple[int, int]] = []
        pairs: list[tuple[str, int]] = []
        for index, match in enumerate(_TOKEN.finditer(text)):
            spans.append(match.span())
            base = match.group().split("'")[0]
            pairs.extend((word, index) for word in split_identifier(base) or [base.lower()])
        # A hotword run together ("applyDiscountrules") counts as its words, each kept on its token.
        words = [w for w, _t in pairs]
        joined_words = _as_hotwords(words, names)
        if joined_words != words:
            pairs = _rejoin(pairs, names)
        return cls(text, spans, [w for w, _t in pairs], [t for _w, t in pairs])

    def first_of_token(self, i: int) -> bool:
        return i == 0 or i >= len(self.words) or self.token_of[i - 1] != self.token_of[i]

    def chars(self, start: int, end: int) -> tuple[int, int]:
        """The character span of words start..end-1, whole tokens."""
        return self.spans[self.token_of[start]][0], self.spans[self.token_of[end - 1]][1]


def _rejoin(pairs: list[tuple[str, int]], names: list[str]) -> list[tuple[str, int]]:
    """`_as_hotwords` on (word, token) pairs: a run spelling a hotword becomes its words, on the run's tokens."""
    joined = {"".join(parts): parts for parts in (split_identifier(n) for n in names) if len(parts) >= 2}
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(pairs):
        for size in (3, 2, 1):
            run = "".join(w for w, _t in pairs[i : i + size])
            if i + size <= len(pairs) and run in joined:
                # Each part on the token its letters come from: "usecart Totals" is use and cart on
                # "usecart", totals on "Totals" (by position, cart went to "Totals" and was lost).
                owner = [t for w, t in pairs[i : i + size] for _letter in w]
                at = 0
                for part in joined[run]:
                    out.append((part, owner[at]))
                    at += len(part)
                i += size
                break
        else:
            out.append(pairs[i])
            i += 1
    return out


def without_echo(helped: str, plain_words: list[str], names: list[str]) -> str:
    """`helped` without the last of a run it says twice at its end when the plain decode said it once.

    Primed with names, Whisper's decoder may loop on what it just wrote ("apply discount
    rules, apply discount rules" for "Apply discount rules."; "Run the tests Run the tests"),
    and the second copy would read as a name said where nothing was heard. Only a run of two
    words or more, in whole tokens: a word said twice ("very very") can be meant.
    """
    words = _Words.of(helped, names)
    count = len(words.words)
    for size in range(count // 2, 1, -1):
        run = words.words[count - size :]
        if words.words[count - 2 * size : count - size] != run or not words.first_of_token(count - size):
            continue
        if any(plain_words[i : i + 2 * size] == run + run for i in range(len(plain_words) - 2 * size + 1)):
            return helped  # the plain decode heard it twice too: said twice
        return helped[: words.chars(0, count - size)[1]]
    return helped


def _names_in(prompt: str) -> list[str]:
    """Compound identifiers written in a prompt: a prompted decode may take their spelling too."""
    return [t for t in _TOKEN.findall(prompt) if len(split_identifier(t)) >= 2 and not t.islower()]


def kept_text(plain: str, helped: str, hotwords: Iterable[str] = (), prompt: str = "") -> str:
    """`plain` with the stretches where `helped` says a name (a hotword, or a name in `prompt`) taken from `helped`.

    Every other difference keeps the plain decode's words: a span the helped decode dropped, a
    name it said where the plain decode heard nothing, and ordinary words it read differently.
    A name replaces plain words only when the two readings are of a similar length. The one
    thing taken besides names is what the plain decode itself dropped: ordinary words the
    helped decode heard before or between the plain decode's words (see `_dropped_by_plain`).
    """
    names = [h for h in hotwords if h] + _names_in(prompt)
    before = _Words.of(plain, names)
    helped = without_echo(names_written(helped, names), before.words, names)
    after = _Words.of(helped, names)
    if not before.words:
        return plain
    spans = _hotword_spans(after.words, names)
    covered = {i for start, end in spans for i in range(start, end)}
    # A name said as words is one piece like a token: "dispatch queue" for "Dispatch Q" takes both.
    inside = {i for start, end in spans for i in range(start + 1, end)}
    prompt_words = spoken_words(prompt)
    out: list[str] = []
    last = 0  # characters of `plain` already written
    for a0, a1, b0, b1 in _blocks(before.words, after.words):
        if b0 == b1:
            continue  # words only the plain decode has stay
        if a0 == a1:
            if _dropped_by_plain(before, after, a0, b0, b1, covered, prompt_words):
                start = before.chars(a0, a0 + 1)[0]
                if start >= last:
                    h0, h1 = after.chars(b0, b1)
                    out.extend((plain[last:start], helped[h0:h1], " "))
                    last = start
            continue  # otherwise a name where nothing was heard is invented
        # The whole stretch: a name the plain decode misheard shifts the word breaks beside it
        # ("That can't rate this low." for "fetch exchange rates is slow").
        if not any(i in covered for i in range(b0, b1)):
            continue
        # Whole tokens on both sides: "rate cash" → "RateCache" replaces both plain words.
        while not (before.first_of_token(a0) and after.first_of_token(b0) and b0 not in inside) and a0 > 0 and b0 > 0:
            a0, b0 = a0 - 1, b0 - 1
        while not (before.first_of_token(a1) and after.first_of_token(b1) and b1 not in inside) and (
            a1 < len(before.words) and b1 < len(after.words)
        ):
            a1, b1 = a1 + 1, b1 + 1
        ratio = sum(map(len, after.words[b0:b1])) / max(1, sum(map(len, before.words[a0:a1])))
        if not 0.5 <= ratio <= 2.0:
            continue  # a long stretch read as one short name is a loss, not a fix
        start, end = before.chars(a0, a1)
        if start < last:
            continue
        out.append(plain[last:start])
        h0, h1 = after.chars(b0, b1)
        out.append(helped[h0:h1])
        last = end
    out.append(plain[last:])
    return "".join(out)


def _dropped_by_plain(
    before: _Words, after: _Words, a0: int, b0: int, b1: int, covered: set[int], prompt_words: list[str]
) -> bool:
    """Whether the words only `after` has at b0..b1, before plain word a0, are words the plain decode dropped.

    The plain decode drops words too ("and tell me what failed." where the helped one heard
    "Run the build and tell me what failed."). Such a run is taken when it is whole tokens of
    ordinary words with some content, stands before a word the plain decode heard (at the
    end, Whisper's stock endings are more likely than a lost phrase), and is no part of the
    prompt (a prompted decode may say the prompt again). Names stay invented there.
    """
    said = after.words[b0:b1]
    if a0 >= len(before.words) or not _content(said) or any(i in covered for i in range(b0, b1)):
        return False
    if not (before.first_of_token(a0) and after.first_of_token(b0) and after.first_of_token(b1)):
        return False
    size = len(said)
    return not any(prompt_words[i : i + size] == said for i in range(len(prompt_words) - size + 1))
