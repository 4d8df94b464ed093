"""The memory's credential filter: text the detector (app.core.detector) finds a credential in is never stored."""

from __future__ import annotations

from app.core.detector.tokens import find_credential, find_split_credential
from app.core.memory.limits import refusal as refused
from app.core.ui_text import QT_TRANSLATE_NOOP

__all__ = ["find_credential", "find_split_credential", "refusal"]


def refusal(kind: str) -> str:
    """The error text for the model (marked: a person reads it too); it never repeats the secret."""
    return refused(
        QT_TRANSLATE_NOOP(
            "memory_limits",
            "the text looks like {kind}. Never store secrets (API keys, tokens, passwords, "
            "private keys) in memory. If it matters, note where the secret is kept (for example 'the key is in "
            "the CI secret store'), never its value.",
        ).format(kind=kind),
    )
