"""The PyInstaller bundle builds from a clean tree and runs offline, models included."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="the Linux bundle is built and smoke-tested here"),
]


def clean_tree(dest: Path) -> Path:
    """Copy the files git tracks (as they are in the work tree) into `dest`: no build leftovers."""
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / os.fsdecode(name)
        if src.is_file():
            target = dest / os.fsdecode(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


def offline(*argv: str) -> list[str]:
    """Run in a new network namespace (no network at all) when the machine allows it."""
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0:
        return ["unshare", "-n", *argv]
    return list(argv)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = clean_tree(tmp_path_factory.mktemp("src"))
    dist = tmp_path_factory.mktemp("dist")
    work = tmp_path_factory.mktemp("work")
    out = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(dist), "--workpath", str(work), str(src / "installer/pyinstaller/voice-dev-agent.spec")],
        capture_output=True, text=True, timeout=1800, cwd=src,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-4000:]
    return dist / "voice-dev-agent"


def bundled_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(VOICE_DEV_AGENT_HOME=str(home), HF_HUB_OFFLINE="1")
    env.pop("DISPLAY", None)
    env["PATH"] = "/usr/bin:/bin"  # nothing from the project's venv
    return env


@pytest.mark.long(seconds=45)
def test_bundle_reports_its_version_offline(bundle: Path, tmp_path: Path) -> None:
    from app import __version__

    out = subprocess.run(
        offline(str(bundle / "voice-dev-agent"), "--version"), capture_output=True, text=True,
        env=bundled_env(tmp_path), timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"voice-dev-agent {__version__}"


def test_bundled_doctor_loads_the_default_models_from_inside_the_bundle(bundle: Path, tmp_path: Path) -> None:
    out = subprocess.run(
        offline(str(bundle / "voice-dev-agent"), "doctor"), capture_output=True, text=True,
        env=bundled_env(tmp_path), timeout=600,
    )  # fmt: skip
    report = out.stdout
    # Each doctor line is "STATUS  what: detail"; judge by what a line checks, not by words in its advice
    # (the hotkey's advice names `voice-dev-agent ask`).
    checks = [(line, line[4:].split(":", 1)[0].lower()) for line in report.splitlines() if ":" in line]
    transcription = [line for line, what in checks if "transcri" in what or "whisper" in what]
    speech = [line for line, what in checks if "voice" in what or "piper" in what]
    assert transcription and all(line.startswith("OK") for line in transcription), report + out.stderr
    assert speech and all(line.startswith("OK") for line in speech), report + out.stderr
    assert "Traceback" not in out.stderr


def test_bundle_installs_per_user_and_runs_from_the_menu_path(bundle: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(["bash", str(ROOT / "installer/linux/install-user.sh"), str(bundle)], env=env,
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert out.returncode == 0, out.stderr
    # The menu finds it: a desktop entry pointing at the installed bundle, with the app's icon.
    entry = (home / ".local/share/applications/voice-dev-agent.desktop").read_text()
    assert f'Exec="{home}/.local/opt/voice-dev-agent/voice-dev-agent"' in entry
    assert (home / ".local/share/icons/hicolor/scalable/apps/voice-dev-agent.svg").stat().st_size > 100
    run = subprocess.run([str(home / ".local/bin/voice-dev-agent"), "--version"], capture_output=True, text=True,
                         env=bundled_env(tmp_path / "data"), timeout=120)  # fmt: skip
    assert run.returncode == 0 and run.stdout.startswith("voice-dev-agent ")
    assert subprocess.run(["bash", str(ROOT / "installer/linux/uninstall-user.sh")], env=env,
                          capture_output=True, timeout=120).returncode == 0  # fmt: skip
    assert not (home / ".local/opt/voice-dev-agent").exists()
