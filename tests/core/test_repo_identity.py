"""A repository is known by its remote, else its first commit, else its folder: the same in every clone."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.repo_identity import normalise_remote_url, repository_identity
from app.core.repos import memory_folder_name
from tests.conftest import git


@pytest.mark.parametrize(
    "url",
    [
        "git@github.com:Org/Repo.git",
        "https://github.com/org/repo",
        "ssh://git@github.com/org/repo",
        "https://user:secret@GitHub.com/Org/Repo.git/",
        "ssh://git@github.com:22/org/repo.git",
        "git+ssh://git@github.com/org/repo",
        "github.com:org/repo",
    ],
)
def test_every_spelling_of_one_remote_is_one_repository(url: str) -> None:
    assert normalise_remote_url(url) == "github.com/org/repo"


def test_different_repositories_stay_apart() -> None:
    assert normalise_remote_url("git@github.com:org/repo.git") != normalise_remote_url("git@github.com:org/other.git")
    assert normalise_remote_url("git@github.com:org/repo.git") != normalise_remote_url("git@gitlab.com:org/repo.git")


def test_a_remote_on_this_machine_keeps_its_path() -> None:
    assert normalise_remote_url("/srv/git/Project.git") == "file:srv/git/Project"
    assert normalise_remote_url("file:///srv/git/Project.git") == "file:srv/git/Project"


@pytest.mark.parametrize("url", ["", "   ", "https://", "git@github.com:", "a\nb"])
def test_nonsense_names_no_remote(url: str) -> None:
    assert normalise_remote_url(url) is None


def _commit(repo: Path) -> str:
    (repo / "README.md").write_text("hello\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-q", "-m", "first")
    return git(repo, "rev-parse", "HEAD").strip()


def test_two_clones_of_one_remote_are_one_repository(tmp_path: Path) -> None:
    upstream = tmp_path / "upstream"
    upstream.mkdir()
    git(upstream, "init", "-q", "-b", "main")
    _commit(upstream)
    first, second = tmp_path / "one" / "app", tmp_path / "two" / "checkout"
    for clone in (first, second):
        clone.parent.mkdir(parents=True)
        git(tmp_path, "clone", "-q", str(upstream), str(clone))
    git(second, "remote", "set-url", "origin", f"file://{upstream}/")
    a, b = repository_identity(first), repository_identity(second)
    assert a.kind == "origin"
    assert a.key == b.key
    assert a.name == "upstream"


def test_a_repository_without_a_remote_is_known_by_its_root_commit(empty_repo: Path, tmp_path: Path) -> None:
    root = _commit(empty_repo)
    (empty_repo / "more.txt").write_text("more\n")
    git(empty_repo, "add", "more.txt")
    git(empty_repo, "commit", "-q", "-m", "second")
    copy = tmp_path / "elsewhere"
    git(tmp_path, "clone", "-q", str(empty_repo), str(copy))
    git(copy, "remote", "remove", "origin")
    identity = repository_identity(empty_repo)
    assert (identity.kind, identity.value) == ("root", root)
    assert repository_identity(copy).key == identity.key


def test_a_repository_with_no_commit_or_a_plain_folder_keeps_its_path_key(empty_repo: Path, tmp_path: Path) -> None:
    plain = tmp_path / "notes"
    plain.mkdir()
    for folder in (empty_repo, plain):
        identity = repository_identity(folder)
        assert (identity.kind, identity.value) == ("path", memory_folder_name(folder))


def test_a_plain_folder_inside_a_repository_is_not_taken_for_it(empty_repo: Path) -> None:
    _commit(empty_repo)
    inner = empty_repo / "docs"
    inner.mkdir()
    assert repository_identity(inner).kind == "path"
