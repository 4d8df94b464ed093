"""Composition root: read settings, set up logging and the message path, then run
either a headless subcommand or the desktop app."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from app import cli
from app.core import logs, messages
from app.core.errors import UserFacingError


def main(argv: Sequence[str] | None = None) -> int:
    args = cli.parse(argv)
    logs.setup()
    messages.install_excepthooks()
    if args.command:
        messages.set_sink(messages.stderr_sink)
        try:
            return int(args.func(args) or 0)
        except UserFacingError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            return 130
    # Imported here so headless commands never load Qt.
    from app.ui.application import run_desktop_app

    return run_desktop_app(repo=args.repo)
