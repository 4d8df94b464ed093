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

from app.core.memory.text import quoted, split_lines


@dataclass(frozen=True)
class GateRefusal:
    """Why a write was refused: the first refused line, its kind ("state" or "duplicate"), the text for the model."""

    line: str
    kind: str
    reason: str
    message: str


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True)
class _Shape:
    """A pattern and the cheap tests that must pass before it runs: a digit if it needs one, one of its words."""

    reason: str
    words: frozenset[str]
    marks: tuple[str, ...]
    digit: bool
    anchored: bool
    pattern: re.Pattern[str]

    def matches(self, line: str, lower: str, tokens: frozenset[str], has_digit: bool) -> bool:
        # Set and substring tests cost a fraction of a regex search, and most lines hold none of a
        # shape's words, so most shapes never run their pattern on a line of durable knowledge.
        if self.digit and not has_digit:
            return False
        if (self.words or self.marks) and self.words.isdisjoint(tokens) and not any(m in lower for m in self.marks):
            return False
        found = self.pattern.match(line) if self.anchored else self.pattern.search(line)
        return found is not None


# Messages runtimes and compilers print, matched as plain substrings of the lowered line.
_ERROR_PHRASES = (
    "object reference not set",
    "cannot read properties of undefined",
    "cannot read properties of null",
    "cannot read property",
    "is not a function",
    "undefined reference to",
    "cannot find symbol",
    "no module named",
    "mismatched types",
    "does not contain a definition for",
    "is not assignable to",
    "has no attribute",
    "unresolved import",
    "unresolved reference",
    "unresolved external",
    "nil pointer dereference",
    "index out of range",
    "nullpointerexception",
    "null pointer exception",
    "nullreferenceexception",
)


def _shape(
    reason: str, words: str, marks: tuple[str, ...], pattern: str, digit: bool = False, anchored: bool = False
) -> _Shape:
    """A shape; `words` are whole lowercase words of the line and `marks` substrings, either lets it run."""
    return _Shape(reason, frozenset(words.split()), marks, digit, anchored, _rx(pattern))


# File names as they appear in build output and notes: a known source or project extension.
_EXT = (
    r"(?:cs|csx|fs|vb|csproj|fsproj|sln|props|targets|razor|cshtml|xaml|ts|tsx|js|jsx|mjs|cjs|vue|svelte|py|pyi|"
    r"rs|go|java|kt|kts|scala|swift|m|mm|c|cc|cpp|cxx|h|hpp|rb|php|dart|ex|exs|lua|sh|ps1|sql|proto|json|ya?ml|"
    r"toml|xml|ini|cfg|gradle|cmake|md|txt|html|css|scss|lock)"
)
# Anchored at the start of a token, so a long run of word characters costs one pass, not one per position.
_FILE = rf"(?<![\w./\\-])[\w./\\-]*\w\.{_EXT}\b"
_FILE_RX = re.compile(_FILE, re.IGNORECASE)

_VERDICT_NOUN = (
    r"(?:tests?|specs?|test ?cases?|cases?|assertions?|checks?|jobs?|errors?|warnings?|failures?|suites?|"
    r"projects?|builds?|steps?|benchmarks?|snapshots?)"
)
_VERDICT_WORD = (
    r"(?:fail|fails|failing|failed|broken|red|pass|passes|passing|passed|green|skipped|erroring|errored|"
    r"timing out|timed out|flaking|remaining|left|to fix)"
)
_CHANGE_WORD = r"(?:changed|modified|uncommitted|staged|unstaged|untracked|dirty|touched|edited|unpushed)"
# "at most 5 warnings" is a rule, not a count: the number is masked before the count shapes look.
_THRESHOLD = re.compile(
    r"\b(?:at most|max(?:imum)?|under|below|fewer than|less than|more than|over|above|up to|limit of|budget of|"
    r"allow(?:s|ed)?|zero)\s+\d+",
    re.IGNORECASE,
)

