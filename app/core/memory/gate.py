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

import re
from collections.abc import Mapping
from dataclasses import dataclass

from app.core.memory.state_shapes import ALWAYS, ERROR_PHRASES, FILE_RX, RESULTS, THRESHOLD, rx, words
from app.core.memory.text import quoted, split_lines


@dataclass(frozen=True)
class GateRefusal:
    """Why a write was refused: the first refused line, its kind ("state" or "duplicate"), the text for the model."""

    line: str
    kind: str
    reason: str
    message: str


# Shapes of knowledge: a condition, a reason, an instruction, a rule, a known flaky test, a preference.
# Single words are looked up in a set and phrases as substrings; only the context-bound shapes need a regex.
_LESSON_WORDS = words(
    "whenever unless otherwise because flaky flakes intermittent intermittently sometimes occasionally "
    "randomly nondeterministic race any every each always never usually typically should must avoid prefer "
    "prefers wants likes convention policy rule workaround instead rather lesson learned tip expected "
    "intentionally"
)
_LESSON_PHRASES = (
    " in case ",
    " due to ",
    " caused by ",
    " cause is ",
    " root cause",
    " so that ",
    " which means ",
    " as it ",
    " as they ",
    " need to ",
    " needs to ",
    " have to ",
    " has to ",
    " don't ",
    " do not ",
    " to fix ",
    " the fix ",
    " fixed by ",
    " fix is ",
    " known issue",
    " known bug",
    " known to ",
    " by design",
    " on purpose",
)
_LESSON = rx(
    # "when I ran it" narrates an event; "after the last push" names one: neither is a condition.
    r"\b(?:if|when)\b(?!\s+(?:I|we)\s+(?:ran|tried|built|last|pushed|tested))|"
    r"\b(?:before|after|until|once)\s+(?:\w+ing\b|you\b|we\b|it\b|they\b|a\b|an\b|any\b|every\b|each\b|"
    r"(?:the\s+)?\w+\s+(?:is|are|has|have|was|were)\b)|^(?:a|an|any|every|each|no)\s|"
    # "since Tuesday" or "since the last push" dates a result; "since X needs Y" gives a reason.
    r"\bsince\b(?!\s+(?:mon|tue|wed|thu|fri|sat|sun|yesterday|today|last|this|the last|the latest|commit|\d))|"
    r"\bso\s+(?:that\s+)?\w+\s+(?:can|could|will|do|does|never|always|stay|stays)\b|"
    r"\bon (?:bad|invalid|any|every|error|errors|failure|success|exit|timeout|cancel)\b"
)
_WORD_RX = re.compile(r"[a-z']+")


def _is_lesson(cleaned: str, lower: str, tokens: frozenset[str]) -> bool:
    """The line says how, why, when or who: a condition, a reason, a rule, an instruction or a preference."""
    if not _LESSON_WORDS.isdisjoint(tokens):
        return True
    spaced = " " + " ".join(_WORD_RX.findall(lower)) + " "
    if any(phrase in spaced for phrase in _LESSON_PHRASES) or "→" in lower or "=>" in lower:
        return True
    return _LESSON.search(cleaned) is not None or _is_imperative(cleaned)


_IMPERATIVE = words(
    "use run don't dont do never always prefer avoid keep put call ask set add install start restart skip pass "
    "open remember note make write read check bump pin regenerate restore clean delete remove rebase merge push "
    "commit tag deploy release update upgrade name prefix wrap log mock stub import export register configure "
    "enable disable ignore suppress treat let try see reuse copy create generate format lint review squash sign "
    "stop wait give send reply answer speak say mention leave follow store build test expect rerun retry "
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
    r"waiting (?:on|for)|blocked (?:on|by))\b"
)
_WIP_TRIGGERS = re.compile(
    r"half|part|middle|mid-|working on|wip|progress|left off|next|got as far|stopped at|so far|not yet|not done|"
    r"not finished|unfinished|still|waiting|blocked"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE = rx(
    rf"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{{1,2}}\s+{_MONTH}\s+(?:19|20)\d\d\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?"
    rf"(?:\s+(?:19|20)\d\d)?\b|\b\d{{1,2}}/\d{{1,2}}/(?:19|20)\d\d\b|\b(?:19|20)\d\d/\d\d/\d\d\b|"
    r"\bweek \d{1,2}\b|\b(?:19|20)\d\d-W\d\d\b"
)

_DIGIT = re.compile(r"\d")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX]\]\s+)?")
_DECORATION = re.compile(r"(?:\*\*|__|`)")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def _clean(line: str) -> str:
    """The line without its list marker, checkbox or Markdown emphasis, to judge what it says."""
    return _DECORATION.sub("", _LIST_MARKER.sub("", line, count=1)).strip()


