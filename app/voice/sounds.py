"""Sound-alike keys of English words, so a name heard as other words can still be recognised.

`sound(word)` reduces a word to a rough consonant skeleton, a small metaphone-like key:
spellings of one sound become one letter ("cache" and "cash" → "kX", "ledger" → "ljr"),
voiced and voiceless pairs merge (tiny.en hears espeak's "cart" as "card", "fee" as
"feed"), and vowels are dropped (they are what speech recognition gets wrong most).
`edit_distance` compares two keys (or two words) with an early exit above a limit.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SOUNDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"[^a-z]"), ""),
    (re.compile(r"^[kg](?=n)|^w(?=r)|^p(?=s)"), ""),  # silent first letters: knot, gnome, write, psalm
    (re.compile(r"(.)\1+"), r"\1"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"th"), "f"),  # "their catch" for "fetch ex": th and f are heard alike
    (re.compile(r"dg(?=[eiy])|g(?=[eiy])"), "j"),  # ledger, page: a soft g sounds like j
    (re.compile(r"x"), "ks"),
    (re.compile(r"t?[cs]h|[tcs]i(?=[ao])"), "X"),  # cash, fetch, station, special, session: one sound
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"ck|[cq]"), "k"),
    (re.compile(r"gh(?![aeiou])"), ""),  # night, eight, though
    (re.compile(r"^wh"), "w"),
    # Voiced and voiceless pairs: the recogniser confuses them at word ends ("card" for "cart").
    (re.compile(r"d"), "t"),
    (re.compile(r"b"), "p"),
    (re.compile(r"g"), "k"),
    (re.compile(r"v"), "f"),
    (re.compile(r"z"), "s"),
    (re.compile(r"n(?=[td])"), ""),  # a nasal before t or d is hardly heard: "and rest" for "address"
    (re.compile(r"[aeiouyhw]+"), ""),  # vowels and glides, also a leading one: "and" and "end" are "nt"
]


@lru_cache(maxsize=65536)  # a repository's names share their words: each is reduced once
def sound(word: str) -> str:
    """A rough consonant skeleton of an English word: "cache" and "cash" both give "kX"."""
    if word.isdigit():
        return ""
    key = word.lower()
    for pattern, replacement in _SOUNDS:
        key = pattern.sub(replacement, key)
    return key


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
