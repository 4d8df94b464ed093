"""The command line: the desktop app by default, headless subcommands for everything else.

Each subcommand lives in its own module under `app.commands` and exposes
`register(subparsers)`. They are imported by name, so a build that leaves one out still
starts; the bundle spec (installer/pyinstaller) lists them as hidden imports for that reason.
Nothing here imports Qt, so `--help`, `--version` and every subcommand work
without a display or an audio device.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from app import APP_DISPLAY_NAME, APP_NAME, __version__

COMMAND_MODULES = (
    "app.commands.memory",
    "app.commands.ask",
    "app.commands.chat",
    "app.commands.trust",
    "app.commands.team",
    "app.commands.transcribe",
    "app.commands.say",
    "app.commands.doctor",
    "app.commands.bench",
    "app.commands.eval",
    "app.commands.models",
    "app.commands.listen",
    "app.commands.context",
    "app.commands.editor",
)


def build_parser(modules: Sequence[str] = COMMAND_MODULES) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=APP_NAME,
        description=f"{APP_DISPLAY_NAME}: ask about your repository out loud, hear the answer.",
        epilog="Without a command, the desktop app starts in the system tray.",
    )
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    parser.add_argument("--repo", metavar="PATH", help="start with this repository active (desktop app)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a real missing dependency inside the module: let it show
                raise
            continue
        module.register(subparsers)
    return parser


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    args = list(sys.argv[1:] if argv is None else argv)
    # A named command needs only its own module: `listen --toggle` bound to a key answers in a
    # fraction of a second instead of importing every command's models and numpy first.
    only = f"app.commands.{args[0]}" if args else ""
    return build_parser((only,) if only in COMMAND_MODULES else COMMAND_MODULES).parse_args(args)
