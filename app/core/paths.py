"""Every on-disk location the app uses, computed in one place.

Locations follow the platform's conventions through platformdirs (on Linux that
means XDG_DATA_HOME, XDG_CONFIG_HOME and friends are honoured). Setting
VOICE_DEV_AGENT_HOME puts all of them under one folder, which is how tests and
portable installs keep the user's real folders untouched.

Paths are computed on every call rather than cached so a changed environment
(a test's monkeypatch, a user's override) takes effect at once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from app import APP_NAME

HOME_OVERRIDE = "VOICE_DEV_AGENT_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_OVERRIDE, "").strip()
    return Path(value).expanduser().absolute() if value else None


def data_dir() -> Path:
    """Long-lived user data: memory stores, journals."""
    home = _override()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Settings the user chose."""
    home = _override()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Things that can be rebuilt: vocabulary caches, benchmark audio."""
    home = _override()
    return home / "cache" if home else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """The log file lives here."""
    home = _override()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def memory_root() -> Path:
    """Parent of every repository's memory folder; outside any repository."""
    return data_dir() / "memory"


def speech_models_dir() -> Path:
    """Downloaded speech models, one folder each; they can be downloaded again, so they are cache."""
    return cache_dir() / "speech-models"


def history_file() -> Path:
    """The SQLite history of turns: what was heard, the reply, the tools and pages."""
    return data_dir() / "history.sqlite3"


def settings_file() -> Path:
    return config_dir() / "settings.json"


def memory_notes_file() -> Path:
    """The repositories whose first-run note about memory was shown (once each)."""
    return config_dir() / "memory-notes-shown.json"


def prompt_cache_file() -> Path:
    """What the last session's first request did with the API's prompt cache, for `doctor`."""
    return data_dir() / "prompt-cache.json"


def log_file() -> Path:
    return log_dir() / f"{APP_NAME}.log"


def resources_dir() -> Path:
    """Icons, sounds and the desktop entry: beside the package, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def editors_dir() -> Path:
    """The editor plugins (`editors/nvim`, ...): beside the package, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "editors"
    return Path(__file__).resolve().parents[2] / "editors"


def vscode_vsix_dir() -> Path:
    """Where installer/vscode-extension.sh puts the VS Code extension's .vsix: build/vscode of the checkout."""
    return editors_dir().parent / "build" / "vscode"


def nvim_pack_dir() -> Path:
    """Where Neovim loads a package from at start: its data folder's site/pack (XDG_DATA_HOME honoured, as by nvim)."""
    data = os.environ.get("XDG_DATA_HOME") or ""
    base = Path(data) if data and Path(data).is_absolute() else Path.home() / ".local" / "share"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "nvim-data" / "site" / "pack" / APP_NAME / "start" / APP_NAME
    return base / "nvim" / "site" / "pack" / APP_NAME / "start" / APP_NAME


def ensure_private_dir(path: Path, *, fix_existing: bool = True) -> Path:
    """Create `path` readable by the owner only, and every missing parent too, whatever the umask.

    `Path.mkdir(parents=True, mode=...)` gives the parents it creates the umask's default mode
    (world-writable under umask 0), so each missing folder is made here one at a time. Folders that
    already existed (the user's home, ~/.local/share) are left as they are, except `path` itself
    unless `fix_existing` is false.
    """
    missing: list[Path] = []
    current = path
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            continue  # made by another process meanwhile
        if os.name == "posix":
            os.chmod(folder, 0o700)  # mkdir's mode is subject to the umask; chmod is not
    if fix_existing and os.name == "posix" and path.is_dir() and not path.is_symlink():
        os.chmod(path, 0o700)
    return path
