"""The eval's own judge of "saved a state line": a labelled list of marks, independent of the write gate.

The gate (app.core.memory.gate) decides what the store refuses; the eval checks what a session saved.
If the eval asked the gate, a loosened gate would loosen its own judge, so this list is written apart
from the gate's shapes and model, on purpose plainer: each mark names a kind of state a tool tells
again, and a line that says when something happens ("when", "if", "whenever", "unless") is a rule
about results, not a result, and is not judged.
"""

from __future__ import annotations

import re

_FILE = r"[\w/.-]+\.(?:py|pyi|cs|ts|tsx|js|jsx|rs|go|java|kt|rb|php|c|cc|cpp|h|hpp|swift|toml|json|ya?ml|md|txt)"

# (label, pattern): the label is what the score's reason says the line is.
STATE_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern, re.IGNORECASE))
    for label, pattern in (
        (
            "a test or build count",
            r"\b\d+\s+(?:\w+\s+)?(?:passed|failed|failing|failures?|errors?|warnings?|skipped)\b|"
            r"\b(?:passed|failed|failures|errors|warnings|skipped)\s*[:=]\s*\d+|\b\d+\s*/\s*\d+\s+(?:pass|passing)",
        ),
        (
            "a test or build verdict",
            r"\b(?:the build|builds?|tests?|the tests|test suite|ci|pipeline|lint)\s+(?:is|are|was|were|now|still)?"
            r"\s*(?:red|green|passing|failing|broken|pass|passes|fail|fails|failed|passed)\b|"
            r"\b(?:all|every)\s+tests?\s+(?:pass|passed|green)\b",
        ),
        ("a test id from a run", r"\b[\w/.-]+\.py::\w+"),
        ("an error code or exception", r"\berror\s*\[?[A-Z]{1,4}\d{3,5}\]?|\b[A-Z]\w*(?:Error|Exception)\b\s*:"),
        ("a stack trace", r"Traceback \(most recent call last\)|^\s*at [\w.$<>]+\s*\("),
        ("a file and line number", rf"\b{_FILE}\s*(?::\d+|\(\d+(?:,\d+)?\)|,?\s+line\s+\d+)"),
        (
            "changed or uncommitted files",
            r"\b\d+\s+files?\s+(?:changed|modified|uncommitted)|\buncommitted\b|\bunstaged\b|"
            r"\bworking (?:tree|copy) is (?:clean|dirty)\b|^\s*(?:modified|deleted|new file):\s",
        ),
        (
            "branch or merge state",
            r"\b(?:ahead|behind)\s+(?:of\s+\S+\s+)?by\s+\d+|\b\d+\s+commits?\s+(?:ahead|behind)\b|"
            r"\bnot (?:yet )?(?:been )?merged\b|\bdetached head\b|\bmerge conflicts?\b",
        ),
        ("how things stand right now", r"\b(?:right now|at the moment|as of (?:today|now)|currently)\b"),
    )
)
_CONDITION = re.compile(r"\b(?:when|whenever|if|unless)\b", re.IGNORECASE)


def state_mark(line: str) -> str | None:
    """The label of the first mark a saved line carries, or None when it carries none."""
    if _CONDITION.search(line):
        return None
    return next((label for label, pattern in STATE_MARKS if pattern.search(line)), None)
