"""`python -m app listen --toggle | --start | --stop | --cancel`: the running app listens, as on the hotkey.

What a desktop's own keyboard-shortcut settings bind where no global hotkey can work
(Wayland without the shortcuts portal) or where the person prefers it. The request goes
over the running instance's local socket; without a running instance one line says so
and the exit code is 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app import APP_DISPLAY_NAME
from app.core import instance, launch, messages


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "listen",
        help="start, stop or cancel listening in the running app (bind it to a desktop shortcut)",
        description="Acts on the running desktop app as its hotkey would: the start and stop cues sound, "
        f"and a stopped recording is answered. Bind `{launch.listen_toggle_command()}` to a key in the "
        "desktop's keyboard settings.",
    )
    actions = parser.add_mutually_exclusive_group(required=True)
    for action, help_text in (
        ("toggle", "start listening, or stop and ask when listening"),
        ("start", "start listening (interrupts a spoken answer)"),
        ("stop", "stop listening and ask what was heard"),
        ("cancel", "stop listening and throw the recording away"),
    ):
        actions.add_argument(f"--{action}", dest="action", action="store_const", const=action, help=help_text)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    reply = instance.send({"listen": args.action})
    if reply is None:
        messages.error(f"{APP_DISPLAY_NAME} is not running: start it first ({launch.command_line()}).", speak=False)
        return 2
    print(reply.text, file=sys.stdout if reply.ok else sys.stderr)
    return 0 if reply.ok else 1
