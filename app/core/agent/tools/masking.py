"""Mask secrets in everything a tool returns to the model: each value becomes its kind, the rest of the line stays.

Two sources: the credential detector (`app.core.detector.tokens`: provider keys, private-key
blocks, passwords in URLs and assignments), and this process's own environment, whose
secret-looking variables (`*_TOKEN`, `*_KEY`, `*_SECRET`, `*PASSWORD*` ...) are masked wherever
their values appear. `sk_live_…[hidden: a Stripe key]` keeps the provider's prefix so the model
can still say what and where it is; a key block becomes `[hidden: an OpenSSH private key, 12 lines]`.

Best effort by nature: a value printed in a shape nobody recognises (split, encoded, reversed)
passes. That is why code runs only in trusted repositories (app.core.trust); this is the second line.
"""

from __future__ import annotations

import dataclasses
import os
import re

from app.core.detector.tokens import Span, merge, spans
from app.core.tool_result import ToolResult

_SECRET_NAME = re.compile(
    r"(?:^|_)(?:TOKEN|KEY|SECRET|PASS|PASSWD|PASSPHRASE|CREDENTIALS?|AUTH)$|PASSWORD|SECRET|PRIVATE_KEY|API_?KEY"
)
_MIN_VALUE = 8  # shorter values ("1", "true", "main") would mask ordinary words
_NOT_SECRET_VALUES = frozenset({"true", "false", "none", "null", "undefined", "disabled", "enabled"})
# A provider prefix kept in front of the mask: letters (and digits after a letter) up to a separator.
_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,7}(?:[_-][A-Za-z]{1,8})?[_-]")


def secret_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """{value: variable name} of the environment's secret-looking variables (longest values first)."""
    found: dict[str, str] = {}
    for name, value in (os.environ if environ is None else environ).items():
        value = value.strip()
        if len(value) < _MIN_VALUE or value.lower() in _NOT_SECRET_VALUES or not _SECRET_NAME.search(name.upper()):
            continue
        found.setdefault(value, name)
    return dict(sorted(found.items(), key=lambda item: -len(item[0])))


def mask(text: str, environ: dict[str, str] | None = None) -> str:
    """`text` with every secret value the detector or the environment knows replaced by its kind."""
    if not text:
        return text
    found = spans(text)
    for value, name in secret_environment(environ).items():
        start = text.find(value)
        while start >= 0:
            found.append(Span(start, start + len(value), f"the value of ${name}"))
            start = text.find(value, start + len(value))
    if not found:
        return text
    parts: list[str] = []
    at = 0
    for span in merge(found):
        parts.append(text[at : span.start])
        parts.append(_label(text[span.start : span.end], span.kind))
        at = span.end
    parts.append(text[at:])
    return "".join(parts)


def mask_result(result: ToolResult) -> ToolResult:
    masked = mask(result.text)
    # The offers go to the person, never the model: they keep the line the person would keep.
    return result if masked == result.text else dataclasses.replace(result, text=masked)


def _label(value: str, kind: str) -> str:
    lines = value.count("\n") + 1 if "\n" in value else value.count("\\n") + 1
    if lines > 1:
        return f"[hidden: {kind}, {lines} lines]"
    prefix = _PREFIX.match(value) if not kind.startswith("the value of") else None
    shown = prefix.group(0) if prefix and len(value) - prefix.end() >= 12 else ""
    return f"{shown}…[hidden: {kind}]" if shown else f"[hidden: {kind}]"
