"""Trim a build or test log to what the model needs: errors first, then warnings, with counts.

Recognises the common diagnostic shapes (gcc/clang/go `file:line:col: error`, MSBuild
`error CS0103:`, rustc `error[E0425]`, tsc `error TS2304`, Python tracebacks, pytest
`FAILED` lines, cargo/go/dotnet/jest/TAP test results). Whatever it does not recognise
still reaches the model as the last lines of the output. Never longer than LIMIT.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

LIMIT = 8_000
_MAX_DIAGNOSTIC_CHARS = 400
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")

_NOISE = re.compile(
    r"^(npm (ERR!|error|warn)|warning: \d+ warnings? emitted|warning: .* generated \d+ warnings?|"
    r"\d+ Warning\(s\)|\d+ Error\(s\)|error: could not compile .* due to \d+ previous)",
    re.IGNORECASE,
)
# (pattern, severity); a None severity means "the group named sev says it".
_RULES: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^(FAILED|ERROR)\s+\S"), "error"),  # pytest summary
    (re.compile(r"\b(?P<sev>fatal error|error|warning)\s+[A-Z]{1,8}\d+\s*:", re.IGNORECASE), None),  # MSBuild, tsc
    (re.compile(r" - (?P<sev>error|warning) TS\d+:"), None),  # tsc --pretty
    (re.compile(r"^\S[^:]*(?::\d+){1,2}:\s*(?P<sev>fatal error|error|warning)\b", re.IGNORECASE), None),
    (re.compile(r"^(?P<sev>error|warning)(\[[A-Z]?\d+\])?:"), None),  # rustc, generic tools
    (re.compile(r"^\S[^:]*:\d+: \w*Warning\b"), "warning"),  # Python warnings
    (re.compile(r"^\S[^:]*:\d+: \w*(Error|Exception)\b"), "error"),  # pytest --tb=short locations
    (re.compile(r"^\S[^:\s]*\.\w+:\d+:\d+: (?!note|info|warning)"), "error"),  # go build: no severity word
    (re.compile(r"^([A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(Error|Exception): "), "error"),  # a traceback's last line
    (re.compile(r"^(Error|ERROR)\b[:!]"), "error"),
    (re.compile(r"^(Warning|WARNING|warn)\b[:!]"), "warning"),
    (re.compile(r"^g?make(\[\d+\])?: \*\*\* "), "error"),
    (re.compile(r"panicked at "), "error"),  # cargo test
    (re.compile(r"^--- FAIL: "), "error"),  # go test
    (re.compile(r"^test \S+ \.\.\. FAILED$"), "error"),  # cargo test
    (re.compile(r"^\s*Failed \S+ \["), "error"),  # dotnet test
    (re.compile(r"^not ok \d+ "), "error"),  # TAP, node --test
    (re.compile(r"^\s*● "), "error"),  # jest
]


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text).replace("\r\n", "\n")


def classify(line: str) -> str | None:
    """'error', 'warning' or None for one line of output."""
    if not line.strip() or _NOISE.search(line):
        return None
    for pattern, severity in _RULES:
        match = pattern.search(line)
        if match:
            if severity:
                return severity
            word = match.group("sev").lower()
            return "warning" if word == "warning" else "error"
    return None


@dataclass
class Diagnostics:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def diagnostics(output: str) -> Diagnostics:
    """Unique error and warning lines in order of appearance (MSBuild repeats each in its summary)."""
    found = Diagnostics()
    seen: set[str] = set()
    lines = output.split("\n")
    for index, raw in enumerate(lines):
        line = raw.rstrip()
        severity = classify(line)
        if severity is None:
            continue
        text = line.strip()
        # rustc puts the location on the next line: "  --> src/main.rs:2:5".
        for follow in lines[index + 1 : index + 3]:
            if follow.strip().startswith("--> "):
                text = f"{text} ({follow.strip()[4:]})"
                break
        key = re.sub(r"\s+\[[^\]]*\]$", "", text)
        if key in seen:
            continue
        seen.add(key)
        (found.errors if severity == "error" else found.warnings).append(_clip(text))
    return found


def test_counts(output: str) -> str:
    """'3 passed, 1 failed' from whichever runner wrote the output, or ""."""
    tallies: dict[str, int] = {}

    def add(word: str, number: int) -> None:
        word = {"errors": "error", "warnings": "warning", "tests": "total"}.get(word, word)
        tallies[word] = tallies.get(word, 0) + number

    for line in output.split("\n"):
        line = line.strip()
        pytest = re.match(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+) in [\d.]+s", line)
        if pytest:
            tallies.clear()  # the final summary line wins over anything before it
            for number, word in re.findall(r"(\d+) ([a-z]+)", pytest.group(1)):
                add(word, int(number))
            continue
        cargo = re.match(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", line)
        if cargo:
            add("passed", int(cargo.group(1)))
            add("failed", int(cargo.group(2)))
            add("ignored", int(cargo.group(3)))
            continue
        dotnet = re.search(r"Failed:\s+(\d+), Passed:\s+(\d+), Skipped:\s+(\d+)", line)
        if dotnet:
            add("failed", int(dotnet.group(1)))
            add("passed", int(dotnet.group(2)))
            add("skipped", int(dotnet.group(3)))
            continue
        jest = re.match(r"^Tests:\s+(.*)$", line)
        if jest:
            for number, word in re.findall(r"(\d+) ([a-z]+)", jest.group(1)):
                add(word, int(number))
            continue
        tap = re.match(r"^(?:#|ℹ) (pass|fail|skipped|todo|cancelled) (\d+)$", line)
        if tap:
            add({"pass": "passed", "fail": "failed"}.get(tap.group(1), tap.group(1)), int(tap.group(2)))
            continue
        go = re.match(r"^(ok|FAIL)\s+\S+\s+[\d.]+s", line)
        if go:
            add("packages passed" if go.group(1) == "ok" else "packages failed", 1)
    order = ["failed", "error", "passed", "skipped", "ignored", "xfailed", "xpassed", "deselected", "total"]
    words = sorted(tallies, key=lambda w: order.index(w) if w in order else len(order))
    return ", ".join(f"{tallies[w]} {w}" for w in words if tallies[w] or w in ("passed", "failed"))


def render(header: str, output: str, *, failures_title: str = "Errors", details: str = "", limit: int = LIMIT) -> str:
    """The digest: header, counts, errors, warnings, then details or the output's last lines."""
    found = diagnostics(output)
    parts = [header]
    if failures_title == "Errors":
        parts.append(f"{_plural(len(found.errors), 'error')}, {_plural(len(found.warnings), 'warning')}.")
    budget = limit - sum(len(p) + 1 for p in parts) - 100
    errors_text, budget = _section(f"{failures_title} ({len(found.errors)}):", found.errors, budget, share=0.7)
    warnings_text, budget = _section(
        f"Warnings ({len(found.warnings)}):", found.warnings, budget, share=0.5 if found.errors else 0.6
    )
    parts += [t for t in (errors_text, warnings_text) if t]
    if details.strip():
        extra, title = details.strip(), "Details:"
    else:
        # The last lines often hold a summary or a message no rule recognised; skip what is listed above.
        listed = set(found.errors) | set(found.warnings)
        tail = [line for line in last_lines(output, 60 if not found.errors else 15).split("\n")]
        extra, title = "\n".join(line for line in tail if line.strip() not in listed), "Last lines of output:"
    if extra.strip() and budget > 200:
        parts.append(f"{title}\n{_fit_tail(extra, budget)}")
    text = "\n".join(parts)
    return text if len(text) <= limit else text[: limit - 20] + "\n[digest cut]"


def last_lines(output: str, count: int) -> str:
    lines = [line.rstrip() for line in output.rstrip().split("\n")]
    return "\n".join(_clip(line) for line in lines[-count:] if line.strip())


def _section(title: str, items: list[str], budget: int, *, share: float) -> tuple[str, int]:
    if not items or budget <= 0:
        return "", budget
    allowed = int(budget * share)
    lines = [title]
    used = len(title) + 1
    for shown, item in enumerate(items):
        entry = f"  {item}"
        if used + len(entry) + 1 > allowed:
            lines.append(f"  … and {len(items) - shown} more")
            used += 20
            break
        lines.append(entry)
        used += len(entry) + 1
    return "\n".join(lines), budget - used


def _fit_tail(text: str, budget: int) -> str:
    """The end of `text` within `budget` characters, cut at a line start."""
    if len(text) <= budget:
        return text
    cut = text[-(budget - 30) :]
    newline = cut.find("\n")
    return "[… earlier lines cut]\n" + (cut[newline + 1 :] if newline >= 0 else cut)


def _clip(line: str) -> str:
    line = line.rstrip()
    if len(line) <= _MAX_DIAGNOSTIC_CHARS:
        return line
    return line[:_MAX_DIAGNOSTIC_CHARS] + " …"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
