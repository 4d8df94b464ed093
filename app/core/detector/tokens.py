"""Recognise text shaped like a credential: the memory refuses it, tool results show it masked.

Each pattern names a kind of secret. The patterns anchor on the fixed prefixes providers put on
their keys; the shapes without a prefix (AWS secret keys, passwords) need context (a keyword
nearby, a connection string) or must look like random bytes, so ordinary memories with commit
hashes, UUIDs and base64 of text pass. Text is first folded (NFKC, combining marks and invisible
characters dropped) and prefixed keys are also looked for with the spaces inside a line removed,
so fullwidth letters or a space in the middle do not hide a key.

Why not a library: detect-secrets (the maintained pattern set on PyPI, last release 1.5.0 in 2024)
lacks Anthropic, Hugging Face, DigitalOcean, Shopify and Google keys, finds npm tokens only in
.npmrc lines, and its entropy plugins refuse every commit hash and base64 snippet. Its provider
shapes (SendGrid, Twilio, Telegram, Discord, Azure) informed the ones here.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from app.core.detector import disguise

_PREFIXED: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("an Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{16,}"),
        ("an OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]*T3BlbkFJ[A-Za-z0-9_-]*"),
        ("an OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-)[A-Za-z0-9_-]{20,}"),
        ("a GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{30,}"),
        ("a GitHub token", r"\bgithub_pat_[A-Za-z0-9_]{30,}"),
        ("a GitLab token", r"\bgl(?:pat|dt|rt|ptt|soat|cbt|ft|imt|agent|oas|wt)-[A-Za-z0-9_-]{20,}"),
        ("a Slack token", r"\bxox[abposre]-[A-Za-z0-9-]{10,}"),
        ("a Slack token", r"\bxapp-\d-[A-Za-z0-9-]{20,}"),
        ("a Slack webhook", r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"),
        ("a Stripe key", r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),
        ("a Stripe webhook secret", r"\bwhsec_[A-Za-z0-9+/=]{20,}"),
        ("a Google API key", r"\bAIza[0-9A-Za-z_-]{35}"),
        ("a Google OAuth token", r"\bya29\.[0-9A-Za-z_-]{20,}"),
        ("a Google OAuth client secret", r"\bGOCSPX-[A-Za-z0-9_-]{20,}"),
        ("a Google refresh token", r"(?<![A-Za-z0-9])1//0[A-Za-z0-9_-]{30,}"),
        (
            "an AWS access key ID",
            r"\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}\b",
        ),
        ("a JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}"),
        ("a private key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
        ("an SSH private key", r"\bPuTTY-User-Key-File-\d"),
        ("an age private key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{50,}"),
        ("a Hugging Face token", r"\b(?:hf|api_org)_[A-Za-z0-9]{30,}"),
        ("an npm token", r"\bnpm_[A-Za-z0-9]{36}"),
        ("a PyPI token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
        ("a SendGrid API key", r"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
        ("a Twilio API key", r"\bSK[0-9a-f]{32}\b"),
        ("a DigitalOcean token", r"\bdo[opr]_v1_[a-f0-9]{64}"),
        ("a Shopify token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
        ("an Azure storage key", r"(?i)\bAccountKey\s*=\s*[A-Za-z0-9+/]{30,}={0,2}"),
        ("an Azure shared access key", r"(?i)\bSharedAccessKey\s*=\s*[A-Za-z0-9+/]{20,}={0,2}"),
        ("an Azure shared access signature", r"[?&;]sig=[A-Za-z0-9%+/]{30,}"),
        ("a Telegram bot token", r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![\w-])"),
        (
            "a Discord bot token",
            r"(?<![\w.-])[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}(?![\w-])",
        ),
        ("a Discord webhook", r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}"),
        ("a Mailgun key", r"\bkey-[0-9a-f]{32}\b"),
        ("a Databricks token", r"\bdapi[0-9a-f]{32}\b"),
    )
)

# Without a prefix an AWS secret key is 40 base64 characters. With AWS words around it, looking random
# is enough; without them it must also decode to random bytes rather than text (see _random_bytes).
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+_.-])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=_-])")
_AWS_CONTEXT = re.compile(r"(?i)aws|secret|access[\s_-]*key")
# Authorization: Basic <base64 of user:password>, as in curl commands and HTTP dumps.
_BASIC_AUTH = re.compile(r"(?i)\b(?:authorization|auth)\b[\"']?\s*[:=]\s*[\"']?basic\s+([A-Za-z0-9+/]{6,}={0,2})")
# A space or tab inside a key: the prefixed patterns look again with spaces between key characters removed
# (not after a full stop, so sentences do not run together). Joining also glues the word before a key to
# it, so this pass drops the leading word boundary; a Discord token's shape is too loose to survive that.
_INNER_SPACE = re.compile(r"(?<=[A-Za-z0-9_\-+/=])[ \t]+(?=[A-Za-z0-9_\-+/=])")
_PREFIXED_BY_KIND = {kind: pattern for kind, pattern in _PREFIXED}
_PREFIXED_JOINED: tuple[tuple[str, re.Pattern[str]], ...] = (
    *(
        (kind, re.compile(pattern.pattern.removeprefix(r"\b")))
        for kind, pattern in _PREFIXED
        if "Discord bot" not in kind and "AWS" not in kind
    ),
    ("an AWS access key ID", re.compile(r"(?:AKIA|ASIA)(?=[A-Z]*[0-9])[A-Z0-9]{16}\b")),
)

# scheme://user:password@host, as in database and broker URLs.
_URL_PASSWORD = re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,30}://[^\s/:@]*:([^\s/@]+)@[^\s/@]")
# Password=...; in ADO.NET / ODBC / JDBC-style connection strings.
_CONN_PASSWORD = re.compile(r"(?i)(?:^|[;\s\"'])(?:password|pwd)\s*=\s*([^;\s\"']+)")
_CONN_CONTEXT = re.compile(r"(?i)\b(?:server|host|data source|datasource|user id|uid|database|initial catalog)\s*=")
# secret=..., "api_key": "...": a keyword, then a value that looks random rather than like a word.
_ASSIGNED = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:password|passwd|secret|client_secret|api[_-]?key|access[_-]?key|secret[_-]?key|"
    r"auth[_-]?token|access[_-]?token|refresh[_-]?token|token|bearer)\b[\"']?\s*(?:[:=]|\s)\s*[\"']?"
    r"([A-Za-z0-9+/_~-]{16,}={0,2})"
)
_VALUE_RUN = re.compile(r"[A-Za-z0-9+/_~-]{16}")  # what every value _ASSIGNED takes starts with
_PLACEHOLDER = re.compile(r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|<[^>]*>|\{[^}]*\}|[*xX•.]+)$")


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _looks_random(value: str) -> bool:
    """Mixed letters and digits with high entropy: a generated secret, not a name or a path."""
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    has_upper = any(c.isupper() for c in value)
    has_lower = any(c.islower() for c in value)
    if not (has_digit and has_alpha):
        return False
    is_hex = all(c in "0123456789abcdefABCDEF" for c in value)
    return (is_hex and len(value) >= 32) or (has_upper and has_lower and _entropy(value) >= 3.6)


_LETTER_RUN = re.compile(r"[a-z]{10}|[A-Z]{10}")
_PATH_SEGMENT = re.compile(r"(?:[A-Z]?[a-z]{2,}|[A-Z]{1,4}|v?\d+)+")


def _random_bytes(token: str) -> bool:
    """40 base64 characters that look like a generated key: case and digit mix, high entropy, not encoded text.

    A real AWS secret key is 30 random bytes in base64; a base64 snippet of a note decodes to readable
    text, and an identifier or a path has long runs of letters and low entropy.
    """
    if not any(c.isdigit() for c in token) or sum(c.isupper() for c in token) < 3:
        return False
    # 40 random base64 characters average 4.8 bits of entropy (under 4.4 about once in 300); paths and
    # CamelCase names repeat their letters and stay lower.
    if sum(c.islower() for c in token) < 3 or _entropy(token) < 4.4 or _LETTER_RUN.search(token):
        return False
    segments = [part for part in token.split("/") if part]
    if len(segments) >= 3 and all(_PATH_SEGMENT.fullmatch(part) for part in segments):
        return False
    try:
        decoded = base64.b64decode(token, validate=True)
    except (binascii.Error, ValueError):
        return True
    printable = sum(32 <= b < 127 for b in decoded)
    return printable < 0.8 * len(decoded)


def _basic_credentials(value: str) -> bool:
    """A Basic authorization value that decodes to user:password (a placeholder like Zm9v does not)."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return _looks_random(value)
    _user, sep, password = decoded.partition(":")
    return bool(sep and password) and not _is_placeholder(password)


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value)) or value.lower() in {"password", "pass", "secret", "changeme"}


