"""Start at login: write or remove the XDG autostart entry (Linux desktops).

The entry goes to `$XDG_CONFIG_HOME/autostart` (default `~/.config/autostart`), the
folder every freedesktop session manager reads. With VOICE_DEV_AGENT_HOME set (tests,
portable installs) it goes under that folder instead, so a test never touches the
user's real session. Other platforms report that the option is not supported.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from app import APP_DISPLAY_NAME, APP_NAME
from app.core import paths
from app.core.atomic import write_text_atomic

ENTRY_NAME = f"{APP_NAME}.desktop"


def supported() -> bool:
    return sys.platform.startswith("linux")


def autostart_dir() -> Path:
    override = os.environ.get(paths.HOME_OVERRIDE, "").strip()
    if override:
        return Path(override).expanduser().absolute() / "autostart"
    config = os.environ.get("XDG_CONFIG_HOME", "").strip()
    base = Path(config) if config else Path.home() / ".config"
    return base / "autostart"


def entry_path() -> Path:
    return autostart_dir() / ENTRY_NAME


def launch_command() -> str:
    """The command line that starts the desktop app the way it runs now."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle: its executable is the app
        return _exec_quote(sys.executable)
    script = Path(sys.executable).with_name(APP_NAME)
    if script.is_file() and os.access(script, os.X_OK):
        return _exec_quote(str(script))
    return f"{_exec_quote(sys.executable)} -m app"


def _exec_quote(argument: str) -> str:
    """Quote one argument for a desktop entry's Exec key (the spec's rules, not the shell's)."""
    if argument and not any(c in argument for c in " \t\n\"'\\><~|&;$*?#()`"):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def entry_text(command: str) -> str:
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={APP_DISPLAY_NAME}\n"
        "Comment=Ask about your repository out loud\n"
        f"Exec={command}\n"
        f"Icon={APP_NAME}\n"
        "Terminal=false\n"
        "X-GNOME-Autostart-enabled=true\n"
    )


def is_enabled() -> bool:
    return entry_path().is_file()


def set_enabled(enabled: bool) -> None:
    """Create or remove the autostart entry; raises OSError when the folder cannot be written."""
    target = entry_path()
    if not enabled:
        target.unlink(missing_ok=True)
        return
    if not supported():
        return
    # A desktop entry is public configuration, not a secret: readable like its neighbours.
    write_text_atomic(target, entry_text(launch_command()), mode=0o644)
