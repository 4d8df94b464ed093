"""The memory write gate: refuse lines that record re-derivable state or repeat what the store holds.

Deterministic and local (regular expressions over each added line, no model call). A line is judged
by its shape, not its words: "3 tests failing", "error CS1061 in X.cs line 42", "ahead by 3" are
results a tool reports again next time; "If the build fails with CS0246, run dotnet restore",
"2026-11-27: halfway through renaming Patch to Diff" and "OrderTests is flaky because ..." are
knowledge and pass although they say "build", "fails" or "test".

Three tiers of evidence:
- always state: shapes nothing can redeem (stack frames, file:line locations, verdict counts,
  git status output, ahead/behind, "right now");
- result shapes (verdicts, error output, change and branch state) pass only when the line also has
  a lesson shape: a condition, a reason, an instruction, a rule, a flaky-test note;
- work in progress passes only with a date, so a later session can tell its age.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from app.core.memory import gate_model
from app.core.memory.lines import clean as _clean
from app.core.memory.lines import is_structure as _is_structure
from app.core.memory.lines import normalise as normalise
from app.core.memory.state_shapes import (
    ALWAYS,
    CODE_COUNT,
    DEFECT,
    ERROR_PHRASES,
    FILE_RX,
    INCIDENT,
    MACHINE,
    NOW,
    NUMBER_WORDS,
    PAST_VERDICT,
    RESULTS,
    THRESHOLD,
    TOOL_SAYS,
    VERSION,
    Shape,
    rx,
    words,
)
from app.core.memory.state_signs import LEADING_CONDITION, ONE_TIME, POLICY, SIGNS, unwrapped
from app.core.memory.text import quoted, split_lines


@dataclass(frozen=True)
class GateRefusal:
    """Why a write was refused: the first refused line, its kind ("state" or "duplicate"), the text for the model."""

    line: str
    kind: str
    reason: str
    message: str


# A line that reports a result is knowledge only when it says when the result happens (a condition), or
# generalises with its evidence. A reason alone ("the build is red because X still uses Y") explains today's
# result, and a generalising word alone ("always fails; ignore it") makes a rule of one run: words like
# "because", "always" and "ignore" are not enough on their own.
_CONDITION = rx(
    # "when I ran it" narrates an event; "after the last push" names one: neither is a condition.
    r"\b(?:if|when|whenever|unless|in case|every time|each time|any time)\b"
    r"(?!\s+(?:I|we)\s+(?:ran|tried|built|last|pushed|tested))|"
    r"\bon (?:bad|invalid|any|every|each|error|errors|failure|success|exit|timeout|cancel|machines|runners|hosts|"
    r"windows|linux|macos|mac|arm|mondays|tuesdays|wednesdays|thursdays|fridays|weekdays|weekends)\b|"
    r"\bonly (?:on|in|under|with|for)\b|^(?:a|an|any|every|each|no)\s"
)
# Evidence: a mechanism, a known property, a decision: what makes the line hold beyond one run.
_EVIDENCE_WORDS = words(
    "because race races nondeterministic intermittent intermittently depends depend relies rely convention policy "
    "decided decision agreed chose intentionally deliberately"
)
_EVIDENCE_PHRASES = (
    " due to ",
    " caused by ",
    " cause is ",
    " root cause",
    " so that ",
    " which means ",
    " as it ",
    " as they ",
    " known to ",
    " known issue",
    " known bug",
    " by design",
    " on purpose",
    " to fix ",
    " the fix ",
    " fixed by ",
    " fix is ",
)
_COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple)"
# Occurrences counted, not one event: "three separate incidents", "the third time", "4 of the last 5 deploys",
# "at least three times", "seen three times now", "again and again" ("twice" is left out: "sends it twice").
_RECURRING = re.compile(
    rf"\b{_COUNT} separate\b|\bthe (?:second|third|fourth|fifth|\d+(?:nd|rd|th)) time\b|"
    rf"\b{_COUNT} of the (?:last|past) {_COUNT}\b|\bthe (?:last|past) {_COUNT} times\b|\bat least {_COUNT} times\b|"
    rf"\b{_COUNT} times (?:now|this (?:year|quarter|month)|last (?:year|quarter|month))\b|\bagain and again\b|"
    rf"\b(?:seen|happened|hit us|bit us|been the (?:cause|culprit)) {_COUNT} times\b|"
    rf"\b(?:came up|seen|happened) in {_COUNT} (?:sessions|releases|runs)\b|\bin {_COUNT} releases in a row\b"
)
# Generalising words: a rule, a frequency, an instruction, a preference.
_GENERAL_WORDS = words(
    "whenever unless otherwise flaky flakes sometimes occasionally randomly usually typically often rarely any every "
    "each always never should must avoid prefer prefers wants likes rule workaround instead rather lesson learned "
    "tip expected ignore skip quarantine required requires require"
)
_GENERAL_PHRASES = (" need to ", " needs to ", " have to ", " has to ", " don't ", " do not ", " in case ")
_SEQUENCE = rx(
    r"\b(?:before|after|until|once)\s+(?:\w+ing\b|you\b|we\b|it\b|they\b|a\b|an\b|any\b|every\b|each\b|"
    r"(?:the\s+)?\w+\s+(?:is|are|has|have|was|were)\b)|"
    # "since Tuesday" or "since the last push" dates a result; "since X needs Y" gives a reason.
    r"\bsince\b(?!\s+(?:mon|tue|wed|thu|fri|sat|sun|yesterday|today|last|this|the last|the latest|commit|\d))|"
    r"\bso\s+(?:that\s+)?\w+\s+(?:can|could|will|do|does|never|always|stay|stays)\b"
)
# Dismissals and absolutes about a result: a rule that tells later sessions to stop looking.
_DISMISSAL = rx(
    r"\b(?:ignore|skip|disregard|don't worry|do not worry|not a real|flaky)\b|"
    r"\b(?:always|never|constantly)\s+(?:fails?|failing|passes|breaks|works|times out|crashes|is red|is green)\b"
)
_WORD_RX = re.compile(r"[a-z']+")


def _spaced(lower: str) -> str:
    return " " + " ".join(_WORD_RX.findall(lower)) + " "


def _has_evidence(lower: str, tokens: frozenset[str]) -> bool:
    spaced = _spaced(lower)
    return not _EVIDENCE_WORDS.isdisjoint(tokens) or any(phrase in spaced for phrase in _EVIDENCE_PHRASES)


def _generalises(cleaned: str, lower: str, tokens: frozenset[str]) -> bool:
    """The line states a rule, a frequency, an instruction or a preference (not necessarily with evidence)."""
    if not _GENERAL_WORDS.isdisjoint(tokens) or "→" in lower or "=>" in lower:
        return True
    spaced = _spaced(lower)
    if any(p in spaced for p in _GENERAL_PHRASES) or _SEQUENCE.found_in(cleaned):
        return True
    return any(_is_imperative(part) for part in _clauses(cleaned))


_IMPERATIVE = words(
    "use run don't dont do never always prefer avoid keep put call ask set add install start restart skip pass "
    "open remember note make write read check bump pin regenerate restore clean delete remove rebase merge push "
    "commit tag deploy release update upgrade name prefix wrap log mock stub import export register configure "
    "enable disable ignore suppress treat let try see reuse copy create generate format lint review squash sign "
    "stop wait give send reply answer speak say mention leave follow store build test expect rerun retry resolve "
    "document prefix target define declare pipe route"
)
# Verbs of a to-do about the current state: an instruction with these does not redeem a result.
_NOT_IMPERATIVE_NEXT = words(
    "fails failed failing is are was were passes passed broke broken succeeded status output log error errors "
    "result results red green:"
)

_WIP = rx(
    r"\b(?:halfway|half-way|partway|part-way|in the middle of|mid-(?:way|refactor|migration|rename)|"
    r"working on|wip|in progress|left off|is next|are next|next up|got as far as|stopped at|so far|"
    r"not (?:yet )?(?:done|finished)|unfinished|half-done|still need to|still to do|"
    r"waiting (?:on|for)|blocked on)\b"
)
_WIP_TRIGGERS = re.compile(
    r"half|part|middle|mid-|working on|wip|progress|left off|next|got as far|stopped at|so far|not yet|not done|"
    r"not finished|unfinished|still|waiting|blocked"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)\.?"  # not "may": "step 1 may fail"
)
_DATE = rx(
    rf"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{{1,2}}\s+{_MONTH}\s+(?:19|20)\d\d\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?"
    rf"(?:\s+(?:19|20)\d\d)?\b|\b\d{{1,2}}/\d{{1,2}}/(?:19|20)\d\d\b|\b(?:19|20)\d\d/\d\d/\d\d\b|"
    r"\bweek \d{1,2}\b|\b(?:19|20)\d\d-W\d\d\b|"
    # A year or a month of one names when it happened ("retired in 2025", "in January 2026", "Q3 2026").
    rf"\b(?:in|since|during|until|by|from|of)\s+(?:early |late |mid-)?(?:19|20)\d\d\b|\b{_MONTH}\s+(?:19|20)\d\d\b|"
    # A day and a month with no year ("started 3 March", "for 15 april"; whole month names, so "12 decorators"
    # is no date), a dotted date (12.03.2026) and a quarter ("Q2 focus", "2026 Q1", "2026-Q2").
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME}(?!\w)|\b\d{{1,2}}\.\d{{1,2}}\.(?:19|20)\d\d\b|"
    r"\b(?:(?:19|20)\d\d[- ]?)?Q[1-4]\b"
)

_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def _is_imperative(cleaned: str) -> bool:
    words = cleaned.replace(",", " ").split()
    if not words:
        return False
    first = words[0].lower().rstrip(":")
    if first not in _IMPERATIVE or words[0].endswith(":"):
        return False
    return len(words) == 1 or words[1].lower() not in _NOT_IMPERATIVE_NEXT


_NUMBER_TOKENS = words("one two three four five six seven eight nine ten eleven twelve")
_ERROR_PHRASES = re.compile("|".join(re.escape(phrase) for phrase in ERROR_PHRASES))  # one search, not twenty


def _bare_file_list(cleaned: str) -> bool:
    """A line that is nothing but two or more file names: a list of what changed."""
    files = FILE_RX.findall(cleaned)
    return len(files) >= 2 and not _WORD.search(FILE_RX.sub(" ", cleaned).replace("and", " "))


# What a refused line is, for the message: a result to leave out, undated work in progress, or a rule
# that rests on one incident (the lesson may be real, but it needs its evidence).
STATE, WIP, RULE, GUESS = "state", "wip", "rule", "guess"
# A pass where no shape of state fired at all: the line's parts need no second look.
_UNTOUCHED = ("", "")
_WIP_REASON = "it is work in progress without a date, so a later session cannot tell how old it is"
_RULE_REASON = (
    "it makes a standing rule out of one incident ({what}), and every later session would follow it "
    "without knowing what it rests on"
)


def _judge_clause(
    cleaned: str, dated: bool, conditional: bool = False, line_general: bool = False
) -> tuple[str, str] | None:
    """(kind, reason) when this text records re-derivable state or an unsupported rule, else None."""
    has_digit = _DIGIT.search(cleaned) is not None
    masked = THRESHOLD.sub("limit", cleaned) if has_digit else cleaned
    lower = masked.lower()
    tokens = frozenset(_WORD_RX.findall(lower))
    counted, counted_lower, counted_tokens, has_count = masked, lower, tokens, has_digit
    # A number word is a token of its own (an apostrophe aside), so the set test spares most lines the search.
    if (not _NUMBER_TOKENS.isdisjoint(tokens) or "'" in lower) and NUMBER_WORDS.search(masked):
        counted = NUMBER_WORDS.sub("2", masked)
        counted_lower, counted_tokens, has_count = counted.lower(), frozenset(_WORD_RX.findall(counted.lower())), True
    for shape in ALWAYS:
        if shape.matches(counted, counted_lower, counted_tokens, has_count):
            return STATE, shape.reason
    if cleaned.count(".") >= 2 and _bare_file_list(cleaned):  # two file names have two dots
        return STATE, "it lists changed files, which git_status shows at any time"
    if MACHINE.matches(masked, lower, tokens, has_digit):
        return STATE, MACHINE.reason
    result = next((shape.reason for shape in RESULTS if shape.matches(masked, lower, tokens, has_digit)), None)
    if result is None and _ERROR_PHRASES.search(lower) is not None:
        result = RESULTS[0].reason
    if result is None and TOOL_SAYS.matches(masked, lower, tokens, has_digit):
        result = TOOL_SAYS.reason
    if result is None and CODE_COUNT.matches(counted, counted_lower, counted_tokens, has_count):
        result = CODE_COUNT.reason
    if result is None and VERSION.matches(masked, lower, tokens, has_digit):
        result = VERSION.reason
    incident = INCIDENT.matches(masked, lower, tokens, has_digit)
    now = NOW.matches(masked, lower, tokens, has_digit)
    defect = DEFECT.matches(masked, lower, tokens, has_digit)
    once, signs = _sign_hits(masked, lower, tokens, has_digit) if not dated else (False, [])
    if result is None and not incident and not now and not defect and not once and not signs:
        # No shape of state at all (most durable lines): the lesson checks below are not paid for.
        if _WIP_TRIGGERS.search(lower) and _WIP.found_in(cleaned) and not dated:
            return WIP, _WIP_REASON
        return _UNTOUCHED
    evidence = _has_evidence(lower, tokens)
    # A clause with its reason, in a line whose other clause says what to do, is part of one lesson.
    general = _generalises(cleaned, lower, tokens) or (line_general and evidence)
    if defect and not general and not dated:
        return STATE, DEFECT.reason
    # Occurrences counted ("on three separate nights", "9 of the last 40 runs", "after the third time") are the
    # evidence a rule needs: the line does not rest on one event.
    recurring = _RECURRING.search(lower) is not None
    signed = _plain_sign(cleaned, general, once and not recurring, signs)
    if signed is not None:
        return signed
    if result is None and not incident and not now:
        if _WIP_TRIGGERS.search(lower) and _WIP.found_in(cleaned) and not dated:
            return WIP, _WIP_REASON
        # A sign the line's policy redeemed is still a sign: "We deploy from tags. The staging Redis is full."
        # is judged part by part, so the "we" of one clause cannot carry the other's state through.
        return None if once or signs else _UNTOUCHED
    # Only a line that looks like a result, an incident or a claim about now pays for the lesson checks.
    if conditional or _CONDITION.found_in(cleaned):
        return None  # "If the build fails with CS0246, run dotnet restore": when a result happens is knowledge
    incident = incident or (result is not None and PAST_VERDICT.found_in(lower))
    if incident and general and not evidence and not recurring:
        return RULE, _RULE_REASON.format(what="what happened once, in one session")
    if result is not None:
        if general and (evidence or recurring or not _DISMISSAL.found_in(lower)):
            return None
        if general:
            return RULE, _RULE_REASON.format(what="one result, with nothing that says why it holds")
        return STATE, result
    if dated or (evidence and not _STRONG_NOW.search(lower)):
        return None  # a dated note of what happened, or a decision with its reason
    return STATE, INCIDENT.reason if incident else NOW.reason


# "currently fails because of X" explains today's state; the reason does not make it last.
_STRONG_NOW = re.compile(r"\b(?:currently|right now|at the moment|for now|as of now|as of today)\b")
_PAST_EVENT = rx(r"\b(?:\w+ed|ran|broke|threw|hung|took|went|got|made|did|was|were|showed up|fell over|blew up)\b")


_Signs = list[tuple[Shape, bool]]


def _sign_hits(masked: str, lower: str, tokens: frozenset[str], has_digit: bool) -> tuple[bool, _Signs]:
    """Which signs of state in plain words (state_signs.py) the text shows: one event, and bugs or conditions."""
    once = ONE_TIME.matches(masked, lower, tokens, has_digit) and _PAST_EVENT.found_in(masked, lower)
    return once, [(s, hypothetical) for s, hypothetical in SIGNS if s.matches(masked, lower, tokens, has_digit)]


def _plain_sign(cleaned: str, general: bool, once: bool, signs: _Signs) -> tuple[str, str] | None:
    """What the signs found mean: a rule resting on one event, a bug, how things stand now; or nothing."""
    if (not once and not signs) or LEADING_CONDITION.match(cleaned):
        return None
    if once:
        # The one event is the rule's only ground, so a "because" in front of it is no evidence.
        if general:
            return RULE, _RULE_REASON.format(what="what happened once, in one session")
        return STATE, ONE_TIME.reason
    if POLICY.found_in(cleaned) or _is_imperative(cleaned):
        return None
    conditional = _CONDITION.found_in(cleaned)
    return next(((STATE, s.reason) for s, hypothetical in signs if not (hypothetical and conditional)), None)


def _passed(judged: tuple[str, str] | None) -> tuple[str, str] | None:
    return None if judged is _UNTOUCHED else judged


_CLAUSE = re.compile(r"\s*;\s*|(?<=[a-z0-9)\"'])\.\s+(?=[A-Z])")


def _clauses(cleaned: str) -> list[str]:
    return [part.strip() for part in _CLAUSE.split(cleaned) if part.strip()]


@dataclass(frozen=True)
class _Judgement:
    kind: str
    reason: str
    keep: str  # the part of the line worth saving on its own, or ""
    by_clause: bool = False  # only a clause of the line was refused, not the line read whole


# What the shapes return for a line in which they saw state and something that redeems it (a reason, a
# condition, a rule, a date), as against a line with no shape of state at all (None).
_REDEEMED = _Judgement("", "", "")


# On. The shapes judge first; the word model (gate_model.py) then refuses what reads as state in words no
# shape names, and keeps what a shape refused on a word that reads as knowledge in context ("CI rejects
# unformatted Kotlin", "Crash reports go to Sentry"), except a shape nothing redeems (a stack frame, a count,
# a location, one incident narrated) and a rule resting on one incident. gate_figures.py has the figures.
MODEL_ON = True


def _judge(line: str, use_model: bool = MODEL_ON, model: gate_model.Model | None = None) -> _Judgement | None:
    cleaned = _clean(line)
    if _is_structure(cleaned):
        return None
    cleaned = unwrapped(cleaned)
    dated = _DIGIT.search(cleaned) is not None and _DATE.found_in(cleaned)  # every date has a digit
    judged = _judge_parts(cleaned, dated)
    if not use_model or (model := model or gate_model.shipped()) is None:
        return None if judged is _REDEEMED else judged
    if judged is None:
        return _second_opinion(cleaned, dated, model)
    if judged is _REDEEMED:
        return _second_opinion(cleaned, dated, model, MODEL_REDEEMED_THRESHOLD)
    if judged.kind not in _VETOED_KINDS or judged.reason in _FIRM:
        return judged
    # The model reads the whole line, so it keeps a line refused for one clause of it only when all but sure:
    # the knowledge beside the state ("Run dotnet restore after a pull; the build is red") would speak for both.
    plain = not judged.by_clause
    return None if model.probability(cleaned) < (MODEL_VETO if plain else MODEL_SURE_VETO) else judged


# The word model refuses a line the shapes let through only when it is fairly sure (above MODEL_THRESHOLD),
# and keeps a line a shape refused only when it is as sure the other way (below MODEL_VETO). All of these were
# chosen with each blind writer's sets held out in turn (gate_figures.py: the mean over three writers, and each
# one), never on the second held-out set, which this code never reads. Session 11, with the v4 sets: 0.85 read
# 87.2% of state refused / 2.2% of durable there, 0.8 88.5% / 2.3%, 0.75 89.7% / 2.4%, 0.7 90.3% / 2.4%; 0.75
# keeps the "CS1591 is noise and nullable warnings are real." (0.69) with a margin, 0.7 by 0.01.
MODEL_THRESHOLD = 0.75
MODEL_VETO = 0.2
# A line the shapes saw state in and redeemed (a reason, a condition, a rule) is read at the same bar: a higher
# one (0.96 until session 11) let one state line in a hundred more through and kept no durable line more of
# the writers held out (4 of 1,893 in k-fold).
MODEL_REDEEMED_THRESHOLD = MODEL_THRESHOLD
# A line of under _MODEL_SHORT words is too short for the model to read in context ("the key is in the vault").
_MODEL_SHORT = 7
_MODEL_SHORT_THRESHOLD = 0.995
# A line of policy and a restriction are knowledge by their form; the model overrules the form only when all
# but certain ("The only failing check on the PR is the license scan", "We're one migration ahead of prod on
# the feature branch"). An instruction, a purpose and a lesson with its reason are never overruled: the model
# reads knowledge lines the other suites and the issue write ("... (used in the codec tests)", "Build the whole
# solution with no project argument when ...", "... is flaky because it depends on wall-clock time") as state
# at 0.94-0.98. Overruling policy and restrictions read 0.6 points more state refused, 1 durable line more.
MODEL_FORM_THRESHOLD = 0.95
# A line refused for one clause of it is kept only when the model is all but sure the whole line is knowledge
# ("Always run `./gradlew ktlintFormat` before committing; CI rejects unformatted Kotlin."): 0.5 points of
# durable refused less (2.9% -> 2.4%), no state line kept more.
MODEL_SURE_VETO = 0.05
# "(used in the codec tests)", "is ... for release archives": a purpose states a design, and so does a
# restriction ("reads only the file it is given"), unless the model is all but sure (MODEL_FORM_THRESHOLD).
_PURPOSE = rx(r"\bused (?:in|by|for)\b|\bfor (?:\w+ )?\w+s\W*$")
_RESTRICTION = rx(r"\bonly\b")
# Shapes nothing redeems, the model included, and one incident narrated (what happened once is no fact to keep).
_FIRM = frozenset(shape.reason for shape in (*ALWAYS, INCIDENT))
_VETOED_KINDS = (STATE, WIP)  # a rule from one incident asks for its evidence, whatever the words
_MODEL_MIN_WORDS = 4  # "Line 1", "Hello, World!": too few words to read anything into
_MODEL_REASON = (
    "it reads like a report of how things stand now (a result, a change, what the code does today) "
    "rather than a rule, a reason or a dated plan"
)


def _second_opinion(cleaned: str, dated: bool, model: gate_model.Model, floor: float = 0.0) -> _Judgement | None:
    """The word model's reading of a line the shapes let through; a date still redeems it.

    A line of several clauses that the model refuses offers back the clauses it reads as knowledge.
    """
    # A condition does not redeem a line here: "returns a server error when the email has capitals" is a bug.
    count = len(cleaned.split())
    if dated or count < _MODEL_MIN_WORDS:
        return None
    if _is_imperative(cleaned) or _PURPOSE.found_in(cleaned):
        return None  # an instruction or a purpose is knowledge by what it is (asked before the model: it costs less)
    bar = max(floor, _MODEL_SHORT_THRESHOLD if count < _MODEL_SHORT else MODEL_THRESHOLD)
    if POLICY.found_in(cleaned) or _RESTRICTION.found_in(cleaned):
        bar = max(bar, MODEL_FORM_THRESHOLD)  # a policy or a restriction
    if model.probability(cleaned) <= bar:
        return None
    lower = cleaned.lower()
    tokens = frozenset(_WORD_RX.findall(lower))
    if _has_evidence(lower, tokens) and _generalises(cleaned, lower, tokens):
        return None  # a lesson with its reason: "is flaky because it depends on wall-clock time"
    parts = _clauses(cleaned)
    keep = ""
    if len(parts) > 1:
        keep = "; ".join(p for p in parts if _stands_alone(p) and model.probability(p) <= MODEL_THRESHOLD)
    return _Judgement(GUESS, _MODEL_REASON, keep)


def _judge_parts(cleaned: str, dated: bool) -> _Judgement | None:
    whole = _judge_clause(cleaned, dated)
    if whole is _UNTOUCHED:
        return None  # no shape of state anywhere in the line, so none in any part of it either
    parts = _clauses(cleaned)
    if len(parts) < 2:
        return _Judgement(*whole, "") if whole is not None else _REDEEMED
    # A line that mixes knowledge and state ("CS1591 is noise; last build showed 0 warnings") is judged
    # part by part, so the state cannot hide behind the knowledge, and the knowledge is offered back.
    conditional = _CONDITION.found_in(cleaned)  # "X returns 409 when ...; the client shows Y"
    lower = cleaned.lower()
    general = _generalises(cleaned, lower, frozenset(_WORD_RX.findall(lower)))
    judged = [(part, _passed(_judge_clause(part, dated, conditional, general))) for part in parts]
    refused = whole or next((j for _, j in judged if j is not None and j[0] == STATE), None)
    if refused is None:
        return _REDEEMED
    # Only the knowledge beside a result is offered back; the half of a rule that rests on one incident is
    # the rule itself, and "it is flaky" means nothing without the line it came from.
    keep = ""
    if refused[0] == STATE:
        keep = "; ".join(part for part, j in judged if j is None and _stands_alone(part))
    return _Judgement(refused[0], refused[1], keep, whole is None)


_PRONOUN_START = words("it its they them this that these those he she so and but or which")


def _stands_alone(part: str) -> bool:
    found = part.split()
    return len(found) >= 3 and found[0].lower() not in _PRONOUN_START


def state_reason(line: str, *, use_model: bool = MODEL_ON, model: gate_model.Model | None = None) -> str | None:
    """One sentence saying why this line records re-derivable state, or None when it is durable knowledge.

    `use_model=False` leaves the word model out (the bench compares the two); `model` stands in for the
    shipped one (cross-validation judges with a model trained without the lines it judges).
    """
    judged = _judged(line) if use_model == MODEL_ON and model is None else _judge(line, use_model, model)
    return judged.reason if judged is not None else None


# The gate as shipped judges a line by its text alone, so its judgements are kept: the memory window judges
# the whole text at each pause in typing, and a refused write comes back with most of its lines again.
@functools.lru_cache(maxsize=1024)  # a full store is about a hundred lines
def _judged(line: str) -> _Judgement | None:
    return _judge(line)


def forget_judgements() -> None:
    """Judge every line afresh from now on (the bench times the gate on lines it has not seen)."""
    _judged.cache_clear()


def state_lines(text: str) -> list[tuple[str, str]]:
    """(line, reason) for every line of `text` that records re-derivable state, in order."""
    found: list[tuple[str, str]] = []
    for line in split_lines(text):
        reason = state_reason(line)
        if reason is not None:
            found.append((line, reason))
    return found


def _holders(store: Mapping[str, str], path: str) -> dict[str, str]:
    """Normalised line -> the first file (in path order) that holds it, leaving out the file being written."""
    holders: dict[str, str] = {}
    for other in sorted(store):
        if other == path:
            continue
        for line in split_lines(store[other]):
            key = normalise(line)
            if key:
                holders.setdefault(key, other)
    return holders


# What memory must not hold, in the words the model reads. The system prompt includes RULES and the
# refusals below use the same examples, so the rule is written here once.
LESSON_EXAMPLE = "If the build fails with CS0246 after switching branches, run dotnet restore first"
DATED_EXAMPLE = "YYYY-MM-DD: halfway through renaming Parser to Reader; cli.py is next"
RULES = (
    "- Never save what a tool can find out again: build or test results, counts of failures, warnings or changed "
    "files, errors and where they are, line numbers, branch state, or what the code does or lacks right now. "
    "It goes stale and misleads; the tools tell it fresh next time.\n"
    "- A lesson needs its evidence: say when it applies and why (for example "
    f'"{LESSON_EXAMPLE}"). One failure seen once is not a rule.\n'
    f'- Put the date on work in progress (for example "{DATED_EXAMPLE}", with today\'s date).'
)

_WAY_FORWARD = (
    "Save the lesson, the decision or the plan, not the result: the tools will tell the current state next time "
    f'(for example "{LESSON_EXAMPLE}" or "{DATED_EXAMPLE}").'
)
_WIP_WAY_FORWARD = (
    f'Put the date in front of it (for example "{DATED_EXAMPLE}") so a later session '
    "knows how old it is, and leave out results the tools can tell again."
)
_RULE_WAY_FORWARD = (
    "If there is a lesson here, save it with its evidence: when it happens, how often and why, as seen in more "
    f'than one run (for example "{LESSON_EXAMPLE}"). Otherwise save nothing: the tools will show what happens '
    "next time."
)
_GUESS_WAY_FORWARD = (
    f"{_WAY_FORWARD} If it is knowledge that holds next month, say when it applies or why, and it will be kept."
)
_WAYS = {STATE: _WAY_FORWARD, WIP: _WIP_WAY_FORWARD, RULE: _RULE_WAY_FORWARD, GUESS: _GUESS_WAY_FORWARD}


def _state_message(refused: list[tuple[str, _Judgement]]) -> str:
    line, judged = refused[0]
    message = f'Error: Not saved. The line "{quoted(line.strip(), 200)}" was refused: {judged.reason}. '
    if judged.keep:
        message += f'The rest of it is worth keeping: save "{quoted(judged.keep, 200)}" on its own. '
    message += _WAYS[judged.kind]
    if len(refused) > 1:
        others = ", ".join(f'"{quoted(other.strip(), 80)}"' for other, _ in refused[1:4])
        more = f" and {len(refused) - 4} more" if len(refused) > 4 else ""
        message += f" Also refused for the same kind of reason: {others}{more}."
    return message


def _duplicate_message(line: str, holder: str, path: str, *, in_file: bool = False) -> str:
    if in_file:
        where = f"already in {path} (the same line, up to case, spacing or list marker)"
    else:
        where = "earlier in this same write" if holder == path else f"already in {holder}"
    return (
        f'Error: Not saved. The line "{quoted(line.strip(), 200)}" is {where}. The memory is loaded into every '
        "session, so one copy is enough: leave this line out, or edit the existing line if it needs to change."
    )


def check_write(path: str, old_text: str | None, new_text: str, store: Mapping[str, str]) -> GateRefusal | None:
    """Judge the lines this write adds to `path`; the first refusal, or None when the write may go ahead.

    Only added lines count (lines of `new_text` whose normalised form is not in `old_text`), so a line a
    person wrote earlier never blocks an agent's unrelated edit. `store` maps each virtual path of the
    store to its text; the entry for `path` itself, if any, is ignored in favour of `old_text`.
    """
    lines = split_lines(new_text)
    keys = {line: normalise(line) for line in lines}  # each distinct line normalised once, for every check below
    existing = {normalise(line) for line in split_lines(old_text)} if old_text else set()
    added = [line for line in lines if keys[line] not in existing]
    refused = [(line, judged) for line in added if (judged := _judged(line)) is not None]
    if refused:
        return GateRefusal(refused[0][0], "state", refused[0][1].reason, _state_message(refused))
    # Labels ("Commands:") and one-word lines organise a file; two files may share them.
    claims = {line for line, key in keys.items() if key and " " in key and not _clean(line).endswith(":")}
    holders = _holders(store, path)
    reason = "it repeats a line the memory already holds"
    seen: set[str] = set()
    for line in added:
        if line not in claims:
            continue
        key = keys[line]
        holder = holders.get(key) or (path if key in seen else None)
        if holder is not None:
            return GateRefusal(line, "duplicate", reason, _duplicate_message(line, holder, path))
        seen.add(key)
    return _repeat_in_file(path, old_text, [(line, keys[line]) for line in lines if line in claims], reason)


def _repeat_in_file(
    path: str, old_text: str | None, claims: list[tuple[str, str]], reason: str
) -> GateRefusal | None:
    """A line of the file written again in it ("- Use pytest" beside "- use PYTEST"): one copy is enough.

    Counted per normalised line (`claims`: the new text's lines that say something, each with its normalised
    form), so copies a person already had stay; only a write that adds a copy is refused.
    """
    before = Counter(normalise(line) for line in split_lines(old_text)) if old_text else Counter()
    now: Counter[str] = Counter()
    for line, key in claims:
        now[key] += 1
        if now[key] > 1 and now[key] > before[key]:
            return GateRefusal(line, "duplicate", reason, _duplicate_message(line, path, path, in_file=True))
    return None
