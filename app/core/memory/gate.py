"""The memory write decision: refuse a write that adds re-derivable state or repeats what the store holds.

Each line a write adds is judged on its own (judgement.py); this module decides the write, finds lines the
store already holds, and writes the refusals and the rules the model reads (RULES, in the system prompt).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from app.core.keep_offer import KeepOffer
from app.core.memory import judgement
from app.core.memory.judgement import GUESS, RULE, STATE, WIP, Judgement
from app.core.memory.lines import clean as _clean
from app.core.memory.lines import normalise as normalise
from app.core.memory.text import quoted, split_lines
from app.core.ui_text import QT_TRANSLATE_NOOP, joined


@dataclass(frozen=True)
class GateRefusal:
    """Why a write was refused: the first refused line, its kind ("state" or "duplicate"), the text for the model.

    `said` is the message without its "Error: " for a person (marked: a window shows it in their language).
    """

    line: str
    kind: str
    reason: str
    message: str
    said: str = ""


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
# The refusals are marked for translation (a person reads them in the memory window's team box, the reasons in
# the panel): str all the same, so the model and the log read the English.
LESSON_EXAMPLE = QT_TRANSLATE_NOOP(
    "memory_gate", "If the build fails with CS0246 after switching branches, run dotnet restore first"
)
DATED_EXAMPLE = QT_TRANSLATE_NOOP(
    "memory_gate", "YYYY-MM-DD: halfway through renaming Parser to Reader; cli.py is next"
)
RULES = (
    "- Never save what a tool can find out again: build or test results, counts of failures, warnings or changed "
    "files, errors and where they are, line numbers, branch state, or what the code does or lacks right now. "
    "It goes stale and misleads; the tools tell it fresh next time.\n"
    "- A lesson needs its evidence: say when it applies and why (for example "
    f'"{LESSON_EXAMPLE}"). One failure seen once is not a rule.\n'
    f'- Put the date on work in progress (for example "{DATED_EXAMPLE}", with today\'s date).'
)

_WAY_FORWARD = QT_TRANSLATE_NOOP(
    "memory_gate",
    "Save the lesson, the decision or the plan, not the result: the tools will tell the current state next time "
    '(for example "{lesson}" or "{dated}").',
).format(lesson=LESSON_EXAMPLE, dated=DATED_EXAMPLE)
_WIP_WAY_FORWARD = QT_TRANSLATE_NOOP(
    "memory_gate",
    'Put the date in front of it (for example "{dated}") so a later session '
    "knows how old it is, and leave out results the tools can tell again.",
).format(dated=DATED_EXAMPLE)
_RULE_WAY_FORWARD = QT_TRANSLATE_NOOP(
    "memory_gate",
    "If there is a lesson here, save it with its evidence: when it happens, how often and why, as seen in more "
    'than one run (for example "{lesson}"). Otherwise save nothing: the tools will show what happens '
    "next time.",
).format(lesson=LESSON_EXAMPLE)
_GUESS_WAY_FORWARD = joined(
    _WAY_FORWARD,
    QT_TRANSLATE_NOOP(
        "memory_gate", "If it is knowledge that holds next month, say when it applies or why, and it will be kept."
    ),
)
_WAYS = {STATE: _WAY_FORWARD, WIP: _WIP_WAY_FORWARD, RULE: _RULE_WAY_FORWARD, GUESS: _GUESS_WAY_FORWARD}


def kept_by_person(offer: KeepOffer) -> str:
    """What a refusal adds (after a space) when the person's own words asked for the line: how they can keep it.

    A line a person writes is theirs: the gate never judges it, only the credential filter and the caps do.
    """
    return QT_TRANSLATE_NOOP(
        "memory_gate",
        "The developer asked to remember this, so say in your answer that it was not saved and that they can "
        "keep it as their own line, which this check never judges (only the credential filter applies): in "
        "Settings → Memory, or with: {command}",
    ).format(command=offer.command())


def _refused(kind: str, line: str, reason: str, said: str) -> GateRefusal:
    return GateRefusal(line, kind, reason, f"Error: {said}", said)


def _state_message(refused: list[tuple[str, Judgement]]) -> str:
    """The refusal of lines judged state, without "Error: ", each sentence marked (a window translates them)."""
    line, judged = refused[0]
    parts: list[str] = [
        QT_TRANSLATE_NOOP("memory_gate", 'Not saved. The line "{line}" was refused: {reason}.').format(
            line=quoted(line.strip(), 200), reason=judged.reason
        )
    ]
    if judged.keep:
        parts.append(
            QT_TRANSLATE_NOOP("memory_gate", 'The rest of it is worth keeping: save "{keep}" on its own.').format(
                keep=quoted(judged.keep, 200)
            )
        )
    parts.append(_WAYS[judged.kind])
    if len(refused) > 1:
        others = ", ".join(f'"{quoted(other.strip(), 80)}"' for other, _ in refused[1:4])
        if len(refused) > 4:
            also = QT_TRANSLATE_NOOP(
                "memory_gate", "Also refused for the same kind of reason: {others} and {more} more."
            )
            parts.append(also.format(others=others, more=len(refused) - 4))
        else:
            also = QT_TRANSLATE_NOOP("memory_gate", "Also refused for the same kind of reason: {others}.")
            parts.append(also.format(others=others))
    return joined(*parts)


def _duplicate_message(line: str, holder: str, path: str, *, in_file: bool = False) -> str:
    if in_file:
        where = QT_TRANSLATE_NOOP(
            "memory_gate", "already in {path} (the same line, up to case, spacing or list marker)"
        ).format(path=path)
    elif holder == path:
        where = QT_TRANSLATE_NOOP("memory_gate", "earlier in this same write")
    else:
        where = QT_TRANSLATE_NOOP("memory_gate", "already in {holder}").format(holder=holder)
    return QT_TRANSLATE_NOOP(
        "memory_gate",
        'Not saved. The line "{line}" is {where}. The memory is loaded into every '
        "session, so one copy is enough: leave this line out, or edit the existing line if it needs to change.",
    ).format(line=quoted(line.strip(), 200), where=where)


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
    refused = [(line, judged) for line in added if (judged := judgement.verdict(line)) is not None]
    if refused:
        return _refused("state", refused[0][0], refused[0][1].reason, _state_message(refused))
    # Labels ("Commands:") and one-word lines organise a file; two files may share them.
    claims = {line for line, key in keys.items() if key and " " in key and not _clean(line).endswith(":")}
    holders = _holders(store, path)
    reason = QT_TRANSLATE_NOOP("memory_gate", "it repeats a line the memory already holds")
    seen: set[str] = set()
    for line in added:
        if line not in claims:
            continue
        key = keys[line]
        holder = holders.get(key) or (path if key in seen else None)
        if holder is not None:
            return _refused("duplicate", line, reason, _duplicate_message(line, holder, path))
        seen.add(key)
    return _repeat_in_file(path, old_text, [(line, keys[line]) for line in lines if line in claims], reason)


def _repeat_in_file(path: str, old_text: str | None, claims: list[tuple[str, str]], reason: str) -> GateRefusal | None:
    """A line of the file written again in it ("- Use pytest" beside "- use PYTEST"): one copy is enough.

    Counted per normalised line (`claims`: the new text's lines that say something, each with its normalised
    form), so copies a person already had stay; only a write that adds a copy is refused.
    """
    before = Counter(normalise(line) for line in split_lines(old_text)) if old_text else Counter()
    now: Counter[str] = Counter()
    for line, key in claims:
        now[key] += 1
        if now[key] > 1 and now[key] > before[key]:
            return _refused("duplicate", line, reason, _duplicate_message(line, path, path, in_file=True))
    return None
