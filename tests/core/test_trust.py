"""The list of trusted repositories: kept outside any repository, revocable, and safe when damaged."""

from __future__ import annotations

import json
import os
from pathlib import Path

from app.core import paths, trust
from tests.conftest import git


def test_a_repository_is_untrusted_until_granted_and_again_after_revoke(empty_repo: Path) -> None:
    assert not trust.is_trusted(empty_repo)
    trust.grant(empty_repo)
    assert trust.is_trusted(empty_repo)
    assert [t.folder for t in trust.entries()] == [empty_repo.resolve()]
    assert trust.revoke(empty_repo) is True
    assert not trust.is_trusted(empty_repo)
    assert trust.revoke(empty_repo) is False


def test_trust_is_per_folder_a_sibling_or_a_subfolder_is_not_trusted(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app-evil").mkdir()
    (tmp_path / "app" / "sub").mkdir()
    trust.grant(tmp_path / "app")
    assert trust.is_trusted(tmp_path / "app")
    assert not trust.is_trusted(tmp_path / "app-evil")
    assert not trust.is_trusted(tmp_path / "app" / "sub")


def test_a_link_to_a_trusted_folder_is_the_folder_itself(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    trust.grant(tmp_path / "link")
    assert trust.is_trusted(tmp_path / "real")


def test_the_list_lives_in_the_config_folder_owner_only_and_never_in_the_repository(empty_repo: Path) -> None:
    trust.grant(empty_repo)
    stored = trust.folder() / "trusted-repositories.json"
    assert stored.is_relative_to(paths.config_dir())
    assert os.stat(stored).st_mode & 0o077 == 0
    assert os.stat(trust.folder()).st_mode & 0o077 == 0
    assert [p.name for p in empty_repo.iterdir()] == [".git"]


def test_a_damaged_list_trusts_nothing_and_is_replaced_by_the_next_grant(empty_repo: Path, tmp_path: Path) -> None:
    stored = trust.folder() / "trusted-repositories.json"
    stored.parent.mkdir(parents=True)
    wrong_shapes = {"repositories": [{"folder": str(empty_repo.resolve()), "identity": 7}, "x", None]}
    for damage in (b"\xff\xfe{", b"[", b'{"repositories": 3}', b"[" * 100_000, json.dumps(wrong_shapes).encode()):
        stored.write_bytes(damage)
        assert not trust.is_trusted(empty_repo)
        assert trust.entries() == []
    trust.grant(tmp_path)
    assert trust.is_trusted(tmp_path) and not trust.is_trusted(empty_repo)


def test_the_gate_asks_once_and_lets_a_grant_made_while_asking_run(empty_repo: Path) -> None:
    asked: list[trust.TrustRequest] = []
    request = trust.TrustRequest(empty_repo, "test", "python -m pytest", empty_repo)
    gate = trust.Gate(asked.append)
    assert gate.refusal(request) == trust.NOT_TRUSTED
    assert gate.refusal(request) == trust.NOT_TRUSTED
    assert asked == [request]  # asked once, not at every call

    def yes(request: trust.TrustRequest) -> None:
        trust.grant(request.repo)

    assert trust.Gate(yes).refusal(request) == ""  # a terminal's "y": the call runs
    trust.revoke(empty_repo)
    assert trust.Gate(yes).refusal(request) == ""


def test_a_prompt_that_breaks_runs_nothing(empty_repo: Path) -> None:
    def broken(request: trust.TrustRequest) -> None:
        raise RuntimeError("no terminal")

    request = trust.TrustRequest(empty_repo, "build", "make", empty_repo)
    assert trust.Gate(broken).refusal(request) == trust.NOT_TRUSTED


def test_a_trusted_folder_holding_another_repository_now_is_not_trusted(tmp_path: Path) -> None:
    repo = tmp_path / "work"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    trust.grant(repo)
    _commit(repo, "first")
    assert trust.is_trusted(repo)  # trusted before its first commit: the commit keeps it
    trust.grant(repo)
    _commit(repo, "second")
    assert trust.is_trusted(repo)  # new commits are the same repository
    git(repo, "remote", "add", "origin", "https://github.com/someone/else.git")
    assert not trust.is_trusted(repo)  # now it says it is another repository: ask again
    trust.grant(repo)
    assert trust.is_trusted(repo)


def test_a_second_clone_in_another_folder_is_not_trusted(tmp_path: Path) -> None:
    first = tmp_path / "first"
    first.mkdir()
    git(first, "init", "-q", "-b", "main")
    _commit(first, "start")
    git(tmp_path, "clone", "-q", str(first), str(tmp_path / "second"))
    trust.grant(first)
    assert not trust.is_trusted(tmp_path / "second")


def _commit(repo: Path, message: str) -> None:
    git(repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "--allow-empty", "-m", message)