@dataclass(frozen=True)
class Span:
    """Where a credential's value sits in a text, and what kind it is."""

    start: int
    end: int
    kind: str


# A shape whose pattern does not start with its literal holds one of these words, written as the pattern writes
# them: long words without any skip the pattern, which keeps masking a 100 KB result within its budget. A shape
# that starts with its literal needs none (the regex engine's own search for that literal is the test).
_MARKERS: dict[str, tuple[str, ...]] = {
    "a Stripe key": ("sk_live_", "sk_test_", "rk_live_", "rk_test_", "pk_live_", "pk_test_"),
    "a Google refresh token": ("1//0",),
    "an AWS access key ID": ("AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "AROA",
                             "APKA", "ASCA"),
    "a Hugging Face token": ("hf_", "api_org_"),
    "an Azure shared access signature": ("sig=",),
    "a Telegram bot token": (":AA",),
}  # fmt: skip
_DISCORD = "a Discord bot token"  # no fixed word: looked for in the words of its length with two dots


def _may_hold(kind: str, text: str) -> bool:
    markers = _MARKERS.get(kind)
    return markers is None or any(marker in text for marker in markers)


def _prefixed(text: str, patterns: tuple[tuple[str, re.Pattern[str]], ...] = _PREFIXED) -> str | None:
    for kind, pattern in patterns:
        if pattern.search(text):
            return kind
    return None


