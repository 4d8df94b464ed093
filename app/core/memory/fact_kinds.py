"""Which kinds of plain fact a memory line carries: a numeral, a time, an identifier, a location, a version.

A durable fact often carries one ("the API allows 100 requests per minute", "stand-up at 09:30", "the
tenant id is 4f9c...", "migrations live in db/migrations/", "pin Node 18.19.1 because ..."), and so does
state ("12 tests failing"); what a line carries is no verdict on its own. The gate asks it to know when a
line's words are a fact of this kind rather than a report (judgement.py), and `bench --memory` gives the
durable lines refused by kind. Decided by code, one pattern per kind; each kind's span is taken out of
the line before the next looks, so "v2" in /api/v2/health is a location's, not a version, and
billing-consumer-v3 an identifier's.
"""

from __future__ import annotations

import re

NUMERAL, TIME, ID, LOCATION, VERSION = "numeral", "time", "id", "location", "version"
KINDS = (NUMERAL, TIME, ID, LOCATION, VERSION)
NONE = "none"  # a line that carries none of them

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|quarters?|years?)"
_TIME = re.compile(
    # A clock time, a weekday, a period of the calendar, a schedule, a duration.
    rf"\b\d{{1,2}}:\d\d(?::\d\d)?(?:\s*(?:am|pm|utc|gmt))?\b|\b\d{{1,2}}\s*(?:am|pm)\b|\b{_WEEKDAY}\b|"
    r"\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|weekdays?|weekends?|midnight|"
    r"noon)\b|\bevery\s+(?:other\s+|second\s+|\d+\s+)?(?:\w+\s+)?(?:minutes?|hours?|days?|nights?|weeks?|months?|"
    r"quarters?|years?|sprints?|releases?|morning|evening)\b|\bonce\s+(?:a|an|per|every)\s+\w+\b|"
    rf"\b(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fifteen|thirty)[\s-]*{_UNIT}\b(?!\s*[./])|"
    r"\b\d+(?:ms|s|h|d)\b|"
    r"\b(?:19|20)\d\d-\d\d-\d\d\b|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b",
    re.IGNORECASE,
)
_LOCATION = re.compile(
    # A URL, a path with a slash (a folder, an endpoint), a host with its port, a file name with an extension.
    r"\b[a-z][a-z0-9+.-]*://\S+|(?<![\w<])(?:~|\.{1,2})?/?(?:[\w.@-]+/)+[\w.@{}:-]*|"
    r"\b[\w-]+(?:\.[\w-]+)*:\d{2,5}\b|\b(?!(?:e\.g|i\.e|etc)\b|\d)[\w-]+(?:\.[\w-]+)*\.[a-z]{1,5}\b",
    re.IGNORECASE,
)
_VERSION = re.compile(
    # A dotted version, a version said with its word, or a runtime, framework or platform with its release.
    r"\bv?\d+\.\d+(?:\.\d+)*(?:[-+.][\w.]+)?\b|\bv\d+\b|\b(?:version|release|lts|api level|sdk)\s+v?\d+\b|"
    r"\b(?:node(?:js)?|python|py|go|golang|java|jdk|jre|kotlin|scala|ruby|rails|php|perl|rust|dotnet|\.net|net|"
    r"c#|react|angular|vue|django|flask|spring|postgres(?:ql)?|mysql|redis|mongodb|elasticsearch|ubuntu|debian|"
    r"alpine|centos|ios|android|macos|windows|gradle|maven|terraform|kubernetes|k8s|helm|swift|xcode|typescript|"
    r"webpack|jest|pytest|numpy|pandas|openssl|gcc|clang|llvm|cmake|qt|pyside|electron|tls)\s*v?\d+(?:\.\d+)*(?:\.x)?\b",
    re.IGNORECASE,
)
_ID = re.compile(
    # A UUID, a long hex or digit run, a port, a token of six or more mixing letters and two digits or more
    # (C04AB12CD3E, cus_Q2x8kLm4; not utf8 or e2e),
    # or a number a name gives its role ("database number 3", "uid 1001", "project id 4507123").
    r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b(?=[a-f]*\d)[0-9a-f]{12,}\b|\b\d{6,}\b|"
    r"\bports?\s+\d{2,5}\b|\b(?:on|to|at)\s+\d{4,5}\b|"
    r"\b(?=(?:[\w-]*\d){2})(?=[\w-]*[A-Za-z])[A-Za-z][\w-]{4,}[A-Za-z0-9]\b|\b[a-z]\w*[-_][\w-]{3,}\d\b|"
    r"\b(?:id|ids|uid|gid|number|no\.|code|key|account|project|tenant|org|component|channel)\s*#?\s*\d+\b",
    re.IGNORECASE,
)
_NUMERAL = re.compile(
    r"\b\d[\d,.]*(?:%|[a-z]{1,3}\b)?|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|"
    r"thirty|forty|fifty|hundred|thousand|million|dozen)\b",
    re.IGNORECASE,
)
_ORDER = ((TIME, _TIME), (LOCATION, _LOCATION), (ID, _ID), (VERSION, _VERSION), (NUMERAL, _NUMERAL))


def kinds(line: str) -> frozenset[str]:
    """The kinds of fact `line` carries (empty when none); each span counts for the first kind that claims it."""
    found: set[str] = set()
    rest = line
    for kind, pattern in _ORDER:
        if pattern.search(rest) is not None:
            found.add(kind)
            rest = pattern.sub(" ", rest)
    return frozenset(found)


def families(line: str) -> tuple[str, ...]:
    """The kinds `line` carries in KINDS order, or ("none",): the rows a line counts in for the bench."""
    found = kinds(line)
    return tuple(kind for kind in KINDS if kind in found) or (NONE,)
