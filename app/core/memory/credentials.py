"""Recognise text shaped like a credential, so no key, token or password is ever stored in memory.

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
import math
import re
import unicodedata
from collections import Counter

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


def _normalise(text: str) -> str:
    """Fold disguises: fullwidth and other compatibility forms (NFKC), combining marks, invisible characters."""
    if text.isascii():
        return text
    folded = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in folded if unicodedata.category(c) not in {"Mn", "Me", "Cf"})
    return unicodedata.normalize("NFKC", kept)


def _prefixed(text: str, patterns: tuple[tuple[str, re.Pattern[str]], ...] = _PREFIXED) -> str | None:
    for kind, pattern in patterns:
        if pattern.search(text):
            return kind
    return None


def find_credential(text: str) -> str | None:
    """The kind of credential `text` seems to contain ("a GitHub token"), or None."""
    text = _normalise(text)
    kind = _prefixed(text) or _prefixed(_INNER_SPACE.sub("", text), _PREFIXED_JOINED)
    if kind:
        return kind
    for line in text.splitlines():
        for match in _AWS_SECRET.finditer(line):
            token = match.group(0)
            if (_AWS_CONTEXT.search(line) and _looks_random(token)) or _random_bytes(token):
                return "an AWS secret access key"
        for match in _BASIC_AUTH.finditer(line):
            if _basic_credentials(match.group(1)):
                return "a Basic authorization header"
        for match in _URL_PASSWORD.finditer(line):
            if not _is_placeholder(match.group(1)):
                return "a password in a URL"
        if _CONN_CONTEXT.search(line):
            for match in _CONN_PASSWORD.finditer(line):
                if not _is_placeholder(match.group(1)):
                    return "a password in a connection string"
        for match in _ASSIGNED.finditer(line):
            if _looks_random(match.group(1)):
                return "a secret value"
    return None


def refusal(kind: str) -> str:
    """The error text for the model; it never repeats the secret."""
    return (
        f"Error: Refused: the text looks like {kind}. Never store secrets (API keys, tokens, passwords, "
        "private keys) in memory. If it matters, note where the secret is kept (for example 'the key is in "
        "the CI secret store'), never its value."
    )