def _is_structure(cleaned: str) -> bool:
    """Blank lines, headings, rules and code fences carry no claim to judge."""
    return not cleaned or cleaned.startswith(("#", "```", "~~~")) or not any(c.isalnum() for c in cleaned)


def _is_imperative(cleaned: str) -> bool:
    words = cleaned.replace(",", " ").split()
    if not words:
        return False
    first = words[0].lower().rstrip(":")
    if first not in _IMPERATIVE or words[0].endswith(":"):
        return False
    return len(words) == 1 or words[1].lower() not in _NOT_IMPERATIVE_NEXT


def _bare_file_list(cleaned: str) -> bool:
    """A line that is nothing but two or more file names: a list of what changed."""
    files = FILE_RX.findall(cleaned)
    return len(files) >= 2 and not _WORD.search(FILE_RX.sub(" ", cleaned).replace("and", " "))


def state_reason(line: str) -> str | None:
    """One sentence saying why this line records re-derivable state, or None when it is durable knowledge."""
    cleaned = _clean(line)
    if _is_structure(cleaned):
        return None
    has_digit = _DIGIT.search(cleaned) is not None
    masked = THRESHOLD.sub("limit", cleaned) if has_digit else cleaned
    lower = masked.lower()
    tokens = frozenset(_WORD_RX.findall(lower))
    for shape in ALWAYS:
        if shape.matches(masked, lower, tokens, has_digit):
            return shape.reason
    if "." in cleaned and _bare_file_list(cleaned):
        return "it lists changed files, which git_status shows at any time"
    result = next((shape.reason for shape in RESULTS if shape.matches(masked, lower, tokens, has_digit)), None)
    if result is None and any(phrase in lower for phrase in ERROR_PHRASES):
        result = RESULTS[0].reason
    # Only a line that looks like a result pays for the lesson check.
    if result is not None and not _is_lesson(cleaned, lower, tokens):
        return result
    if _WIP_TRIGGERS.search(lower) and _WIP.search(cleaned) and not _DATE.search(cleaned):
        return "it is work in progress without a date, so a later session cannot tell how old it is"
    return None


def state_lines(text: str) -> list[tuple[str, str]]:
    """(line, reason) for every line of `text` that records re-derivable state, in order."""
    found: list[tuple[str, str]] = []
    for line in split_lines(text):
        reason = state_reason(line)
        if reason is not None:
            found.append((line, reason))
    return found


def normalise(line: str) -> str:
    """A line as the duplicate check compares it: no list marker or emphasis, one case, single spaces."""
    cleaned = _clean(line)
    if _is_structure(cleaned):
        return ""
    return " ".join(cleaned.lower().split()).rstrip(".;:!,")


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


_WAY_FORWARD = (
    "Save the lesson, the decision or the plan, not the result: the tools will tell the current state next time "
    '(for example "If X fails with CS1061, Y is the usual cause" or "YYYY-MM-DD: halfway through Z; W is next").'
)
_WIP_WAY_FORWARD = (
    'Put the date in front of it (for example "YYYY-MM-DD: halfway through Z; W is next") so a later session '
    "knows how old it is, and leave out results the tools can tell again."
)


def _state_message(refused: list[tuple[str, str]]) -> str:
    line, reason = refused[0]
    way = _WIP_WAY_FORWARD if "without a date" in reason else _WAY_FORWARD
    message = f'Error: Not saved. The line "{quoted(line.strip(), 200)}" was refused: {reason}. {way}'
    if len(refused) > 1:
        others = ", ".join(f'"{quoted(other.strip(), 80)}"' for other, _ in refused[1:4])
        more = f" and {len(refused) - 4} more" if len(refused) > 4 else ""
        message += f" Also refused for the same kind of reason: {others}{more}."
    return message


def _duplicate_message(line: str, holder: str, path: str) -> str:
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
    existing = {normalise(line) for line in split_lines(old_text)} if old_text else set()
    added = [line for line in split_lines(new_text) if normalise(line) not in existing]
    refused = [(line, reason) for line in added if (reason := state_reason(line)) is not None]
    if refused:
        return GateRefusal(refused[0][0], "state", refused[0][1], _state_message(refused))
    holders = _holders(store, path)
    seen: set[str] = set()
    for line in added:
        key = normalise(line)
        # Labels ("Commands:") and one-word lines organise a file; two files may share them.
        if not key or " " not in key or _clean(line).endswith(":"):
            continue
        holder = holders.get(key) or (path if key in seen else None)
        if holder is not None:
            reason = "it repeats a line the memory already holds"
            return GateRefusal(line, "duplicate", reason, _duplicate_message(line, holder, path))
        seen.add(key)
    return None
