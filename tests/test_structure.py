"""The shape of the code base that the structure issue set: small modules, one job each."""

from __future__ import annotations

from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
MAX_LINES = 450  # a module past this has grown a second job; split it by job, not by line count


def test_no_module_of_the_app_is_over_450_lines() -> None:
    sizes = {path.relative_to(APP.parent).as_posix(): len(path.read_text().splitlines()) for path in APP.rglob("*.py")}
    assert len(sizes) > 100, "the app's modules were not found"
    too_long = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert not too_long, f"split these by job: {too_long}"
