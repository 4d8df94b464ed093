"""The words of one repository, so speech about code comes out as code.

`build_vocabulary(repo, memory_words, aliases)` collects what a person may say about the
repository: its file and folder names, the classes, functions and other names defined in
its source files, the words of its memory and the user's aliases, each ranked by how
likely it is to be said. The result does two things: `hotwords()` gives Whisper the few
most likely compound names to bias the decoder, and `snap()` (see `app.voice.snapping`)
rewrites spoken forms after transcription ("fetch exchange rates" → `fetch_exchange_rates`).

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.git import git
from app.core.repos import memory_folder_name
from app.core.settings import Settings
from app.voice.snapping import STOPWORDS, WORD, Snapper, Term, split_identifier

__all__ = ["Vocabulary", "build_vocabulary", "memory_words", "snap", "split_identifier"]

log = logging.getLogger(__name__)

CACHE_VERSION = 3
MAX_READ_FILES = 3000
READ_BYTES = 64 * 1024  # the head of a file holds its declarations; generated giants are not read whole
MAX_TOTAL_BYTES = 6 * 1024 * 1024
SCAN_SECONDS = 0.5
MAX_TERMS = 5000  # names kept for snapping: more than a person says about one repository
MAX_FILE_NAMES = 2000
SMALL_REPO_FILES = 5000  # below this, untracked files are listed too (the walk is cheap)
HOTWORD_LIMIT = 24
HOTWORD_CHARS = 300  # about 100 tokens: under half of the 223 tokens Whisper allows a prompt

SOURCE_SUFFIXES = frozenset(
    [
        ".py", ".pyi", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cs", ".fs", ".java", ".kt", ".kts",
        ".scala", ".go", ".rs", ".rb", ".php", ".swift", ".m", ".mm", ".c", ".h", ".cc", ".cpp",
        ".hpp", ".cxx", ".lua", ".dart", ".ex", ".exs", ".erl", ".hs", ".ml", ".vue", ".svelte",
        ".sh", ".ps1", ".sql", ".proto"
    ]
)
# Folders whose code people rarely talk about: read last, if at all.
UNLIKELY_FOLDERS = frozenset(
    ["node_modules", "vendor", "third_party", "thirdparty", "external", "dist", "build", "out", "bin", "obj",
     "generated", "gen", "migrations", "fixtures", "testdata", "__snapshots__", ".venv", "venv", "site-packages"]
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
    ["string", "void", "return", "static", "async", "await", "class", "public", "private", "protected",
     "internal", "override", "virtual", "final", "readonly", "abstract", "sealed", "new", "null", "true", "false"]
)

# Spoken forms of common developer terms: (words as heard) → written form.
DEV_TERMS: dict[tuple[str, ...], str] = {
    ("pie", "test"): "pytest",
    ("py", "test"): "pytest",
    ("pi", "test"): "pytest",
    ("pytest",): "pytest",
    ("n", "p", "m"): "npm",
    ("npm",): "npm",
    ("n", "p", "x"): "npx",
    ("dot", "net"): "dotnet",
    ("dotnet",): "dotnet",
    ("json",): "JSON",
    ("j", "son"): "JSON",
    ("yaml",): "YAML",
    ("yamel",): "YAML",
    ("yam", "l"): "YAML",
    ("toml",): "TOML",
    ("git", "hub"): "GitHub",
    ("github",): "GitHub",
    ("git", "lab"): "GitLab",
    ("type", "script"): "TypeScript",
    ("typescript",): "TypeScript",
    ("java", "script"): "JavaScript",
    ("javascript",): "JavaScript",
    ("my", "pie"): "mypy",
    ("my", "py"): "mypy",
    ("mypy",): "mypy",
    ("pie", "pi"): "PyPI",
    ("pypi",): "PyPI",
    ("docker", "file"): "Dockerfile",
    ("local", "host"): "localhost",
    ("c", "sharp"): "C#",
    ("see", "sharp"): "C#",
    ("node", "js"): "Node.js",
    ("v", "env"): "venv",
    ("c", "make"): "CMake",
    ("cmake",): "CMake",
    ("reg", "ex"): "regex",
}

# Words of identifiers that people say another way: `InvoiceRepo` is said "invoice repository",
# `InvoiceRepository` often "invoice repo". Each name gets its other spoken forms as snap targets.
SPOKEN_FORMS: dict[str, tuple[str, ...]] = {
    "repo": ("repository",),
    "repository": ("repo",),
    "config": ("configuration",),
    "cfg": ("config", "configuration"),
    "conf": ("config", "configuration"),
    "configuration": ("config",),
    "db": ("database",),
    "auth": ("authentication",),
    "authn": ("authentication",),
    "authz": ("authorization",),
    "msg": ("message",),
    "btn": ("button",),
    "ctx": ("context",),
    "impl": ("implementation",),
    "mgr": ("manager",),
    "svc": ("service",),
    "util": ("utility",),
    "utils": ("utilities",),
    "req": ("request",),
    "resp": ("response",),
    "params": ("parameters",),
    "info": ("information",),
    "dir": ("directory",),
    "env": ("environment",),
    "addr": ("address",),
    "calc": ("calculate",),
    "num": ("number",),
    "idx": ("index",),
    "max": ("maximum",),
    "min": ("minimum",),
}


def spoken_forms(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Other ways of saying a name's `words`: each abbreviation said in full, or the reverse, one at a time."""
    forms = []
    for i, word in enumerate(words):
        for other in SPOKEN_FORMS.get(word, ()):
            forms.append((*words[:i], other, *words[i + 1 :]))
    return forms