def find_credential(text: str) -> str | None:
    """The kind of credential `text` seems to contain ("a GitHub token"), or None.

    Looks harder than `spans`: through disguises (fullwidth letters, invisible characters) and spaces
    inside a key, since it only has to say yes or no.
    """
    text = disguise.fold(text)
    kind = _plain_credential(text)
    if kind:
        return kind
    for how, decoded in disguise.decodings(text):
        found = _prefixed(decoded) or _prefixed(_INNER_SPACE.sub("", decoded), _PREFIXED_JOINED)
        if how != "written backwards":  # a reversed note reads as noise to the shapes known by context
            found = found or next((span.kind for span in _unprefixed(decoded)), None)
        if found:
            return f"{found} ({how})"
    return None


def _plain_credential(text: str) -> str | None:
    kind = _prefixed(text) or _prefixed(_INNER_SPACE.sub("", text), _PREFIXED_JOINED)
    return kind or next((span.kind for span in _unprefixed(text)), None)


def spans(text: str) -> list[Span]:
    """Every credential value in `text` as it stands (no folding), in order, overlaps merged.

    Private-key blocks are one span from BEGIN to END (or through the key's lines when END is cut off).
    Built for tool results of 100 KB and more: a pattern runs only over the text's long words (no key
    is shorter than 15 characters or holds a space) and only when a word it needs is among them, and
    the context patterns only over the lines that hold their keyword.
    """
    low = text.lower()
    found = [*_blocks(text)] if "private key" in low else []
    found.extend(_in_long_words(text))
    found.extend(_in_lines(text, low))
    return merge(found)


_LONG_WORD = 15
# The prefixed shapes as the scan runs them: a leading \b costs Python's regex engine its fast search for
# the literal prefix (40 times slower on 30 KB), so it is checked by hand on each match instead; a shape
# that starts with its literal needs no marker test, since that search is the test.
_FAST: tuple[tuple[str, re.Pattern[str], bool, bool], ...] = tuple(
    (
        kind,
        re.compile(pattern.pattern.removeprefix(r"\b")),
        pattern.pattern.startswith(r"\b"),
        bool(re.match(r"[A-Za-z0-9_-]{2}", pattern.pattern.removeprefix(r"\b"))),
    )
    for kind, pattern in _PREFIXED
    if kind not in ("a private key", "an Azure storage key", "an Azure shared access key", "a Discord bot token")
)


