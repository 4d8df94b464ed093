"""The shapes of re-derivable state the memory write gate looks for: errors, verdicts, locations, git state.

Each shape is a pattern plus cheap word tests that must pass before it runs (see `Shape.matches`), so a
line of durable knowledge rarely pays for a regular expression. The line judgement (judgement.py) decides
what they mean.
Patterns run on the lowered line where they can (caseless.py); an alternative that opens with a word
boundary tests it before any lookbehind, so that one test of the boundary serves all of them.
Its length is the catalogue: one shape for each kind of state, each with the note of what it was written for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.memory.caseless import Caseless, caseless
from app.core.ui_text import QT_TRANSLATE_NOOP


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def rx(pattern: str) -> Caseless:
    """`pattern`, case-insensitive; asked only whether it matches (caseless.py makes that fast)."""
    return caseless(pattern)


@dataclass(frozen=True)
class Shape:
    """A pattern and the cheap tests that must pass before it runs: a digit if it needs one, one of its words."""

    reason: str
    words: frozenset[str]
    marks: tuple[str, ...]
    digit: bool
    anchored: bool
    pattern: Caseless
    # The marks as one alternation: one search in C instead of a generator over substrings (a third of the
    # gate's time went to that generator).
    marks_rx: re.Pattern[str] | None = None

    def matches(self, line: str, lower: str, tokens: frozenset[str], has_digit: bool) -> bool:
        # Set and substring tests cost a fraction of a regex search, and most lines hold none of a
        # shape's words, so most shapes never run their pattern on a line of durable knowledge.
        if self.digit and not has_digit:
            return False
        if (
            (self.words or self.marks)
            and self.words.isdisjoint(tokens)
            and (self.marks_rx is None or self.marks_rx.search(lower) is None)
        ):
            return False
        return self.pattern.found_in(line, lower, at_start=self.anchored)


# Messages runtimes and compilers print, matched as plain substrings of the lowered line.
ERROR_PHRASES = (
    "object reference not set",
    "] error ",  # make: *** [Makefile:63: obj/net.o] Error 1
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


def shape(
    reason: str, words: str, marks: tuple[str, ...], pattern: str, digit: bool = False, anchored: bool = False
) -> Shape:
    """A shape; `words` are whole lowercase words of the line and `marks` substrings, either lets it run."""
    marks_rx = re.compile("|".join(re.escape(m) for m in marks)) if marks else None
    return Shape(reason, frozenset(words.split()), marks, digit, anchored, rx(pattern), marks_rx)


# File names as they appear in build output and notes: a known source or project extension.
EXT = (
    r"(?:cs|csx|fs|vb|csproj|fsproj|sln|props|targets|razor|cshtml|xaml|ts|tsx|js|jsx|mjs|cjs|vue|svelte|py|pyi|"
    r"rs|go|java|kt|kts|scala|swift|m|mm|c|cc|cpp|cxx|h|hpp|rb|php|dart|ex|exs|lua|sh|ps1|sql|proto|json|ya?ml|"
    r"toml|xml|ini|cfg|gradle|cmake|md|txt|html|css|scss|lock)"
)
# Anchored at the start of a token, so a long run of word characters costs one pass, not one per position.
FILE = rf"(?<![\w./\\-])[\w./\\-]*\w\.{EXT}\b"
FILE_RX = re.compile(FILE, re.IGNORECASE)

VERDICT_NOUN = (
    r"(?:tests?|specs?|test ?cases?|cases?|assertions?|checks?|jobs?|errors?|warnings?|failures?|suites?|"
    r"projects?|builds?|steps?|benchmarks?|snapshots?|issues?|problems?|diagnostics?|todos?|files?|places?|"
    r"call sites?|references?|handlers?|modules?|classes|endpoints?|migrations?)"
)
VERDICT_WORD = (
    r"(?:fail|fails|failing|failed|broken|red|pass|passes|passing|passed|green|skipped|erroring|errored|"
    r"timing out|timed out|time out|times out|flaking|remaining|left|to fix|mismatch|mismatches|mismatched|"
    r"obsolete|outdated|unresolved|unused)"
)
CHANGE_WORD = r"(?:changed|modified|uncommitted|staged|unstaged|untracked|dirty|touched|edited|unpushed)"
# "at most 5 warnings" is a rule, not a count: the number is masked before the count shapes look.
THRESHOLD = re.compile(
    r"\b(?:at most|max(?:imum)?|under|below|fewer than|less than|more than|over|above|up to|limit of|budget of|"
    r"allow(?:s|ed)?|zero)\s+\d+",
    re.IGNORECASE,
)

ALWAYS: tuple[Shape, ...] = (
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it is a stack trace, which the next failing run prints again"),
        "traceback panicked goroutine segmentation unhandled stacktrace",
        ('file "', "stack trace", "-->", "caused by:", "core dumped"),
        r"traceback \(most recent call last\)|\bfile \"[^\"]+\", line \d+|^\s*at [\w.$<>`]+\s*\(|"
        r"\bpanicked at\b|\bgoroutine \d+ \[|\bstack ?trace\s*:|^\s*-->\s|\bcaused by:\s|"
        r"\bsegmentation fault\b|\bcore dumped\b|\bunhandled exception\b",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it is a stack trace, which the next failing run prints again"),
        "",
        (),
        r"\s*at [\w.$<>`]+\s*\(",
        digit=True,
        anchored=True,
    ),
    # A diagnostic pasted as printed ("error TS2345: ...", "warning CS8602: ...") is output, whatever follows.
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is a measurement of one run (a size, a time, a figure), which the tools measure again"
        ),
        "from instead",
        (),
        r"\bfrom\s+\d[\d.,]*\s*(?:%|[a-z]+)?\s+to\s+\d|\b\d[\d.,]*\s*(?:%|[a-z]+)?\s+instead of\s+\d",
        digit=True,
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it is a failing assertion's output, which the next test run prints again"),
        "expected expecting",
        (),
        r"\bexpected\b[^.;]{0,40}?,?\s+(?:but\s+)?(?:got|was|received|actual|found)\b",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it is compiler output, which the next build prints again"),
        "error warning fatal",
        (),
        r"\b(?:error|warning|fatal error)\s*\[?[A-Z]{1,4}\d{3,5}\]?\s*:|^\s*(?:fatal error|error|fatal)\s*:\s*'",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it is compiler output, which the next build prints again"),
        "",
        (),
        r"\s*[A-Z]{1,4}\d{3,5}\s*:\s+\w",
        digit=True,
        anchored=True,
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it pins a problem to a file and line number, which the next edit moves"),
        "",
        (":", "(", "line", "#l"),
        rf"{FILE}\s*(?::\s*(?:line\s*)?\d+|\(\d+(?:,\s*\d+)?\)|,?\s+(?:at\s+|on\s+)?line\s+\d+|#L\d+)|"
        r"\b(?:at|on|in|near|around|from|of)\s+lines?\s+\d+(?:\s*[-–]\s*\d+)?\b(?!\s*(?:characters|chars|columns|words))|"
        r"(?<![\w-])lines?\s+\d+(?:\s*[-–]\s*\d+)?\s+(?:of|in)\s+\S+\.\w+|"
        r"\bline:\s*\d+|:line \d+",
        digit=True,
    ),
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is a build or test count, which the build and test tools report afresh every run"
        ),
        "fail fails failed failing failure failures pass passes passed passing error errors warning "
        "warnings skip skipped broken red green left remaining fix succeeded total run timing timed "
        "flaking deselected xfailed errored erroring time times mismatch mismatches mismatched obsolete outdated "
        "unresolved unused remain remains outstanding",
        (),
        r"\b\d+(?:\s*/\s*\d+|\s+(?:of|out of)\s+\d+|\s+of\s+(?:the|our|its|their)\b)?\s+"
        rf"(?:[\w-]+\s+)?{VERDICT_NOUN}\s+"
        rf"(?:(?:are|is|still|now|currently|were|was|have|has|that)\s+)*{VERDICT_WORD}\b|"
        r"\b\d+\s+(?:failed|failing|failures?|passed|passing|errors?|warnings?|skipped|"
        # "after 5 failed attempts" is a policy's threshold, not a run's count.
        r"xfailed|deselected|broken|succeeded)\b(?!\s+(?:policy|budget|allowed|limit|attempts|logins?|login attempts|"
        r"tries|payments|charges|calls|requests|retries))|"
        r"\b(?:passed|failed|failures|errors|warnings|skipped|total tests|tests run)\s*[:=]\s*\d+|"
        r"\b\d+\s*/\s*\d+\s+(?:\w+\s+)?(?:pass|passing|passed|fail|failing|failed|green)\b|"
        rf"\b\d+\s+(?:[\w-]+\s+)?{VERDICT_NOUN}\b[^.;]{{0,40}}\b(?:remain|remains|remaining|left|to go|outstanding)\b",
        digit=True,
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it lists changed or uncommitted files, which git_status shows at any time"),
        "uncommitted staged unstaged untracked dirty touched edited unpushed changed modified insertions "
        "insertion deletions deletion changes change commit working",
        (),
        rf"\b\d+\s+(?:files?|changes?|insertions?|deletions?)\s*(?:\([+-]\)\s*)?(?:{CHANGE_WORD}|\(\+\)|\(-\))|"
        rf"\b\d+\s+{CHANGE_WORD}\s+(?:files?|changes?)|"
        r"\b(?:uncommitted|unstaged|staged|unpushed|untracked)\b[^.;]{0,40}\b\d+\s+files?\b|"
        r"\b\d+\s+files?\b[^.;]{0,40}\b(?:uncommitted|unstaged|staged|unpushed|untracked)\b|"
        r"\bnothing to commit\b|\bnothing (?:is )?(?:staged|changed|modified|uncommitted)\b|"
        r"\bno (?:uncommitted|unstaged|staged|local|pending) (?:changes|files|edits)\b|\bstash(?:ed)? (?:my|the|our)\b|"
        r"\bworking (?:tree|copy|directory) (?:is )?(?:clean|dirty)\b|"
        r"\buncommitted (?:changes|work|files)\b|\bchanges not staged\b|"
        r"\b(?:unstaged|untracked) (?:changes|files|edits) (?:in|to|under)\b",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it lists changed or uncommitted files, which git_status shows at any time"),
        "",
        (),
        r"\s*(?:[MADRCU?!]{1,2}|modified:|deleted:|new file:|renamed:|both modified:)\s+\S+\.\w+\s*$",
        anchored=True,
    ),
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it records branch, ahead/behind or merge state, which git_status shows at any time"
        ),
        "ahead behind merged unmerged diverged detached pushed unpushed date head",
        ("up-to-date",),
        r"\b(?:ahead|behind)\s+(?:of\s+)?(?:\S+\s+)?by\s+\d+|\b\d+\s+commits?\s+(?:ahead|behind)\b|"
        r"\[(?:ahead|behind) \d+|\bnot (?:yet )?(?:been )?merged(?: yet)?\b|\bunmerged\b|"
        r"\bhas diverged\b|\bhave diverged\b|\bis up[ -]to[ -]date with\b|\bdetached head\b|"
        r"\bhead is (?:now )?at\b|\bnot (?:yet )?pushed\b|\bunpushed commits?\b",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it describes the repository as it is right now, which will not stay true"),
        "now moment speak morning today tonight night things",
        (),
        r"\b(?:as of (?:today|now|this morning|tonight)|right now|at the moment|as we speak|at this moment|"
        r"this morning|earlier today|last night|just now|as things stand)\b",
    ),
)

RESULTS: tuple[Shape, ...] = (
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is compiler or runtime error output, which the next build or run prints again"
        ),
        "fail failed fatal exit exits exited returned throw throws threw throwing raises raised borrow borrowed",
        ("error", "exception", "panic", "fault", "warning", "failure", "::"),
        r"\b(?:error|fatal error)\s*\[?[A-Z]{1,4}\d{3,5}\]?|"
        r"\b[A-Z]\w*(?:Error|Exception|Panic|Fault)\b\s*:\s*\S|^\s*(?:error|fatal|fatal error|panic|failed?|"
        r"failure|exception)\s*:|^\s*---\s*FAIL\b|\bFAILED\s+[\w/.]+::|"
        r"\bexit(?:s|ed)?\s+(?:with\s+)?(?:code|status)\s+-?\d+|\breturned non-zero\b|"
        r"\b(?:throws|threw|throwing|raises|raised|with|got|get|gets|hit|see|saw|seeing)\s+(?:an?\s+)?"
        r"\w*(?:Error|Exception)\b|"
        r"\b[\w/.-]+\.py::\w+|\b(?:errors?|warnings?|failures?)\s+in\s+" + FILE + "|"
        r"\bborrow(?:ed)? (?:of|value)\b[^.;]{0,80}\b(?:moved|borrowed)\b",
    ),
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is a build or test verdict, which the build and test tools tell again next time"
        ),
        "fail fails failing failed broke broken red green pass passes passing passed succeeds succeeded "
        "errored crash crashes crashed crashing timed times time ok fine clean down status result results "
        "output log coverage last latest previous compiles builds",
        ("n't ", "not compile", "not build", "not pass", "not work", "errors out", "error out"),
        r"\b(?:the\s+)?(?:builds?|tests?|test suite|unit tests|integration tests|e2e(?: tests)?|ci|"
        r"pipeline|workflow|nightly|nightlies|canary|smoke(?: tests?)?|lint(?:er|ing)?|checks?|compil(?:e|ation)|"
        r"type ?check(?:ing)?|mypy|tsc|clippy|"
        r"ruff|eslint|pytest|jest|vitest|xunit|nunit|cargo (?:build|test|check)|go (?:build|test|vet)|"
        r"dotnet (?:build|test)|npm (?:test|run \w+)|main|master|develop|it|everything|jobs?|stages?|steps?|"
        r"workflows?|actions?|deploy(?:ment)?|runs?|hooks?|pre-commit|scripts?|migrations?|"
        r"\w+(?:Tests?|Spec|Specs)(?:\.\w+)?|test_\w+|Test[A-Z]\w*)\b"
        r"(?:\.{2,}|[^.;!?]|\.(?=\S)){0,40}?\b(?:fails?|failing|failed|broke|broken|is red|are red|turned red|"
        r"went red|is green|are green|turned green|went green|(?:was|were) (?:red|green)|passes|passing|passed|"
        r"succeeds|succeeded|"
        r"errors? out|errored|crash(?:es|ed|ing)|timed out|times out|time out|pass|"
        r"(?:went|turned|goes|is|are|was|were) from (?:red|green|failing|passing) to (?:red|green|failing|passing)|"
        r"been (?:red|green|failing|broken|passing)|doesn't (?:compile|build|pass|work)|"
        r"does not (?:compile|build|pass|work)|won't (?:compile|build)|compiles (?:now|again|cleanly|fine)|"
        r"builds (?:now|again|cleanly|fine)|(?:is|are) (?:ok|fine|clean|down))\b|"
        r"\ball (?:tests|checks|jobs) (?:pass|passed|green)\b|\ball green\b|\beverything passes\b|"
        r"\b(?:build|tests?|ci) (?:status|result|results|output|log)\s*:|"
        r"\bthe (?:failing|broken|red|crashing) (?:\w+ )?(?:tests?|builds?|checks?|jobs?|\w+Tests?)\b|"
        r"\bcoverage (?:is|dropped to|at|of)\s+\d|\b(?:last|latest|previous)\s+(?:build|run|deploy|ci run|pipeline|"
        r"test run)\b|\b(?:build|tests?|ci|pipeline|lint)\s*:\s*(?:green|red|passed|failed|failing|broken|ok)\b|"
        r"\b(?:ci|build|builds|tests|pipeline|main)\s+(?:is\s+|are\s+|still\s+)?(?:red|green)\b",
    ),
    # Verdicts that name no known tool: any subject that "fails to resolve", "breaks at step 7", "is written
    # but not applied" is the result of one run or the state of one change.
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is a build or test verdict, which the build and test tools tell again next time"
        ),
        "fails fail failing failed breaks break but",
        (),
        r"\b(?:fails?|failing|failed) to (?:resolve|build|compile|link|load|start|install|restore|run|import|parse|"
        r"connect|deploy)\b|\bbreaks? (?:at|on|with|in|during)\b|\b(?:is|are|was|were)\s+(?:still\s+)?failing\b|"
        r"\bfailed\s*:|"
        r"\bbut not (?:yet )?(?:applied|merged|pushed|committed|run|deployed|released|tested|wired|registered)\b",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it lists changed files, which git_status shows at any time"),
        "changed modified uncommitted staged unstaged untracked dirty touched edited unpushed",
        (),
        rf"\b{CHANGE_WORD}\b[^.;]{{0,120}}{FILE}|"
        rf"{FILE}[^.;]{{0,120}}\b(?:is|are|was|were)\s+(?:still\s+)?{CHANGE_WORD}\b|"
        r"\b(?:changed|modified|edited|touched)(?: files)?\s*:",
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it records branch or merge state, which git_status shows at any time"),
        "branch checked switched merged rebased pushed reverted conflict conflicts pr mr commit commits head my pulled "
        "stash behind ahead",
        ("pull request", "merge request", "force-pushed"),
        r"\bon (?:the )?branch\b|\b(?:checked out|switched to)\b|"
        r"\b(?:is|are|was|were|has been|have been|got)\s+(?:already |just |now |finally )?"
        r"(?:merged|rebased|pushed|force-pushed|reverted|checked out)\b(?!\s+by\b)|"
        r"\b(?:merge|rebase) conflicts?\b|\bconflicts? in\b|"
        r"\b(?:PR|pull request|MR|merge request)\s*#?\d+\b[^.;]{0,80}\b(?:open|merged|approved|waiting|pending|"
        r"in review|draft|closed|blocked)\b|\b(?:last|latest|newest|most recent) commit (?:is|was)\b|"
        r"\bHEAD\b\s*(?:is|=|:)|\bon my (?:local |own )?branch\b|\bnot (?:yet )?pulled\b|\b\d+ new commits?\b|"
        r"\bin my (?:working copy|working tree|checkout|clone|branch)\b|"
        r"\bnot (?:yet )?on (?:main|master|origin|develop)\b|"
        r"\bstash(?: list)? is empty\b|\bstash (?:list )?(?:has|holds) (?:\d+|one|two|three|several|no)\b|"
        r"\b(?:i'm|i am|we're|we are)\s+(?:\w+\s+)?(?:behind|ahead of)\s+\S*(?:origin|upstream|main|master)\b",
    ),
    # How long one run took ("pytest took 4 minutes 12 seconds", "npm test took 4m12s", "build time was 3m41s"):
    # the next run measures it again. A lesson may still rest on it ("took about 40s on three separate
    # incidents; clients must reconnect"), so it is a result, not a shape nothing redeems.
    shape(
        QT_TRANSLATE_NOOP(
            "memory_gate", "it is a measurement of one run (a size, a time, a figure), which the tools measure again"
        ),
        "took ran lasted was were",
        (),
        r"\b(?:took|ran for|lasted)\s+(?:about\s+|around\s+|roughly\s+|over\s+|almost\s+|nearly\s+|just\s+)?"
        r"\d+(?:\.\d+)?\s*(?:ms|s|m|h|min|mins|minutes?|seconds?|secs?|hours?|hrs?)(?:\s*\d+\s*(?:s|seconds?))?\b|"
        r"\b(?:was|were)\s+\d+m\d+s\b",
        digit=True,
    ),
    shape(
        QT_TRANSLATE_NOOP("memory_gate", "it describes the repository as it is now, which will not stay true"),
        "currently still now today",
        (),
        r"\b(?:currently|still|now|today)\b[^.;]{0,30}\b(?:failing|broken|red|green|passing|dirty|"
        r"uncommitted|ahead|behind|checked out|open|merged|unmerged|pending|in review|crashing|down)\b",
    ),
)


# Number words count like digits in the count shapes: "Three files still reference Patch" is a count.
NUMBER_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!-)",
    re.IGNORECASE,
)

# Present-tense claims about the code as it is this week ("X still calls Y", "not wired in yet", "no longer
# used"): read_file and search_code show them again, and the next commit makes them false.
NOW = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate",
        "it says what the code does or lacks right now, which read_file and search_code show at any time "
        "and the next commit changes",
    ),
    "still yet longer far anymore present now currently today moment this blocked waiting stuck we're i'm done "
    "finished complete completed",
    ("any more", "for now", "today's", " on step ", " at step ", "we are", "i am"),
    # A position in today's work ("we are on step 4 of the checklist", "we're at revision 58 of the helm release"):
    # the step is a fact, the position is not.
    # "still" before a rule's verb concedes, it does not date: "Hotfix PRs still need one review, even at night".
    r"\bstill\b(?!\s+(?:need|needs|require|requires|must|have to|has to|apply|applies|count|counts)\b)|"
    r"\bnow\b|\bcurrently\b|\btoday\b|\b(?:we are|we're|i am|i'm)\s+(?:now\s+)?(?:on|at|up to|past)\s+"
    r"(?:step|chapter|section|part|stage|phase|page|item|task|milestone|revision|rev|attempt|iteration|round|"
    r"migration|patch|build|sprint)\s+#?\d|"
    r"\b(?:step|stage|phase|part|item|task|milestone)\s+\d+\b[^.;]{0,40}?\b(?:is|are)\s+(?:now\s+)?(?:done|finished|"
    r"complete|completed)\b(?!\s+(?:when|once|only|before|after|by)\b)|"
    r"\bat the moment\b|\bon this (?:machine|computer|laptop|box)\b|"
    r"\b(?:we're|we are|i'm|i am)\s+(?:blocked|waiting|stuck)\b|\b(?:not|no)\b[^.;]{0,60}\byet\b|"
    r"n't\b[^.;]{0,60}\byet\b|\bnot yet\b|\byet to\b|\bno longer\b|\bso far\b|"
    r"\bany ?more\b|\bat present\b|\bfor now\b",
)

# What the agent's own tools and the linters say today ("git status shows", "ruff found 7 issues", "Tools
# reject per-project paths as 'outside the repository'"): calling the tool again tells it afresh.
TOOL_SAYS = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate",
        "it repeats what a tool reports today, which the tool reports afresh when asked and stops being true "
        "when the tool or the code changes",
    ),
    "reports reported shows showed found finds flags flagged complains complained rejects rejected refuses "
    "refused prints printed says said warns warned emits emitted lists collected collects",
    (),
    # Any subject will do ("pnpm install warns", "the linker complains", "Tools reject"): the reporting verb
    # is the shape, so a tool the gate has never heard of is judged like one it knows. After "for", "of", "with"
    # or "about" the word is a noun ("the contact for vulnerability reports", "a list of bug reports").
    r"(?<!\S)(?<!\bto )(?<!\bwhich )(?<!\bfor )(?<!\bof )(?<!\bwith )(?<!\babout )"
    r"(?!(?:and|or|are|is|be|been|was|were|not|to)\b)\S+(?:\s+(?:--?[\w-]+|\./\S*))*"
    r"\s+(?:now\s+|still\s+|also\s+)?(?:reports|reported|shows|showed|found|finds|flagged|complains|"
    r"complained|rejects|rejected|refuses|refused|prints|printed|says|said|warns|warned|emits|emitted)\b(?!\s+as\b)|"
    r"\b(?:lists|collected|collects|finds|found)\s+\d+",
)

# Where the repository sits on this machine: repos.py finds it again, and another clone sits elsewhere.
MACHINE = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate", "it records where the repository sits on this machine, which the tools find again"
    ),
    "root repo repository clone checkout",
    (),
    r"\b(?:repo|repository|clone|checkout|working copy)(?: root)?\s+(?:is|lives|sits)\s+(?:at\s+|in\s+|under\s+)?"
    r"(?:[A-Z]:\\|/|~)",
)

# One run narrated: a first-person past action, a guess that failed, a result in the past tense.
INCIDENT = shape(
    QT_TRANSLATE_NOOP("memory_gate", "it narrates one incident of one session, which says nothing about the next"),
    "i i'm i've we just first guessed tried exist work existed worked attempt again time was were been got "
    "dropped rose fell jumped regressed cleaned stopped broke has have rolled",
    ("did not", "didn't", "couldn't", "could not", "wasn't", "weren't"),
    r"\bI\s+(?:just\s+|first\s+|then\s+)?(?:\w+ed|ran|tried|saw|got|hit|found|thought|made|did|put|wrote|built|"
    r"broke|took|gave|left|kept|set|began|began|forgot)\b|\b(?:I|we)\s+(?:guessed|assumed|tried)\b|"
    r"\b(?:did not|didn't|could not|couldn't|was not|wasn't|were not|weren't)\s+\w+|"
    # A note that opens with a past-tense verb has an "I" left out: "Renamed Patch to Diff in 14 files".
    # It takes an object ("Renamed Patch", "Fixed the bug", "Merged origin/main"); "Deleted files go ..." does not.
    r"^(?:\w+ed|ran|made|wrote|built|broke|found|got|put|took|hit|saw)(?:\s+(?:out|up|in|back|over))?\s+"
    r"(?:the|a|an|my|our|all|it|them|(?-i:[A-Z])\w*|\S*[/.]\S*)\b|"
    r"\bjust (?:pushed|ran|merged|rebased|committed|stashed|reverted|"
    r"fixed|built|tested)\b|\b(?:on the first|first) (?:try|attempt|run)\b|\bthis time\b|\bagain\b|"
    # Something that happened ("was deleted", "has been red for two days", "coverage dropped"): git log and the
    # tools tell it, and it says nothing about how things stand next week.
    r"\b(?:was|were)\s+(?:just\s+|already\s+|then\s+)?(?:\w+ed|made|built|run|put|set|hit|cut|left|kept|broken|"
    r"written|taken|seen|thrown)\b|\bha(?:s|ve) been\b|\b(?:we|i|it|they)\s+got\b|"
    r"\b(?:dropped|rose|fell|jumped|regressed|stopped at|broke)\b|\b(?<!\bare )(?<!\bis )(?<!\bbe )cleaned up\b|"
    r"\b(?:has|have) not (?:run|been run|passed|built|changed)\b|\brolled back\b",
)

# A verdict in the past tense reports one run ("passed on the first try", "went from red to green").
PAST_VERDICT = rx(r"\b(?:passed|failed|broke|succeeded|crashed|errored|timed out|went|turned|showed)\b")

# A bug in the code as it is ("X returns null when the hunk is empty, which breaks DiffView", "App crashes
# when opening the settings", "Startup.cs registers the service twice"): true until the fix, then false.
# A condition does not make it knowledge (it says when the bug shows); a workaround or a rule may.
DEFECT = shape(
    QT_TRANSLATE_NOOP("memory_gate", "it describes a bug in the code as it is now, which the fix will make false"),
    "crashes crashed crashing throws threw breaks broke returns typo bug bugs leaks twice duplicated duplicate "
    "missing no skips hangs deadlocks wrong incorrect incorrectly untested off out outdated down offline "
    "unreachable unavailable ignores pending wrong unused unreadable blank stale old",
    ("off-by-one", "not tested", "n't handle", "not handle"),
    r"\b(?:crashes|crashed|crashing|throws|threw|hangs|deadlocks|leaks)\b|\bbreaks\s+(?-i:[A-Z])\w*|"
    r"\breturns (?:null|none|nil|undefined|an empty|the wrong|wrong)\b|\btypo\b|\b(?<!not )(?:the|a|found the) bug\b|"
    r"\bbug:|\btwice\b(?![^.;]*\b(?:retried|retry|retries|with a)\b)|\b(?:has|have) no\b|\bskips the\b|"
    r"\boff-by-one\b|\b(?:is|are) (?:wrong|incorrect|untested|not tested)\b|\bincorrectly\b|"
    r"\b(?:doesn't|does not|don't|do not) (?:handle|support|check|close|dispose|free|release|validate|escape)\b|"
    r"\b(?:is|are) (?:missing|out of date|outdated|down|offline|unreachable|unavailable|pending)\b|"
    r"\bignores (?:the|a|an|its|their)\b|\bthe wrong\b|\b(?:has|have|with) (?:an?|some|\d+) unused\b|"
    r"\b(?:unreadable|blank|stale)\b|\b(?:an?|the) old (?:commit|version|tag|image tag|image)\b",
)

# A version the project files state ("references Newtonsoft.Json 12.0.3", "the last release is v2.3.1"); an
# IPv4 address ("resolves on 10.20.0.2") has four parts and a dotted date ("12.03.2026") a year: neither is one.
VERSION = shape(
    QT_TRANSLATE_NOOP(
        "memory_gate", "it records which versions the project uses today, which the project files and git tags show"
    ),
    "",
    (),
    r"(?<![\d.])(?!\d{1,2}\.\d{1,2}\.(?:19|20)\d\d\b)v?\d+\.\d+\.\d+(?:-\w+|\.(?!\d)\w+)?\b(?!\.\d)",
    digit=True,
)

# Things counted in the code ("OrderMapper has 12 public methods", "14 of 20 files"): search_code counts again.
CODE_COUNT = shape(
    QT_TRANSLATE_NOOP("memory_gate", "it counts things in the code as it is today, which search_code counts again"),
    "has have contains there of",
    (),
    r"\b(?:has|have|contains|there are|there is)\s+\d+\s+(?:[\w-]+\s+)?(?:methods|functions|classes|files|tests|"
    r"projects|modules|endpoints|callers|references|usages|call sites|lines|todos|warnings|errors|places)\b|"
    r"\b\d+\s+of\s+\d+\s+(?:[\w-]+\s+)?(?:files|classes|modules|projects|tests|handlers|call sites|places|"
    r"endpoints|packages|services)\b|"
    # Any things counted as they are ("3 of the 4 prod replicas are healthy", "5 of 23 tickets are done").
    r"\b\d+\s+(?:of|out of)\s+(?:the\s+)?\d+\s+(?:[\w-]+\s+){0,3}?(?:are|is|were|was)\b",
    digit=True,
)
