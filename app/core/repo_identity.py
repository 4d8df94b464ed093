"""Which repository a folder is, in a form that is the same in every clone and on every machine.

A clone's path says nothing about which repository it holds, so a memory keyed by
path starts empty in a second clone. The identity is, in order:
- the normalised URL of the `origin` remote (`git@github.com:Org/Repo.git`,
  `https://github.com/org/repo` and `ssh://git@github.com/org/repo` are one repository);
- else the id of the root commit (a repository that was never pushed anywhere);
- else the folder's path key, for a folder that is no git repository or has no commit yet.

The identity is what a repository's own files say about it: a hostile checkout can name
any origin. It picks where notes go; it must never be the only thing that grants a right.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

from app.core import git
from app.core.repos import memory_folder_name

IdentityKind = Literal["origin", "root", "path"]

# `user@host:path`, git's scp-like syntax; a colon before any slash marks it (not `C:\...`, not `./a:b`).
_SCP_LIKE = re.compile(r"^(?:(?P<user>[^@/]+)@)?(?P<host>[^:/]{2,}):(?P<path>(?!//).*)$")
_ROOT_ID = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")  # SHA-1 or SHA-256 object names


@dataclass(frozen=True, slots=True)
class RepositoryIdentity:
    """One repository, whichever folder or machine holds it."""

    kind: IdentityKind
    value: str  # normalised URL, root commit id, or the path key (`name-1a2b3c4d`)
    name: str  # the repository's own name, for people: `repo` of `github.com/org/repo`

    @property
    def key(self) -> str:
        """`origin:github.com/org/repo`, `root:<commit id>` or `path:<name>-<hash>`: one string, stable."""
        return f"{self.kind}:{self.value}"


def normalise_remote_url(url: str) -> str | None:
    """`github.com/org/repo` for every spelling of one remote; None when `url` names nothing usable.

    Scheme, user and password, port, a trailing `.git` and slashes go; the whole name is
    lower-cased, because the big hosts (GitHub, GitLab, Bitbucket, Azure DevOps) treat
    `Org/Repo` and `org/repo` as one repository. A remote on this machine (a path or
    `file://`) keeps its path as written, since file systems here tell case apart.
    """
    url = url.strip()
    if not url or any(ord(char) < 32 for char in url):
        return None
    if "://" in url:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme == "file":
            return _local(unquote(parts.path))
        try:
            host = parts.hostname or ""  # without user, password and port
        except ValueError:
            return None
        path = unquote(parts.path)
    else:
        match = _SCP_LIKE.match(url)
        if match is None:
            return _local(url)
        host, path = match["host"], match["path"]
    host = host.strip("[]").lower()
    path = _strip_repo_suffix(path.lower())
    if not host or not path:
        return None
    return f"{host}/{path}"


def repository_identity(folder: Path) -> RepositoryIdentity:
    """The identity of the repository at `folder` (its root), falling back as the module says.

    Runs at most two read-only git commands; never raises for a folder that is no repository.
    """
    resolved = folder.expanduser().resolve()
    path_key = memory_folder_name(resolved)
    remote = _git_line(resolved, "config", "--get", "remote.origin.url")
    normalised = normalise_remote_url(remote) if remote else None
    if normalised:
        return RepositoryIdentity("origin", normalised, _name_of(normalised.rsplit("/", 1)[-1], resolved))
    # With several roots (merged histories) the one on HEAD's first-parent line is the original history.
    root = _git_line(resolved, "rev-list", "--first-parent", "--max-parents=0", "HEAD")
    if root and _ROOT_ID.match(root):
        return RepositoryIdentity("root", root, _name_of(resolved.name, resolved))
    return RepositoryIdentity("path", path_key, _name_of(resolved.name, resolved))


def _local(path: str) -> str | None:
    path = _strip_repo_suffix(path)
    return f"file:{path}" if path else None


def _strip_repo_suffix(path: str) -> str:
    path = path.strip("/")
    if path.endswith(".git"):
        path = path[: -len(".git")].rstrip("/")
    return path


def _name_of(candidate: str, folder: Path) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]", "_", candidate).lstrip(".")
    return name or folder.name or "repo"


def _git_line(repo: Path, *args: str) -> str:
    """The last line git prints, or "" when git is missing, slow or says no."""
    if not (repo / ".git").exists():
        return ""
    try:
        # `config` and `rev-list` run no filter or diff driver, so the driver look-up (one more git) is skipped.
        done = git.git(repo, *args, timeout=10, drivers=[])
    except (OSError, subprocess.SubprocessError):
        return ""
    if done.returncode != 0:
        return ""
    lines = git.text(done.stdout).strip().splitlines()
    return lines[-1].strip() if lines else ""
