"""Every git call of the app runs none of a repository's configured programs and sees none of the app's secrets.

A hostile repository's `.git/config` names an fsmonitor hook, hooks, a clean filter,
an external diff and a textconv program; each would write a marker file (with its
environment) if git ran it. The tools, the Python check's file listing and the
vocabulary scan all run git in that repository.
"""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest

from app.core.agent.tools import git_status, python_check, search_code
from app.core.git import git
from app.core.settings import Settings
from tests.conftest import git as setup_git

HOOK = '#!/bin/sh\nenv > "$(dirname "$0")/../../RAN-$(basename "$0")"\ncat\n'


@pytest.fixture
def trapped(empty_repo: Path) -> Path:
    """A repository whose config runs a marker-writing program from every config-driven hook git has."""
    repo = empty_repo
    (repo / "app.py").write_text("def main():\n    return 'needle'\n")
    (repo / ".gitattributes").write_text("*.py filter=trap diff=trap\n")
    setup_git(repo, "add", ".")
    setup_git(repo, "commit", "-q", "-m", "start")
    hooks = repo / ".git" / "trap"
    hooks.mkdir()
    for name in ("fsmonitor", "clean", "textconv", "external", "post-index-change", "pager"):
        script = hooks / name
        script.write_text(HOOK)
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    (repo / ".git" / "hooks" / "post-index-change").write_text(HOOK)
    (repo / ".git" / "hooks" / "post-index-change").chmod(0o755)
    for key, value in {
        "core.fsmonitor": hooks / "fsmonitor",
        "filter.trap.clean": hooks / "clean",
        "diff.trap.textconv": hooks / "textconv",
        "diff.external": hooks / "external",
        "core.hooksPath": hooks,
        "core.pager": hooks / "pager",
    }.items():
        setup_git(repo, "config", key, str(value))
    (repo / "app.py").write_text("def main():\n    return 'needle, changed'\n")  # makes status look closer
    return repo


def _ran(repo: Path) -> list[str]:
    return sorted(p.name for p in repo.iterdir() if p.name.startswith("RAN-"))


def test_the_trap_works_with_plain_git(trapped: Path) -> None:
    subprocess.run(["git", "-C", str(trapped), "status"], capture_output=True, check=False)
    subprocess.run(["git", "-C", str(trapped), "diff", "HEAD"], capture_output=True, check=False)
    assert "RAN-fsmonitor" in _ran(trapped) and "RAN-external" in _ran(trapped)


def test_the_tools_run_no_program_the_repository_names(trapped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-must-not-reach-git")
    assert not git_status(trapped).is_error
    assert "app.py:2:" in search_code(trapped, "needle").text
    assert python_check.python_files(trapped) == ["app.py"]
    for args in (("diff", "HEAD"), ("log", "-p", "-n1"), ("show", "HEAD"), ("status",)):
        assert git(trapped, *args).returncode == 0, args
    assert _ran(trapped) == []


def test_the_vocabulary_scan_runs_no_program_the_repository_names(trapped: Path) -> None:
    from app.voice.vocabulary import Vocabulary

    Vocabulary.for_active_repository(trapped, Settings()).hotwords()
    assert _ran(trapped) == []


def test_git_children_get_none_of_the_apps_secrets(empty_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-must-not-reach-git")
    monkeypatch.setenv("VOICE_DEV_AGENT_TOKEN", "app-secret")
    setup_git(empty_repo, "config", "alias.env", "!env")  # built-in commands beat aliases; this is the probe
    monkeypatch.setenv("GIT_DIR", "/elsewhere")  # would point git at another repository
    out = git(empty_repo, "env")
    assert out.returncode == 0
    names = {line.split("=", 1)[0] for line in out.stdout.decode().splitlines()}
    assert not {n for n in names if n.startswith(("ANTHROPIC_", "VOICE_DEV_AGENT_"))}
    assert "GIT_DIR" not in names or "/elsewhere" not in out.stdout.decode()


def _trap_script(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / name
    script.write_text(HOOK)
    script.chmod(0o755)
    return script


def test_a_filter_whose_name_holds_an_equals_sign_is_switched_off_too(empty_repo: Path) -> None:
    """`-c filter.a=b.clean=` would set `filter.a` to `b.clean=`: the driver must still be blanked."""
    repo = empty_repo
    (repo / "app.py").write_text("needle = 1\n")
    (repo / ".gitattributes").write_text("*.py filter=a=b\n")
    setup_git(repo, "add", ".")
    setup_git(repo, "commit", "-q", "-m", "start")
    setup_git(repo, "config", "filter.a=b.clean", str(_trap_script(repo / ".git" / "trap", "clean")))
    (repo / "app.py").write_text("needle = 2\n")
    assert "RAN-clean" not in _ran(repo)
    assert not git_status(repo).is_error
    assert "app.py:1:" in search_code(repo, "needle").text
    assert git(repo, "diff", "HEAD").returncode == 0
    assert _ran(repo) == []


def test_a_submodules_own_config_runs_no_filter(empty_repo: Path, tmp_path: Path) -> None:
    """A submodule's `.git/modules/<name>/config` names a filter the parent's config does not know."""
    inner = tmp_path / "inner"
    inner.mkdir()
    setup_git(inner, "init", "-q", "-b", "main")
    (inner / "lib.py").write_text("needle = 1\n")
    (inner / ".gitattributes").write_text("*.py filter=subtrap\n")
    setup_git(inner, "add", ".")
    setup_git(inner, "commit", "-q", "-m", "inner")
    repo = empty_repo
    setup_git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(inner), "vendor")
    setup_git(repo, "commit", "-q", "-m", "with a submodule")
    module_git = repo / ".git" / "modules" / "vendor"
    trap = _trap_script(module_git / "trap" / "filters", "clean")
    setup_git(repo / "vendor", "config", "filter.subtrap.clean", str(trap))
    (repo / "vendor" / "lib.py").write_text("needle = 2\n")  # makes status read the submodule's file
    subprocess.run(["git", "-C", str(repo), "status"], capture_output=True, check=False)
    assert (module_git / "RAN-clean").exists(), "the trap must work with plain git"
    (module_git / "RAN-clean").unlink()
    assert not git_status(repo).is_error
    for args in (("diff", "HEAD"), ("status",), ("diff",)):
        assert git(repo, *args).returncode == 0, args
    assert not (module_git / "RAN-clean").exists()


def test_core_worktree_cannot_make_search_show_a_file_outside_the_repository(empty_repo: Path, tmp_path: Path) -> None:
    """With `core.worktree` elsewhere, search_code vetted `app.py` in the repository but printed the other one."""
    repo = empty_repo
    (repo / "app.py").write_text("needle = 'innocent'\n")
    setup_git(repo, "add", ".")
    setup_git(repo, "commit", "-q", "-m", "start")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "app.py").write_text("needle = 'outside-secret-5e6f'\n")
    setup_git(repo, "config", "core.worktree", str(outside))
    plain = subprocess.run(["git", "-C", str(repo), "grep", "needle"], capture_output=True, text=True, check=False)
    assert "outside-secret" in plain.stdout, "the trap must work with plain git"
    found = search_code(repo, "needle")
    status = git_status(repo)
    assert "outside-secret" not in found.text
    assert found.is_error and "core.worktree" in found.text
    assert status.is_error and "core.worktree" in status.text
    # Every git call reads the repository's own folder, whatever the config says.
    assert "outside-secret" not in git(repo, "grep", "needle").stdout.decode()
