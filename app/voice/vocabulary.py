"""The words of one repository, so speech about code comes out as code.

A Vocabulary knows the repository's file and folder names, the classes, functions and
other identifiers defined in its tracked source files, and the words of its memory. It
does two things with them: `hotwords()` gives Whisper the most relevant terms to bias the
decoder, and `snap()` rewrites spoken forms after transcription ("review orchestrator" →
`ReviewOrchestrator`, "pie test" → `pytest`). Snapping only replaces a run of two or more
words that spells an identifier's parts exactly, so ordinary speech stays ordinary.

Scanning is cheap and bounded (git ls-files, regular expressions, caps on files, bytes and
time) and its result is cached under the cache folder, keyed on HEAD and file times.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import subprocess
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from app.core import paths
from app.core.atomic import write_text_atomic
from app.core.git import git
from app.core.repos import memory_folder_name
from app.core.settings import Settings

log = logging.getLogger(__name__)

CACHE_VERSION = 1
MAX_FILES = 4000
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 6 * 1024 * 1024
MAX_SCAN_SECONDS = 2.0
MAX_PHRASE_WORDS = 6
HOTWORD_LIMIT = 16
HOTWORD_CHARS = 200

SOURCE_SUFFIXES = frozenset(
    [
        ".py", ".pyi", ".js", ".jsx", ".ts", ".tsx", ".mjs", ".cs", ".fs", ".java", ".kt", ".kts",
        ".scala", ".go", ".rs", ".rb", ".php", ".swift", ".m", ".mm", ".c", ".h", ".cc", ".cpp",
        ".hpp", ".cxx", ".lua", ".dart", ".ex", ".exs", ".erl", ".hs", ".ml", ".vue", ".svelte",
        ".sh", ".ps1", ".sql", ".proto"
    ]
)
DEFINITION = re.compile(
    r"\b(?:class|def|function|interface|struct|enum|trait|type|record|module|fn|func|namespace|object|"
    r"protocol|impl|extension)\s+([A-Za-z_][A-Za-z0-9_]{2,})"
    r"|\b(?:const|let|var|val)\s+([A-Za-z_$][A-Za-z0-9_$]{2,})\s*[:=]"
    r"|\b(?:public|private|protected|internal)\s+(?:static\s+|async\s+|override\s+|virtual\s+|final\s+)*"
    r"[A-Za-z_][\w<>\[\],.?]*\s+([A-Za-z_]\w{2,})\s*[({;=]"
)
# Names brought in by an import are the repository's vocabulary too (renamed classes live on there).
IMPORTED = re.compile(r"\bfrom\s+[\w.]+\s+import\s+\(?([\w ,\t]+)|\bimport\s*\{([^}]{1,400})\}")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
WORD = re.compile(r"[A-Za-z0-9]+")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_)|[A-Z]?[a-z]+|[A-Z]+|\d+")

# Words too common to anchor a two-word snap on their own ("is valid" stays speech).
STOPWORDS = frozenset(
    [
        "a", "an", "the", "is", "are", "was", "be", "to", "of", "in", "on", "at", "by", "for",
        "from", "with", "and", "or", "not", "no", "do", "does", "did", "has", "have", "had", "get",
        "set", "add", "run", "new", "make", "can", "will", "it", "its", "this", "that", "these",
        "those", "my", "your", "our", "i", "we", "you", "he", "she", "they", "all", "any", "one",
        "two", "if", "then", "else", "when", "what", "which", "who", "how", "why", "up", "down",
        "out", "off", "as", "so", "just", "use", "used"
    ]
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


def split_identifier(name: str) -> list[str]:
    """Lower-case words of an identifier: `ReviewOrchestrator`, `review_orchestrator` → review, orchestrator."""
    return [part.lower() for part in _PARTS.findall(name)]


def _git(repo: Path, *args: str, timeout: float = 5.0) -> str:
    try:
        out = git(repo, *args, timeout=timeout)  # the safe helper: no repository hooks or filters run
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.decode("utf-8", "replace") if out.returncode == 0 else ""


@dataclass
class _Scan:
    """What one scan of a repository found: term → relevance score."""

    identifiers: dict[str, float] = field(default_factory=dict)
    files: dict[str, float] = field(default_factory=dict)


def _scan(repo: Path, tracked: list[str]) -> _Scan:
    started = time.monotonic()
    definitions: Counter[str] = Counter()
    mentions: Counter[str] = Counter()
    files: Counter[str] = Counter()
    total = 0
    for rel in tracked[:MAX_FILES]:
        parts = rel.split("/")
        for folder in parts[:-1]:
            files[folder] += 1
        files[parts[-1]] += 2
        stem = parts[-1].rsplit(".", 1)[0]
        if len(split_identifier(stem)) >= 2:
            definitions[stem] += 1
        suffix = "." + parts[-1].rsplit(".", 1)[-1].lower() if "." in parts[-1] else ""
        if suffix not in SOURCE_SUFFIXES or total >= MAX_TOTAL_BYTES:
            continue
        if time.monotonic() - started > MAX_SCAN_SECONDS:
            log.info("vocabulary scan of %s stopped at its time cap", repo)
            break
        path = repo / rel
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        total += len(text)
        for match in DEFINITION.finditer(text):
            name = next(g for g in match.groups() if g)
            definitions[name] += 1
        for match in IMPORTED.finditer(text):
            for name in re.split(r"[\s,]+", match.group(1) or match.group(2)):
                if len(split_identifier(name)) >= 2 and name.isidentifier():
                    definitions.setdefault(name, 0)  # known; weighed by its mentions only
        mentions.update(TOKEN.findall(text))
    identifiers = {
        name: 2.0 * count + math.log1p(mentions.get(name, 0)) for name, count in definitions.items()
    }
    return _Scan(identifiers, {name: float(count) for name, count in files.items()})


def _cache_key(repo: Path, tracked: list[str]) -> str:
    head = _git(repo, "rev-parse", "HEAD").strip() or "no-head"
    newest = 0
    for rel in tracked[:MAX_FILES]:
        try:
            newest = max(newest, (repo / rel).stat().st_mtime_ns)
        except OSError:
            continue
    digest = hashlib.sha256("\n".join(tracked).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{CACHE_VERSION}:{head}:{newest}:{digest}"


def _load_scan(repo: Path) -> _Scan:
    listing = _git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    tracked = sorted(p for p in listing.split("\0") if p)
    if not tracked:
        return _Scan()
    key = _cache_key(repo, tracked)
    cache = paths.cache_dir() / "vocabulary" / f"{memory_folder_name(repo)}.json"
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
        if data.get("key") == key:
            return _Scan(dict(data["identifiers"]), dict(data["files"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    scan = _scan(repo, tracked)
    try:
        paths.ensure_private_dir(cache.parent)
        write_text_atomic(
            cache, json.dumps({"key": key, "identifiers": scan.identifiers, "files": scan.files})
        )
    except OSError:
        log.warning("could not write the vocabulary cache %s", cache, exc_info=True)
    return scan


def memory_text(repo: Path) -> str:
    """The text of the repository's memory files ("" when there is none or it cannot be read)."""
    try:
        from app.core.memory import MemoryStore

        return "\n".join(f.text for f in MemoryStore.for_repository(repo).files())
    except Exception:  # the memory is a bonus here; never let it stop transcription
        log.debug("memory words unavailable for %s", repo, exc_info=True)
        return ""


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
    return len(split_identifier(name)) >= 2


