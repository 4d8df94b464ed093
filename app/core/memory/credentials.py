"""Recognise text shaped like a credential, so no key, token or password is ever stored in memory.

Each pattern names a kind of secret. The patterns anchor on the fixed prefixes providers put on
their keys; the two shapes without a prefix (AWS secret keys, passwords) need context (a keyword
nearby, a connection string) so ordinary memories with hashes and identifiers pass.
"""

from __future__ import annotations

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
    )
)

# Without a prefix an AWS secret key is 40 base64 characters; say so only with AWS words around it.
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_CONTEXT = re.compile(r"(?i)aws|secret|access[\s_-]*key")

# scheme://user:password@host, as in database and broker URLs.
_URL_PASSWORD = re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,30}://[^\s/:@]*:([^\s/@]+)@[^\s/@]")
# Password=...; in ADO.NET / ODBC / JDBC-style connection strings.
_CONN_PASSWORD = re.compile(r"(?i)(?:^|[;\s\"'])(?:password|pwd)\s*=\s*([^;\s\"']+)")
_CONN_CONTEXT = re.compile(r"(?i)\b(?:server|host|data source|datasource|user id|uid|database|initial catalog)\s*=")
# secret=..., "api_key": "...": a keyword, then a value that looks random rather than like a word.
_ASSIGNED = re.compile(
    r"(?i)\b(?:password|passwd|secret|client_secret|api[_-]?key|access[_-]?key|secret[_-]?key|"
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


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value)) or value.lower() in {"password", "pass", "secret", "changeme"}


def _normalise(text: str) -> str:
    """Drop invisible format characters (zero-width spaces and the like) a key could be split with."""
    if text.isascii():
        return text
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def find_credential(text: str) -> str | None:
    """The kind of credential `text` seems to contain ("a GitHub token"), or None."""
    text = _normalise(text)
    for kind, pattern in _PREFIXED:
        if pattern.search(text):
            return kind
    for line in text.splitlines():
        for match in _AWS_SECRET.finditer(line):
            token = match.group(0)
            if _AWS_CONTEXT.search(line) and _looks_random(token):
                return "an AWS secret access key"
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
