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
    # Named, not shown: the keys are new in every process, and parallel workers must collect the same tests.
    ids=[
        "hangul-filler",
        "braille-blank",
        "hangul-fillers",
        "khmer-vowel",
        "cyrillic-a",
        "cyrillic-dze",
        "cyrillic-er",
        "unicode-hyphens",
        "minus-and-dashes",
        "backwards",
        "hex",
        "base32",
        "base32-note",
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


def test_a_key_split_over_two_files_is_found_either_way_round() -> None:
    from app.core.detector.tokens import find_split_credential

    first, second = KEY[:14], KEY[14:]
    assert find_credential(f"- deploy: {first}\n") is None and find_credential(f"{second}\n") is None
    assert find_split_credential(f"{second}\n", ["- Ana owns the parser.\n", f"- deploy: {first}\n"]) is not None
    assert find_split_credential(f"- deploy: {first}\n", [f"{second}\n"]) is not None
    assert find_split_credential("- The CLI lives in cli.py.\n", ["- Ana owns the parser.\n"]) is None


def test_the_memory_refuses_the_second_half_of_a_key_split_over_two_files(empty_repo: object) -> None:
    from pathlib import Path

    from app.core.memory.opening import open_store

    store = open_store(Path(str(empty_repo)))
    first, second = KEY[:14], KEY[14:]
    made = store.execute({"command": "create", "path": "/memories/deploy.md", "file_text": f"- Deploy key: {first}\n"})
    assert not made.is_error, made.text
    refused = store.execute({"command": "create", "path": "/memories/rest.md", "file_text": f"{second}\n"})
    assert refused.is_error and "split over two memory files" in refused.text
    assert KEY not in refused.text and second not in refused.text
    fine = store.execute({"command": "create", "path": "/memories/team.md", "file_text": "- Ana owns the parser.\n"})
    assert not fine.is_error, fine.text