def _snappable(words: tuple[str, ...]) -> bool:
    """Whether a run of spoken words is specific enough to turn into an identifier."""
    if len(words) < 2 or len(words) > MAX_PHRASE_WORDS:
        return False
    if len(words) == 2:
        return not (set(words) & STOPWORDS) and sum(map(len, words)) >= 8
    content = [w for w in words if w not in STOPWORDS]
    return len(content) >= 2


class Vocabulary:
    """Known terms of one repository (or none), with their spoken forms."""

    def __init__(
        self,
        terms: dict[str, float] | None = None,
        files: Iterable[str] = (),
        aliases: dict[str, str] | None = None,
    ) -> None:
        self.terms = dict(terms or {})
        self._phrases: dict[tuple[str, ...], str] = {}
        self._joined: dict[str, str] = {}
        ranked = sorted(self.terms.items(), key=lambda item: -item[1])
        for name, _score in reversed(ranked):  # the best-scored identifier wins a shared spelling
            words = tuple(split_identifier(name))
            if _snappable(words):
                self._phrases[words] = name
                self._joined["".join(words)] = name
        for name in files:
            stem, dot, ext = name.rpartition(".")
            words = tuple(split_identifier(stem)) if dot else ()
            if words and ext.isalnum():
                self._phrases[(*words, "dot", ext.lower())] = name
        self._phrases.update(DEV_TERMS)
        for spoken, written in (aliases or {}).items():
            words = tuple(w.lower() for w in WORD.findall(spoken))
            if words and written.strip():
                self._phrases[words] = written.strip()
        self._longest = max((len(k) for k in self._phrases), default=1)

    @classmethod
    def for_repository(
        cls, repo: Path, aliases: dict[str, str] | None = None, extra_text: str = ""
    ) -> Vocabulary:
        """Scan `repo` (cached) and add the words of `extra_text` (the memory)."""
        scan = _load_scan(repo)
        terms = dict(scan.identifiers)
        for token, count in Counter(TOKEN.findall(extra_text)).items():
            if len(split_identifier(token)) >= 2 or token in terms:
                terms[token] = terms.get(token, 0.0) + 3.0 + count
        return cls(terms, [name for name in scan.files if "." in name], aliases)

    @classmethod
    def for_active_repository(cls, repo: Path, settings: Settings) -> Vocabulary:
        """The vocabulary the app uses: the repository, its alias list from Settings, its memory."""
        return cls.for_repository(repo, settings.repo_aliases.get(str(repo)), memory_text(repo))

    def hotwords(self, limit: int = HOTWORD_LIMIT, max_chars: int = HOTWORD_CHARS) -> str:
        """The `limit` most relevant compound identifiers, space-separated, for Whisper's `hotwords`.

        Few and short on purpose: every hotword is prompt text the decoder leans towards,
        and `max_chars` (about three characters a token) keeps the prompt to a few dozen tokens.
        """
        ranked = sorted(
            ((name, score) for name, score in self.terms.items() if _worth_a_hotword(name)),
            key=lambda item: (-item[1], item[0]),
        )
        chosen: list[str] = []
        size = 0
        for name, _score in ranked:
            if len(chosen) >= limit or size + len(name) > max_chars:
                break
            chosen.append(name)
            size += len(name) + 1
        return " ".join(chosen)

    def snap(self, text: str) -> str:
        """`text` with spoken forms of known identifiers and terms replaced by their written form."""
        tokens = list(WORD.finditer(text))
        out: list[str] = []
        last = 0
        i = 0
        while i < len(tokens):
            match = self._match_at(text, tokens, i)
            if match is None:
                i += 1
                continue
            length, written = match
            out.append(text[last : tokens[i].start()])
            out.append(written)
            last = tokens[i + length - 1].end()
            i += length
        out.append(text[last:])
        return "".join(out)

    def _match_at(self, text: str, tokens: list[re.Match[str]], i: int) -> tuple[int, str] | None:
        words: list[str] = []
        best: tuple[int, str] | None = None
        for j in range(i, min(len(tokens), i + self._longest)):
            if j > i:
                between = text[tokens[j - 1].end() : tokens[j].start()]
                # Words of one identifier are separated by spaces, hyphens or a file name's dot.
                if between == ".":
                    words.append("dot")
                elif between.strip(" -"):
                    break
            # "LongLine rule" (Whisper half-spelling a hotword) counts as long, line, rule.
            words.extend(split_identifier(tokens[j].group()) or [tokens[j].group().lower()])
            written = self._phrases.get(tuple(words))
            if written is not None:
                best = (j - i + 1, written)
        if best is None:
            joined = self._joined.get(tokens[i].group().lower())
            if joined is not None:
                best = (1, joined)
        return best
