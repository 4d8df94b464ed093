"""Signs of state in plain words, which the shapes in state_shapes.py miss: bugs, conditions, incidents, measurements.

The shapes know tool output (codes, counts, verdicts, git words). A note in a person's own words
reports state as well: a bug as it is ("the exporter drops the last row", "the toggle doesn't persist"),
how something stands ("the Redis is full", "the lockfile is out of sync"), or a rule drawn from one
event ("always pass --force, because install failed without it once"). Measured on the development
pool (the corpus, the first held-out set and a third batch written apart): each sign below fires on
state lines many times more often than on durable ones once the redeemers (`POLICY`, a leading
condition, a date) are left out; the line judgement (judgement.py) decides what a sign means.
"""

from __future__ import annotations

import re

from app.core.memory.state_shapes import Shape, rx, shape
from app.core.ui_text import QT_TRANSLATE_NOOP

# "Remember: ...", "Note to self: ...", "Heads up, ...": the wrapper says nothing; what it wraps is judged.
REMINDER = re.compile(
    r"^(?:remember|note to self|note|important|heads up|fyi|keep in mind|don't forget|do not forget|"
    r"just so you know|should remember|should keep in mind|reminder|for the record)\b(?:\s+that)?\s*[:,—–-]?\s*",
    re.IGNORECASE,
)
_TAIL = re.compile(
    r"[;,]\s*(?:keep (?:that|this|it) in mind|don't forget (?:it|that|this)|remember (?:it|that))\s*\.?$", re.I
)


def unwrapped(cleaned: str) -> str:
    """The line without a reminder wrapper around it (front or tail), or the line itself."""
    inner = _TAIL.sub("", REMINDER.sub("", cleaned, count=1)).strip()
    return inner if len(inner.split()) >= 2 else cleaned


# What makes a line with one of these signs knowledge after all: it is policy, intent or a decision
# ("is scaled to zero in staging on purpose", "so it doesn't clash with ...", "must never ...").
POLICY = rx(
    r"\b(?:must|should|shall|by design|on purpose|deliberately|intentionally|policy|agreed|decided|decision|"
    r"convention|rule|standard|guideline|by default|we|our team|the team|so (?:that )?(?:it|they|we|you|nobody)|"
    r"so that|in order to|to keep|to avoid|to bound|to save|is for|are for|only for|reserved|expected)\b"
)
# A line that opens with its condition ("When the worker logs ECONNREFUSED, Redis isn't running; start it")
# is a lesson about when something happens; a bug puts its condition after the subject.
LEADING_CONDITION = re.compile(r"^(?:if|when|whenever|unless|after|before|once|any|every|each|a|an)\b", re.IGNORECASE)

# Present-tense failure in words: "doesn't persist", "can't be closed", "isn't documented", "won't start".
NEGATED = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate",
        "it describes what the code or the setup fails to do right now, which the next change makes false",
    ),
    "doesn't isn't aren't can't cannot won't hasn't haven't wasn't weren't didn't",
    ("does not", "has not", "have not"),
    r"\b(?<!\bwe )(?<!\bi )(?<!\byou )(?<!\bthey )(?<!\bso it )(?<!\bso they )(?<!\bthat it )"
    r"(?:doesn't|does not|isn't|aren't|can't|cannot|won't|hasn't|haven't|has not|have not|wasn't|weren't|didn't)"
    r"\s+(?:yet\s+|really\s+|even\s+|always\s+|properly\s+|correctly\s+)?\w+",
)
# A bug in verbs: what the code does wrong, in words no tool prints.
MALFUNCTION = shape(
    QT_TRANSLATE_NOOP("memory_gate", "it describes a bug in the code as it is now, which the fix will make false"),
    "swallows freezes froze cuts double-counts gives exposes lets jumps flashes forever drains panics flickers "
    "overflows truncates corrupts loses mangles bypasses evicts fires leaks duplicates misbehaves",
    ("off by", "instead of"),
    r"\b(?:swallows|freezes|froze|cuts off|double-counts|gives up|flashes|drains|flickers|overflows|truncates|"
    r"corrupts|loses|mangles|bypasses|misbehaves)\b|\b(?<!^)panics\b|\blets\b[^.;]{0,40}\bthrough\b|"
    r"\bjumps (?:straight |right )?to\b|\bstays?\b[^.;]{0,30}\bforever\b|\bnever (?:evicts|fires|exits|expires|"
    r"finishes|returns|closes|ends|stops|retries|resolves)\b|\boff by (?:one|a|\d)\b|"
    # "Apply returns a new Diff instead of changing one" is a design; "shows the old price instead of" a bug.
    r"\b(?:shows|sends|writes|reads|prints|falls back to|sorts|renders|rounds|logs|refreshes|treats|loads|saves|"
    r"calls|counts|redirects|points)\b[^.;]{0,60}\binstead of\b(?!\s+\w+ing\b)",
)
# How something stands right now: stuck, full, down, out of sync, in CrashLoopBackOff, broken.
CONDITION_NOW = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate",
        "it records how something stands right now, which the tools show afresh and which will not stay true",
    ),
    "stuck full corrupted offline down broken expired stale sync date behind incomplete undocumented unreachable "
    "locked paused unhealthy degraded hung loop off expires expire uncommitted unstaged unpushed untracked staged "
    "half current active",
    ("backoff", "crashloop", "already in use"),
    r"\b(?:is|are)\s+(?:still\s+|now\s+|currently\s+|already\s+)?(?:stuck|full|corrupted|offline|down|broken|"
    r"expired|stale|out of sync|out of date|behind|incomplete|undocumented|unreachable|locked|paused|unhealthy|"
    r"degraded|hung)\b|\bout of sync\b|\bis in \w*(?:BackOff|CrashLoop\w*)\b|"
    r"\bstuck (?:at|in|on)\b|\brestart loop\b|\balready in use\b|"
    # A lag as it stands ("the webhook queue is 40 minutes behind").
    r"\b(?:is|are)\s+(?:still\s+|now\s+)?\d[\d.,]*\s*[a-z]*\s+(?:behind|late|overdue)\b|"
    r"\bturned off\b|\bexpires? (?:next|tomorrow|today|on|in)\b|"
    r"\b(?:there (?:are|is)|has|have|with)\s+(?:\w+\s+)?(?:uncommitted|unstaged|unpushed|untracked|staged)\b|"
    r"\bhalf (?:applied|done|finished|migrated|merged)\b|\b(?:current|active) branch(?: name)? ?(?:is|=|:)",
)
# One event as the ground of a rule: "because it failed once", "since it timed out this morning".
ONE_TIME = shape(
    QT_TRANSLATE_NOOP("memory_gate", "it rests on one event in one session, which says nothing about the next"),
    "once earlier today yesterday morning afternoon evening last time tuesday monday wednesday thursday friday "
    "saturday sunday",
    ("one time",),
    r"\b(?:once|earlier|today|yesterday|this (?:morning|afternoon|evening|week|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)|last (?:night|time|week|run|push)|"
    r"the last time|that one time|the one time|one time|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
    r"(?!\s+(?:per|a|every|more|all|the|it|you|we|they|that|this|each|in a|before|and|or)\b)",
)

