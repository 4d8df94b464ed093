"""The panel, the Memory window and Settings on the screens the issue names: 1280x800 and 1920x1080.

Each size runs tests/ui/screen_fit.py in its own process on offscreen Qt with a screen of that size
(a configuration file for the offscreen platform). Screenshots go to
test-artifacts/screenshots/fit/ (git-ignored); the test prints where. Geometry is checked against
that screen's available geometry.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect

from tests.ui.screens import run_on_screen

SCRIPT = Path(__file__).with_name("screen_fit.py")


def _run(size: tuple[int, int], repo: Path, config: Path) -> dict[str, object]:
    return run_on_screen(SCRIPT, size, config, str(repo))


def _rect(values: object) -> QRect:
    assert isinstance(values, list)
    return QRect(*values)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_windows_fit_the_screen_and_settings_keeps_its_size(
    size: tuple[int, int], empty_repo: Path, tmp_path: Path
) -> None:
    seen = _run(size, empty_repo, tmp_path / "screen.json")
    area = _rect(seen["available"])
    assert (area.width(), area.height()) == size
    for name in ("panel_question", "panel_held"):
        assert area.contains(_rect(seen[name])), f"{name}: {seen[name]} is not within {area}"
    assert seen["team_box_shown"] is False and seen["team_off_line"] is True
    assert seen["repo_rows_fit"] is True  # "265 / 6,000 characters · 1 file" was cut at the pane's edge
    assert isinstance(seen["lines_rows"], int) and seen["lines_rows"] >= 2
    openings = [_rect(r) for r in seen["settings_openings"]]  # type: ignore[union-attr]
    assert all(area.contains(r) for r in openings), openings
    assert {(r.width(), r.height()) for r in openings} == {(openings[0].width(), openings[0].height())}
    print("screenshots:", *seen["shots"], sep="\n  ")  # type: ignore[misc]
