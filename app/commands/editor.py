"""`python -m app editor socket | install nvim [--link]`: connect an editor to the running app.

`socket` prints the path of the app's local socket (what the Neovim plugin asks for when
VOICE_DEV_AGENT_SOCKET is not set); `install nvim` copies the plugin (or links it, with --link)
into Neovim's start packages, where it loads at the next start with no plugin manager.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import Any

from app.core import instance, paths

EDITORS = ("nvim",)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("editor", help="connect an editor: its plugin, and the socket it reports to")
    actions = parser.add_subparsers(dest="editor_action", metavar="ACTION", required=True)
    socket = actions.add_parser("socket", help="print the running app's socket path (the editor plugins use it)")
    socket.set_defaults(func=run_socket)
    install = actions.add_parser("install", help="install an editor's plugin for this user")
    install.add_argument("name", choices=EDITORS, help="the editor")
    install.add_argument("--link", action="store_true", help="link to the plugin here instead of copying it")
    install.set_defaults(func=run_install)


def run_socket(args: argparse.Namespace) -> int:
    print(instance.server_name())
    return 0


def run_install(args: argparse.Namespace) -> int:
    source = paths.editors_dir() / args.name
    if not (source / "plugin").is_dir():
        print(f"The {args.name} plugin is not part of this installation (looked in {source}).", file=sys.stderr)
        return 2
    target = paths.nvim_pack_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.exists():
        shutil.rmtree(target)  # an older copy of ours: the folder is named after this app
    if args.link:
        target.symlink_to(source, target_is_directory=True)
    else:
        shutil.copytree(source, target)
    print(f"Installed the Neovim plugin in {target}; it loads when Neovim next starts.")
    print("It finds the app's socket with `voice-dev-agent editor socket`, or VOICE_DEV_AGENT_SOCKET when set.")
    return 0
