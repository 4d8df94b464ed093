"""The names defined in a repository's code, and how likely a person is to say each: one bounded, cached scan.

Scanning is bounded so a 50,000-file repository builds in well under a second: file names
come from one `git ls-files`, and only the likeliest source files are read (first ones by
depth, tests and vendored code last), each up to READ_BYTES, within SCAN_SECONDS. The scan
is cached under the cache folder, keyed on HEAD, the file list and the times of the files read.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import logging
import math
import re
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.git import git
from app.core.repos import memory_folder_name
from app.voice.snapping import split_identifier

__all__ = ["TOKEN", "Scan", "load_scan"]

log = logging.getLogger(__name__)

CACHE_VERSION = 4
MAX_READ_FILES = 3000
READ_BYTES = 64 * 1024  # the head of a file holds its declarations; generated giants are not read whole
MAX_TOTAL_BYTES = 6 * 1024 * 1024
SCAN_SECONDS = 0.5
MAX_TERMS = 5000  # names kept for snapping: more than a person says about one repository
MAX_FILE_NAMES = 2000
SMALL_REPO_FILES = 5000  # below this, untracked files are listed too (the walk is cheap)

SOURCE_SUFFIXES = frozenset(
    [
        ".py",
        ".pyi",
        ".js",
        ".jsx",
        ".ts",
        ".tsx",
        ".mjs",
        ".cs",
        ".fs",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".go",
        ".rs",
        ".rb",
        ".php",
        ".swift",
        ".m",
        ".mm",
        ".c",
        ".h",
        ".cc",
        ".cpp",
        ".hpp",
        ".cxx",
        ".lua",
        ".dart",
        ".ex",
        ".exs",
        ".erl",
        ".hs",
        ".ml",
        ".vue",
        ".svelte",
        ".sh",
        ".ps1",
        ".sql",
        ".proto",
    ]
)
# Folders whose code people rarely talk about: read last, if at all.
UNLIKELY_FOLDERS = frozenset(
    [
        "node_modules",
        "vendor",
        "third_party",
        "thirdparty",
        "external",
        "dist",
        "build",
        "out",
        "bin",
        "obj",
        "generated",
        "gen",
        "migrations",
        "fixtures",
        "testdata",
        "__snapshots__",
        ".venv",
        "venv",
        "site-packages",
    ]
)
TEST_FOLDERS = frozenset(["test", "tests", "spec", "specs", "__tests__", "e2e"])

DEFINITION = re.compile(
    r"\b(?P<type>class|interface|struct|enum|trait|type|record|protocol|object|module|namespace)\s+"
    r"(?P<tname>[A-Za-z_][A-Za-z0-9_]{2,})"
    r"|\b(?:def|function|fn|func)\s+(?:\([^)]{0,80}\)\s*)?(?P<fname>[A-Za-z_][A-Za-z0-9_]{2,})"
    r"|\b(?:const|let|var|val)\s+(?P<vname>[A-Za-z_$][A-Za-z0-9_$]{2,})\s*[:=]"
    r"|\b(?:public|private|protected|internal)\s+(?:static\s+|async\s+|override\s+|virtual\s+|final\s+|"
    r"readonly\s+|abstract\s+|sealed\s+|partial\s+)*(?!(?:class|interface|struct|enum|record)\b)(?:[A-Za-z_][\w.]*(?:<[^;{}()=]{0,80}>)?[\[\]?]*\s+)?"
    r"(?P<mname>[A-Za-z_]\w{2,})\s*[({;=]"
    # A top-level assignment (Python, Ruby, shell): `rate_cache: dict = {}`, `kafka_consumer_group = "x"`.
    r"|^(?P<aname>[A-Za-z_]\w{2,})[ \t]*(?::[^=\n]{1,80})?=(?!=)",
    re.MULTILINE,
)
# Weight of a name by how it is defined: people talk about types more than about local constants.
KIND_WEIGHT = {"type": 3.0, "fname": 2.0, "mname": 2.0, "vname": 1.0, "aname": 1.0}
# Names brought in by an import are the repository's vocabulary too (renamed classes live on there).
IMPORTED = re.compile(r"\bfrom\s+[\w.]+\s+import\s+\(?([\w ,\t]+)|\bimport\s*\{([^}]{1,400})\}")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
KEYWORDS = frozenset(
    [
        "string",
        "void",
        "return",
        "static",
        "async",
        "await",
        "class",
        "public",
        "private",
        "protected",
        "internal",
        "override",
        "virtual",
        "final",
        "readonly",
        "abstract",
        "sealed",
        "new",
        "null",
        "true",
        "false",
    ]
)


def _git(repo: Path, *args: str, timeout: float = 5.0) -> str:
    try:
        out = git(repo, *args, timeout=timeout)  # the safe helper: no repository hooks or filters run
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.decode("utf-8", "replace") if out.returncode == 0 else ""


@dataclass
class Scan:
    """What one scan of a repository found: name → how likely it is said, and file name → count."""

    identifiers: dict[str, float] = field(default_factory=dict)
    files: dict[str, float] = field(default_factory=dict)


def _likely_said(
    name: str,
    kind_weight: float,
    definitions: int,
    mentions: int,
    where: int,
    files_using: int = 1,
    names_a_file: bool = False,
) -> float:
    """A score for how likely a person is to say `name` aloud about this repository.

    Use across files counts more than mentions within one: a type written in every
    parameter list of its own file (`DiscountRule`, `InvoiceLine`) is mentioned often but
    rarely talked about, while a name other files import is the repository's vocabulary.
    A definition a file is named after (`ShippingAddressForm.tsx`, `currency_converter.py`)
    is that file's subject, the name people open it by.
    """
    words = split_identifier(name)
    score = kind_weight + 1.5 * math.log1p(definitions) + 0.5 * math.log1p(mentions)
    score += math.log1p(max(0, files_using - 1))
    if names_a_file:
        score += 2.0
    if 2 <= len(words) <= 3:
        score += 1.0  # "payment gateway", "fetch exchange rates": the names people say
    elif len(words) >= 5:
        score -= 2.0
    if name.startswith("_"):
        score -= 3.0  # private helpers are rarely the subject of a question
    if name.isupper() and "_" in name:
        score -= 1.5  # constants
    if words and (words[0] == "test" or words[-1] in ("test", "tests")):
        score -= 3.0  # test functions and classes (`RateCacheTests`) are run, not discussed by name
    score -= (0.0, 1.0, 2.0)[where]  # defined only in tests (1) or in vendored code (2)
    return round(score, 3)


_PLACE = {**dict.fromkeys(TEST_FOLDERS, 1), **dict.fromkeys(UNLIKELY_FOLDERS, 2)}


def _where(rel: str) -> int:
    """0 for product code, 1 for tests, 2 for vendored or generated code."""
    place = 0
    for folder in rel.split("/")[:-1]:
        place = max(place, _PLACE.get(folder.lower(), 0))
    return place


def _read_order(tracked: list[str]) -> list[str]:
    """Source files in the order worth reading: shallow product code first, tests, then vendored code."""
    chosen = []
    for rel in tracked:
        dot = rel.rfind(".")
        if dot < 0 or rel[dot:].lower() not in SOURCE_SUFFIXES:
            continue
        chosen.append((_where(rel) if "/" in rel else 0, rel.count("/"), rel))
    return [rel for _rank, _depth, rel in heapq.nsmallest(MAX_READ_FILES, chosen)]


def _scan(repo: Path, tracked: list[str], to_read: list[str]) -> Scan:
    started = time.monotonic()
    kinds: dict[str, float] = {}
    definitions: Counter[str] = Counter()
    mentions: Counter[str] = Counter()
    where: dict[str, int] = {}  # the likeliest kind of place each name is defined in
    files: Counter[str] = Counter()
    files_using: Counter[str] = Counter()  # how many files read mention each name
    file_subjects: set[tuple[str, ...]] = set()  # the words of the file names read
    # File names people say: the top of the tree and the files worth reading, not all 50,000.
    for rel in [r for r in tracked if r.count("/") <= 1] + to_read:
        name = rel.rsplit("/", 1)[-1]
        files[name] += 1
        stem = name.split(".", 1)[0]
        if "_" in stem or "-" in stem or not stem.islower():
            kinds.setdefault(stem, 1.5)
    file_subjects.update(tuple(split_identifier(rel.rsplit("/", 1)[-1].split(".", 1)[0])) for rel in to_read)
    total = 0
    for rel in to_read:
        if total >= MAX_TOTAL_BYTES or time.monotonic() - started > SCAN_SECONDS:
            log.info("vocabulary scan of %s stopped at its cap after %d bytes", repo, total)
            break
        path = repo / rel
        try:
            if path.is_symlink() or not path.is_file():
                continue
            with path.open("rb") as handle:
                raw = handle.read(READ_BYTES)
        except OSError:
            continue
        if b"\0" in raw[:1024]:
            continue  # binary
        text = raw.decode("utf-8", "replace")
        total += len(raw)
        place = _where(rel)
        for match in DEFINITION.finditer(text):
            kind = match.lastgroup or "vname"
            name = match.group(kind)
            if name.lower() in KEYWORDS:
                continue
            weight = KIND_WEIGHT.get("type" if kind == "tname" else kind, 1.0)
            kinds[name] = max(kinds.get(name, 0.0), weight)
            definitions[name] += 1
            where[name] = min(where.get(name, place), place)
        for match in IMPORTED.finditer(text):
            for name in re.split(r"[\s,]+", match.group(1) or match.group(2)):
                if len(split_identifier(name)) >= 2 and name.isidentifier():
                    kinds.setdefault(name, 0.5)  # known; weighed by its mentions only
        tokens = TOKEN.findall(text)
        mentions.update(tokens)
        files_using.update(set(tokens))
    identifiers = {
        name: _likely_said(
            name,
            weight,
            definitions[name],
            mentions[name],
            where.get(name, 0),
            files_using[name],
            definitions[name] > 0 and tuple(split_identifier(name)) in file_subjects,
        )
        for name, weight in kinds.items()
        if not (name.startswith("__") and name.endswith("__"))
    }
    if len(identifiers) > MAX_TERMS:
        identifiers = dict(sorted(identifiers.items(), key=lambda item: -item[1])[:MAX_TERMS])
    top_files = sorted(files.items(), key=lambda item: -item[1])[:MAX_FILE_NAMES]
    return Scan(identifiers, {name: float(count) for name, count in top_files})


def _newest(repo: Path, files: list[str]) -> int:
    """The latest modification time of `files`: an uncommitted edit to a file that is read refreshes the scan."""
    newest = 0
    for rel in files:
        try:
            newest = max(newest, (repo / rel).stat().st_mtime_ns)
        except OSError:
            continue
    return newest


def load_scan(repo: Path) -> Scan:
    tracked = [p for p in _git(repo, "ls-files", "-z").split("\0") if p]
    if len(tracked) < SMALL_REPO_FILES:  # new files not yet added are what the user works on now
        untracked = _git(repo, "ls-files", "-z", "--others", "--exclude-standard").split("\0")
        tracked = sorted(set(tracked).union(p for p in untracked if p))
    if not tracked:
        return Scan()
    head = _git(repo, "rev-parse", "HEAD").strip() or "no-head"
    listing = hashlib.sha256("\n".join(tracked).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    cache = paths.cache_dir() / "vocabulary" / f"{memory_folder_name(repo)}.json"
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
        if (data.get("version"), data.get("head"), data.get("listing")) == (CACHE_VERSION, head, listing) and (
            data.get("newest") == _newest(repo, list(data["read"]))
        ):
            return Scan(dict(data["identifiers"]), dict(data["files"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    to_read = _read_order(tracked)
    newest = _newest(repo, to_read)  # before reading: an edit made during the scan shows next time
    scan = _scan(repo, tracked, to_read)
    try:
        paths.ensure_private_dir(cache.parent)
        write_text_atomic(
            cache,
            json.dumps(
                {
                    "version": CACHE_VERSION,
                    "head": head,
                    "listing": listing,
                    "newest": newest,
                    "read": to_read,
                    "identifiers": scan.identifiers,
                    "files": scan.files,
                }
            ),
        )
    except OSError:
        log.warning("could not write the vocabulary cache %s", cache, exc_info=True)
    return scan
