"""The shared "may this file be shown" decision: names (with backups and copies), content in every encoding."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from app.core.agent.tools import disclosure, process, read_file, search_code
from app.core.agent.tools.secret_names import secret_reason
from app.core.detector.files import secret_kind
from tests.conftest import git

KEY = "-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"


@pytest.mark.parametrize(
    "name",
    [
        "id_rsa.bak", "id_rsa.old", "id_rsa.orig", "id_rsa~", ".id_rsa.swp", "id_rsa (copy)", "id_ed25519_work",
        "deploy/deploy_rsa", ".env.bak", ".env~", ".env.swp", ".env.old", "#.env#", "config/prod.env.orig",
        "terraform.tfstate", "terraform.tfstate.backup", "infra/terraform.tfstate.1", "secrets/db.txt",
        ".secrets/x", ".env.d/api", "kubeconfig", "ops/kubeconfig.bak", ".kube/config", ".hg/hgrc",
        ".dockerconfigjson", ".docker/config.json", "htpasswd", ".htpasswd", "ci/service.keytab",
        ".vault_pass.txt", "vault-password", "ansible/.vault_pass", ".netrc", "_netrc", ".netrc.bak", ".pgpass",
        ".npmrc", ".npmrc.orig", ".pypirc", "ssh_host_ed25519_key", "server.key.old", "cert.pem~",
        "gha-creds-1234.json", "client_secret_1234.json",
    ],
)  # fmt: skip
def test_secret_names_and_their_backups_are_refused(name: str) -> None:
    assert secret_reason(name)


@pytest.mark.parametrize(
    "name",
    [
        ".dev.vars", ".dev.vars.production", "api/local.settings.json", "pip.conf", "pip/pip.ini",
        "NuGet.Config", ".nuget/NuGet/NuGet.Config", "gradle.properties", "android/keystore.properties",
        "sftp-config.json", ".vscode/sftp.json", ".ftpconfig", ".bash_history", ".zsh_history", ".sh_history",
        ".python_history", ".psql_history", ".mysql_history", ".node_repl_history", "fish_history",
        "rclone.conf", ".config/rclone/rclone.conf", ".pgpass.conf", ".m2/settings.xml", "settings.xml",
        ".envrc.local", ".envrc.bak", ".yarnrc", ".mylogin.cnf", ".git-credentials.bak", ".databrickscfg",
        "credentials.tfrc.json", "prod.tfvars.json", "kaggle.json", ".clasprc.json", "ngrok.yml",
        "application_default_credentials.json", "filezilla.xml", "recentservers.xml", "sitemanager.xml",
        "WinSCP.ini", ".s3cfg.bak", ".passwd-s3fs", ".smbcredentials", ".fetchmailrc", ".msmtprc",
        "wp-config.php", ".p4tickets", "credentials-config.json", "app.publishsettings", "Login.keychain-db",
        "vault.psafe3", ".ivy2/.credentials", ".huggingface/token",
    ],
)  # fmt: skip
def test_credential_files_of_more_tools_are_refused(name: str) -> None:
    """Found in gitleaks', shhgit's and gitrob's file rules and in the tools' own documentation."""
    assert secret_reason(name)


@pytest.mark.parametrize(
    "name",
    [
        "src/app.py", "README.md", "src/rsa.py", "tests/test_keys.py", "docs/secrets-handling.md",
        "src/secrets_manager.py", "vault_password.py", "app.py.bak", "notes.1", "env.py", "src/keyboard.c",
        "Makefile.old", "id.py", "deploy/key_rotation.md", "CHANGELOG.orig.md", "settings.py", "src/history.py",
        "gradle/wrapper/gradle-wrapper.properties", "settings.gradle", "pip_requirements.txt", "docs/history.md",
    ],
)  # fmt: skip
def test_ordinary_names_pass(name: str) -> None:
    assert secret_reason(name) == ""


SA = {"type": "service_account", "private_key": "MIIEvQIBADANBg", "client_email": "x@p.iam.gserviceaccount.com"}


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (KEY.encode(), "a private key"),
        (KEY.encode("utf-16"), "a private key"),  # saved by a Windows editor
        (KEY.encode("utf-16-le"), "a private key"),  # ... without a byte-order mark
        (KEY.encode("utf-32"), "a private key"),
        (b"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdGBF\n", "a private key"),
        (b"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n", "a PuTTY private key"),
        (b"AGE-SECRET-KEY-1QQPQXYZ2W3E4R5T6Y7U8Q9P0PASDFGHJKLZXCVNMQWERTYUPAS\n", "an age secret key"),
        (b"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\n", "an SSH2 private key"),
        (json.dumps(SA).encode(), "a cloud service-account key"),
        (b"tls.key: " + base64.b64encode(KEY.encode()), "a base64-encoded private key"),
        (b'{"auths": {"ghcr.io": {"auth": "dXNlcjpwYXNzd29yZA=="}}}', "Docker registry credentials"),
        (b"[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n", "AWS credentials"),
        (b"//registry.npmjs.org/:_authToken=npm_abcdefghijklmnop\n", "a registry token"),
    ],
)
def test_secret_content_is_recognised_in_every_encoding(data: bytes, kind: str) -> None:
    assert secret_kind(data) == kind


@pytest.mark.parametrize(
    "data",
    [
        b"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
        b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI dev@laptop\n",
        b"if b'PRIVATE KEY' in data:\n    raise ValueError('keys are refused')\n",
        b"Keys start with -----BEGIN and end with -----END.\n",
        b'{"client_email": "ops@example.com", "note": "no key here"}',
        "plain text in UTF-16, nothing secret".encode("utf-16"),
    ],
)
def test_ordinary_text_is_not_taken_for_a_secret(data: bytes) -> None:
    assert secret_kind(data) == ""


def test_read_file_and_search_make_the_same_decision_and_follow_changes(empty_repo: Path) -> None:
    (empty_repo / "notes.txt").write_text("needle: nothing secret yet\n")
    git(empty_repo, "add", ".")
    assert "notes.txt:1:" in search_code(empty_repo, "needle").text
    assert not read_file(empty_repo, "notes.txt").is_error
    (empty_repo / "notes.txt").write_text("needle: now a key\n" + KEY)  # the file changes under the cache
    assert search_code(empty_repo, "needle").text.startswith("No matches")
    refused = read_file(empty_repo, "notes.txt")
    assert refused.is_error and "private key" in refused.text
    assert disclosure.check(empty_repo.resolve(), "notes.txt").reason == refused.text.removeprefix("Refused: ")[:-1]


def test_a_file_edited_between_questions_keeps_one_verdict(empty_repo: Path) -> None:
    # Keyed by the file's size and times, each edit left one more verdict for good: growth all day.
    (empty_repo / "notes.txt").write_text("needle: nothing secret\n")
    git(empty_repo, "add", ".")
    assert "notes.txt:1:" in search_code(empty_repo, "needle").text
    kept = disclosure.verdicts_kept()
    for n in range(30):
        (empty_repo / "notes.txt").write_text(f"needle: edit {n}\n" + "x" * n)
        assert f"needle: edit {n}" in search_code(empty_repo, "needle").text
    (empty_repo / "notes.txt").write_text("needle: a key now\n" + KEY)
    assert search_code(empty_repo, "needle").text.startswith("No matches")  # the newest verdict is the one used
    assert disclosure.verdicts_kept() == kept


def test_a_hard_link_is_never_searched(empty_repo: Path) -> None:
    (empty_repo / "a.txt").write_text("needle inside a\n")
    (empty_repo / "b.txt").hardlink_to(empty_repo / "a.txt")
    git(empty_repo, "add", ".")
    result = search_code(empty_repo, "needle")
    assert "a.txt:1:" not in result.text and "b.txt:1:" not in result.text
    assert "2 tracked file(s) are never searched" in result.text


@pytest.mark.parametrize("argument", ["a&calc", "a|b", "a>b", "a<b", "a^b", "%PATH%", 'a"b', "a!b"])
def test_batch_files_never_get_an_argument_cmd_exe_would_act_on(argument: str) -> None:
    assert process.batch_refusal(["C:/node/npm.cmd", "run", "test", "--", argument], windows=True)
    assert process.batch_refusal(["C:/Tools/RUN.BAT", argument], windows=True)
    assert not process.batch_refusal(["C:/dotnet/dotnet.exe", argument], windows=True)
    assert not process.batch_refusal(["C:/node/npm.cmd", "run", "test", "--", "adds numbers"], windows=True)


def test_gitattributes_cannot_turn_a_binary_file_into_searchable_text(empty_repo: Path) -> None:
    (empty_repo / ".gitattributes").write_text("*.dat diff\n")  # git grep -I would then search it as text
    (empty_repo / "blob.dat").write_bytes(b"\0\1\2 needle-in-binary-4411 \0")
    git(empty_repo, "add", ".")
    result = search_code(empty_repo, "needle")
    assert "needle-in-binary-4411" not in result.text


@pytest.mark.parametrize("flag", ["--assume-unchanged", "--skip-worktree"])
def test_an_index_copy_that_differs_from_the_checked_file_is_never_searched(empty_repo: Path, flag: str) -> None:
    (empty_repo / "config.txt").write_text("needle TOKEN=needle-index-secret-5150\n")
    git(empty_repo, "add", ".")
    git(empty_repo, "update-index", flag, "config.txt")
    (empty_repo / "config.txt").write_text("needle nothing here\n")  # what read_file would see and allow
    result = search_code(empty_repo, "needle")
    assert "needle-index-secret-5150" not in result.text
