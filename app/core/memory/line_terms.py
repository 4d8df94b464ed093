"""The distinctive terms of one memory line, which show that a session used it when they come up again.

A term is what a later tool input, tool result or reply would repeat if the line mattered: a path
or code identifier (`names`), a diagnostic code like CS1591 or E501, a long flag like --no-cache,
or a command (a well-known tool's name, or the word just before a flag: "pytest -x"). Plain words
are not terms, so a line is not "used" because a result says "build" or "test".
"""

from __future__ import annotations

import re

from app.core.memory.names import Names, named_in, tokens

_CODE = re.compile(r"\b[A-Z]{1,4}\d{3,5}\b")  # CS1591, E501, TS2345, SA1600
_LONG_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]{1,40}\b")
_BEFORE_FLAG = re.compile(r"\b([a-z][a-z0-9_.-]{1,30})\s+-{1,2}[a-zA-Z]")
# Developer tools whose name alone is distinctive enough ("prefers ruff over flake8"); not git, which every
# result mentions.
_TOOL_NAMES = (
    "pytest tox nox ruff mypy pyright flake8 black isort pip pipx uv poetry hatch npm npx yarn pnpm node deno "
    "bun jest vitest eslint prettier tsc webpack vite dotnet msbuild nuget cargo rustc clippy rustfmt go gofmt "
    "make cmake ninja bazel gradle mvn maven docker kubectl helm terraform ansible valgrind gdb lldb"
)
_COMMANDS = frozenset(_TOOL_NAMES.split(" "))


def terms(line: str, named: Names | None = None) -> frozenset[str]:
    """The terms of `line` that a later text would repeat if the line were used (`named`: its `named_in`)."""
    named = named if named is not None else named_in(line)
    found = set(named.all())
    found.update(_CODE.findall(line))
    found.update(_LONG_FLAG.findall(line))
    found.update(word for word in _BEFORE_FLAG.findall(line) if len(word) >= 2)
    found.update(word for word in re.findall(r"[a-z][a-z0-9]*", line.lower()) if word in _COMMANDS)
    return frozenset(found)


def found_in(text: str) -> frozenset[str]:
    """What of `text` can match a line's terms: its tokens (paths with their tails), long flags, words."""
    return tokens(text) | frozenset(_LONG_FLAG.findall(text)) | frozenset(re.findall(r"[a-z][a-z0-9]*", text.lower()))
