"""`python -m app editor socket | install nvim [--link] | install vscode`: connect an editor to the running app.

`socket` prints the path of the app's local socket (what the editor plugins ask for when
VOICE_DEV_AGENT_SOCKET is not set); `install nvim` copies the plugin (or links it, with --link)
into Neovim's start packages, where it loads at the next start with no plugin manager;
`install vscode` builds the VS Code extension's .vsix when its sources are newer
(installer/vscode-extension.sh) and installs it with `code --install-extension`, or says how.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from app.core import instance, paths

EDITORS = ("nvim", "vscode")
BUILD_TIMEOUT = 600  # seconds: npm ci downloads the build tools the first time


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("editor", help="connect an editor: its plugin, and the socket it reports to")
    actions = parser.add_subparsers(dest="editor_action", metavar="ACTION", required=True)
    socket = actions.add_parser("socket", help="print the running app's socket path (the editor plugins use it)")
    socket.set_defaults(func=run_socket)
    install = actions.add_parser("install", help="install an editor's plugin for this user")
    install.add_argument("name", choices=EDITORS, help="the editor")
    install.add_argument("--link", action="store_true", help="nvim: link to the plugin here instead of copying it")
    install.set_defaults(func=run_install)


def run_socket(args: argparse.Namespace) -> int:
    print(instance.server_name())
    return 0


def run_install(args: argparse.Namespace) -> int:
    if args.name == "vscode":
        if args.link:
            print("--link is for Neovim; VS Code installs the extension from its .vsix file.", file=sys.stderr)
            return 2
        return _install_vscode()
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


def _install_vscode() -> int:
    vsix = _vsix()
    if vsix is None:
        return 2
    code = shutil.which("code")
    if code is None:
        print(f"The VS Code extension is built: {vsix}")
        print(
            f"VS Code's `code` command was not found; install it with `code --install-extension {vsix}`, "
            "or in VS Code: Extensions, the … menu, Install from VSIX…"
        )
        return 0
    done = subprocess.run([code, "--install-extension", str(vsix), "--force"], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"`code --install-extension {vsix}` failed:\n{(done.stderr or done.stdout).strip()}", file=sys.stderr)
        return 2
    print(f"Installed the VS Code extension from {vsix}; it starts in VS Code's next window.")
    print("It finds the app's socket with `voice-dev-agent editor socket`, or VOICE_DEV_AGENT_SOCKET when set.")
    return 0


def _vsix() -> Path | None:
    """The built .vsix, built first when missing or older than the extension's sources; None when it cannot be."""
    source = paths.editors_dir() / "vscode"
    script = paths.editors_dir().parent / "installer" / "vscode-extension.sh"
    built = sorted(paths.vscode_vsix_dir().glob("voice-dev-agent-*.vsix"), key=lambda p: p.stat().st_mtime)
    if built and script.is_file() and built[-1].stat().st_mtime >= _newest_source(source):
        return built[-1]
    if not script.is_file() or not (source / "package.json").is_file():
        if built:
            return built[-1]
        print(
            f"The VS Code extension is not part of this installation (looked for {script}); "
            "build it from a checkout of the project with installer/vscode-extension.sh.",
            file=sys.stderr,
        )
        return None
    print("Building the VS Code extension (npm ci, tsc, vsce package)…", file=sys.stderr)
    try:
        # npm's progress goes to the person's terminal (stderr); stdout carries the .vsix path only.
        done = subprocess.run([str(script)], stdout=subprocess.PIPE, text=True, timeout=BUILD_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"Building the VS Code extension failed: {exc}", file=sys.stderr)
        return None
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines or not Path(lines[-1]).is_file():
        print(f"Building the VS Code extension failed (exit {done.returncode}); see the lines above.", file=sys.stderr)
        return None
    return Path(lines[-1])


def _newest_source(folder: Path) -> float:
    """When the extension's sources last changed: its TypeScript, manifest and lock file."""
    files = [folder / "package.json", folder / "package-lock.json", *(folder / "src").glob("*.ts")]
    return max((f.stat().st_mtime for f in files if f.is_file()), default=0.0)
