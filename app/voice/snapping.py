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
- a name heard as other words that sound alike is compared by sound keys (`app.voice.sounds`:
  consonant skeletons, "their catch change rates" → "frkXXnj..."), never from a run that
  starts with an everyday word other than the name's own (a first sound swallowed, "and" for
  "send", excepted), nor with words between two neighbouring words of the name:
  - with the name's own word breaks ("compute eight feet" for `compute_late_fee`), only for
    names of three words or more, each word alike on its own, one heard as said, and no
    everyday word taken for another ("session token still" stays speech);
  - with other breaks ("fetch x change rate", "order of my elevator"), only for long names
    (MIN_SOUND_LETTERS sounds) whose first sound starts the run; the words at either end heard
    as said anchor it, and the rest may differ in one sound per SOUND_LETTERS_PER_EDIT.
- a comma may stand inside a name only when the name is spelled exactly ("kafka, consumer group").

Every decision about a near match is logged at debug level with its reason, so a wrong or
missing snap can be explained from the log.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.voice.sounds import edit_distance, sound

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
# A name heard with its own word breaks but some words misheard ("compute eight feet" for
# `compute_late_fee`) is judged word by word, so a shorter name is specific enough.
MIN_SAME_BREAKS_LETTERS = 6


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
    """Whether other words come between two neighbouring words of `name` heard exactly.

    "customer account has a service" was said as separate words; a name misheard as other
    words has its own words together, or something said where the name has words between
    them ("fetch x change rate" for `fetch_exchange_rates`).
    """
    heard = [(i, j) for i, word in enumerate(words) for j, w in enumerate(name) if word == w or _plural_of(word, w)]
    return any(j2 == j1 + 1 and i2 > i1 + 1 for i1, j1 in heard for i2, j2 in heard)


def run_key(words: Iterable[str]) -> str:
    """The sound of a run of words as one key ("fair catch" → "frkX")."""
    return "".join(sound(w) for w in words)


def _misheard_middle(words: list[str], target: tuple[str, ...]) -> tuple[str, str]:
    """The sounds of the heard run and of the name without the words at either end heard as said."""
    start, end, name_end = 0, len(words), len(target)
    while start < min(end, name_end) and (words[start] == target[start] or _plural_of(words[start], target[start])):
        start += 1
    while (
        end > start
        and name_end > start
        and (words[end - 1] == target[name_end - 1] or _plural_of(words[end - 1], target[name_end - 1]))
    ):
        end, name_end = end - 1, name_end - 1
    return run_key(words[start:end]), run_key(target[start:name_end])


def _clipped_onset(heard: str, written: str) -> bool:
    """Whether `heard` is `written` without its first sound ("and" for "send"): Whisper merges it into a pause."""
    key = sound(written)
    return len(key) >= 2 and sound(heard) == key[1:]


def _alike_word_by_word(words: list[str], keys: list[str], target: tuple[str, ...]) -> bool:
    """Whether each heard word sounds like the name's word in its place, and one of them is that word."""
    same = 0
    for i, (heard, key, written) in enumerate(zip(words, keys, target, strict=True)):
        if heard == written or _plural_of(heard, written):
            same += 1
            continue
        if i == 0 and _clipped_onset(heard, written):
            continue
        if heard in EVERYDAY or edit_distance(key, sound(written), 1) > 1:
            return False
    return same >= 1


