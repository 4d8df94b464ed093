"""Where an agent's memory line came from: the person asked, it repeats a file the turn read, or neither.

A line's origin is judged when it is written, from two things of the turn that wrote it: what the
person said (the turn's transcript, never the text of a file: a README saying "remember this" is not
the person) and what the turn's tools returned (read_file, search_code and the others).

- `asked`: the person's words ask to remember, or state a preference, decision, plan or convention,
  and the line is about what they said (it shares a distinctive word with it), or it is not text read
  from a file (a "remember whatever helps" turn's own notes);
- `from-file`: the line repeats text a tool returned in that turn. Repeating is judged on normalised
  word shingles (three words in a row, case, punctuation, list markers and line numbers ignored): a
  line is a repeat when at least half of its shingles occur in what the turn read, so a rule copied
  with a new prefix, other punctuation or a word left out is still a copy;
- `inferred`: anything else the agent concluded.

`instruction` says whether a line tells future sessions to run a tool, open a link, keep something
quiet or trust a source: such a line steers every later session, so it waits for the person unless
their words asked for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from app.core.ui_text import QT_TRANSLATE_NOOP

Origin = Literal["asked", "from-file", "inferred"]
ORIGINS: tuple[str, ...] = ("asked", "from-file", "inferred", "person")

SHINGLE = 3  # words per shingle: long enough that common pairs ("the tests") do not make a copy
REPEAT_SHARE = 0.5  # a line whose shingles occur this often in what was read repeats it
_READ_CAP = 400_000  # characters of tool results kept per turn; a turn reads far less

_WORD = re.compile(r"[a-z0-9_]+(?:[.'-][a-z0-9_]+)*")
# A read_file line ("12  ...") or a search hit ("src/a.py:12: ...") starts with where it is, not what it says.
_LOCATION = re.compile(r"^\s*(?:\d+(?:\t| {2})|[^\s:]+:\d+:)", re.MULTILINE)

# The person's words asking to keep something, or stating what a note would keep.
_ASKS = re.compile(
    r"\b(remember|memori[sz]e|note (?:that|this|down|it)|make a note|take a note|keep in mind|don'?t forget|"
    r"do not forget|save (?:this|that|it|these|those|the)|write (?:this|that|it) down|for next time|from now on|"
    r"next time|in future|going forward|keep (?:this|that) (?:rule|in memory))\b",
    re.IGNORECASE,
)
_STATES = re.compile(
    r"\b(i|we) (?:always|never|prefer|like|use|decided|agreed|chose|name)\b|"
    r"\b(?:i'd|i would|we'd|we would) rather\b|\b(?:my|our) (?:preference|convention|rule|plan|decision|style)\b|"
    r"\bthe (?:plan|convention|rule|decision) is\b|\blet'?s (?:always|never|use|keep)\b|"
    r"\b(?:i'm|i am|we're|we are) going to\b|\bnext (?:i'll|i will|we'll|we will)\b|\bplease (?:always|never)\b|"
    r"\b(?:always|never) (?:use|run|build|call|ask|say|put|name)\b",
    re.IGNORECASE,
)
# Words too common to say the line is about what the person said.
_COMMON_WORDS = (
    "a an the and or but if then so to of in on at by for with from into as is are was were be been it its this "
    "that these those there here i we you he she they me us my our your their them what which who when where how "
    "why do does did done not no yes all any some every each always never also just only first last next before "
    "after again more most less very can could should would will shall may might must have has had get got make "
    "made let lets use used using run runs remember note notes save keep please thing things stuff time"
)
_COMMON = frozenset(_COMMON_WORDS.split())

_INSTRUCTIONS = (
    # run a tool or command always / before answering (a conditional fix, "if X fails, run Y first", is knowledge)
    re.compile(
        r"\b(?:always|whenever you|every (?:time|session|question|turn|answer)|each (?:time|session|question)|"
        r"before (?:answering|any|you (?:answer|reply|respond)|responding|replying|doing anything)|"
        r"at the start of|on every)\b[^.\n]{0,80}\b(?:run|call|execute|invoke)\b|"
        r"\b(?:run|call|execute|invoke)\b[^.\n]{0,60}\b(?:before (?:answering|anything|any|you (?:answer|reply))|"
        r"every (?:time|session|question)|at the start of|on every (?:question|answer|session|turn)|always)\b|"
        r"\b(?:run|execute|pipe)\b[^.\n]{0,40}\b(?:curl|wget|bash|sh|powershell|iex|eval)\b",
        re.IGNORECASE,
    ),
    # open, fetch or follow a link
    re.compile(
        r"\b(?:open|visit|fetch|download|browse|follow|load|read|check|consult|send|post|upload|curl|wget)\b"
        r"[^\n]{0,60}(?:https?://|www\.)",
        re.IGNORECASE,
    ),
    # keep something quiet
    re.compile(
        r"\b(?:don'?t|do not|never|no need to|avoid)\b[^.\n]{0,40}\b(?:mention|tell|report|say|warn|show|"
        r"reveal|disclose|bring up|point out|surface|alert|notify)\b|"
        # withheld from the developer; "ignore X" is the agent's own judgement, left to the gate and to review
        r"\b(?:suppress|hide|silence|conceal)\b[^.\n]{0,40}\b(?:warnings?|errors?|failures?|alerts?|findings?|"
        r"issues?)\b|"
        r"\bkeep (?:it|this|that|them)\b[^.\n]{0,20}\b(?:quiet|secret|private|to yourself|between us)\b|"
        r"\bwithout (?:telling|mentioning|asking|warning)\b",
        re.IGNORECASE,
    ),
    # trust a source
    re.compile(
        r"\b(?:trust|believe|defer to)\b|"
        r"\brely on\b[^.\n]{0,30}\b(?:docs?|readme|file|output|source|site|page|answers?)\b|"
        r"\b(?:is|are) (?:always )?(?:trusted|authoritative|safe to run|"
        r"safe to trust)\b|\bno need to (?:verify|check|confirm|review)\b|"
        r"\bwithout (?:checking|verifying|reviewing|confirming)\b|\bskip (?:the )?(?:verification|checks?|review)\b|"
        r"\btreat\b[^.\n]{0,40}\bas (?:authoritative|trusted|safe|correct|the truth)\b",
        re.IGNORECASE,
    ),
)
_INSTRUCTION_KINDS = ("runs a tool", "opens a link", "keeps something quiet", "trusts a source")
# Why a line is held, in words for the person and the model: marked for translation (the panel's held lines show
# them in the person's language; the journal keeps the English, which `ui_text.recognised` reads back).
HOLD_CONTEXT = "memory_hold"
_CONFIRM_EVERY = QT_TRANSLATE_NOOP("memory_hold", "the developer asked to confirm every note before it is remembered")
_REPEATS = QT_TRANSLATE_NOOP(
    "memory_hold", "it repeats text read from {sources}, which the developer did not ask to remember"
)
_STEERS = dict(
    zip(
        _INSTRUCTION_KINDS,
        (
            QT_TRANSLATE_NOOP(
                "memory_hold", "it runs a tool in every later session, which the developer did not ask for"
            ),
            QT_TRANSLATE_NOOP(
                "memory_hold", "it opens a link in every later session, which the developer did not ask for"
            ),
            QT_TRANSLATE_NOOP(
                "memory_hold", "it keeps something quiet in every later session, which the developer did not ask for"
            ),
            QT_TRANSLATE_NOOP(
                "memory_hold", "it trusts a source in every later session, which the developer did not ask for"
            ),
        ),
        strict=True,
    )
)


def words_of(text: str) -> list[str]:
    """Lower-case words of `text` with locations (line numbers, search hits' paths) and punctuation left out."""
    return _WORD.findall(_LOCATION.sub(" ", text.lower()))


def shingles(words: list[str], size: int = SHINGLE) -> set[tuple[str, ...]]:
    if len(words) < size:
        return set()
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def asks(words: str) -> bool:
    """Whether the person's words ask to remember, or state a preference, decision, plan or convention."""
    return bool(_ASKS.search(words) or _STATES.search(words))


def instruction(line: str) -> str:
    """What a line tells future sessions to do that steers them ("runs a tool", ...), or ""."""
    for kind, pattern in zip(_INSTRUCTION_KINDS, _INSTRUCTIONS, strict=True):
        if pattern.search(line):
            return kind
    return ""


def _stem(word: str) -> str:
    """A word without a plural or tense ending, so "deploys" and "deployed" meet "deploy"."""
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _distinctive(words: Iterable[str]) -> set[str]:
    return {_stem(w) for w in words if w not in _COMMON and len(w) > 2}


@dataclass
class TurnReads:
    """What one turn's tools returned, as shingles, and where each came from (a file, a search, a tool)."""

    by_source: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)
    kept_chars: int = 0

    def add(self, source: str, text: str) -> None:
        if not text or self.kept_chars >= _READ_CAP:
            return
        text = text[: _READ_CAP - self.kept_chars]
        self.kept_chars += len(text)
        self.by_source.setdefault(source, set()).update(shingles(words_of(text)))

    @property
    def sources(self) -> list[str]:
        return list(self.by_source)

    def repeated_from(self, line: str) -> list[str]:
        """The sources whose text `line` repeats (at least half of its shingles), best first; [] when none."""
        mine = shingles(words_of(line))
        if not mine:
            return []  # under three words: too short to call a copy
        found: list[tuple[float, str]] = []
        everything: set[tuple[str, ...]] = set()
        for source, read in self.by_source.items():
            everything |= read
            share = len(mine & read) / len(mine)
            if share >= REPEAT_SHARE:
                found.append((share, source))
        if not found and len(mine & everything) / len(mine) >= REPEAT_SHARE:
            return self.sources  # pieced together from several results
        return [source for _share, source in sorted(found, key=lambda item: -item[0])]


@dataclass(frozen=True)
class Judgement:
    """One added line's origin, what it repeats, and why it waits for the person ("" when it does not)."""

    origin: Origin
    sources: tuple[str, ...] = ()
    held: str = ""  # the reason, in words for the person and the model


def judge(line: str, words: str, reads: TurnReads | None, *, ask_first: bool = False) -> Judgement:
    """The origin of one line an agent write adds, and whether it is held for the person to keep."""
    sources = tuple(reads.repeated_from(line)) if reads is not None else ()
    asked = asks(words)
    # About what the person said: a distinctive word in common, or the words name the file it came from.
    said = _distinctive(words_of(words))
    named = any(_distinctive(words_of(source)) & said for source in sources)
    specific = asked and (bool(_distinctive(words_of(line)) & said) or named)
    origin: Origin = "asked" if specific or (asked and not sources) else "from-file" if sources else "inferred"
    steers = instruction(line)
    held: str
    if ask_first:
        held = _CONFIRM_EVERY
    elif sources and not specific:
        held = _REPEATS.format(sources=", ".join(sources[:3]))
    elif steers and not specific:
        held = _STEERS[steers]
    else:
        held = ""
    return Judgement(origin, sources, held)
