"""A gate set written blind stays exactly as it was written: its digest, taken when it landed, and its line count."""

from __future__ import annotations

import hashlib
from pathlib import Path

LINES = 200


def assert_unchanged(path: Path, digest: str, lines: int = LINES) -> None:
    data = path.read_bytes()
    assert hashlib.sha256(data).hexdigest() == digest, f"{path.name} changed since it was written blind"
    assert len(data.decode("utf-8").splitlines()) == lines