def _in_long_words(text: str) -> Iterator[Span]:
    """The prefixed shapes and the unprefixed AWS secret key, looked for in the words long enough to be one."""
    words = [word for word in text.split() if len(word) >= _LONG_WORD]
    if not words:
        return
    # Where each word sits in `text`, found only as far as a match needs: most results hold no key at all,
    # and finding all 1,000-odd long words of 100 KB of code cost an eighth of the masking.
    offsets: list[int] = []

    def offset(index: int) -> int:
        at = offsets[-1] + len(words[len(offsets) - 1]) if offsets else 0
        while len(offsets) <= index:
            at = text.find(words[len(offsets)], at)  # words come in order; a long one is never inside a shorter one
            offsets.append(at)
            at += len(words[len(offsets) - 1])
        return offsets[index]

    joined = "\n".join(words)  # a newline between words keeps \b and the look-behinds as they were
    starts: list[int] = []  # where each word starts in `joined`, made at the first match

    def place(start: int, end: int, kind: str) -> Span:
        if not starts:
            starts.extend(itertools.accumulate((len(w) + 1 for w in words[:-1]), initial=0))
        index = bisect.bisect_right(starts, start) - 1
        shift = offset(index) - starts[index]
        return Span(start + shift, end + shift, kind)

    for kind, pattern, bounded, literal in _FAST:
        if not literal and not _may_hold(kind, joined):
            continue
        for match in pattern.finditer(joined):
            before = joined[match.start() - 1] if match.start() else "\n"
            if not (bounded and (before.isalnum() or before == "_")):
                yield place(match.start(), match.end(), kind)
    for index, word in enumerate(words):
        if len(word) < 40:
            continue
        if len(word) >= 59 and word.count(".") >= 2:
            for match in _PREFIXED_BY_KIND[_DISCORD].finditer(word):
                yield Span(offset(index) + match.start(), offset(index) + match.end(), _DISCORD)
        for match in _AWS_SECRET.finditer(word):
            token = match.group(0)
            line = _line_of(text, offset(index))
            if (_AWS_CONTEXT.search(line) and _looks_random(token)) or _random_bytes(token):
                start = offset(index) + match.start()
                yield Span(start, start + len(token), "an AWS secret access key")


def _in_lines(text: str, low: str) -> Iterator[Span]:
    """The shapes known by a keyword beside the value, looked for in each line that holds the keyword."""
    # Each word is searched for in the whole text once (a pass over 100 KB is most of what a keyword costs): the
    # lines holding "accountkey" are among those holding "key", and those holding "password" among "pass".
    assigned = {word: _lines_with(low, (word,)) for word in _ASSIGNED_WORDS}

    def among(lines: list[tuple[int, int]], word: str) -> list[tuple[int, int]]:
        return [(start, end) for start, end in lines if low.find(word, start, end) >= 0]

    checks: tuple[tuple[list[tuple[int, int]], re.Pattern[str], int, str], ...] = (
        (among(assigned["key"], "accountkey"), _PREFIXED_BY_KIND["an Azure storage key"], 0, "an Azure storage key"),
        (among(assigned["key"], "sharedaccesskey"), _PREFIXED_BY_KIND["an Azure shared access key"], 0,
         "an Azure shared access key"),
        (_lines_with(low, ("basic",)), _BASIC_AUTH, 1, "a Basic authorization header"),
        (_lines_with(low, ("://",)), _URL_PASSWORD, 1, "a password in a URL"),
        (sorted({*among(assigned["pass"], "password"), *_lines_with(low, ("pwd",))}), _CONN_PASSWORD, 1,
         "a password in a connection string"),
        (sorted(set().union(*assigned.values())), _ASSIGNED, 1, "a secret value"),
    )  # fmt: skip
    for lines, pattern, group, kind in checks:
        for start, end in lines:
            if kind == "a secret value" and not _VALUE_RUN.search(text, start, end):
                continue  # code names keys and tokens on most lines, and seldom holds a value long enough
            line = text[start:end]
            for match in pattern.finditer(line):
                value = match.group(group)
                if kind == "a Basic authorization header" and not _basic_credentials(value):
                    continue
                if kind in ("a password in a URL", "a password in a connection string") and _is_placeholder(value):
                    continue
                if kind == "a password in a connection string" and not _CONN_CONTEXT.search(line):
                    continue
                if kind == "a secret value" and not _looks_random(value):
                    continue
                yield Span(start + match.start(group), start + match.end(group), kind)