# A size or a share measured today ("The Docker image is 1.3 GB", "Redis is at 80% memory") and things counted as
# they are ("the events topic has 12 partitions", "the diff touches 23 files"): the tools measure them again. The
# same figure as a setting ("uploads are capped at 25 MB", "the coverage threshold is 85%") is knowledge; the
# judgement leaves a line with a setting's words (lesson_shapes.SETTING) to the other shapes.
MEASURED_NOW = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate", "it is a measurement of the code or the system as it is today, which the tools measure again"
    ),
    "is are was were weighs at has have contains holds touches measured clocked benchmarked coverage",
    (),
    # A figure measured once ("cold start measured 1.9 s with the current deps") and coverage read off a report
    # ("coverage report: src/utils/date.ts 44% lines"); a coverage floor has a setting's words and is left alone.
    r"\b(?:measured|clocked|benchmarked)\s+(?:at\s+)?(?:about\s+|around\s+|roughly\s+)?\d|"
    r"\bcoverage\b[^;]{0,60}?\s\d[\d.]*\s*%|"
    r"\b(?:is|are|was|were|weighs|sits at|at)\s+(?:now\s+|still\s+|about\s+|around\s+|roughly\s+|nearly\s+|"
    r"almost\s+)?\d[\d.,]*\s*(?:kb|mb|gb|tb|kib|mib|gib|bytes|%)(?!\w)|"
    r"\b(?:has|have|contains|holds|touches)\s+\d[\d,.]*\s*(?:k|m|million)?\s+(?:[\w-]+\s+)?[a-z]+s\b",
    digit=True,
)

# A bug keeps its condition ("freezes when the permission is denied"); a failure or a condition stated under
# "when" or "if" is hypothetical ("skipped when Docker isn't available", "when main is broken, revert first").
SIGNS: tuple[tuple[Shape, bool], ...] = ((MALFUNCTION, False), (NEGATED, True), (CONDITION_NOW, True))

# Today's figure told against its bound ("We are using 78% of the rate limit", "The iOS bundle is 212 MB, over the
# 200 MB cellular limit"): the bound's words do not make it a setting, since the line reports where things stand.
# Nothing redeems it, the word model included (judgement._FIRM): trained on many quotas and limits stated as
# settings, the model read "We are using 64% of the 5,000 calls per day quota" as knowledge (0.19).
OVER_BOUND = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate", "it measures today's use against its bound (a quota, a limit), which the tools measure again"
    ),
    "using uses used consuming consumes is are was were",
    (),
    r"\b(?:using|uses|used|consuming|consumes)\s+(?:about\s+|around\s+|roughly\s+)?\d[\d.]*\s*%\s+of\b|"
    r"\b(?:is|are|was|were)\s+(?:now\s+)?\d[\d.,]*\s*(?:kb|mb|gb|tb|ms|s|%)?,?\s+(?:just\s+)?(?:over|above|past|under|"
    r"below)\s+(?:the|our|its)\b",
    digit=True,
)
