"""`python -m app memory add --repo PATH "LINE"`: a person's own line, remembered as they wrote it.

The agent's write gate refuses lines that read like state; a person decides for themselves, so a line
added here is journaled as theirs, like an edit in Settings → Memory, and only the credential filter and
the caps apply. The agent's refusal of a line the person asked for names this command.
"""

from __future__ import annotations

import argparse
from typing import Any

from app.core.errors import UserFacingError
from app.core.memory import MemoryStore

ACTIONS = ("add",)


def register(actions: Any) -> None:
    add = actions.add_parser("add", help="remember a line of your own (the agent's state check does not apply)")
    add.add_argument("--repo", metavar="PATH", required=True)
    add.add_argument("--file", metavar="FILE", default="notes.md", help="the memory file (default notes.md)")
    add.add_argument("line", metavar="LINE", help="the line to remember")


def run(store: MemoryStore, args: argparse.Namespace) -> int:
    name = args.file.removeprefix("/memories").lstrip("/")
    result = store.person.add_line(args.line, f"/memories/{name}")
    if not result.saved:
        raise UserFacingError(f"Not saved: {result.message}")
    print(f"{result.message} Remembered as your line: {args.line.strip()}")
    return 0
