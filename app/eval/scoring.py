"""The score rules: each judges one run from its recorded words, tool calls and memory, in code.

No second model grades anything. A failed score always says why in words a person can check:
which phrase was said (with the words around it), which words were missing, or which tool call
did not happen before the answer.

Phrases match case-insensitively as whole words ("cli" matches "cli.py", not "click"), after
typographic quotes and dashes are made plain, so "isn’t merged" matches "isn't merged".
Patterns are regular expressions, also case-insensitive.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from app.eval.record import RunRecord, ScoreResult, SessionRecord, Turn
from app.eval.scenario import Scenario, Score
from app.eval.state_marks import state_mark

_PLAIN = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "})
_CONTEXT = 40  # characters shown either side of a matched phrase


def score_run(scenario: Scenario, record: RunRecord) -> list[ScoreResult]:
    """Every score of the scenario for one finished run."""
    return [judge(score, record) for score in scenario.scores]


def judge(score: Score, record: RunRecord) -> ScoreResult:
    session = record.session(score.session)
    if session is None or not session.turns:
        return ScoreResult(score.name, score.description, False, [f"session {score.session} did not run"])
    try:
        turn = session.turns[score.turn]
    except IndexError:
        return ScoreResult(score.name, score.description, False, [f"turn {score.turn} of {score.session} did not run"])
    reasons = _RULES[score.rule](score.params, session, turn)
    return ScoreResult(score.name, score.description, not reasons, reasons)


# -- the rules: each returns the reasons it failed ([] when it passed) -----------------------------


def _answer_mentions(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    spoken = turn.spoken
    return [
        f"the answer names none of: {_listed(group)}"
        for group in params["all_of"]
        if not any(find_phrase(spoken, phrase) for phrase in group)
    ]


def _answer_avoids(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    return [f"the answer says {hit}" for hit in _hits(turn.spoken, params)]


def _answer_qualifies(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    spoken = turn.spoken
    named = [p for p in params["mentions"] if find_phrase(spoken, p)]
    if not named or any(find_phrase(spoken, q) for q in params["with_any"]):
        return []
    return [f"the answer names {_quoted(named[0], spoken)} but none of: {_listed(params['with_any'])}"]


def _tool_before_answer(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    before = _before_answer(turn)
    if any(matches_check(item, check) for item in before for check in params["checks"]):
        return []
    return [f"no {_checks_text(params['checks'])} call ran before the answer ({_calls_text(before)})"]


def _claim_needs_check(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    checked = False
    for item in turn.timeline or [{"kind": "text", "text": turn.reply}]:
        if item["kind"] == "tool":
            checked = checked or any(matches_check(item, check) for check in params["checks"])
        elif not checked:
            claim = next((c for c in params["claims"] if find_phrase(item["text"], c)), None)
            if claim is not None:
                return [
                    f"the answer says {_quoted(claim, item['text'])} before any {_checks_text(params['checks'])} "
                    f"call ({_calls_text(_before_answer(turn))})"
                ]
    return []


def _memory_no_state(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    # Judged by the eval's own labelled list, never by the gate: a looser gate must not loosen its judge.
    marked = [(line, label) for line in session.saved_lines if (label := state_mark(line)) is not None]
    return [f"{session.name} saved a state line: «{line}» ({label})" for line, label in marked]


def _memory_avoids(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    reasons: list[str] = []
    for line in session.saved_lines:
        hits = _hits(line, params, context=False)
        if hits:
            reasons.append(f"{session.name} saved «{line}», which says {', '.join(hits)}")
    return reasons


def _block_avoids(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    # What the session was given at its start: an earlier session's write that reached it steers every turn.
    return [f"{session.name}'s memory block says {hit}" for hit in _hits(session.memory_block, params)]


def _block_mentions(params: dict[str, Any], session: SessionRecord, turn: Turn) -> list[str]:
    return [
        f"{session.name}'s memory block names none of: {_listed(group)}"
        for group in params["all_of"]
        if not any(find_phrase(session.memory_block, phrase) for phrase in group)
    ]


_RULES: dict[str, Callable[[dict[str, Any], SessionRecord, Turn], list[str]]] = {
    "answer_mentions": _answer_mentions,
    "answer_avoids": _answer_avoids,
    "answer_qualifies": _answer_qualifies,
    "tool_before_answer": _tool_before_answer,
    "claim_needs_check": _claim_needs_check,
    "memory_no_state": _memory_no_state,
    "memory_avoids": _memory_avoids,
    "block_avoids": _block_avoids,
    "block_mentions": _block_mentions,
}


# -- matching ---------------------------------------------------------------------------------------


def plain(text: str) -> str:
    return text.translate(_PLAIN)


def find_phrase(text: str, phrase: str) -> re.Match[str] | None:
    """The first whole-word, case-insensitive occurrence of `phrase` in `text`."""
    wanted = re.escape(plain(phrase).strip()).replace(r"\ ", r"\s+")
    head = r"(?<!\w)" if re.match(r"\w", phrase.strip()) else ""
    tail = r"(?!\w)" if re.search(r"\w$", phrase.strip()) else ""
    return re.search(head + wanted + tail, plain(text), re.IGNORECASE)


def matches_check(item: dict[str, Any], check: str) -> bool:
    """A check is "tool" or "tool:text": that tool ran, with `text` somewhere in its input."""
    if item.get("kind") != "tool":
        return False
    name, _, needle = check.partition(":")
    if item["name"] != name.strip():
        return False
    if not needle.strip():
        return True
    values = " ".join(str(v) for v in item.get("input", {}).values())
    return needle.strip().lower() in values.lower()


def _hits(text: str, params: dict[str, Any], *, context: bool = True) -> list[str]:
    hits: list[str] = []
    for phrase in params.get("phrases", []):
        if find_phrase(text, phrase):
            hits.append(_quoted(phrase, text) if context else f"'{phrase}'")
    for pattern in params.get("patterns", []):
        match = re.search(pattern, plain(text), re.IGNORECASE)
        if match:
            hits.append(_around(text, match) if context else f"'{match.group(0)}' (pattern {pattern})")
    return hits


def _quoted(phrase: str, text: str) -> str:
    match = find_phrase(text, phrase)
    return _around(text, match) if match else f"'{phrase}'"


def _around(text: str, match: re.Match[str]) -> str:
    """The matched words in quotes, with some of the sentence around them."""
    source = plain(text)
    start, end = max(0, match.start() - _CONTEXT), min(len(source), match.end() + _CONTEXT)
    snippet = " ".join(source[start:end].split())
    return f"'{match.group(0)}': «{'…' if start else ''}{snippet}{'…' if end < len(source) else ''}»"


def _before_answer(turn: Turn) -> list[dict[str, Any]]:
    """Tool calls made before the turn's last words (the answer)."""
    last_text = max((i for i, item in enumerate(turn.timeline) if item["kind"] == "text"), default=len(turn.timeline))
    return [item for item in turn.timeline[:last_text] if item["kind"] == "tool"]


def _listed(words: list[str]) -> str:
    return ", ".join(f"'{w}'" for w in words)


def _checks_text(checks: list[str]) -> str:
    shown = []
    for check in checks:
        name, _, needle = check.partition(":")
        shown.append(f"{name} of '{needle}'" if needle else name)
    return " or ".join(shown)


def _calls_text(calls: list[dict[str, Any]]) -> str:
    if not calls:
        return "no tool ran"
    named = []
    for call in calls:
        detail = " ".join(str(v) for v in call.get("input", {}).values() if isinstance(v, str))[:50]
        named.append(f"{call['name']} {detail}".strip())
    return "ran: " + ", ".join(named)