def _plural_as_possessive(last_heard: str, after: str, term: Term) -> bool:
    """Whether "'s" after a name's last word is its plural ending: Whisper writes "totals" as "total's"."""
    last_word = term.words[-1]
    return after in ("'s", "’s") and last_word.endswith("s") and last_heard.lower() == last_word[:-1]


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
        # Names by the sound of each of their words and by their first two sounds, for runs that
        # only sound like them: a run is compared with the names it shares a sound-alike word
        # or its start with, not with every name of a 5,000-name repository.
        self._by_sound: dict[str, dict[str, Term]] = {}
        for term in self._exact.values():
            key = run_key(term.words)
            if len(term.words) >= 2 and len(key) >= MIN_SAME_BREAKS_LETTERS and term.source != "file":
                for part in {key[:2], *(sound(w) for w in term.words)}:
                    if len(part) >= 2:
                        self._by_sound.setdefault(part, {})[term.written + " ".join(term.words)] = term

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
                    heard,
                    match.term.written,
                    match.how,
                    match.term.source,
                    match.term.score,
                )
            out.append(text[last : tokens[i].start()])
            out.append(match.term.written)
            last = tokens[i + match.length - 1].end()
            if _plural_as_possessive(tokens[i + match.length - 1].group(), text[last : last + 2], match.term):
                last += 2  # "use cart total's" is `useCartTotals`, not `useCartTotals's`
            i += match.length
        out.append(text[last:])
        return "".join(out)

    def _spans(self, text: str, tokens: list[re.Match[str]], i: int) -> tuple[list[list[str]], int]:
        """The words of tokens i, i..i+1, ... as long as they may belong to one spoken name.

        Also how many of them are free of a comma: Whisper puts one inside a name it heard
        as words ("format, report"), which only a name spelled exactly may cross.
        """
        spans: list[list[str]] = []
        words: list[str] = []
        clear = 0
        for j in range(i, min(len(tokens), i + self._longest + 1)):
            token = split_identifier(tokens[j].group()) or [tokens[j].group().lower()]
            if j > i:
                between = text[tokens[j - 1].end() : tokens[j].start()]
                # Words of one name are separated by spaces, hyphens, or a file name's dot.
                if between == ".":
                    words = [*words, "dot"]
                elif between.strip(" -") == "," and not clear:
                    clear = len(spans)
                elif between.strip(" -"):
                    break
            # "LongLine rule" (Whisper half-spelling a hotword) counts as long, line, rule.
            words = words + token
            spans.append(words)
        return spans, clear or len(spans)

    def _match_at(self, text: str, tokens: list[re.Match[str]], i: int) -> Match | None:
        spans, clear = self._spans(text, tokens, i)
        best: Match | None = None
        for length, words in enumerate(spans, 1):
            found = self._exact.get(tuple(words))
            if found is not None:
                best = Match(length, found, 0, "exact")
        spans = spans[:clear]
        if best is not None and best.length > len(spans):
            return best
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
        best: tuple[float, float, Match] | None = None
        for length, words in enumerate(spans, 1):
            if length < 2 or words[-1] in STOPWORDS or all(w in EVERYDAY for w in words):
                continue
            keys = [sound(w) for w in words]
            heard = run_key(words)
            candidates: dict[str, Term] = {}
            for part in {heard[:2], *keys}:
                candidates.update(self._by_sound.get(part, {}))
            for term in candidates.values():
                match = self._sounds_like(words, keys, heard, term, length)
                if match is None:
                    continue
                rank = (match.cost / len(run_key(term.words)), -term.score)
                if best is None or rank < best[:2]:
                    best = (*rank, match)
        return best[2] if best else None

    @staticmethod
    def _sounds_like(words: list[str], keys: list[str], heard: str, term: Term, length: int) -> Match | None:
        """Whether the run `words` (their sound `keys`, joined `heard`) is `term` heard as other words."""
        target = term.words
        if not len(target) <= len(words) <= len(target) + 2 or _said_apart(words, target):
            return None
        if words[0] in EVERYDAY and words[0] != target[0] and not _clipped_onset(words[0], target[0]):
            return None  # "Where do we register" is a question, not `OrderValidator`
        key = run_key(target)
        allowed = len(key) // SOUND_LETTERS_PER_EDIT
        if len(words) == len(target):
            # Same word breaks: a name of three words or more ("payment went" is not `PaymentGateway`),
            # each word alike on its own ("compute eight feet"), one heard as said, and no
            # everyday word taken for another ("session token still" stays speech).
            if len(target) < 3 or len(key) < MIN_SAME_BREAKS_LETTERS or not _alike_word_by_word(words, keys, target):
                return None
        elif len(key) < MIN_SOUND_LETTERS or heard[:1] != key[:1]:
            return None  # other breaks: a long name, and the run starts with its first sound ("Read fetch ...")
        else:
            # Only the misheard middle is judged: "settlement went through" is `settlement` and two
            # words that do not sound like "worker", not a near miss of the whole name.
            middle, rest = _misheard_middle(words, target)
            # Words heard as said at an end anchor the run: its misheard rest may be short.
            allowed = round(len(rest) / SOUND_LETTERS_PER_EDIT) if rest != key else allowed
            heard, key = middle, rest
        distance = edit_distance(heard, key, allowed)
        if distance > allowed:
            if distance == allowed + 1:
                log.debug(
                    "not snapped %r to %s: sounds %r against %r, %d edits where %d are allowed",
                    " ".join(words),
                    term.written,
                    heard,
                    key,
                    distance,
                    allowed,
                )
            return None
        how = f"sounds alike: {heard!r} against {key!r}, {distance} of {len(key)} sounds"
        return Match(length, term, distance, how)

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
