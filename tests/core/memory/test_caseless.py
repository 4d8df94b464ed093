"""The gate's patterns answer on the lowered line exactly as they do as written, case-insensitively."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.memory import gate_model, judgement, lesson_shapes, state_shapes, state_signs
from app.core.memory.caseless import Caseless, alternatives, boundary_first, caseless
from app.core.memory.state_shapes import Shape

HERE = Path(__file__).parent
# Development lines only (the second held-out set is never read here): notes, in tool words and in plain words.
DEVELOPMENT = ("gate_corpus", "gate_corpus_plain", "gate_test_set")


def _patterns() -> dict[str, tuple[Caseless, bool]]:
    """Every case-insensitive pattern the gate asks, by name, with whether it is asked at the line's start."""
    found: dict[str, tuple[Caseless, bool]] = {}
    for module in (state_shapes, state_signs, lesson_shapes, judgement):
        for name, value in vars(module).items():
            items = value if isinstance(value, tuple) else (value,)
            for i, item in enumerate(items):
                if isinstance(item, tuple) and item and isinstance(item[0], Shape):
                    item = item[0]  # state_signs.SIGNS pairs a shape with a flag
                label = f"{module.__name__}.{name}[{i}]"
                if isinstance(item, Shape):
                    found[label] = (item.pattern, item.anchored)
                elif isinstance(item, Caseless):
                    found[label] = (item, False)
    once: dict[int, str] = {}
    for label, (pattern, _) in found.items():
        once.setdefault(id(pattern), label)  # judgement.py imports the shapes it uses
    return {label: found[label] for label in once.values()}


PATTERNS = _patterns()


def _as_written(pattern: Caseless, text: str, at_start: bool) -> bool:
    compiled = re.compile(pattern.source, re.IGNORECASE)
    return (compiled.match(text) if at_start else compiled.search(text)) is not None


def _reshaped(line: str) -> list[str]:
    # Upper and mixed case, and characters where case-insensitive matching and lowering part ways (the long
    # s and the Kelvin sign match "s" and "k"; a dotted capital I lowers to two characters).
    return [line, line.swapcase(), line.replace("s", "ſ").replace("k", "K"), "İ" + line]


def test_every_pattern_of_the_gate_is_covered() -> None:
    assert len(PATTERNS) >= 35
    assert all(pattern.lowered is not None for pattern, _ in PATTERNS.values())


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_a_pattern_answers_every_development_line_as_written(name: str) -> None:
    pattern, at_start = PATTERNS[name]
    state, durable = gate_model.pool([HERE / folder for folder in DEVELOPMENT])
    differ = [
        text
        for line in state + durable
        for text in _reshaped(line)
        if pattern.found_in(text, at_start=at_start) != _as_written(pattern, text, at_start)
    ]
    assert differ == []


_ALPHABET = st.sampled_from(
    [*"aAbBeEiIkKsStTdDzZ09 .;:-_'\"()[]/\\\t\n\x1c", "ſ", "K", "İ", "ı", "é", "–",
     "failed ", "error CS1061: ", "tests pass", "Still ", "now", "HEAD is", "line 42", " at ", "I ran "]
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_any_text_gets_the_same_answer_lowered_as_written(text: str) -> None:
    for pattern, at_start in PATTERNS.values():
        for start in (at_start, not at_start):
            assert pattern.found_in(text, at_start=start) == _as_written(pattern, text, start), pattern.source


def test_alternatives_split_only_at_the_top_level() -> None:
    assert alternatives(r"a|(b|c)|[|]|\||d") == ["a", "(b|c)", "[|]", r"\|", "d"]
    assert alternatives(r"[]|]|[^]|]|x") == ["[]|]", "[^]|]", "x"]
    assert alternatives(r"(?:a|(?<!b|c)d)|e") == ["(?:a|(?<!b|c)d)", "e"]


def test_alternatives_that_open_with_a_boundary_share_one() -> None:
    assert boundary_first(r"\ba|\bb|c|\bd") == r"\b(?:a|b)|c|\bd"
    assert boundary_first(r"\ba\b|\bbc") == r"\b(?:a\b|bc)"
    assert boundary_first(r"a|b") == "a|b"


def test_what_lowering_would_change_runs_as_written() -> None:
    mixed = caseless(r"\bbreaks\s+(?-i:[A-Z])\w*|\bcrashes\b|[A-z]x|\x41b|\bS\S+")
    assert mixed.lowered is not None and mixed.lowered.pattern == r"\b(?:crashes\b|s\S+)"
    assert mixed.rest is not None and mixed.rest.pattern == r"\bbreaks\s+(?-i:[A-Z])\w*|[A-z]x|\x41b"
    assert mixed.found_in("it breaks Foo") and not mixed.found_in("it breaks foo")
    assert mixed.found_in("AB") and mixed.found_in("_x") and mixed.found_in("Sx!")
