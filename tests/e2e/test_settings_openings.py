"""Settings opened from the tray three times keeps one size within the screen, whatever its pages hold.

As a person does it: the real app on a desktop of its own (Xvfb with icewm's tray, PulseAudio) at
1280x800 and at 1920x1080, the tray icon right-clicked and "Settings…" clicked, every page visited
(the Voice page lists a microphone with a long name, Repositories fourteen long paths, Memory
notes), closed with Esc, three times. The window manager's frame is read from X after each opening
and each page. Before a50c3e3 the window opened at 975x608 (frame) and grew to the Memory page's least
size on its visit (1048x738, its frame 5 px past the right edge of a 1280x800 screen), and kept that
size at every later opening. On a58c2d3 the first opening's frame lay 2 px under the taskbar (it was
placed before the window manager had drawn its frame). Screenshots of each opening go to
test-artifacts/screenshots/fit/settings-tray-opening-N-WxH.png.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bench.desktop import DesktopApp
from app.core.memory import open_store
from app.core.settings import Settings
from tests import worker_desktop
from tests.conftest import git
from tests.e2e.xwindows import Box, X
from tests.ui.screen_fit import NOTES
from tests.ui.screens import ROOT, SHOTS

# A headset as a sound server may describe it; a long name once set the Voice page's least width.
MICROPHONE = (
    "Jabra Evolve2 85 Bluetooth headset, hands-free head unit (HFP) microphone, "
    "on the Thunderbolt 4 docking station rear USB-C port"
)
PAGES = 5  # General, Voice, Speech, Repositories, Memory


@pytest.fixture(params=["1280x800", "1920x1080"])
def screen(request: pytest.FixtureRequest, desktop: None) -> Iterator[tuple[str, dict[str, str]]]:
    """A desktop of its own at the size asked, with the long-named microphone plugged in."""
    size: str = request.param
    own = worker_desktop.start(f"{size}x24")
    env = {**dict(os.environ), **own.environment()}
    try:
        description = MICROPHONE.replace("'", "")
        subprocess.run(
            ["pactl", "load-module", "module-remap-source", "master=mic.monitor", "source_name=headset",
             f"source_properties=\"device.description='{description}'\""],
            check=True, env=env, capture_output=True, timeout=20,
        )  # fmt: skip
        yield size, own.environment()
    finally:
        own.stop()


def _repositories(tmp_path: Path) -> tuple[str, ...]:
    found = []
    for number in range(14):
        repo = tmp_path / "work" / "payments-team" / f"webhook-signing-and-settlement-reconciliation-{number}"
        repo.mkdir(parents=True)
        git(repo, "init", "-q", "-b", "main")
        found.append(str(repo))
    return tuple(found)


def _screenshot(env: dict[str, str], path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "tests.e2e.screen", str(path), "0", "0", "1", "1"],
        check=True, capture_output=True, timeout=60, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _open_settings(x: X, pid: int, tray: Box) -> int:
    """Right-click the tray icon, click "Settings…", and return the Settings window once it is up."""
    # A notice's balloon (Qt draws it over the tray icon where no notification service runs) lasts 8 s.
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(x.viewable(w) and x.box(w) != tray for w in x.windows_of(pid)):
        time.sleep(0.3)
    x.click(tray.x + tray.width // 2, tray.y + tray.height // 2, button=3)
    menu = x.wait_window(pid, lambda w: x.box(w).height > 100 and "Settings" not in x.name(w), "tray menu", 30)
    box = x.box(menu)
    # "Settings…" is the fourth entry from the menu's end: Settings…, Set up…, a separator, Quit.
    x.click(box.x + 40, box.y + box.height - 62)
    return x.wait_window(pid, lambda w: "Settings" in x.name(w), "Settings window")


@pytest.mark.slow
@pytest.mark.long(seconds=90)
def test_settings_opened_from_the_tray_three_times_keeps_its_size_on_the_screen(
    screen: tuple[str, dict[str, str]], empty_repo: Path, tmp_path: Path
) -> None:
    size, display = screen
    open_store(empty_repo).execute(
        {"command": "create", "path": "/memories/notes.md", "file_text": NOTES}, session_id="s1"
    )
    settings = dataclasses.replace(
        Settings(), setup_done=True, recent_repos=_repositories(tmp_path), input_device="pulse:headset"
    )
    env = {**display, "ANTHROPIC_API_KEY": "sk-ant-test-settings-fake-key-0123456789"}
    x = X({**dict(os.environ), **display})
    area = x.work_area()
    SHOTS.mkdir(parents=True, exist_ok=True)
    seen: list[tuple[str, Box]] = []
    with DesktopApp(empty_repo, settings=settings, env=env) as app:
        app.wait_ready()
        tray = x.box(x.wait_window(app.pid, lambda w: x.box(w).width <= 64, "tray icon"))
        for opening in (1, 2, 3):
            window = _open_settings(x, app.pid, tray)
            frame = x.frame(window)
            seen.append((f"opening {opening}", x.box(frame)))
            for page in range(2, PAGES + 1):
                x.key(window, "ctrl+Tab")
                time.sleep(0.6)
                seen.append((f"opening {opening}, page {page}", x.box(frame)))
            _screenshot(x.env, SHOTS / f"settings-tray-opening-{opening}-{size}.png")
            x.key(window, "Escape")
            time.sleep(0.8)
            # Between openings the memory grows, as it does while the app runs.
            open_store(empty_repo).execute(
                {"command": "create", "path": f"/memories/more-{opening}.md", "file_text": NOTES},
                session_id=f"s{opening + 1}",
            )
        app.alive()
    report = json.dumps([(what, str(box)) for what, box in seen])
    assert all(box.within(area) for _, box in seen), f"outside the work area {area}: {report}"
    first = seen[0][1]
    assert all((box.width, box.height) == (first.width, first.height) for _, box in seen), report
    # Room for the Memory page's lines: more than the old 780x560 where the screen has it.
    assert first.width >= min(1000, area.width) and first.height >= min(700, area.height), report
