"""The shapes of durable knowledge the memory write gate looks for: conditions, evidence, rules, instructions, dates.

A line that shows a shape of state (state_shapes.py, state_signs.py) is still knowledge when it says when
the result happens, why it holds, or what to do; work in progress is knowledge once it is dated. The
judgement of a line (judgement.py) decides what these mean together.
"""

from __future__ import annotations

import re

from app.core.memory.state_shapes import rx, words

# A line that reports a result is knowledge only when it says when the result happens (a condition), or
# generalises with its evidence. A reason alone ("the build is red because X still uses Y") explains today's
# result, and a generalising word alone ("always fails; ignore it") makes a rule of one run: words like
# "because", "always" and "ignore" are not enough on their own.
CONDITION = rx(
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
RECURRING = re.compile(
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
DISMISSAL = rx(
    r"\b(?:ignore|skip|disregard|don't worry|do not worry|not a real|flaky)\b|"
    r"\b(?:always|never|constantly)\s+(?:fails?|failing|passes|breaks|works|times out|crashes|is red|is green)\b"
)
WORD_RX = re.compile(r"[a-z']+")


def _spaced(lower: str) -> str:
    return " " + " ".join(WORD_RX.findall(lower)) + " "


def has_evidence(lower: str, tokens: frozenset[str]) -> bool:
    spaced = _spaced(lower)
    return not _EVIDENCE_WORDS.isdisjoint(tokens) or any(phrase in spaced for phrase in _EVIDENCE_PHRASES)


def generalises(cleaned: str, lower: str, tokens: frozenset[str]) -> bool:
    """The line states a rule, a frequency, an instruction or a preference (not necessarily with evidence)."""
    if not _GENERAL_WORDS.isdisjoint(tokens) or "→" in lower or "=>" in lower:
        return True
    spaced = _spaced(lower)
    if any(p in spaced for p in _GENERAL_PHRASES) or _SEQUENCE.found_in(cleaned):
        return True
    return any(is_imperative(part) for part in clauses(cleaned))


_IMPERATIVE = words(
    "use run don't dont do never always prefer avoid keep put call ask set add install start restart skip pass "
    "open remember note make write read check bump pin regenerate restore clean delete remove rebase merge push "
    "commit tag deploy release update upgrade name prefix wrap log mock stub import export register configure "
    "enable disable ignore suppress treat let try see reuse copy create generate format lint review squash sign "
    "stop wait give send reply answer speak say mention leave follow store build test expect rerun retry resolve "
    "document prefix target define declare pipe route show quote focus summarise summarize speak describe mention"
)
# Verbs of a to-do about the current state: an instruction with these does not redeem a result.
_NOT_IMPERATIVE_NEXT = words(
    "fails failed failing is are was were passes passed broke broken succeeded status output log error errors "
    "result results red green:"
)

WORK_IN_PROGRESS = rx(
    r"\b(?:halfway|half-way|partway|part-way|in the middle of|mid-(?:way|refactor|migration|rename)|"
    r"working on|wip|in progress|left off|is next|are next|next up|got as far as|stopped at|so far|"
    r"not (?:yet )?(?:done|finished)|unfinished|half-done|still need to|still to do|"
    r"waiting (?:on|for)|blocked on)\b"
)
WORK_TRIGGERS = re.compile(
    r"half|part|middle|mid-|working on|wip|progress|left off|next|got as far|stopped at|so far|not yet|not done|"
    r"not finished|unfinished|still|waiting|blocked"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)\.?"  # not "may": "step 1 may fail"
)
DATE = rx(
    rf"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{{1,2}}\s+{_MONTH}\s+(?:19|20)\d\d\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?"
    rf"(?:\s+(?:19|20)\d\d)?\b|\b\d{{1,2}}/\d{{1,2}}/(?:19|20)\d\d\b|\b(?:19|20)\d\d/\d\d/\d\d\b|"
    r"\bweek \d{1,2}\b|\b(?:19|20)\d\d-W\d\d\b|"
    # A year or a month of one names when it happened ("retired in 2025", "in January 2026", "Q3 2026").
    rf"\b(?:in|since|during|until|by|from|of)\s+(?:early |late |mid-)?(?:19|20)\d\d\b|\b{_MONTH}\s+(?:19|20)\d\d\b|"
    # A day and a month with no year ("started 3 March", "for 15 april"; whole month names, so "12 decorators"
    # is no date), a dotted date (12.03.2026) and a quarter ("Q2 focus", "2026 Q1", "2026-Q2").
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME}(?!\w)|\b\d{{1,2}}\.\d{{1,2}}\.(?:19|20)\d\d\b|"
    r"\b(?:19|20)\d\d\.\d\d\.\d\d\b|"
    r"\b(?:(?:19|20)\d\d[- ]?)?Q[1-4]\b"
)


