"""Secrets are masked in everything a tool returns to the model: one test per tool, through the real loop."""

from __future__ import annotations

import secrets
from pathlib import Path

import anthropic
import pytest

from app.bench.fakeapi import FakeAPI
from app.bench.fakereplies import text, tool_use
from app.core.agent.session import Session
from app.core.agent.tools.masking import mask
from app.core.settings import Settings
from tests.conftest import git, trusted
from tests.hostile.leaky import ENV_NAME, Secrets, make_leaky_repo, secret_home

STRIPE = "sk_live_" + secrets.token_hex(12)
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"


@pytest.fixture
def person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Secrets:
    found = secret_home(tmp_path)
    monkeypatch.setenv("HOME", str(found.home))
    monkeypatch.setenv(ENV_NAME, found.env_token)
    return found


def _result(fake: FakeAPI, repo: Path, client: anthropic.Anthropic, name: str, args: dict[str, str]) -> str:
    fake.script(tool_use(name, args), text("Done."))
    Session(repo, Settings(), client=client).run_turn("go")
    assert not fake.problems
    raw = b"".join(r.raw for r in fake.requests).decode()
    result = fake.requests[1].body["messages"][-1]["content"][0]["content"]
    return raw + "\n" + result


def _no_secret(seen: str, person: Secrets) -> None:
    leaked = [name for name, value in {**person.values, "stripe": STRIPE}.items() if value in seen]
    assert leaked == [], f"reached the API: {leaked}"


@pytest.mark.slow
def test_the_test_tool_masks_a_key_a_token_and_the_environment_a_test_printed(
    tmp_path: Path, person: Secrets, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    repo = trusted(make_leaky_repo(tmp_path, tmp_path / "ran"))
    seen = _result(fake, repo, client, "test", {})
    assert (tmp_path / "ran").exists()
    _no_secret(seen, person)
    assert "[hidden: an OpenSSH private key, " in seen
    assert "oauth_token: gho_…[hidden: a GitHub token]" in seen  # the rest of the line stays
    assert f"[hidden: the value of ${ENV_NAME}]" in seen
    assert "Tests FAILED" in seen and "1 failed" in seen


def test_the_build_tool_masks_what_an_import_error_says(
    tmp_path: Path, person: Secrets, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    repo = make_leaky_repo(tmp_path, tmp_path / "ran")
    (repo / "shop").mkdir()
    (repo / "shop" / "__init__.py").write_text(
        f"import os\nraise RuntimeError('deploy with ' + os.environ['{ENV_NAME}'] + ' and {STRIPE}')\n"
    )
    seen = _result(fake, trusted(repo), client, "build", {})
    _no_secret(seen, person)
    assert "Build FAILED" in seen
    assert f"RuntimeError: deploy with [hidden: the value of ${ENV_NAME}] and sk_live_…[hidden: a Stripe key]" in seen


@pytest.fixture
def notes_repo(empty_repo: Path, person: Secrets) -> Path:
    (empty_repo / "docs").mkdir()
    (empty_repo / "docs" / "setup.md").write_text(
        f"# Setup\n\nThe deploy token is {person.env_token} for now.\nStripe: {STRIPE} (rotate me)\n"
        f"oauth_token: {person.gh_token}\n"
    )
    git(empty_repo, "add", ".")
    git(empty_repo, "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", f"use {STRIPE}")
    (empty_repo / f"{person.gh_token}.txt").write_text("untracked\n")
    return empty_repo


def test_read_file_masks_values_and_keeps_the_lines(
    notes_repo: Path, person: Secrets, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    seen = _result(fake, notes_repo, client, "read_file", {"path": "docs/setup.md"})
    _no_secret(seen, person)
    assert f"3  The deploy token is [hidden: the value of ${ENV_NAME}] for now." in seen
    assert "4  Stripe: sk_live_…[hidden: a Stripe key] (rotate me)" in seen
    assert "5  oauth_token: gho_…[hidden: a GitHub token]" in seen


def test_search_code_masks_matching_lines(
    notes_repo: Path, person: Secrets, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    seen = _result(fake, notes_repo, client, "search_code", {"pattern": "token|stripe"})
    _no_secret(seen, person)
    assert f"docs/setup.md:3: The deploy token is [hidden: the value of ${ENV_NAME}] for now." in seen
    assert "docs/setup.md:4: Stripe: sk_live_…[hidden: a Stripe key] (rotate me)" in seen


def test_git_status_masks_file_names_and_commit_subjects(
    notes_repo: Path, person: Secrets, fake: FakeAPI, client: anthropic.Anthropic
) -> None:
    seen = _result(fake, notes_repo, client, "git_status", {})
    _no_secret(seen, person)
    assert "gho_…[hidden: a GitHub token].txt" in seen
    assert "Dev: use sk_live_…[hidden: a Stripe key]" in seen


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("key=AKIAIOSFODNN7EXAMPLE;", "key=[hidden: an AWS access key ID];"),
        ("postgres://app:S3cr3tPassw0rd@db:5432/x", "postgres://app:[hidden: a password in a URL]@db:5432/x"),
        ("Authorization: Bearer " + JWT, "Authorization: Bearer [hidden: a JSON Web Token]"),
        ("a commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f and a uuid 123e4567-e89b-12d3-a456-426614174000", None),
    ],
)  # fmt: skip
def test_mask_replaces_the_value_by_its_kind(given: str, shown: str | None) -> None:
    assert mask(given, {}) == (given if shown is None else shown)


def test_a_key_cut_off_before_its_end_is_still_hidden_through_its_lines() -> None:
    key = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(["E       " + "A" * 64] * 5) + "\n"
    assert mask(f"before\n{key}after: ok\n", {}) == "before\n[hidden: an RSA private key, 7 lines]after: ok\n"


def test_the_environment_secret_names_and_only_long_values() -> None:
    environ = {"NPM_TOKEN": "npm-value-1234", "DB_PASSWORD_FILE": "pw-value-5678", "API_KEY": "short",
               "HOME": "/home/dev/projects", "GITHUB_SECRET": "gh-secret-9012", "EDITOR": "vim-value-1234"}  # fmt: skip
    out = mask("npm-value-1234 pw-value-5678 short /home/dev/projects gh-secret-9012 vim-value-1234", environ)
    assert out == (
        "[hidden: the value of $NPM_TOKEN] [hidden: the value of $DB_PASSWORD_FILE] short /home/dev/projects "
        "[hidden: the value of $GITHUB_SECRET] vim-value-1234"
    )


def test_the_apps_own_source_passes_unchanged() -> None:
    root = Path(__file__).resolve().parents[3] / "app"
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert mask(source, {}) == source, path