_ALWAYS: tuple[_Shape, ...] = (
    _shape(
        "it is a stack trace, which the next failing run prints again",
        "traceback panicked goroutine segmentation unhandled stacktrace",
        ('file "', "stack trace", "-->", "caused by:", "core dumped"),
        r"traceback \(most recent call last\)|\bfile \"[^\"]+\", line \d+|^\s*at [\w.$<>`]+\s*\(|"
        r"\bpanicked at\b|\bgoroutine \d+ \[|\bstack ?trace\s*:|^\s*-->\s|\bcaused by:\s|"
        r"\bsegmentation fault\b|\bcore dumped\b|\bunhandled exception\b",
    ),
    _shape(
        "it is a stack trace, which the next failing run prints again",
        "",
        (),
        r"\s*at [\w.$<>`]+\s*\(",
        digit=True,
        anchored=True,
    ),
    # A diagnostic pasted as printed ("error TS2345: ...", "warning CS8602: ...") is output, whatever follows.
    _shape(
        "it is compiler output, which the next build prints again",
        "error warning fatal",
        (),
        r"\b(?:error|warning|fatal error)\s*\[?[A-Z]{1,4}\d{3,5}\]?\s*:|^\s*(?:fatal error|error|fatal)\s*:\s*'",
    ),
    _shape(
        "it is compiler output, which the next build prints again",
        "",
        (),
        r"\s*[A-Z]{1,4}\d{3,5}\s*:\s+\w",
        digit=True,
        anchored=True,
    ),
    _shape(
        "it pins a problem to a file and line number, which the next edit moves",
        "",
        (":", "(", "line", "#l"),
        rf"{_FILE}\s*(?::\s*(?:line\s*)?\d+|\(\d+(?:,\s*\d+)?\)|,?\s+(?:at\s+|on\s+)?line\s+\d+|#L\d+)|"
        r"(?<![\w-])lines?\s+\d+(?:\s*[-–]\s*\d+)?\b(?!\s*(?:characters|chars|columns|words))|"
        r"\bline:\s*\d+|:line \d+",
        digit=True,
    ),
    _shape(
        "it is a build or test count, which the build and test tools report afresh every run",
        "fail fails failed failing failure failures pass passes passed passing error errors warning "
        "warnings skip skipped broken red green left remaining fix succeeded total run timing timed "
        "flaking deselected xfailed errored erroring",
        (),
        rf"\b\d+(?:\s*/\s*\d+|\s+(?:of|out of)\s+\d+)?\s+(?:[\w-]+\s+)?{_VERDICT_NOUN}\s+"
        rf"(?:(?:are|is|still|now|currently|were|was|have|has|that)\s+)*{_VERDICT_WORD}\b|"
        r"\b\d+\s+(?:failed|failing|failures?|passed|passing|errors?|warnings?|skipped|"
        r"xfailed|deselected|broken|succeeded)\b(?!\s+(?:policy|budget|allowed|limit))|"
        r"\b(?:passed|failed|failures|errors|warnings|skipped|total tests|tests run)\s*[:=]\s*\d+|"
        r"\b\d+\s*/\s*\d+\s+(?:\w+\s+)?(?:pass|passing|passed|fail|failing|failed|green)\b",
        digit=True,
    ),
    _shape(
        "it lists changed or uncommitted files, which git_status shows at any time",
        "uncommitted staged unstaged untracked dirty touched edited unpushed changed modified insertions "
        "insertion deletions deletion changes change commit working",
        (),
        rf"\b\d+\s+(?:files?|changes?|insertions?|deletions?)\s*(?:\([+-]\)\s*)?(?:{_CHANGE_WORD}|\(\+\)|\(-\))|"
        rf"\b\d+\s+{_CHANGE_WORD}\s+(?:files?|changes?)|"
        r"\bnothing to commit\b|\bworking (?:tree|copy|directory) (?:is )?(?:clean|dirty)\b|"
        r"\buncommitted (?:changes|work|files)\b|\bchanges not staged\b",
    ),
    _shape(
        "it lists changed or uncommitted files, which git_status shows at any time",
        "",
        (),
        r"\s*(?:[MADRCU?!]{1,2}|modified:|deleted:|new file:|renamed:|both modified:)\s+\S+\.\w+\s*$",
        anchored=True,
    ),
    _shape(
        "it records branch, ahead/behind or merge state, which git_status shows at any time",
        "ahead behind merged unmerged diverged detached pushed unpushed date head",
        ("up-to-date",),
        r"\b(?:ahead|behind)\s+(?:of\s+)?(?:\S+\s+)?by\s+\d+|\b\d+\s+commits?\s+(?:ahead|behind)\b|"
        r"\[(?:ahead|behind) \d+|\bnot (?:yet )?(?:been )?merged(?: yet)?\b|\bunmerged\b|"
        r"\bhas diverged\b|\bhave diverged\b|\bis up[ -]to[ -]date with\b|\bdetached head\b|"
        r"\bhead is (?:now )?at\b|\bnot (?:yet )?pushed\b|\bunpushed commits?\b",
    ),
    _shape(
        "it describes the repository as it is right now, which will not stay true",
        "now moment speak morning today tonight night things",
        (),
        r"\b(?:as of (?:today|now|this morning|tonight)|right now|at the moment|as we speak|at this moment|"
        r"this morning|earlier today|last night|just now|as things stand)\b",
    ),
)