# A verb that is also a noun ("release", "rebase") starts a report as often as an instruction: "release build APK
# is 48.6 MB", "Rebase onto develop left conflicts in three files". A finite verb within its first few words, before
# any word that opens a clause of its own, makes the first word the subject.
_NOUN_VERBS = words(
    "release build test rebase merge push commit tag deploy update upgrade lint review log format install start "
    "restart check clean call copy import export store route"
)
_FINITE = words("is are was were left has had took failed broke passed leaves takes")
_CLAUSE_OPENERS = words("if when whenever unless because so that which where until before after once while since")


def is_imperative(cleaned: str) -> bool:
    words = cleaned.replace(",", " ").split()
    if not words:
        return False
    first = words[0].lower().rstrip(":")
    if first not in _IMPERATIVE or words[0].endswith(":"):
        return False
    if first in _NOUN_VERBS and "," not in cleaned.split(None, 1)[0]:
        for word in cleaned.split(",")[0].split(";")[0].lower().split()[1:5]:
            if word in _CLAUSE_OPENERS:
                break
            if word in _FINITE:
                return False
    return len(words) == 1 or words[1].lower() not in _NOT_IMPERATIVE_NEXT


_CLAUSE = re.compile(r"\s*;\s*|(?<=[a-z0-9)\"'])\.\s+(?=[A-Z])")


def clauses(cleaned: str) -> list[str]:
    return [part.strip() for part in _CLAUSE.split(cleaned) if part.strip()]