def _lines_with(low: str, words: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of each line of `low` holding one of `words`, in order, each once."""
    found: set[tuple[int, int]] = set()
    for word in words:
        at = low.find(word)
        while at >= 0:
            start = low.rfind("\n", 0, at) + 1
            end = low.find("\n", at)
            end = len(low) if end < 0 else end
            found.add((start, end))
            at = low.find(word, end)
    return sorted(found)


def _unprefixed(text: str, low: str | None = None) -> Iterator[Span]:
    """Credentials known by their context and shape rather than a prefix: the value's span each.

    Each pattern runs over the whole text (far faster than line by line) and only when a word it
    needs is in it; a match's context is its own line.
    """
    low = text.lower() if low is None else low
    for match in _AWS_SECRET.finditer(text):
        token = match.group(0)
        if (_AWS_CONTEXT.search(_line_of(text, match.start())) and _looks_random(token)) or _random_bytes(token):
            yield Span(match.start(), match.end(), "an AWS secret access key")
    if "basic" in low:
        for match in _BASIC_AUTH.finditer(text):
            if _basic_credentials(match.group(1)):
                yield Span(match.start(1), match.end(1), "a Basic authorization header")
    if "://" in text and "@" in text:
        for match in _URL_PASSWORD.finditer(text):
            if not _is_placeholder(match.group(1)):
                yield Span(match.start(1), match.end(1), "a password in a URL")
    if "password" in low or "pwd" in low:
        for match in _CONN_PASSWORD.finditer(text):
            if _CONN_CONTEXT.search(_line_of(text, match.start(1))) and not _is_placeholder(match.group(1)):
                yield Span(match.start(1), match.end(1), "a password in a connection string")
    if any(word in low for word in _ASSIGNED_WORDS):
        for match in _ASSIGNED.finditer(text):
            if _looks_random(match.group(1)):
                yield Span(match.start(1), match.end(1), "a secret value")


_ASSIGNED_WORDS = ("pass", "secret", "key", "token", "bearer")


def _line_of(text: str, at: int) -> str:
    return text[text.rfind("\n", 0, at) + 1 : (text.find("\n", at) + 1 or len(text) + 1) - 1]


_BLOCK_BEGIN = re.compile(r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----")
_KEY_LINE = re.compile(r"[^\n]{0,16}?[A-Za-z0-9+/]{16,}={0,2}[ \t\r]*(?:\n|$)")
_BLOCK_KINDS = {"OPENSSH": "an OpenSSH", "RSA": "an RSA", "EC": "an EC", "DSA": "a DSA", "ENCRYPTED": "an encrypted",
                "PGP": "a PGP", "SSH2": "an SSH2"}  # fmt: skip


def _blocks(text: str) -> Iterator[Span]:
    """PEM and OpenSSH private keys, whole: BEGIN through END, or through the lines of key text after BEGIN."""
    for match in _BLOCK_BEGIN.finditer(text):
        label = match.group(1).strip()
        kind = f"{_BLOCK_KINDS.get(label.split(' ')[0], 'a')} private key" if label else "a private key"
        end_mark = f"-----END {match.group(1)}PRIVATE KEY{match.group(2) or ''}-----"
        end = text.find(end_mark, match.end(), match.end() + 65_536)
        if end >= 0:
            end += len(end_mark)
        else:  # cut off (a digest, a capped log): the key's lines that follow, as far as they go
            end = match.end()
            if text.startswith("\n", end):
                end += 1
            while (line := _KEY_LINE.match(text, end)) and line.end() > end:
                end = line.end()
        yield Span(match.start(), end, kind)


def merge(found: list[Span]) -> list[Span]:
    """Spans in order, overlapping ones joined (the first one's kind names the whole)."""
    result: list[Span] = []
    for span in sorted(found, key=lambda s: (s.start, -s.end)):
        if result and span.start < result[-1].end:
            last = result[-1]
            result[-1] = Span(last.start, max(last.end, span.end), last.kind)
        else:
            result.append(span)
    return result


_SEAM_CHARS = 200  # of each side of a junction between two texts: a key split over two files meets there


def find_split_credential(new: str, others: Iterable[str]) -> str | None:
    """The kind of key `new` completes with one of `others` (a key split over two memory files), or None.

    Each other text is glued to `new` both ways, end to start, as a person or a model would put the two
    halves back together; only the ends meet, so the check stays small however large the store is. Only
    the prefixed shapes are looked for across the seam, and without joining over spaces: a note that ends
    in a key's prefix and a next note that starts with words must not read as one key.
    """
    head, tail = disguise.fold(new[:_SEAM_CHARS]).lstrip(), disguise.fold(new[-_SEAM_CHARS:]).rstrip()
    for other in others:
        before, after = disguise.fold(other[-_SEAM_CHARS:]).rstrip(), disguise.fold(other[:_SEAM_CHARS]).lstrip()
        for joined in (before + head, tail + after):
            kind = _prefixed(joined)
            if kind:
                return f"{kind} (split over two memory files)"
    return None
