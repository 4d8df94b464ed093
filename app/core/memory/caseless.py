"""Case-insensitive patterns that search the lowered line: the same answers as IGNORECASE, several times faster.

Python's regular expression engine passes over an alternative whose first character cannot match in one
step only when the pattern is case-sensitive; under IGNORECASE it enters every alternative at every
position of the line, which is where the write gate's longest shapes spent most of their time. On ASCII
text a case-insensitive pattern matches exactly where its lowercase spelling matches the lowered text
case-sensitively (lowering keeps every ASCII character's place and word class), so each pattern is
compiled both ways and the lowercase one answers for ASCII lines. An alternative that lowering would
change (a case-sensitive group, a character given by its code, a range from one case to another) keeps
running as written, and so does the whole pattern on text that is not ASCII.

Only whether a pattern matches is asked (`found_in`): the lowered spelling finds the same places, but
its match objects would hold lowered text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Inline flags (a case-sensitive group among them), and escapes that name a character by its code or
# refer to a group: lowering the source could change what they match.
_UNSAFE = re.compile(r"\(\?[aiLmsux-]|\(\?P|\\[0-9xuUNpP]")
# A character range with an uppercase letter at one end only ("[A-z]"): lowered, it would cover other characters.
_CROSS_CASE_RANGE = re.compile(r"[A-Z]-(?![A-Z])|(?<![A-Z])-[A-Z]")
_ESCAPE_OR_TEXT = re.compile(r"\\.|[^\\]+", re.DOTALL)


@dataclass(frozen=True)
class Caseless:
    """A case-insensitive pattern: as written for any text, and in lowercase for ASCII text, lowered."""

    source: str  # as written
    full: re.Pattern[str]
    lowered: re.Pattern[str] | None  # the alternatives that lowering keeps, case-sensitive
    rest: re.Pattern[str] | None  # the others, as written (case-insensitive)

    def found_in(self, text: str, lower: str | None = None, *, at_start: bool = False) -> bool:
        """Whether the pattern matches `text` anywhere (at its start with `at_start`).

        `lower`, when the caller has it at hand, is `text.lower()`.
        """
        if not text.isascii():
            return _find(self.full, text, at_start)
        if self.lowered is not None and _find(self.lowered, text.lower() if lower is None else lower, at_start):
            return True
        return self.rest is not None and _find(self.rest, text, at_start)


def _find(pattern: re.Pattern[str], text: str, at_start: bool) -> bool:
    return (pattern.match(text) if at_start else pattern.search(text)) is not None


def caseless(pattern: str) -> Caseless:
    r"""`pattern` compiled case-insensitively, with its lowercase spelling beside it for ASCII text.

    The pattern is split into its top-level alternatives (a match of `A|B` is a match of `A` or of `B`),
    and in each part the runs of alternatives that open with `\b` are grouped behind one `\b`
    (`boundary_first`).
    """
    keep: list[str] = []
    rest: list[str] = []
    for part in alternatives(pattern):
        (rest if _UNSAFE.search(part) or _CROSS_CASE_RANGE.search(part) else keep).append(part)
    lowered = [_lowercase(part) for part in keep]
    return Caseless(
        source=pattern,
        full=re.compile(boundary_first(pattern), re.IGNORECASE),
        lowered=re.compile(boundary_first("|".join(lowered))) if lowered else None,
        rest=re.compile(boundary_first("|".join(rest)), re.IGNORECASE) if rest else None,
    )


def _lowercase(source: str) -> str:
    r"""The pattern's source in lowercase, its escapes (`\S`, `\W`, `\B`, `\D`) as they are."""
    return _ESCAPE_OR_TEXT.sub(lambda m: m[0] if m[0].startswith("\\") else m[0].lower(), source)


def boundary_first(pattern: str) -> str:
    r"""`pattern` with each run of alternatives that open with `\b` grouped behind one `\b`.

    `\bA|\bB|C` and `\b(?:A|B)|C` match the same text at the same places, alternative for alternative,
    but at every position of a line the first tests each alternative's boundary in turn, while the
    second turns the positions inside a word (most of them) away in one step, and then passes over
    each alternative whose first letter differs without entering it.
    """
    out: list[str] = []
    run: list[str] = []
    for part in alternatives(pattern):
        if part.startswith(r"\b"):
            run.append(part[2:])
            continue
        if run:
            out.append(_grouped(run))
            run = []
        out.append(part)
    if run:
        out.append(_grouped(run))
    return "|".join(out)


def _grouped(run: list[str]) -> str:
    return r"\b" + run[0] if len(run) == 1 else r"\b(?:" + "|".join(run) + ")"


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression: split on `|` outside groups, sets and escapes."""
    parts: list[str] = []
    start = depth = i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 1  # the escaped character is a literal, whatever it is
        elif char == "[":
            i = _set_end(pattern, i)
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def _set_end(pattern: str, i: int) -> int:
    """The index of the `]` that closes the set opening at `i` (a `]` first in the set is a member)."""
    i += 1
    if pattern[i : i + 1] == "^":
        i += 1
    if pattern[i : i + 1] == "]":
        i += 1
    while i < len(pattern) and pattern[i] != "]":
        i += 2 if pattern[i] == "\\" else 1
    return i
