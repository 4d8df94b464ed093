"""The per-user Linux install puts the app where a desktop finds it, and uninstall leaves nothing behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "installer" / "linux" / "install-user.sh"
UNINSTALL = ROOT / "installer" / "linux" / "uninstall-user.sh"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the Linux per-user install")


def make_bundle(folder: Path) -> Path:
    """A stand-in bundle with the layout PyInstaller produces: an executable and _internal/."""
    (folder / "_internal" / "resources" / "icons").mkdir(parents=True)
    (folder / "_internal" / "resources" / "icons" / "voice-dev-agent.svg").write_text(
        "<svg xmlns='http://www.w3.org/2000/svg'/>"
    )
    exe = folder / "voice-dev-agent"
    exe.write_text("#!/bin/sh\necho voice-dev-agent 0.1.0\n")
    exe.chmod(0o755)
    return folder


def run(script: Path, home: Path, *args: str, path: str = "") -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": (path + os.pathsep if path else "") + os.environ["PATH"]}
    return subprocess.run(["bash", str(script), *args], env=env, capture_output=True, text=True, timeout=60)


def tree(home: Path) -> set[str]:
    return {str(p.relative_to(home)) for p in home.rglob("*")}


def test_install_then_uninstall_leaves_home_as_it_was(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".local" / "share" / "applications").mkdir(parents=True)
    (home / ".local" / "share" / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    before = tree(home)
    bundle = make_bundle(tmp_path / "bundle")

    out = run(INSTALL, home, str(bundle))
    assert out.returncode == 0, out.stderr
    link = home / ".local" / "bin" / "voice-dev-agent"
    assert subprocess.run([str(link)], capture_output=True, text=True).stdout.strip() == "voice-dev-agent 0.1.0"
    entry = (home / ".local/share/applications/voice-dev-agent.desktop").read_text()
    assert f'Exec="{home}/.local/opt/voice-dev-agent/voice-dev-agent"' in entry
    assert (home / ".local/share/icons/hicolor/scalable/apps/voice-dev-agent.svg").exists()

    # The app's own settings may have added an autostart entry meanwhile; uninstall removes it too.
    (home / ".config" / "autostart").mkdir(parents=True)
    (home / ".config" / "autostart" / "voice-dev-agent.desktop").write_text("[Desktop Entry]\n")
    (home / ".local" / "share" / "voice-dev-agent" / "memory").mkdir(parents=True)

    out = run(UNINSTALL, home)
    assert out.returncode == 0, out.stderr
    left = tree(home) - before
    # Only the user's data stays (kept on purpose), plus empty standard folders.
    assert {p for p in left if not (home / p).is_dir()} == set()
    assert (home / ".local/share/voice-dev-agent/memory").is_dir()
    assert "kept" in out.stdout

    out = run(UNINSTALL, home, "--purge")
    assert out.returncode == 0
    assert not (home / ".local/share/voice-dev-agent").exists()


def test_purge_removes_the_api_key_from_the_keyring(tmp_path: Path) -> None:
    """A stand-in secret-tool (the Secret Service's command) records what --purge asks it to clear."""
    home = tmp_path / "home"
    home.mkdir()
    tools = tmp_path / "bin"
    tools.mkdir()
    asked = tmp_path / "asked"
    tool = tools / "secret-tool"
    tool.write_text(f'#!/bin/sh\necho "$@" >> {asked}\n')
    tool.chmod(0o755)
    assert run(INSTALL, home, str(make_bundle(tmp_path / "bundle"))).returncode == 0

    assert run(UNINSTALL, home, path=str(tools)).returncode == 0
    assert not asked.exists()  # a plain uninstall keeps the key
    out = run(UNINSTALL, home, "--purge", path=str(tools))
    assert out.returncode == 0 and "keyring" in out.stdout
    assert asked.read_text().split() == ["clear", "service", "voice-dev-agent", "username", "anthropic-api-key"]


def test_reinstall_replaces_the_old_bundle(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    first = make_bundle(tmp_path / "one")
    (first / "_internal" / "stale.so").write_text("old")
    assert run(INSTALL, home, str(first)).returncode == 0
    second = make_bundle(tmp_path / "two")
    assert run(INSTALL, home, str(second)).returncode == 0
    assert not (home / ".local/opt/voice-dev-agent/_internal/stale.so").exists()


def test_install_refuses_a_folder_without_a_bundle(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    out = run(INSTALL, home, str(tmp_path))
    assert out.returncode != 0
    assert "No bundle found" in out.stderr
    assert not (home / ".local" / "opt").exists()
