"""Citations: the repository paths and code definitions one memory line rests on, found when it is written.

A line cites a path it names when git tracks that path (a file, or a folder holding tracked files;
a bare file name when exactly one tracked file has it), and an identifier it names when the
identifier has a definition (`def name`, `class Name`, `func Name`, a C# or Java member, ...) in
exactly one tracked file. Each citation keeps what the check at session start compares: the
file's digest, or the definition's line text and the digest of its extent.

Identifiers are found cheaply and safely: names.py picks the code-shaped words (snake_case,
camelCase, CamelCase with two humps, `quoted` names), plain words must be quoted and not common,
and one `git grep -F -w` (through app.core.git, which runs no repository program) finds the lines
that hold any of them; the definition shapes are then matched here, in Python. A name defined in
several files says nothing about which one the line means, so it is not cited.

What is cited is read from the checkout (the tracked files as they are on disk), the same tree the
agent read them in and the check compares against; a line about a file the developer has edited
but not committed is anchored to the text the agent saw. Lines written before citations existed
are resolved at the commit their file was written at (`at=`), so their first check already shows
what changed since.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import stat
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from app.core import git as safe_git
from app.core.memory.names import named_in

log = logging.getLogger(__name__)

GIT_TIMEOUT = 5.0
READ_LIMIT = 1_000_000  # a bigger cited file is anchored by its size alone: session start reads no megabytes
EXTENT_LIMIT = 400  # lines of a definition that its digest covers
MAX_NAMES = 64  # identifiers looked up per write; a store holds a few dozen lines
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # 0 on Windows, where a link is looked for first
_OBJECT_NAME = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CODE_SHAPED = re.compile(r"[A-Za-z0-9]_[A-Za-z0-9]|[a-z0-9][A-Z]")
# Plain words that are names in every code base; a quoted one still says nothing about which definition.
_COMMON = """
self this that main test tests init setup build config data value values name names result results error
errors index item items list dict string number object type types file files path paths true false none null
todo note notes readme default options settings utils helper helpers common base core client server model
models view views event events state start stop run runs check update create delete write read open close
load save parse print format input output request response handler handlers manager service services args
kwargs params context session user users admin app application module package class function method
"""
COMMON_WORDS = frozenset(_COMMON.split())

# Definition shapes, matched in Python on the lines `git grep` found: {S} a space or tab, {N} the name.
_MODIFIERS = (
    r"export|default|public|private|protected|internal|static|abstract|final|sealed|partial|async|pub|unsafe"
    r"|extern|open|data|inline|override|virtual|readonly|declare"
)
_DEFINITIONS = (
    # def, class, function, func (with a Go receiver), fn, struct, interface, type, const ... NAME
    r"^{S}*(?:(?:" + _MODIFIERS + r"|pub\([a-z]+\)){S}+)*"
    r"(?:def|class|function|func|fn|interface|struct|enum|trait|type|record|module|object|impl|namespace"
    r"|protocol|union|const|let|var|val|macro_rules!)"
    r"{S}+(?:\([^)]*\){S}*)?{N}(?![A-Za-z0-9_])",
    # a module-level assignment: NAME = ..., NAME: type = ... (Python constants and aliases)
    r"^{N}{S}*(?::[^=]*)?=(?!=)",
    # a C#, Java or C++ member: modifiers, a type, NAME, then ( < { = or ;
    r"^{S}*(?:(?:public|private|protected|internal|static|virtual|override|abstract|sealed|async|final|partial"
    r"|readonly|extern|unsafe|new|synchronized|const){S}+)+[\w<>\[\],.?*& ]*[\s*&]{N}{S}*[(<{=;]",
    # a C function at the start of a line: a return type, NAME and its parameters
    r"^(?!(?:if|elif|while|for|return|assert|await|print|not|with|yield|raise|del|else|switch|case|throw)\b)"
    r"[A-Za-z_][\w *<>,:&]*[\s*&]{N}{S}*\([^;]*$",
)


def _definition(name: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{d})" for d in _DEFINITIONS).replace("{S}", r"[ \t]").replace("{N}", name))


@dataclass(frozen=True)
class Citation:
    """One thing a line rests on: a path, or a definition (`symbol`) in the file at `path`."""

    path: str  # repository path, '/'-separated; a folder without its trailing slash
    symbol: str | None = None
    line: str = ""  # the definition's line text, stripped (symbols only)
    digest: str = ""  # the file's content, or the definition's extent; "" for a folder

    @property
    def folder(self) -> bool:
        return self.symbol is None and not self.digest

    def as_json(self) -> dict[str, str | None]:
        """What `memory show --json` says of it."""
        return {"path": self.path, "symbol": self.symbol}


@runtime_checkable
class CitationLog(Protocol):
    """Where a store keeps what each line cites: the journal's shared half, since it is about the line.

    A backend that keeps none yet still has its lines checked: they are found afresh each session.
    """

    def citations(self, paths: Iterable[str] | None = None) -> dict[str, dict[str, str]]:
        """What each line cites, as kept: file -> normalised line -> `dumps` text (of `paths`, or all)."""

    def set_citations(self, path: str, rows: Mapping[str, str | None]) -> None:
        """Keep the citations of lines of `path` (None drops a line's)."""


def dumps(cites: Iterable[Citation]) -> str:
    return json.dumps([[c.path, c.symbol, c.line, c.digest] for c in cites], ensure_ascii=False)


def loads(text: str) -> tuple[Citation, ...] | None:
    """The citations as kept in the journal; None when unreadable (they are found again)."""
    try:
        data = json.loads(text)
        return tuple(Citation(str(p), None if s is None else str(s), str(ln), str(d)) for p, s, ln, d in data)
    except (ValueError, TypeError):
        return None


def content_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def size_digest(size: int) -> str:
    return f"size:{size}"


def extent(lines: list[str], at: int) -> list[str]:
    """The lines of the definition starting at `at`: up to the next line indented no deeper that is not a closer.

    Good enough for indented languages and for braces alike (`}`, `{` on its own line, `end`), and
    cheap: only the cited file is read, once.
    """
    first = lines[at]
    indent = len(first) - len(first.lstrip())
    end = at + 1
    while end < len(lines) and end - at < EXTENT_LIMIT:
        text = lines[end]
        stripped = text.lstrip()
        if stripped and len(text) - len(stripped) <= indent and not stripped.startswith(("}", ")", "]", "{", "end")):
            break
        end += 1
    while end > at + 1 and not lines[end - 1].strip():
        end -= 1  # blank lines before the next definition belong to neither
    return lines[at:end]


def extent_digest(lines: list[str], at: int) -> str:
    body = "\n".join(line.rstrip() for line in extent(lines, at))
    return content_digest(body.encode("utf-8", "surrogatepass"))


def definition_lines(text: str, name: str) -> list[int]:
    """Indexes of the lines of `text` that define `name`."""
    pattern = _definition(name)
    return [i for i, line in enumerate(text.split("\n")) if name in line and pattern.search(line)]


def identifiers(line: str) -> list[str]:
    """The names in `line` that could be code: code-shaped, or quoted and not a common word."""
    quoted = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", line))
    found: list[str] = []
    for name in named_in(line).identifiers:
        if not _PLAIN.fullmatch(name) or len(name) < 4:
            continue
        if _CODE_SHAPED.search(name) or (name in quoted and len(name) >= 5 and name.lower() not in COMMON_WORDS):
            found.append(name)
    return found


class Listing:
    """The checkout's tracked files (one `ls-files`), with their folders and file names."""

    def __init__(self, repo: Path) -> None:
        listing = run_git(repo, "ls-files", "-z", "--cached")
        self.files = {p for p in safe_git.text(listing or b"").split("\0") if p}
        self.folders = {p.rsplit("/", 1)[0] for p in self.files if "/" in p}
        self.folders |= {f.rsplit("/", i)[0] for f in list(self.folders) for i in range(1, f.count("/") + 1)}
        self.by_name: dict[str, list[str]] = {}
        for p in sorted(self.files):
            self.by_name.setdefault(p.rpartition("/")[2], []).append(p)


class _Tree:
    """The tracked files, read from the checkout or at a commit, through git; any failure leaves it empty.

    Which files exist is the checkout's `ls-files` either way (a bare file name is looked up there);
    at a commit, whether a path was a file or a folder then, and its bytes, come from one `cat-file
    --batch` for all of them, so an older line costs a few processes, not a walk of the whole tree.
    """

    def __init__(self, repo: Path, commit: str | None, listing: Listing | None = None) -> None:
        self.repo = repo
        self.commit = commit if commit and _OBJECT_NAME.fullmatch(commit) else None
        listing = listing or Listing(repo)
        self.files, self.folders, self.by_name = listing.files, listing.folders, listing.by_name
        self._texts: dict[str, bytes | int | None] = {}
        self._kinds: dict[str, str] = {}  # at a commit: path -> "file" or "dir" (absent: neither)
        self._checkout = Checkout(repo)

    def kind(self, path: str) -> str:
        """ "file", "dir" or "" (not tracked there)."""
        if not self.commit:
            return "file" if path in self.files else "dir" if path in self.folders else ""
        self.prefetch([path])
        return self._kinds.get(path, "")

    def _git(self, *args: str, stdin: bytes | None = None) -> bytes | None:
        return run_git(self.repo, *args, stdin=stdin)

    def read(self, path: str) -> bytes | int | None:
        """The file's bytes, its size past READ_LIMIT, or None (unreadable)."""
        if path not in self._texts:
            self.prefetch([path])
        return self._texts[path]

    def prefetch(self, paths: Iterable[str]) -> None:
        """Read every path not read yet; at a commit, all of them through one `cat-file --batch`."""
        wanted = [p for p in dict.fromkeys(paths) if p and p not in self._texts]
        if not wanted:
            return
        if not self.commit:
            for path in wanted:
                self._texts[path] = self._checkout.read(path) if path in self.files else None
            return
        out = self._git("cat-file", "--batch", stdin="".join(f"{self.commit}:{p}\n" for p in wanted).encode())
        at = 0
        for path in wanted:  # one answer per name, in order: "<object> <type> <size>" and the object, or "... missing"
            self._texts[path] = None
            end = out.find(b"\n", at) if out else -1
            if out is None or end == -1:
                continue
            fields = out[at:end].split()
            at = end + 1
            if len(fields) != 3 or not fields[2].isdigit():
                continue
            size = int(fields[2])
            body, at = out[at : at + size], at + size + 1
            if fields[1] == b"blob":
                self._texts[path] = size if size > READ_LIMIT else body
                self._kinds[path] = "file"
            elif fields[1] == b"tree":
                self._kinds[path] = "dir"

    def grep(self, names: list[str]) -> list[tuple[str, str]]:
        return grep(self.repo, names, self.commit)


def run_git(repo: Path, *args: str, stdin: bytes | None = None) -> bytes | None:
    """Git's output, or None when it failed; drivers=[]: these commands read blobs and names, never
    through a filter or diff driver, so the helper's `git config` look-up is skipped."""
    try:
        done = safe_git.git(repo, *args, timeout=GIT_TIMEOUT, drivers=[], stdin=stdin)
    except (OSError, subprocess.SubprocessError):
        log.warning("git %s failed in %s", args[0], repo, exc_info=True)
        return None
    return done.stdout if done.returncode in (0, 1) else None  # grep: 1 means nothing found


def grep(repo: Path, names: list[str], commit: str | None = None) -> list[tuple[str, str]]:
    """(path, line) of every tracked line holding one of `names` as a whole word (at `commit`, or on disk)."""
    if not names:
        return []
    # Explicit options, so a repository's grep.* config (line numbers, columns, pattern type) cannot change the output.
    args = ["grep", "-z", "-I", "-w", "-F", "--no-color", "--full-name", "--no-line-number", "--no-column"]
    for name in names:
        args += ["-e", name]
    if commit:
        args.append(commit)
    out = run_git(repo, *args, "--")
    if not out:
        return []
    hits: list[tuple[str, str]] = []
    prefix = f"{commit}:" if commit else ""
    for record in safe_git.text(out).split("\n"):
        path, sep, text = record.partition("\0")
        if sep:
            hits.append((path.removeprefix(prefix), text))
    return hits


class Checkout:
    """Tracked files read from the checkout, never through a link and never out of the repository.

    The paths come from memory lines, so each folder on the way is checked once to be a plain
    folder (not a link, not `.git`), and the file is opened without following a link and read only
    when it is a regular file (a FIFO or a device would block or never end).
    """

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._root = os.fspath(repo)  # plain strings: a session start reads dozens of files, pathlib costs more
        self._plain: dict[str, bool] = {"": True}

    def _full(self, path: str) -> str:
        return os.path.join(self._root, *path.split("/"))

    def is_folder(self, folder: str) -> bool:
        """Whether `folder` (relative, '/'-separated) is a plain folder inside the repository."""
        if folder not in self._plain:
            parent, _, name = folder.rpartition("/")
            plain = name not in ("", ".", "..", ".git") and self.is_folder(parent)
            if plain:
                try:
                    plain = stat.S_ISDIR(os.lstat(self._full(folder)).st_mode)
                except (OSError, ValueError):
                    plain = False
            self._plain[folder] = plain
        return self._plain[folder]

    def read(self, path: str) -> bytes | int | None:
        """The file's bytes, its size past READ_LIMIT, or None when it is not a regular file in the repository."""
        folder, _, name = path.rpartition("/")
        if name in ("", ".", "..", ".git") or not self.is_folder(folder):
            return None
        full = self._full(path)
        try:
            if not _NO_FOLLOW and os.path.islink(full):
                return None
            fd = os.open(full, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        except (OSError, ValueError):
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return None
            if info.st_size > READ_LIMIT:
                return info.st_size
            chunks: list[bytes] = []
            while chunk := os.read(fd, READ_LIMIT + 1 - sum(map(len, chunks))):
                chunks.append(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)


def file_digest(data: bytes | int) -> str:
    """The anchor of a file's content (its size alone when it was too big to read)."""
    return size_digest(data) if isinstance(data, int) else content_digest(data)


def find(
    repo: Path | None, lines: Iterable[str], *, at: str | None = None, listing: Listing | None = None
) -> dict[str, tuple[Citation, ...]]:
    """line -> its citations, for every line given; one `ls-files` and at most one `git grep` for all of them.

    `at`: resolve at this commit instead of the checkout (lines journaled before citations existed);
    `listing`: the checkout's files when the caller has them (several commits in a row).
    Without a repository, or when git fails, lines cite nothing (they are unanchored, never refused).
    """
    wanted = [line for line in dict.fromkeys(lines)]
    result: dict[str, tuple[Citation, ...]] = {line: () for line in wanted}
    if repo is None or not wanted:
        return result
    per_line = {line: (named_in(line).paths, identifiers(line)) for line in wanted}
    if not any(paths or names for paths, names in per_line.values()):
        return result  # nothing to look up: no git at all
    tree = _Tree(repo, at, listing)
    if not tree.files:
        return result
    all_names = sorted({n for _paths, names in per_line.values() for n in names})[:MAX_NAMES]
    hits = tree.grep(all_names)
    named_files = {_tracked(tree, p) for paths, _names in per_line.values() for p in paths}
    tree.prefetch([*named_files, *(path for path, _text in hits)])
    definitions = _definitions(tree, all_names, hits)
    for line, (paths, names) in per_line.items():
        cites: dict[tuple[str, str | None], Citation] = {}
        for named in paths:
            cite = _path_cite(tree, named)
            if cite is not None:
                cites.setdefault((cite.path, None), cite)
        for name in names:
            cite = definitions.get(name)
            if cite is not None:
                cites.setdefault((cite.path, name), cite)
        result[line] = tuple(cites.values())
    return result


def _tracked(tree: _Tree, named: str) -> str:
    """The repository path a named path stands for; "" when a bare file name matches no file, or several."""
    bare = named.rstrip("/")
    if "/" not in named:  # a bare file name (Parser.cs); "docs/" is a folder at the root
        matches = tree.by_name.get(bare, [])
        return matches[0] if len(matches) == 1 else ""  # none (a plan, a word), or several: which one?
    return bare


def _path_cite(tree: _Tree, named: str) -> Citation | None:
    bare = _tracked(tree, named)
    if not bare:
        return None
    kind = tree.kind(bare)
    if kind == "dir":
        return Citation(bare)
    if kind != "file":
        return None
    data = tree.read(bare)
    return None if data is None else Citation(bare, digest=file_digest(data))


def _definitions(tree: _Tree, names: list[str], hits: list[tuple[str, str]]) -> dict[str, Citation]:
    """name -> its one definition (file, line text, extent digest); names defined in several files are left out."""
    where: dict[str, set[str]] = {}
    for path, text in hits:
        for name in names:
            if name in text and _definition(name).search(text):
                where.setdefault(name, set()).add(path)
    found: dict[str, Citation] = {}
    for name, paths in where.items():
        if len(paths) != 1:
            continue
        path = next(iter(paths))
        cite = definition_in(tree.read(path), path, name)
        if cite is not None:
            found[name] = cite
    return found


def definition_in(data: bytes | int | None, path: str, name: str) -> Citation | None:
    """The citation of `name`'s first definition in one file's bytes, or None when it defines none."""
    if not isinstance(data, bytes):
        return None
    text = data.decode("utf-8", errors="replace")
    at = definition_lines(text, name)
    if not at:
        return None
    lines = text.split("\n")
    return Citation(path, name, lines[at[0]].strip()[:200], extent_digest(lines, at[0]))