# A schedule is an event that recurs by design ("refreshed every week on Sunday night", "stand-up at 09:30 on
# weekdays"): no one-time event, whatever day it names.
SCHEDULE = rx(
    r"\b(?:every|each)\s+(?:other\s+|second\s+|\d+\s+)?(?:\w+\s+)?(?:minutes?|hours?|days?|nights?|weeks?|months?|"
    r"quarters?|years?|weekdays?|weekends?|sprints?|releases?|morning|evening|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day)\b|\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b(?![/.]\w)|"
    r"\bonce\s+(?:a|an|per|every)\s+(?:second|minute|hour|day|night|week|fortnight|month|quarter|year|sprint|release)\b|"
    r"\b(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bon weekdays\b"
)
# A version held on purpose ("pin Node 18.19.1 because ...", "stays at 1.75", "supports iOS 15 and later"):
# a decision about versions, not a report of the one the project files name today.
PINNED = rx(
    r"\b(?:pin|pins|pinned|pinning|stay|stays|keep|kept|hold|held|lock|locked|minimum|baseline|lts|"
    r"requires?|supports?|supported|targets?)\b|\bat least\b|\bor (?:newer|later|above|higher)\b|"
    r"\band (?:later|newer|up|above)\b|\b(?:below|until|before)\b"
)
# A version held on purpose ("React Native is held at 0.72 because ...", "pin Node 20 until ..."): a decision,
# so a reason beside it ("because the maps SDK breaks on 0.73") is its evidence, not a report of a build.
PIN_DECISION = rx(
    r"\b(?:pin|pins|pinned|pinning|stay|stays|keep|kept|hold|holds|held|lock|locks|locked)\b(?:\s+[\w.-]+){0,4}?\s+"
    r"(?:at|on|to|below|under)\s+(?:version\s+|release\s+)?v?\d+(?:\.\d+|\.x)*\b"
)
# A standing fact with its figure: a rate or a limit, a schedule, a numbered part of a document, a constant
# identifier, where a thing lives. What makes such a line state is said apart (NOT_FACT).
FACT = rx(
    # A rate, a limit, a default, a size allowed.
    r"\b\d[\d,.]*\s*(?:[a-z]+\s+){0,3}per\s+(?:second|sec|minute|min|hour|day|week|month|request|key|user|client|account|tenant|ip|host|node|"
    r"file|pod|instance|process|connection|job|call|page|batch|message|repo|project|team|customer|service)\b|"
    r"\b(?:rate[- ]limit(?:ed)?|limit(?:ed)?|capped|cap|quota|ceiling|timeout|ttl|max(?:imum)?|min(?:imum)?|"
    r"defaults?|retention)\b[^.;]{0,30}\b(?:is|are|of|at|to|=|:)\s+\d|"
    r"\b(?:capped|limited|set|defaults?|rounded|truncated)\s+(?:at|to)\s+\d|"
    r"\b(?:at most|at least|up to|no more than|no fewer than|must (?:be|stay) (?:under|below|above|over))\s+\d|"
    # A retry count and a threshold every case is measured against ("retries 8 times", "any response slower
    # than 800 ms pages ..."): a setting, where "3 retries failed" is a result.
    r"\bretr(?:y|ies)\s+(?:up to\s+)?\d+\s+times\b|"
    r"^(?:any|every|each|a|an)\b[^.;]{0,60}\b(?:slower|faster|longer|shorter|larger|bigger|smaller|older|newer|more|"
    r"fewer|less|greater|higher|lower)\s+than\s+\d|"
    r"\b(?:expire|expires|live|lives|last|lasts|valid|kept|retained|renew|renews|rotate|rotates|locked|blocked|"
    r"cached|banned|suspended|throttled|time out|"
    r"times out)\s+(?:for|after|every|within)\s+\d|"
    # A schedule ("at 09:30 every weekday", "on Tuesdays at 14:00").
    r"\b(?:at|from|until|before|after|by)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm|utc|gmt|cet|[a-z]+/[a-z_]+)?\b"
    r"[^.;]{0,40}\b(?:every|each|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)days|daily|weekly|weekdays?)\b|"
    r"\b(?:every|each|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)days|daily|weekly|nightly|hourly|weekdays?)\b"
    r"[^.;]{0,40}\b(?:at|from|until|before|after|by)\s+\d{1,2}(?::\d\d|\s*(?:am|pm)\b)|"
    r"\b(?:is|are|runs?|happens?|starts?|meets?|is held)\s+(?:at|from)\s+\d{1,2}(?::\d\d|\s*(?:am|pm)\b)|"
    # A numbered part of a document ("step 4 of the release checklist", "chapter 2", "section 5 of SECURITY.md").
    r"\b(?:step|chapter|section|appendix|part|rule|item|clause|paragraph|article|page|figure|table|annex)\s+"
    r"(?:\d+(?:\.\d+)*|[a-z]\b|[ivx]+\b)(?=\s+(?:of|in)\b|[^.;]{0,40}\b(?:describes?|explains?|lists?|covers?|"
    r"says|defines?|documents?|requires?|is about|shows how|sets? out)\b|\s*:)|"
    # A constant identifier ("the tenant id is 4f9c...", "listens on port 8081", "project key web-app-2").
    r"\b(?:id|ids|uid|gid|key|account|property|channel|project|tenant|org|organisation|organization|workspace|"
    r"number|code|port|ports|dsn|arn|bucket|queue|topic|realm|region|zone|cluster|database|db|component|board|index|"
    r"group|flag|namespace|role|label|sha1|sha256|sha512|checksum|hash|digest|fingerprint)\b"
    r"(?:[^.;]{0,40}?\s(?:is|are|=)|\s*:|\s+(?:number|#))?\s+[`'\"]?(?:(?=[\w-]*\d)[\w-]+|[0-9a-f]{16,}\b)|"
    r"\b(?:listens?|runs?|served|serves|is|are|reachable)\s+on\s+port\s+\d|\bon (?:tcp|udp)(?:\s+port)?\s+\d|"
    # A version held on purpose ("stay on React 17 until ...", "Go 1.22 or newer").
    r"\b(?:pin|pins|pinned|stay|stays|keep|held|locked|minimum|baseline|lts|supports?|requires?|targets?)\b"
    r"[^.;]{0,40}\bv?\d+(?:\.\d+|\.x)*\b|\bv?\d+(?:\.\d+)*\s+(?:or|and)\s+(?:newer|later|above|up|higher)\b|"
    # A period by design ("renew every 60 days").
    r"\bevery\s+\d+\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|"
    # Where a thing lives ("migrations live in db/migrations/", "the endpoint is GET /api/v2/health").
    r"\b(?:live|lives|sit|sits|kept|stored|generated|written|uploaded|go|goes|saved|published|deployed|served|"
    r"received|reachable|mounted|hosted|found|resolves?|listens?|runs?)\s+(?:in|at|into|to|under|on|from|via)\s+"
    r"(?:(?:the\s+)?(?:[\w-]+\s+){0,3}?at\s+)?(?:the\s+)?`?"
    r"(?:[a-z][a-z0-9+.-]*://|[~./]|[\w.@-]+/|[a-z][\w-]*(?:\.[\w-]+)+(?::\d+)?\b|%\w+%\\|[a-z]:\\|"
    r"\d{1,3}(?:\.\d{1,3}){3}\b)|"
    # "The nginx config for the edge proxy is deploy/edge/nginx.conf", "the mirror is at https://...".
    r"\b(?:is|are)\s+(?:at\s+)?`?(?:[a-z][a-z0-9+.-]*://|~/|/[\w.-]+/|[\w.-]+/[\w.-]+/|[\w.-]+/[\w-]+\.[a-z]{1,5}\b|"
    r"[a-z][\w-]*(?:\.[\w-]+)*\.(?:io|com|net|org|dev|corp|internal|local|lan|example|cloud|app|co|eu|svc)\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)|"
    # A note that is a label and its value ("Go module path: github.com/acme/...", "Staging host: db.internal:5432",
    # "Deploy key id: 4471"): the label names a place or an identifier, so the value is where or which, not a result.
    r"^[\w .'-]{0,40}?\b(?:path|url|uri|endpoint|host|hostname|address|repo|repository|module|package|registry|"
    r"mirror|bucket|folder|directory|dir|docs|documentation|wiki|dashboard|runbook|site|server|channel|id|key|port|"
    r"account|project|tenant|org|region|cluster|namespace|queue|topic)s?\s*:\s*\S+|"
    r"\b(?:endpoint|url|uri|site|page|dashboard|docs|wiki|spec|path|route|host|address)\s+(?:is|are|lives)\s+"
    r"(?:at\s+)?`?(?:(?:get|post|put|patch|delete)\s+)?(?:[a-z][a-z0-9+.-]*://|/|[\w.-]+/)"
)
# Fact forms issue 38's third round found in a new writer's lines, each asked only when its cheap mark is in the line:
# FACT runs on most lines that reach the word model, and one long alternation pays for every branch at every place.
# The figure before the bound's name ("the web dynos have a 30s request timeout", "a 10 MB upload cap").
_BOUND_FIRST = rx(
    r"\b(?:a|an|the)\s+\d[\d,.]*\s*(?:ms|s|secs?|seconds?|m|mins?|minutes?|h|hours?|days?|kb|mb|gb|tb|k|%)?(?:-\w+)?"
    r"\s+(?:[\w-]+\s+){0,2}?(?:timeout|limit|cap|quota|ttl|ceiling|retention|window|maximum|minimum)\b"
)
# A weekday and a clock time together ("sprint planning is Monday 13:00", "the last Thursday of the month at
# 17:00 UTC"): a meeting or a window by design; one event carries a date or the words of one (NOT_FACT).
_WEEKDAY_CLOCK = rx(
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b[^.;]{0,40}?\b\d{1,2}(?::\d\d|\s*(?:am|pm)\b)|"
    r"\b\d{1,2}(?::\d\d|\s*(?:am|pm)\b)[^.;]{0,20}?\b(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
    r"\b(?:first|second|third|fourth|last)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekday|business day|"
    r"working day|week)\s+of\s+(?:the|each|every)\s+(?:month|quarter|sprint|year)\b"
)
# A branch something is built or published from by design ("deployed from the gh-pages branch").
_FROM_BRANCH = rx(
    r"\b(?:built|deployed|deploys|published|publishes|released|cut|tagged|served|ships?|shipped)\s+(?:only\s+)?"
    r"from\s+(?:the\s+)?`?[\w./-]+`?\s+branch\b"
)
# A named environment's identifier with no digit in it ("Staging Kubernetes namespace is shop-stg", "zone
# acme.shop"): a name with a hyphen or a dot is an identifier, not a word of a report.
_NAMED_ID = rx(
    r"\b(?:namespace|zone|realm|region|cluster|bucket|queue|topic|tenant|org|workspace|project|account|registry|"
    r"schema|database|index|channel)\b(?:\s+(?:is|=|:))?\s+`?[a-z][\w]*[-.][\w.-]*\w\b"
)