def _git(repo: Path, *args: str, timeout: float = 5.0) -> str:
    try:
        out = git(repo, *args, timeout=timeout)  # the safe helper: no repository hooks or filters run
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.decode("utf-8", "replace") if out.returncode == 0 else ""


@dataclass
class _Scan:
    """What one scan of a repository found: name → how likely it is said, and file name → count."""

    identifiers: dict[str, float] = field(default_factory=dict)
    files: dict[str, float] = field(default_factory=dict)


def _likely_said(name: str, kind_weight: float, definitions: int, mentions: int, where: int) -> float:
    """A score for how likely a person is to say `name` aloud about this repository."""
    words = split_identifier(name)
    score = kind_weight + 1.5 * math.log1p(definitions) + math.log1p(mentions)
    if 2 <= len(words) <= 3:
        score += 1.0  # "payment gateway", "fetch exchange rates": the names people say
    elif len(words) >= 5:
        score -= 2.0
    if name.startswith("_"):
        score -= 3.0  # private helpers are rarely the subject of a question
    if name.isupper() and "_" in name:
        score -= 1.5  # constants
    if words and words[0] == "test":
        score -= 3.0  # test functions are run, not discussed by name
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


def _scan(repo: Path, tracked: list[str], to_read: list[str]) -> _Scan:
    started = time.monotonic()
    kinds: dict[str, float] = {}
    definitions: Counter[str] = Counter()
    mentions: Counter[str] = Counter()
    where: dict[str, int] = {}  # the likeliest kind of place each name is defined in
    files: Counter[str] = Counter()
    # File names people say: the top of the tree and the files worth reading, not all 50,000.
    for rel in [r for r in tracked if r.count("/") <= 1] + to_read:
        name = rel.rsplit("/", 1)[-1]
        files[name] += 1
        stem = name.split(".", 1)[0]
        if "_" in stem or "-" in stem or not stem.islower():
            kinds.setdefault(stem, 1.5)
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
        mentions.update(TOKEN.findall(text))
    identifiers = {
        name: _likely_said(name, weight, definitions[name], mentions[name], where.get(name, 0))
        for name, weight in kinds.items()
        if not (name.startswith("__") and name.endswith("__"))
    }
    if len(identifiers) > MAX_TERMS:
        identifiers = dict(sorted(identifiers.items(), key=lambda item: -item[1])[:MAX_TERMS])
    top_files = sorted(files.items(), key=lambda item: -item[1])[:MAX_FILE_NAMES]
    return _Scan(identifiers, {name: float(count) for name, count in top_files})