_RESULTS: tuple[_Shape, ...] = (
    _shape(
        "it is compiler or runtime error output, which the next build or run prints again",
        "fail failed fatal exit exits exited returned throw throws threw throwing raises raised borrow borrowed",
        ("error", "exception", "panic", "fault", "warning", "failure", "::"),
        r"\b(?:error|fatal error)\s*\[?[A-Z]{1,4}\d{3,5}\]?|"
        r"\b[A-Z]\w*(?:Error|Exception|Panic|Fault)\b\s*:\s*\S|^\s*(?:error|fatal|fatal error|panic|failed?|"
        r"failure|exception)\s*:|^\s*---\s*FAIL\b|\bFAILED\s+[\w/.]+::|"
        r"\bexit(?:s|ed)?\s+(?:with\s+)?(?:code|status)\s+-?\d+|\breturned non-zero\b|"
        r"\b(?:throws|threw|throwing|raises|raised|with)\s+(?:an?\s+)?\w*(?:Error|Exception)\b|"
        r"\b[\w/.-]+\.py::\w+|\b(?:errors?|warnings?|failures?)\s+in\s+" + _FILE + "|"
        r"\bborrow(?:ed)? (?:of|value)\b[^.;]{0,80}\b(?:moved|borrowed)\b",
    ),
    _shape(
        "it is a build or test verdict, which the build and test tools tell again next time",
        "fail fails failing failed broke broken red green pass passes passing passed succeeds succeeded "
        "errored crash crashes crashed crashing timed times ok fine clean down status result results "
        "output log coverage last latest previous compiles builds",
        ("n't ", "not compile", "not build", "not pass", "not work", "errors out", "error out"),
        r"\b(?:the\s+)?(?:builds?|tests?|test suite|unit tests|integration tests|e2e(?: tests)?|ci|"
        r"pipeline|workflow|lint(?:er|ing)?|checks?|compil(?:e|ation)|type ?check(?:ing)?|mypy|tsc|clippy|"
        r"ruff|eslint|pytest|jest|vitest|xunit|nunit|cargo (?:build|test|check)|go (?:build|test|vet)|"
        r"dotnet (?:build|test)|npm (?:test|run \w+)|main|master|develop|it|everything|jobs?|stages?|steps?|"
        r"workflows?|actions?|deploy(?:ment)?|"
        r"\w+(?:Tests?|Spec|Specs)(?:\.\w+)?|test_\w+|Test[A-Z]\w*)\b"
        r"(?:\.{2,}|[^.;!?]|\.(?=\S)){0,40}?\b(?:fails?|failing|failed|broke|broken|is red|are red|turned red|"
        r"went red|is green|are green|turned green|went green|passes|passing|passed|succeeds|succeeded|"
        r"errors? out|errored|crash(?:es|ed|ing)?|timed out|times out|doesn't (?:compile|build|pass|work)|"
        r"does not (?:compile|build|pass|work)|won't (?:compile|build)|compiles (?:now|again|cleanly|fine)|"
        r"builds (?:now|again|cleanly|fine)|(?:is|are) (?:ok|fine|clean|down))\b|"
        r"\ball (?:tests|checks|jobs) (?:pass|passed|green)\b|\ball green\b|\beverything passes\b|"
        r"\b(?:build|tests?|ci) (?:status|result|results|output|log)\s*:|"
        r"\bthe (?:failing|broken|red|crashing) (?:\w+ )?(?:tests?|builds?|checks?|jobs?|\w+Tests?)\b|"
        r"\bcoverage (?:is|dropped to|at|of)\s+\d|\b(?:last|latest|previous)\s+(?:build|run|deploy|ci run|pipeline|"
        r"test run)\b|\b(?:build|tests?|ci|pipeline|lint)\s*:\s*(?:green|red|passed|failed|failing|broken|ok)\b|"
        r"\b(?:ci|build|builds|tests|pipeline|main)\s+(?:is\s+|are\s+|still\s+)?(?:red|green)\b",
    ),
    _shape(
        "it lists changed files, which git_status shows at any time",
        "changed modified uncommitted staged unstaged untracked dirty touched edited unpushed",
        (),
        rf"\b{_CHANGE_WORD}\b[^.;]{{0,120}}{_FILE}|"
        rf"{_FILE}[^.;]{{0,120}}\b(?:is|are|was|were)\s+(?:still\s+)?{_CHANGE_WORD}\b|"
        r"\b(?:changed|modified|edited|touched)(?: files)?\s*:",
    ),
    _shape(
        "it records branch or merge state, which git_status shows at any time",
        "branch checked switched merged rebased pushed reverted conflict conflicts pr mr commit head",
        ("pull request", "merge request", "force-pushed"),
        r"\bon (?:the )?branch\b|\b(?:checked out|switched to)\b|"
        r"\b(?:is|are|was|were|has been|have been|got)\s+(?:already |just |now |finally )?"
        r"(?:merged|rebased|pushed|force-pushed|reverted|checked out)\b|"
        r"\b(?:merge|rebase) conflicts?\b|\bconflicts? in\b|"
        r"\b(?:PR|pull request|MR|merge request)\s*#?\d+\b[^.;]{0,80}\b(?:open|merged|approved|waiting|pending|"
        r"in review|draft|closed|blocked)\b|\b(?:last|latest|newest|most recent) commit (?:is|was)\b|"
        r"\bHEAD\b\s*(?:is|=|:)",
    ),
    _shape(
        "it describes the repository as it is now, which will not stay true",
        "currently still now today",
        (),
        r"\b(?:currently|still|now|today)\b[^.;]{0,30}\b(?:failing|broken|red|green|passing|dirty|"
        r"uncommitted|ahead|behind|checked out|open|merged|unmerged|pending|in review|crashing|down)\b",
    ),
)

