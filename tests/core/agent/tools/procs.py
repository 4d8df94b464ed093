"""Process checks shared by the tool tests."""

from __future__ import annotations


def alive(pid: int) -> bool:
    """True while `pid` runs; a zombie (killed, waiting to be reaped) counts as gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False