def _newest(repo: Path, files: list[str]) -> int:
    """The latest modification time of `files`: an uncommitted edit to a file that is read refreshes the scan."""
    newest = 0
    for rel in files:
        try:
            newest = max(newest, (repo / rel).stat().st_mtime_ns)
        except OSError:
            continue
    return newest


def _load_scan(repo: Path) -> _Scan:
    tracked = [p for p in _git(repo, "ls-files", "-z").split("\0") if p]
    if len(tracked) < SMALL_REPO_FILES:  # new files not yet added are what the user works on now
        untracked = _git(repo, "ls-files", "-z", "--others", "--exclude-standard").split("\0")
        tracked = sorted(set(tracked).union(p for p in untracked if p))
    if not tracked:
        return _Scan()
    head = _git(repo, "rev-parse", "HEAD").strip() or "no-head"
    listing = hashlib.sha256("\n".join(tracked).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    cache = paths.cache_dir() / "vocabulary" / f"{memory_folder_name(repo)}.json"
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
        if (data.get("version"), data.get("head"), data.get("listing")) == (CACHE_VERSION, head, listing) and (
            data.get("newest") == _newest(repo, list(data["read"]))
        ):
            return _Scan(dict(data["identifiers"]), dict(data["files"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    to_read = _read_order(tracked)
    newest = _newest(repo, to_read)  # before reading: an edit made during the scan shows next time
    scan = _scan(repo, tracked, to_read)
    try:
        paths.ensure_private_dir(cache.parent)
        write_text_atomic(cache, json.dumps({
            "version": CACHE_VERSION, "head": head, "listing": listing, "newest": newest, "read": to_read,
            "identifiers": scan.identifiers, "files": scan.files,
        }))
    except OSError:
        log.warning("could not write the vocabulary cache %s", cache, exc_info=True)
    return scan


def memory_words(repo: Path) -> list[str]:
    """The names written in the repository's memory files (none when there is no memory or it cannot be read)."""
    try:
        from app.core.memory import MemoryStore

        texts = [f.text for f in MemoryStore.for_repository(repo).files()]
    except Exception:  # the memory is a bonus here; never let it stop transcription
        log.debug("memory words unavailable for %s", repo, exc_info=True)
        return []
    return TOKEN.findall("\n".join(texts))


def memory_text(repo: Path) -> str:
    """The memory's names as one text (kept for callers of the earlier API)."""
    return " ".join(memory_words(repo))


def _worth_a_hotword(name: str) -> bool:
    """Names Whisper would not spell right on its own, and that people say aloud.

    Only compound names (`ReviewOrchestrator`, `parse_diff`): a single word ("Finding",
    "thread") Whisper spells anyway, and putting ordinary words in the hotword prompt pulls
    everyday speech towards them ("why is the build red" became "why is the real thread").
    Constants (`MAX_LINE_LENGTH`), dunder names and test functions nobody says aloud; `snap()`
    still spells all of them.
    """
    if name.startswith("_") or name.lower().startswith("test") or name.isupper():
        return False
    words = split_identifier(name)
    return 2 <= len(words) <= 4 and any(w not in STOPWORDS for w in words)


class Vocabulary:
    """Known terms of one repository (or none), with their spoken forms."""

    def __init__(
        self,
        terms: Mapping[str, float] | None = None,
        files: Iterable[str] = (),
        aliases: Mapping[str, str] | None = None,
        memory: Iterable[str] = (),
    ) -> None:
        self.terms = dict(terms or {})
        found: list[Term] = []
        remembered = Counter(
            name for name in memory if len(split_identifier(name)) >= 2 or name in self.terms
        )
        for name, count in remembered.items():
            # What the memory names is what this user talks about: ranked above the code's names.
            self.terms[name] = self.terms.get(name, 0.0) + 3.0 + count
            found.append(Term(name, tuple(split_identifier(name)), self.terms[name], "memory"))
        for name, score in self.terms.items():
            if name not in remembered:
                found.append(Term(name, tuple(split_identifier(name)), score, "code"))
        # Below the names themselves, so a name that is spelled that way wins the spoken form.
        found.extend(
            Term(term.written, form, term.score - 0.5, term.source)
            for term in list(found)
            for form in spoken_forms(term.words)
        )
        for name in files:
            stem, dot, ext = name.rpartition(".")
            words = tuple(split_identifier(stem)) if dot else ()
            if words and ext.isalnum():
                found.append(Term(name, (*words, "dot", ext.lower()), 1.0, "file"))
        found.extend(Term(written, spoken, 100.0, "term") for spoken, written in DEV_TERMS.items())
        for spoken, written in (aliases or {}).items():
            words = tuple(w.lower() for w in WORD.findall(spoken))
            if words and written.strip():
                found.append(Term(written.strip(), words, 1000.0, "alias"))
        self._snapper = Snapper(found)

    @classmethod
    def for_repository(
        cls, repo: Path, aliases: Mapping[str, str] | None = None, extra_text: str = ""
    ) -> Vocabulary:
        """Scan `repo` (cached) and add the names written in `extra_text` (the memory)."""
        return build_vocabulary(repo, TOKEN.findall(extra_text), aliases)

    @classmethod
    def for_active_repository(cls, repo: Path, settings: Settings) -> Vocabulary:
        """The vocabulary the app uses: the repository, its memory, its alias list from Settings."""
        return build_vocabulary(repo, memory_words(repo), settings.repo_aliases.get(str(repo)))

    def __len__(self) -> int:
        """How many spoken forms `snap()` knows."""
        return len(self._snapper)

    def hotwords(self, limit: int = HOTWORD_LIMIT, max_chars: int = HOTWORD_CHARS) -> str:
        """The `limit` most likely said compound names, space-separated, for Whisper's `hotwords`.

        Few and short on purpose: every hotword is prompt text the decoder leans towards,
        and `max_chars` (about three characters a token) keeps the prompt to a few dozen tokens.
        """
        ranked = sorted(
            ((name, score) for name, score in self.terms.items() if _worth_a_hotword(name)),
            key=lambda item: (-item[1], item[0]),
        )
        chosen: list[str] = []
        spoken: set[tuple[str, ...]] = set()
        size = 0
        for name, _score in ranked:
            if len(chosen) >= limit or size + len(name) > max_chars:
                break
            words = tuple(split_identifier(name))
            if words in spoken or (words[0] == "i" and words[1:] in spoken):
                continue  # `RateCache` and `rate_cache` (or `IRateCache`) sound the same; one hotword is enough
            spoken.add(words)
            chosen.append(name)
            size += len(name) + 1
        return " ".join(chosen)

    def snap(self, text: str) -> str:
        """`text` with spoken forms of known identifiers and terms replaced by their written form."""
        return self._snapper.snap(text)


def build_vocabulary(
    repo: Path | None,
    memory_words: Iterable[str] = (),
    aliases: Mapping[str, str] | None = None,
) -> Vocabulary:
    """The vocabulary of `repo` (scanned, cached by HEAD), its memory's names and the user's aliases.

    `repo` None (no repository) still knows the developer terms and the aliases. Never raises
    for an odd repository: what cannot be read is left out.
    """
    scan = _load_scan(repo) if repo is not None else _Scan()
    files = [name for name in scan.files if "." in name]
    return Vocabulary(scan.identifiers, files, aliases, memory_words)


def snap(text: str, vocabulary: Vocabulary | None) -> str:
    """`text` with the vocabulary's spoken forms turned into identifiers (unchanged without one)."""
    return vocabulary.snap(text) if vocabulary is not None and text else text
