"""Which repository paths name secrets by themselves: key files, credential files, secret folders and their backups.

The rules run on the name only, before anything is opened; file content is judged
separately (`app.core.detector.files`). A copy of a secret is as secret as the original, so
every name is also checked with editor and backup decorations taken off
(`id_rsa.bak`, `.env~`, `.env.swp`, `terraform.tfstate.backup`, `id_rsa (copy)`).
"""

from __future__ import annotations

import functools
import os
import re

# Folders whose contents are secrets or a version-control system's own machinery.
_SECRET_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", ".ssh", ".gnupg", ".aws", ".azure", ".kube", ".docker", ".env", ".env.d",
        "secrets", ".secrets", ".password-store", ".terraform", ".gcloud", ".oci", ".vault", ".huggingface",
        ".ngrok2", ".terraform.d", ".databricks",
    }
)  # fmt: skip
_SECRET_NAMES = frozenset(
    {
        ".netrc", "_netrc", ".npmrc", ".pypirc", ".git-credentials", ".gitcredentials", ".htpasswd", "htpasswd",
        ".pgpass", "pgpass.conf", ".my.cnf", ".dockercfg", ".dockerconfigjson", ".boto", ".s3cfg", ".yarnrc.yml",
        ".terraformrc", "terraform.rc", "credentials", "credentials.json", "credentials.toml", "credentials.yml",
        "credentials.yaml", "credentials.xml", "credentials.csv", "secrets.json", "secrets.yml", "secrets.yaml",
        "secrets.toml", "secrets.ini", "known_hosts", "authorized_keys", "keystore", ".vault-token", "token.json",
        ".envrc", "kubeconfig", "kube.config", "auth.json", "settings-security.xml", "service-account.json",
        "serviceaccount.json", "client_secrets.json", "master.key", "credentials.yml.enc",
        # Package managers and build tools that keep registry tokens or signing passwords in a file.
        "pip.conf", "pip.ini", "nuget.config", "gradle.properties", "keystore.properties", "settings.xml",
        ".yarnrc", ".credentials", "credentials.tfrc.json", ".databrickscfg", "kaggle.json",
        ".clasprc.json", "ngrok.yml", "application_default_credentials.json", ".mylogin.cnf", "wp-config.php",
        # Cloud functions' local secrets (Cloudflare Workers, Azure Functions).
        ".dev.vars", "local.settings.json",
        # File transfer and sync tools that store host passwords.
        "sftp-config.json", "sftp.json", ".ftpconfig", ".ftppass", "rclone.conf", "filezilla.xml",
        "recentservers.xml", "sitemanager.xml", "winscp.ini", ".passwd-s3fs", "passwd-s3fs", ".smbcredentials",
        ".fetchmailrc", ".msmtprc", ".esmtprc", ".p4tickets", "credentials-config.json", ".pgpass.conf",
        # Shell and REPL histories: commands typed with a token or password in them.
        ".bash_history", ".zsh_history", ".zhistory", ".sh_history", ".history", ".python_history",
        ".psql_history", ".mysql_history", ".sqlite_history", ".rediscli_history", ".node_repl_history",
        ".irb_history", ".pry_history", "fish_history",
    }
)  # fmt: skip
_KEY_SUFFIXES = frozenset(
    {
        ".pem", ".key", ".p12", ".pfx", ".crt", ".cer", ".der", ".p7b", ".p8", ".pkcs8", ".pkcs12", ".jks",
        ".keystore", ".ppk", ".gpg", ".pgp", ".asc", ".kdbx", ".ovpn", ".tfstate", ".tfvars", ".keytab",
        ".kubeconfig", ".htpasswd", ".netrc", ".pgpass", ".npmrc", ".pypirc", ".age", ".publishsettings",
        ".keychain", ".keychain-db", ".psafe3", ".agilekeychain", ".kwallet",
    }
)  # fmt: skip
_KEY_NAME = re.compile(
    r"^id_(rsa|dsa|ecdsa|ed25519|xmss)"  # ssh-keygen's names, with any suffix: id_rsa_work, id_ed25519_sk
    r"|^ssh_host_\w+_key"
    r"|[_.-](rsa|dsa|ecdsa|ed25519)(_sk)?$"  # deploy_rsa, github.ed25519
    r"|^client_secret.*\.json$|^gha-creds-.*\.json$"
    r"|^\.?(ansible[-_.]?)?vault[-_.]?(pass|password|passwd|pw|secret|key)([-_.]?file)?(\.txt)?$"  # Ansible
)
# Decorations editors and people add to copies: removed one at a time, each result checked again.
_BACKUP_SUFFIX = re.compile(
    r"(\.(bak|backup|old|orig|save|saved|sav|tmp|temp|copy|prev|previous|swp|swo|swn|dist-old|\d+)"
    r"|~|\.~\d+~| ?\(copy( \d+)?\)| copy( \d+)?| ?\(\d+\)|[-_](copy|backup|bak|old))$"
)


@functools.lru_cache(maxsize=65_536)  # a search asks about every tracked file, every time
def secret_reason(relative: str) -> str:
    """Why a repository-relative path must never be read or searched, or "" when its name is fine."""
    parts = [p for p in relative.replace("\\", "/").split("/") if p not in ("", ".")]
    for part in parts[:-1]:
        if _dir_is_secret(part.casefold()):
            return f"'{part}' holds repository internals or secrets and is never read"
    if not parts:
        return ""
    shown = parts[-1]
    for name in _spellings(shown.casefold()):
        reason = _name_reason(name, shown)
        if reason:
            return reason
    return ""


def _dir_is_secret(name: str) -> bool:
    return any(spelling in _SECRET_DIRS for spelling in _spellings(name))


def _spellings(name: str) -> list[str]:
    """`name` and every name left when backup decorations are taken off, one at a time."""
    found = [name]
    current = name
    for _ in range(6):
        if current.startswith("#") and current.endswith("#") and len(current) > 2:  # Emacs auto-save
            current = current[1:-1]
        else:
            stripped = _BACKUP_SUFFIX.sub("", current)
            if stripped == current or not stripped:
                break
            current = stripped
        found.append(current)
        if current.startswith(".") and found[-2].endswith((".swp", ".swo", ".swn")):
            found.append(current[1:])  # Vim's swap file of "id_rsa" is ".id_rsa.swp"
    return found


def _name_reason(name: str, shown: str) -> str:
    if name == ".git":
        return "'.git' holds repository internals and is never read; use git_status instead"
    if name in (".env", ".envrc") or name.startswith((".env.", ".envrc.", ".dev.vars.")) or name.endswith(".env"):
        return f"'{shown}' is an environment file that may hold secrets, and is never read"
    if name in _SECRET_DIRS:
        return f"'{shown}' holds secrets and is never read"
    if name in _SECRET_NAMES or name.startswith(("terraform.tfstate", ".terraform.tfstate")):
        return f"'{shown}' is a credentials file and is never read"
    if os.path.splitext(name)[1] in _KEY_SUFFIXES or name.endswith(".tfvars.json") or _KEY_NAME.search(name):
        return f"'{shown}' is a key or certificate file and is never read"
    return ""
