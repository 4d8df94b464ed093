"""`python -m app memory standing|restore`: a person's choices about one memory line.

`standing` makes a promotion candidate (an agent's line confirmed in three separate sessions)
a standing line, loaded as the developer's and never changed by the agent; `restore` brings back
a line archived after 60 days without use. LINE is the line's text as `memory show` prints it
(case, spacing and list marker do not matter).
"""

from __future__ import annotations

import argparse
from typing import Any

from app import APP_NAME
from app.core.errors import UserFacingError
from app.core.memory import MemoryStore, lines
from app.core.memory.line_book import LineChoiceRefused

ACTIONS = ("standing", "restore")


def register(actions: Any) -> None:
    standing = actions.add_parser(
        "standing",
        help=f"make a line the agent confirmed in {lines.PROMOTE_AT} sessions standing (the agent cannot change it)",
    )
    restore = actions.add_parser(
        "restore", help=f"load an archived line again (archived after {lines.ARCHIVE_DAYS} days unused)"
    )
    for parser in (standing, restore):
        parser.add_argument("--repo", metavar="PATH", required=True)
        parser.add_argument("--file", metavar="FILE", default="", help="only in this file (/memories/notes.md)")
        parser.add_argument("line", metavar="LINE", help="the line's text, as memory show prints it")


def run(store: MemoryStore, args: argparse.Namespace) -> int:
    path = args.file if not args.file or args.file.startswith("/memories") else f"/memories/{args.file.lstrip('/')}"
    try:
        if args.memory_action == "standing":
            print(store.person.make_standing(args.line, path))
        else:
            print(store.person.restore(args.line, path))
    except LineChoiceRefused as exc:
        raise UserFacingError(str(exc)) from exc
    return 0


def print_states(store: MemoryStore, found: list[dict[str, Any]]) -> None:
    """After a file's text in `memory show`: its standing lines, promotion candidates and archived lines."""
    repo = store.repository
    notes: list[str] = []
    for line in found:
        text = line["text"].strip()
        if line["standing"]:
            notes.append(f"  standing (yours; the agent cannot change it): {text}")
        elif line["archived"]:
            notes.append(
                f"  archived, not loaded ({lines.ARCHIVE_DAYS} days neither used nor confirmed): {text}\n"
                f'    bring it back: {APP_NAME} memory restore --repo {repo} "{text}"'
            )
        elif line["promotion_candidate"]:
            notes.append(
                f"  confirmed in {line['confirmed_sessions']} sessions, can be made standing: {text}\n"
                f'    {APP_NAME} memory standing --repo {repo} "{text}"'
            )
    if notes:
        print("Lines:")
        print("\n".join(notes))
