"""The repository's own Python runs the checks only when it is a real, untracked virtual environment inside it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.core.agent.tools import run_tests
from tests.conftest import git, trusted


def _fake_venv(repo: Path, name: str = ".venv", *, config: bool = True) -> Path:
    """A venv whose python leaves a mark when it runs, then hands over to this Python."""
    python = repo / name / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho used > "{repo.parent}/venv-used"\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    if config:
        (repo / name / "pyvenv.cfg").write_text(f"home = {Path(sys.executable).parent}\n")
    return python


@pytest.mark.slow
def test_a_real_untracked_venv_runs_the_tests(scenario: Path) -> None:
    _fake_venv(scenario)
    result = run_tests(scenario)
    assert (scenario.parent / "venv-used").exists()
    assert "1 failed" in result.text and "this app's own Python" not in result.text


@pytest.mark.slow
def test_a_venv_the_repository_ships_in_git_is_never_run(scenario: Path) -> None:
    _fake_venv(scenario)
    git(scenario, "add", "-f", ".venv")
    git(scenario, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "ship a venv")
    result = run_tests(trusted(scenario))
    assert not (scenario.parent / "venv-used").exists()
    assert "1 failed" in result.text  # the checks still ran, with the app's Python, and say so
    assert f"Ran with this app's own Python ({sys.executable}) because .venv is tracked in git" in result.text


@pytest.mark.slow
def test_a_python_without_pyvenv_cfg_is_not_a_venv(scenario: Path) -> None:
    _fake_venv(scenario, "venv", config=False)
    result = run_tests(scenario)
    assert not (scenario.parent / "venv-used").exists()
    assert "because venv has no pyvenv.cfg" in result.text


@pytest.mark.slow
def test_a_venv_linked_from_outside_the_repository_is_not_run(scenario: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    _fake_venv(outside)
    (scenario / ".venv").symlink_to(outside / ".venv")
    result = run_tests(scenario)
    assert not (outside.parent / "venv-used").exists()
    assert ".venv is a link" in result.text


@pytest.mark.slow
def test_without_a_venv_the_result_says_which_python_ran(scenario: Path) -> None:
    result = run_tests(scenario)
    assert "because the repository has no virtual environment of its own" in result.text
