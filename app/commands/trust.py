"""`voice-dev-agent trust --repo PATH [--revoke] | --list`: which repositories may run their own code.

Build, test and the Python import check run the repository's code; they run only in a repository
trusted here, in Settings → Repositories, or when the agent asks. Also the y/N question that `ask`
and `chat` put on a terminal (`terminal_prompt`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from app import APP_NAME
from app.core import trust
from app.core.agent.events import TrustNeeded
from app.core.errors import UserFacingError
from app.core.repos import find_root


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "trust",
        help="let the agent build and test a repository (run its own code), or stop it",
        description="Build, test and the Python import check run the repository's own code, so they run "
        "only in a repository you trusted. Reading tools work everywhere.",
    )
    parser.add_argument("--repo", metavar="PATH", help="the repository to trust (default: the current folder)")
    parser.add_argument("--revoke", action="store_true", help="trust the repository no more")
    parser.add_argument("--list", action="store_true", help="list the trusted repositories")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.list:
        if args.revoke or args.repo:
            raise UserFacingError("--list takes no other option.", hint=f"{APP_NAME} trust --list")
        return _list()
    try:
        repo = find_root(Path(args.repo or "."))
    except UserFacingError:
        if not args.revoke:
            raise
        repo = Path(args.repo or ".").expanduser().absolute()  # a folder gone since may still be revoked
    try:
        if args.revoke:
            removed = trust.revoke(repo)
            print(f"No longer trusted: {repo}" if removed else f"{repo} was not trusted.")
            return 0
        trust.grant(repo)
    except OSError as exc:
        raise UserFacingError(f"The list of trusted repositories could not be saved ({exc}).") from exc
    print(f"Trusted: {repo}\nThe agent may now build and test it (run its own code).")
    return 0


def _list() -> int:
    rows = trust.entries()
    if not rows:
        print("No repository is trusted; build and test run only in one you trust.")
        return 0
    for row in rows:
        when = datetime.fromtimestamp(row.trusted_at).strftime("%Y-%m-%d %H:%M")
        gone = "" if row.folder.is_dir() else "  (folder not found)"
        print(f"{row.folder}  trusted {when}{gone}")
    return 0


def hint(repo: str) -> str:
    return f"to let the agent build and test it, run: {APP_NAME} trust --repo {repo}"


def terminal_prompt(stdin: TextIO | None = None, stderr: TextIO | None = None) -> Callable[[TrustNeeded], None]:
    """The listener `ask` and `chat` give their turns: on a terminal it asks y/N, else it prints the hint.

    The session asks at most once a turn; a "y" trusts the repository before the call is checked again, so it
    runs in the same turn; after an "N" the next turn that needs it asks again.
    """

    def ask(event: TrustNeeded) -> None:
        source, out = stdin or sys.stdin, stderr or sys.stderr
        where = f" in {event.folder}" if event.folder != event.repo else ""
        out.write(f"\nThe agent wants to run the repository's own code ({event.tool}): {event.command}{where}\n")
        if not source.isatty():
            out.write(f"Not run: {event.repo} is not trusted; {hint(event.repo)}\n")
            out.flush()
            return
        out.write(f"Trust {event.repo} to run its code from now on? [y/N] ")
        out.flush()
        answer = source.readline().strip().lower()
        if answer in ("y", "yes"):
            trust.grant(Path(event.repo))
            out.write(f"Trusted. ({APP_NAME} trust --repo {event.repo} --revoke undoes it.)\n")
        else:
            out.write("Not trusted; nothing was run.\n")
        out.flush()

    return ask
