"""The repository paths and code identifiers a memory names, and the words a piece of text touches.

Staleness asks git about the paths; use counting checks whether a later tool input or reply
names any of them. Both want the same reading of a note, so it lives here once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# A path: names joined by slashes (src/old_parser.py, docs/adr/), or a file name with an extension
# (Parser.cs). Neither may sit inside a URL or a longer word; a full stop after it ends a sentence.
_PATH = re.compile(
    r"(?<![\w@/.:~-])"
    r"((?:[\w.-]+/)+(?:[\w.-]*\w)?|[\w-]*[A-Za-z0-9_][\w-]*(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,7})"
    r"(?![\w/]|\.\w|://)"
)
_EXTENSION = re.compile(r"\.[A-Za-z]")  # every path the second shape above matches holds one
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.I)
# Identifiers in code shapes: CamelCase with two humps, camelCase, snake_case or SCREAMING_CASE, `quoted`.
_IDENTIFIER = re.compile(
    r"\b(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\b"
)
_QUOTED = re.compile(r"`([^`\s]{3,80})`")
_TOKEN = re.compile(r"[\w.@/-]+")
_MIN_NAME = 4  # shorter names ("a.b", "x_y") match too much to mean anything


@dataclass(frozen=True)
class Names:
    """What one memory names: repository paths (as written) and code identifiers."""

    paths: tuple[str, ...]
    identifiers: tuple[str, ...]

    def all(self) -> frozenset[str]:
        return frozenset((*self.paths, *self.identifiers))


def named_in(text: str) -> Names:
    """The paths and identifiers `text` names, each once, in order of appearance."""
    # Each pattern is tried only where it can match (a URL needs "://", a path a slash or an extension):
    # a session start reads every line, and most lines name no path.
    if "://" in text:
        text = _URL.sub(" ", text)
    paths: dict[str, None] = {}
    for match in _PATH.finditer(text) if "/" in text or _EXTENSION.search(text) else ():
        path = match.group(1).removeprefix("./")
        if len(path) >= _MIN_NAME and not path.startswith(("/", "memories/")) and ".." not in path.split("/"):
            paths[path] = None
    identifiers: dict[str, None] = {}
    for match in _IDENTIFIER.finditer(text):
        identifiers.setdefault(match.group(0), None)
    for match in _QUOTED.finditer(text):
        inner = match.group(1).strip("().,;:")
        if len(inner) >= _MIN_NAME and "/" not in inner:
            identifiers.setdefault(inner, None)
    return Names(tuple(paths), tuple(i for i in identifiers if len(i) >= _MIN_NAME and i not in paths))


def merged(parts: Iterable[Names]) -> Names:
    """The names of a text from those of its lines (`named_in` of each): none of its patterns spans a line."""
    paths: dict[str, None] = {}
    identifiers: dict[str, None] = {}
    for names in parts:
        paths.update(dict.fromkeys(names.paths))
        identifiers.update(dict.fromkeys(names.identifiers))
    return Names(tuple(paths), tuple(i for i in identifiers if i not in paths))


def tokens(text: str) -> frozenset[str]:
    """Every word-like token of `text`, with each path's trailing parts, for matching against Names."""
    found: set[str] = set()
    for match in _TOKEN.finditer(text):
        token = match.group(0).strip(".-/@")
        if not token:
            continue
        found.add(token.removeprefix("./"))
        if "/" in token:
            parts = token.split("/")
            found.update("/".join(parts[i:]) for i in range(1, len(parts)))
        for piece in re.split(r"[./@-]", token):
            if piece:
                found.add(piece)
        if "." in token:  # "Parser.Parse" names the class Parser and the file Parser.cs alike
            found.add(token.split("/")[-1])
    return frozenset(found)
