"""The memory's credential filter sees through disguises: blank letters, look-alikes, hyphens, encodings."""

from __future__ import annotations

import base64
import secrets

import pytest

from app.core.detector.tokens import find_credential

KEY = "sk-ant-api03-" + secrets.token_urlsafe(30).replace("-", "x").replace("_", "y")
GITHUB = "ghp_" + secrets.token_hex(18)


@pytest.mark.parametrize(
    "disguised",
    [
        KEY[:10] + "\u3164" + KEY[10:],  # a Hangul filler inside
        KEY[:10] + "\u2800" + KEY[10:],  # the blank Braille pattern
        KEY[:5] + "\u115f\u1160" + KEY[5:],
        KEY[:8] + "\u17b4" + KEY[8:],
        KEY.replace("a", "а", 1),  # Cyrillic a
        KEY.replace("s", "ѕ", 1),  # Cyrillic dze
        GITHUB.replace("p", "р", 1),  # Cyrillic er
        KEY.replace("-", "\u2010"),  # Unicode hyphens
        KEY.replace("-", "\u2212", 1).replace("-", "\u2013"),
        KEY[::-1],  # written backwards
        KEY.encode().hex(),  # hex
        base64.b32encode(GITHUB.encode()).decode(),  # base32
        "note: " + base64.b32encode(KEY.encode()).decode().rstrip("="),
    ],
)
def test_a_disguised_key_is_still_refused(disguised: str) -> None:
    assert find_credential(f"The deploy key is {disguised} for staging.") is not None


@pytest.mark.parametrize(
    "note",
    [
        "Commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f fixed the rate cache.",
        "The sha256 of the release is " + "ab" * 32 + ".",
        "Build with `make release` — never `make all` – it is slow.",  # real dashes in prose
        "Кэш курсов обновляется каждые 5 минут (the rate cache refreshes every 5 minutes).",
        "ТОКЕН хранится в CI; see docs/secrets.md",
        "RUN THE TESTS WITH PYTEST BEFORE EVERY PUSH TO MAIN PLEASE",
    ],
)
def test_ordinary_notes_pass(note: str) -> None:
    assert find_credential(note) is None