# Shapes of knowledge: a condition, a reason, an instruction, a rule, a known flaky test, a preference.
# Single words are looked up in a set and phrases as substrings; only the context-bound shapes need a regex.
_LESSON_WORDS = _words(
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
_LESSON = _rx(
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


_IMPERATIVE = _words(
    "use run don't dont do never always prefer avoid keep put call ask set add install start restart skip pass "
    "open remember note make write read check bump pin regenerate restore clean delete remove rebase merge push "
    "commit tag deploy release update upgrade name prefix wrap log mock stub import export register configure "
    "enable disable ignore suppress treat let try see reuse copy create generate format lint review squash sign "
    "stop wait give send reply answer speak say mention leave follow store build test expect rerun retry "
    "document prefix target define declare pipe route"
)
# Verbs of a to-do about the current state: an instruction with these does not redeem a result.
_NOT_IMPERATIVE_NEXT = _words(
    "fails failed failing is are was were passes passed broke broken succeeded status output log error errors "
    "result results red green:"
)

_WIP = _rx(
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
_DATE = _rx(
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
    files = _FILE_RX.findall(cleaned)
    return len(files) >= 2 and not _WORD.search(_FILE_RX.sub(" ", cleaned).replace("and", " "))


def state_reason(line: str) -> str | None:
    """One sentence saying why this line records re-derivable state, or None when it is durable knowledge."""
    cleaned = _clean(line)
    if _is_structure(cleaned):
        return None
    has_digit = _DIGIT.search(cleaned) is not None
    masked = _THRESHOLD.sub("limit", cleaned) if has_digit else cleaned
    lower = masked.lower()
    tokens = frozenset(_WORD_RX.findall(lower))
    for shape in _ALWAYS:
        if shape.matches(masked, lower, tokens, has_digit):
            return shape.reason
    if "." in cleaned and _bare_file_list(cleaned):
        return "it lists changed files, which git_status shows at any time"
    result = next((shape.reason for shape in _RESULTS if shape.matches(masked, lower, tokens, has_digit)), None)
    if result is None and any(phrase in lower for phrase in _ERROR_PHRASES):
        result = _RESULTS[0].reason
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
