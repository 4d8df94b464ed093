"""How this app is started from outside: the exact command line a desktop's own shortcut should bind.

An install made by the installer puts `voice-dev-agent` on the PATH; a bundle is its own
executable; a developer runs `python -m app`. The command shown to the person is the one
that starts this very copy, with absolute paths, because a shortcut daemon's PATH is
often not the shell's.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

from app import APP_NAME


def base_command() -> list[str]:
    """The argv prefix that runs this copy of the app."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    launcher = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if launcher is not None and launcher.name == APP_NAME:
        return [str(launcher.absolute())]
    installed = shutil.which(APP_NAME)
    if installed and Path(installed).resolve().parent == Path(sys.executable).resolve().parent:
        return [installed]  # the console script of the same environment
    return [sys.executable, "-m", "app"]


def command_line(*args: str) -> str:
    """`base_command()` plus `args`, quoted for a shell or a desktop's custom-shortcut field."""
    return shlex.join([*base_command(), *args])


def listen_toggle_command() -> str:
    return command_line("listen", "--toggle")
