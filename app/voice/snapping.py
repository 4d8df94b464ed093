"""Turn spoken forms in a transcript into the identifiers they name ("rate cash" → `RateCache`).

A term is what a person may say (its words) and how it is written. Snapping walks the
transcript's words left to right and replaces the longest run that spells a term: exactly,
as one run-together word ("ratecache", "Rate-Cache"), with a plural ending ("payment
gateways"), or with one small mishearing measured by an edit distance ("rate cash",
"exchange rate" for `exchange_rates`). Whatever is not specific enough stays speech:

- a single ordinary word is never replaced, only a single word that is a compound
  identifier run together;
- a term whose words are all everyday words ("last commit", "run tests") is never snapped
  from code alone; the user's own aliases and memory words are;
- a mishearing is tolerated only in a term of at least MIN_FUZZY_LETTERS letters, in one of
  its words, beside words that match exactly, and never turns one everyday word into another;
- a name heard as other words that sound alike ("fair catch change rates") snaps only when it
  is long (MIN_SOUND_LETTERS consonants), the run starts with the name's first sound, has
  about as many words as the name, is not made of everyday words only, and its consonant
  skeleton differs in at most one place per SOUND_LETTERS_PER_EDIT.

Every decision about a near match is logged at debug level with its reason, so a wrong or
missing snap can be explained from the log.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass

log = logging.getLogger(__name__)

WORD = re.compile(r"[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)*")  # snake_case stays one token
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_)|[A-Z]?[a-z]+|[A-Z]+|\d+")
MAX_PHRASE_WORDS = 6
MIN_FUZZY_LETTERS = 8  # shorter terms snap only when spelled exactly: too many words are near them
MIN_FUZZY_WORD = 4  # a misheard word this short is as likely another word
# A name heard as other words of a similar sound ("fair catch change rates" for
# `fetch_exchange_rates`): compared as consonant skeletons of the whole run, only for names
# whose skeleton has at least this many consonants, with at most one edit per
# SOUND_LETTERS_PER_EDIT of them. Measured on the bench's 40 everyday sentences: no false snap.
MIN_SOUND_LETTERS = 8
SOUND_LETTERS_PER_EDIT = 3



def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words too common to anchor a snap on their own.
STOPWORDS = _word_set(
    """a an the is are was were be been to of in on at by for from with and or not no do does did has have
    had get set add run new make can will it its this that these those my your our i we you he she they all
    any one two if then else when what which who how why up down out off as so just use used me us them
    there here than but into over about after before again only also very"""
)

# Words people use in everyday questions about their work: a term made only of these
# ("last commit", "changed file", "run tests") is more likely speech than a name.
EVERYDAY = STOPWORDS | _word_set(
    """build builds built test tests testing tested commit commits branch branches file files folder error
    errors change changes changed last first next previous red green failing failed fail fails pass passing
    passed show tell read write open close start stop session sessions note notes week day today yesterday
    friday monday tuesday wednesday thursday saturday sunday morning time line lines code main help check
    look find explain doing done work working please thanks go going good bad old running ran thing things
    more most some each every where still want need know think see say said ask answer question yes okay
    ok"""
)


def split_identifier(name: str) -> list[str]:
    """Lower-case words of an identifier: `ReviewOrchestrator`, `review_orchestrator` → review, orchestrator."""
    return [part.lower() for part in _PARTS.findall(name)]


@dataclass(frozen=True)
class Term:
    """Something a person may say (`words`) and how it is written."""

    written: str
    words: tuple[str, ...]
    score: float = 0.0
    source: str = "code"  # code, file, memory, alias, term (the built-in developer terms)

    @property
    def trusted(self) -> bool:
        """The user named it (aliases, memory) or it is a fixed developer term: snap it even if ordinary."""
        return self.source in ("alias", "memory", "term")


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Levenshtein distance of `a` and `b`, or `limit + 1` once it is certainly larger than `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        best = row[0]
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
            best = min(best, row[j])
        if best > limit:
            return limit + 1
    return row[len(b)]


_SOUNDS = [
    (re.compile(r"(.)\1+"), r"\1"),
    (re.compile(r"^wr"), "r"),
    (re.compile(r"(?<=[aeiou])t(?=[aeiouy])"), "d"),  # "writer" and "rider" sound alike in American English
    (re.compile(r"ph"), "f"),
    (re.compile(r"[cs]h|ti(?=[ao])"), "x"),
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"ck|[cq]"), "k"),
    (re.compile(r"z"), "s"),
    (re.compile(r"(?<=.)[aeiouy]+"), ""),
    (re.compile(r"e$"), ""),
]


def sound(word: str) -> str:
    """A rough consonant skeleton of an English word: "cache" and "cash" both give "kx"."""
    key = word.lower()
    for pattern, replacement in _SOUNDS:
        key = pattern.sub(replacement, key)
    return key


def _plural_of(heard: str, written: str) -> bool:
    return heard in (written + "s", written + "es") or (written.endswith("s") and heard == written[:-1])


def _word_cost(heard: str, written: str) -> tuple[int, str] | None:
    """(cost, how) of hearing `written` as `heard`, or None when they are different words."""
    if heard == written:
        return 0, "exact"
    if _plural_of(heard, written):
        return 0, "plural"
    if min(len(heard), len(written)) < MIN_FUZZY_WORD or (heard[0] != written[0] and sound(heard) != sound(written)):
        return None
    if heard in EVERYDAY and written in EVERYDAY:
        return None  # "rate" vs "rates" is handled above; "test" vs "text" is two words
    distance = edit_distance(heard, written, 2)
    if distance <= 1 or (distance == 2 and sound(heard) == sound(written)):
        return distance, f"edit distance {distance}"
    return None


def _said_apart(words: list[str], name: tuple[str, ...]) -> bool:
    """Whether other words come between words of `name` heard exactly ("customer account has a service").

    Such a run was said as separate words; a name misheard as other words has at most one
    stretch of its own words in it ("fair catch change rates").
    """
    exact = [i for i, word in enumerate(words) if word in name]
    return bool(exact) and exact[-1] - exact[0] + 1 != len(exact)


@dataclass(frozen=True)
class Match:
    """A run of `length` tokens that spells `term`, with the cost of the mishearing."""

    length: int
    term: Term
    cost: int
    how: str


class Snapper:
    """Finds terms in transcripts; built once per vocabulary."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self._exact: dict[tuple[str, ...], Term] = {}
        self._joined: dict[str, Term] = {}
        self._by_word: dict[str, list[Term]] = {}
        for term in sorted(terms, key=lambda t: t.score):  # the best-scored term wins a shared spelling
            if not term.words or len(term.words) > MAX_PHRASE_WORDS + 2:
                continue
            if not self._snappable(term):
                continue
            self._exact[term.words] = term
            if len(term.words) >= 2:
                self._joined["".join(term.words)] = term
                for word in set(term.words):
                    self._by_word.setdefault(word, []).append(term)
        self._longest = max((len(k) for k in self._exact), default=1)
        # Names by the first letter of their consonant skeleton, for runs that only sound like them.
        self._by_sound: dict[str, list[tuple[str, Term]]] = {}
        for term in self._exact.values():
            key = sound("".join(term.words))
            if len(term.words) >= 2 and len(key) >= MIN_SOUND_LETTERS and term.source != "file":
                self._by_sound.setdefault(key[0], []).append((key, term))

    @staticmethod
    def _snappable(term: Term) -> bool:
        words = term.words
        if term.source in ("alias", "term"):
            return True
        if len(words) < 2:
            return False  # one ordinary word ("finding") stays a word; "findings" is not `Finding`
        if term.trusted:
            return True
        content = [w for w in words if w not in STOPWORDS]
        if len(content) < 2 and len(words) <= 3:
            return False
        if all(w in EVERYDAY or w.isdigit() for w in words):
            log.debug("never snapped from code: %s (%s are everyday words)", term.written, " ".join(words))
            return False
        return sum(map(len, words)) >= 6

    def __len__(self) -> int:
        return len(self._exact)

    def snap(self, text: str) -> str:
        """`text` with every spoken form of a term replaced by its written form."""
        tokens = list(WORD.finditer(text))
        out: list[str] = []
        last = 0
        i = 0
        while i < len(tokens):
            match = self._match_at(text, tokens, i)
            if match is None:
                i += 1
                continue
            heard = text[tokens[i].start() : tokens[i + match.length - 1].end()]
            if heard != match.term.written:
                log.debug(
                    "snapped %r → %s (%s, from %s, score %.1f)",
                    heard, match.term.written, match.how, match.term.source, match.term.score,
                )
            out.append(text[last : tokens[i].start()])
            out.append(match.term.written)
            last = tokens[i + match.length - 1].end()
            i += match.length
        out.append(text[last:])
        return "".join(out)

    def _spans(self, text: str, tokens: list[re.Match[str]], i: int) -> list[list[str]]:
        """The words of tokens i, i..i+1, ... as long as they may belong to one spoken name."""
        spans: list[list[str]] = []
        words: list[str] = []
        for j in range(i, min(len(tokens), i + self._longest + 1)):
            if j > i:
                between = text[tokens[j - 1].end() : tokens[j].start()]
                # Words of one name are separated by spaces, hyphens, or a file name's dot.
                if between == ".":
                    words = [*words, "dot"]
                elif between.strip(" -"):
                    break
            # "LongLine rule" (Whisper half-spelling a hotword) counts as long, line, rule.
            words = words + (split_identifier(tokens[j].group()) or [tokens[j].group().lower()])
            spans.append(words)
        return spans

    def _match_at(self, text: str, tokens: list[re.Match[str]], i: int) -> Match | None:
        spans = self._spans(text, tokens, i)
        best: Match | None = None
        for length, words in enumerate(spans, 1):
            found = self._exact.get(tuple(words))
            if found is not None:
                best = Match(length, found, 0, "exact")
        if best is not None:
            # "invoice repo sitory": a longer run that spells a name with other word breaks wins over "invoice repo".
            longer = self._near_match(spans) if len(spans) > best.length else None
            return longer if longer is not None and longer.cost == 0 and longer.length > best.length else best
        first = spans[0]
        joined = self._joined.get("".join(first))
        if joined is not None:
            return Match(1, joined, 0, "run together")
        return self._near_match(spans) or self._sound_match(spans)

    def _sound_match(self, spans: list[list[str]]) -> Match | None:
        """The name a run of words sounds like, when it is long and specific enough (see the module)."""
        first = spans[0][0]
        if first in STOPWORDS or len(spans) < 2:
            return None
        best: tuple[float, float, Match] | None = None
        for length, words in enumerate(spans, 1):
            if length < 2 or words[-1] in STOPWORDS or all(w in EVERYDAY for w in words):
                continue
            heard = sound("".join(words))
            for key, term in self._by_sound.get(heard[:1], ()):
                # Same word breaks were judged word by word (`_near_match`): "session token still"
                # is not `SessionTokenStore`. Only a name heard with other breaks is judged by sound.
                if len(words) == len(term.words) or not len(term.words) < len(words) <= len(term.words) + 2:
                    continue
                if _said_apart(words, term.words):
                    continue
                allowed = len(key) // SOUND_LETTERS_PER_EDIT
                distance = edit_distance(heard, key, allowed)
                if distance > allowed:
                    continue
                rank = (distance / len(key), -term.score)
                if best is None or rank < best[:2]:
                    best = (*rank, Match(length, term, distance, f"sounds alike, {distance} of {len(key)} sounds"))
        return best[2] if best else None

    def _near_match(self, spans: list[list[str]]) -> Match | None:
        """The best term the spans spell with a plural or one small mishearing."""
        candidates: dict[tuple[str, tuple[str, ...]], Term] = {}
        for word in spans[min(1, len(spans) - 1)][:2]:
            for term in self._by_word.get(word, ()):
                candidates[(term.written, term.words)] = term  # a name and its spoken forms alike
        best: Match | None = None
        for term in candidates.values():
            for length, words in enumerate(spans, 1):
                match = self._compare(words, term, length)
                if match is not None and (
                    best is None or (match.length, -match.cost, term.score) > (best.length, -best.cost, best.term.score)
                ):
                    best = match
        return best

    def _compare(self, words: list[str], term: Term, length: int) -> Match | None:
        target = term.words
        heard_joined, target_joined = "".join(words), "".join(target)
        if len(words) != len(target):
            # "gate way" for gateway, "database" for data base: same letters, other word breaks.
            if heard_joined == target_joined and len(words) >= 2:
                return Match(length, term, 0, "other word breaks")
            if len(words) + 1 == len(target) and _plural_of(heard_joined, target_joined):
                return Match(length, term, 0, "plural, other word breaks")
            return None
        if words[0] in STOPWORDS and words[0] != target[0]:
            return None
        costs = []
        for heard, written in zip(words, target, strict=True):
            cost = _word_cost(heard, written)
            if cost is None:
                return None
            costs.append(cost)
        fuzzy = [how for cost, how in costs if how.startswith("edit")]
        exact = sum(1 for cost, how in costs if how == "exact")
        if fuzzy:
            letters = len(target_joined)
            if letters < MIN_FUZZY_LETTERS or len(fuzzy) > max(1, len(target) // 3) or exact == 0:
                log.debug("not snapped %r to %s: too unsure (%s)", " ".join(words), term.written, ", ".join(fuzzy))
                return None
        how = ", ".join(sorted({h for _c, h in costs if h != "exact"})) or "exact"
        return Match(length, term, sum(c for c, _h in costs), how)
