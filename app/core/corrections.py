"""What a corrected transcript teaches: spoken forms of identifiers, kept as repository aliases.

"what does the rate cash hold" corrected to "what does the RateCache hold" teaches
"rate cash" → RateCache, which the vocabulary then snaps in every later transcript of that
repository. Only replacements that name code are learned: an ordinary word fixed into
another ordinary word ("read" → "red") would otherwise rewrite that word everywhere.
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from app.core.history import History
from app.core.settings import Settings

TOKEN = re.compile(r"\S+")
WORD = re.compile(r"[A-Za-z0-9]+")
MAX_SPOKEN_WORDS = 6
MAX_WRITTEN_TOKENS = 2
# One-word spoken forms that are too common to ever be rewritten.
_COMMON_WORDS = (
    "a an and are as at be but by can do does for from has have how i if in is it me my no not of on or "
    "our run show so tell test tests that the their then there this to up us was we what when where "
    "which who why will with you your build file files code error errors red green read line make fix"
)
COMMON = frozenset(_COMMON_WORDS.split())


def _looks_like_code(token: str) -> bool:
    """CamelCase, snake_case, dotted or digit-bearing names: things people do not write as words."""
    core = token.strip(".,;:!?\"'()[]`")
    return bool(re.search(r"[a-z][A-Z]|[A-Z]{2,}[a-z]|_|\w\.\w|\d", core))


def _plain(token: str) -> str:
    return token.strip(".,;:!?\"'()[]`")


def aliases_from_correction(heard: str, corrected: str) -> dict[str, str]:
    """Spoken form → written form for each replaced span of `heard` that `corrected` spells as code."""
    before = TOKEN.findall(heard)
    after = TOKEN.findall(corrected)
    matcher = difflib.SequenceMatcher(
        a=[_plain(t).lower() for t in before], b=[_plain(t).lower() for t in after], autojunk=False
    )
    learned: dict[str, str] = {}
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        spoken_words = [w.lower() for t in before[i1:i2] for w in WORD.findall(t)]
        written = " ".join(_plain(t) for t in after[j1:j2])
        if not spoken_words or not written or len(spoken_words) > MAX_SPOKEN_WORDS:
            continue
        if j2 - j1 > MAX_WRITTEN_TOKENS:
            continue
        code = any(_looks_like_code(t) for t in after[j1:j2])
        if not code and not (len(spoken_words) >= 2 and j2 - j1 == 1):
            continue
        if len(spoken_words) == 1 and spoken_words[0] in COMMON:
            continue
        learned[" ".join(spoken_words)] = written
    return learned


def learn(settings: Settings, history: History, turn_id: int, corrected: str) -> tuple[Settings, dict[str, str]]:
    """Record the correction of turn `turn_id` and return (settings with the new aliases, what was learned).

    The caller saves the settings; they are returned new rather than changed in place so
    frozen settings work too.
    """
    turn = history.get(turn_id)
    if turn is None:
        return settings, {}
    history.correct(turn_id, corrected)
    taught = aliases_from_correction(turn.heard, corrected)
    if not taught:
        return settings, {}
    aliases = {repo: dict(table) for repo, table in settings.repo_aliases.items()}
    aliases.setdefault(turn.repo, {}).update(taught)
    for spoken, written in taught.items():
        history.record_learned(turn.repo, spoken, written, turn_id)
    return dataclasses.replace(settings, repo_aliases=aliases), taught


def forget(settings: Settings, history: History, repo: str, spoken: str) -> Settings:
    """Remove a learned alias from the settings and the record of what was learned."""
    history.forget_learned(repo, spoken)
    aliases = {r: dict(table) for r, table in settings.repo_aliases.items()}
    table = aliases.get(repo, {})
    table.pop(spoken, None)
    if not table:
        aliases.pop(repo, None)
    return dataclasses.replace(settings, repo_aliases=aliases)