# One search for all the marks below, so most lines pay for none of the four patterns.
_MORE_MARKS = re.compile(
    r"timeout|limit|\bcap\b|quota|ttl|ceiling|retention|window|maximum|minimum|day|week of|branch|namespace|zone|"
    r"realm|region|cluster|bucket|queue|topic|tenant|\borg\b|workspace|project|account|registry|schema|database|"
    r"index|channel"
)


def more_fact(cleaned: str, lower: str) -> bool:
    """The third round's fact forms: a figure before its bound, a weekday with a clock time, a branch deployed from,
    an environment's name; they run only on a line that has one of their marks."""
    if _MORE_MARKS.search(lower) is None:
        return False
    return (
        _BOUND_FIRST.found_in(cleaned, lower)
        or _WEEKDAY_CLOCK.found_in(cleaned, lower)
        or _FROM_BRANCH.found_in(cleaned, lower)
        or _NAMED_ID.found_in(cleaned, lower)
    )


# A target, a budget, an objective or a threshold with its figure ("the p95 latency target is 300 ms", "targets 60
# fps", "coverage threshold for the parser: 85%"):
# the figure is agreed on, so the words of a measurement in it (latency, fps, p95) make no report.
TARGET = rx(
    r"\b(?:target|budget|slo|sla|objective|goal|threshold|floor)s?\b(?:\s+(?:for|of|on)\b[^.;]{0,40}?)?\s*(?:is|are|=|:)\s+"
    r"(?:under\s+|below\s+|above\s+|at most\s+|at least\s+)?\d|"
    r"\b(?:target|budget|slo|sla|objective|goal)s?\s*:[^.;]{0,30}\d|\btargets\s+\d"
)
# The words of a setting, a rule or a bound beside a figure ("capped at 25 MB", "the threshold is 85%", "over 90%
# full", "sampled at 10%"): the figure is what is allowed or agreed, not what was measured.
SETTING = rx(
    r"\b(?:limit|limits|limited|cap|caps|capped|max|maximum|min|minimum|threshold|thresholds|target|targets|budget|"
    r"slo|sla|quota|allowed|allow|allows|sampled|sample|default|defaults|policy|rule|must|should|never|below|above|"
    r"over|under|per|each|every|any)\b|\bset to\b|\bat most\b|\bat least\b|\bup to\b"
)
# What makes a line with a figure state all the same: now, a first person, one event, a result, a count now.
NOT_FACT = rx(
    r"\b(?:currently|current|now|still|today|tonight|yesterday|right now|at the moment|so far|this (?:morning|"
    r"week|sprint|afternoon|evening)|last (?:night|week|run|deploy|release)|my|i|i'm|i am|i've|we're|we are|our branch|"
    r"took|came out|ran|failed|fails|failing|broke|breaks|crashed|crashes|dropped|grew|jumped|fell|rose|"
    r"instead of|open|pending|left|remaining|unresolved|missing|wrong|ignores|there (?:is|are|'s)|latest|previous|"
    r"got|had|stopped|takes|taking|drifts|while|already|in use|disabled|enabled|about|around|roughly|approximately|"
    r"handles|went|ended|timed|(?:is|are) (?:done|finished|complete|completed|half done)|measured|clocked|benchmarked|"
    r"failure|errors?(?! codes?)|over budget|exceeded|exceeds)\b"
)
# A measured quantity: with no target in the line, its figure reads as a measurement of today.
MEASURED = rx(r"\b(?:cpu|latency|p50|p95|p99|usage|throughput|utili[sz]ation|fps)\b")
# What a document says is a fact about the document ("Step 3 of the incident runbook says to page the owner",
# "the style guide says: no abbreviations"), not a tool's report.
DOCUMENT_SAYS = rx(
    r"\b(?:step|chapter|section|appendix|part|rule|item|clause|paragraph|article|page)\s+[\w.]+\s+(?:of|in)\s+"
    r"(?:the\s+|our\s+)?[\w. -]{0,40}?\b(?:says|said|states|requires|lists|shows)\b|"
    r"\b(?:runbook|guide|guidelines|styleguide|checklist|readme|handbook|policy|spec|rfc|adr|contributing|playbook|"
    r"charter|wiki|sop)(?:\.md)?\s+(?:says|states|requires|lists)\b"
)
