"""The words of one repository, so speech about code comes out as code.

`build_vocabulary(repo, memory_words, aliases)` collects what a person may say about the
repository: its file and folder names, the classes, functions and other names defined in
its source files, the words of its memory and the user's aliases, each ranked by how
likely it is to be said. The result does two things: `hotwords()` gives Whisper the few
most likely compound names, said as words ("rate cache, payment gateway"), to bias the
decoder, and `snap()` (see `app.voice.snapping`) rewrites spoken forms after transcription
("fetch exchange rates" → `fetch_exchange_rates`). The scan of the code (bounded, cached by
HEAD) is `app.voice.code_names`.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from app.core.settings import Settings
from app.voice.code_names import TOKEN, Scan, load_scan
from app.voice.snapping import STOPWORDS, WORD, Snapper, Term, split_identifier

__all__ = ["Vocabulary", "build_vocabulary", "memory_words", "snap", "split_identifier"]

log = logging.getLogger(__name__)

HOTWORD_LIMIT = 24
HOTWORD_CHARS = 340  # names said, with commas: about 70 tokens, under a third of the 223 Whisper allows a prompt

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


def memory_words(repo: Path) -> list[str]:
    """The names written in the repository's memory files (none when there is no memory or it cannot be read)."""
    try:
        from app.core.memory import open_store

        texts = [f.text for f in open_store(repo).files()]
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
    lower = name.lower()
    if name.startswith("_") or lower.startswith("test") or lower.endswith(("test", "tests")) or name.isupper():
        return False
    words = split_identifier(name)
    return 2 <= len(words) <= 4 and any(w not in STOPWORDS for w in words)


def spoken_hotwords(names: Iterable[str]) -> str:
    """`names` as Whisper is given them: each name's words as said, the names apart by commas.

    Whisper takes hotwords as text said before, and leans towards the tokens it saw. Written
    names are tokens of letters ("Order" "Val" "idator") that a speaker's words rarely decode
    to, and a snake_case name's underscores are hardly ever written; the words as said are the
    tokens the decoder has to choose, and snapping writes the name afterwards. Measured on the
    four bench repositories (208 identifiers: two voices, two offsets), the helped decode alone
    spelled after snapping: names as written 181, separated by commas 174, as said 201 (the
    held-out go-fleet 35 → 44 of 48); given as a prompt instead of hotwords, written 174, said 199.
    """
    return ", ".join(" ".join(split_identifier(name)) for name in names)


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
        remembered = Counter(name for name in memory if len(split_identifier(name)) >= 2 or name in self.terms)
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
    def for_repository(cls, repo: Path, aliases: Mapping[str, str] | None = None, extra_text: str = "") -> Vocabulary:
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
        """Whisper's `hotwords`: the `hotword_names` said as words ("rate cache, payment gateway")."""
        return spoken_hotwords(self.hotword_names(limit, max_chars))

    def hotword_names(self, limit: int = HOTWORD_LIMIT, max_chars: int = HOTWORD_CHARS) -> list[str]:
        """The `limit` most likely said compound names, as written in the code.

        Few and short on purpose: every hotword is prompt text the decoder leans towards,
        and `max_chars` of the names said (about four characters a token: one a word, one a
        comma) keeps the prompt to a few dozen tokens.
        """
        ranked = sorted(
            ((name, score) for name, score in self.terms.items() if _worth_a_hotword(name)),
            key=lambda item: (-item[1], item[0]),
        )
        chosen: list[str] = []
        spoken: set[tuple[str, ...]] = set()
        size = 0
        for name, _score in ranked:
            words = tuple(split_identifier(name))
            said = len(" ".join(words))
            if len(chosen) >= limit or size + said > max_chars:
                break
            if words in spoken or (words[0] == "i" and words[1:] in spoken):
                continue  # `RateCache` and `rate_cache` (or `IRateCache`) sound the same; one hotword is enough
            spoken.add(words)
            chosen.append(name)
            size += said + 2
        return chosen

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
    scan = load_scan(repo) if repo is not None else Scan()
    files = [name for name in scan.files if "." in name]
    return Vocabulary(scan.identifiers, files, aliases, memory_words)


def snap(text: str, vocabulary: Vocabulary | None) -> str:
    """`text` with the vocabulary's spoken forms turned into identifiers (unchanged without one)."""
    return vocabulary.snap(text) if vocabulary is not None and text else text
