"""The schema check a model's call meets before any tool runs: every type the definitions may use."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.agent.toolbox import REGISTRY
from app.core.agent.tools import schema
from app.core.agent.tools.record import definition

# A definition with one property of each kind the check covers (no registered tool needs all of them yet).
PROBE = definition(
    "probe",
    "A tool to check calls against.",
    {
        "name": {"type": "string", "maxLength": 5},
        "count": {"type": "integer", "minimum": 1, "maximum": 10},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "fast": {"type": "boolean"},
        "mode": {"type": "string", "enum": ["quick", "full"]},
        "level": {"enum": [1, 2]},
        "paths": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
    },
    required=("name",),
)["input_schema"]


@pytest.mark.parametrize(
    ("tool_input", "expected"),
    [
        ({}, "probe needs 'name'."),
        ({"name": "a", "colour": "red"}, "probe does not take colour; it accepts name, count, ratio, fast, mode"),
        ({"name": 5}, "'name' of probe must be a string."),
        ({"name": "abcdef"}, "'name' of probe must be at most 5 characters (it has 6)."),
        ({"name": "a", "count": "3"}, "'count' of probe must be a whole number from 1 to 10."),
        ({"name": "a", "count": 2.0}, "'count' of probe must be a whole number from 1 to 10."),
        ({"name": "a", "count": True}, "'count' of probe must be a whole number from 1 to 10."),
        ({"name": "a", "count": 11}, "'count' of probe must be a whole number from 1 to 10."),
        ({"name": "a", "ratio": "0.5"}, "'ratio' of probe must be a number from 0 to 1."),
        ({"name": "a", "ratio": False}, "'ratio' of probe must be a number from 0 to 1."),
        ({"name": "a", "ratio": float("nan")}, "'ratio' of probe must be a number from 0 to 1."),
        ({"name": "a", "ratio": 1.5}, "'ratio' of probe must be a number from 0 to 1."),
        ({"name": "a", "fast": "yes"}, "'fast' of probe must be true or false."),
        ({"name": "a", "fast": 1}, "'fast' of probe must be true or false."),
        ({"name": "a", "mode": "slow"}, '\'mode\' of probe must be one of "quick", "full".'),
        ({"name": "a", "mode": 1}, '\'mode\' of probe must be one of "quick", "full".'),
        ({"name": "a", "level": True}, "'level' of probe must be one of 1, 2."),
        ({"name": "a", "level": 1.0}, "'level' of probe must be one of 1, 2."),
        ({"name": "a", "paths": "src"}, "'paths' of probe must be a list."),
        ({"name": "a", "paths": []}, "'paths' of probe must be a list of at least 1 item."),
        ({"name": "a", "paths": list("abcd")}, "'paths' of probe must be a list of at most 3 items (it has 4)."),
        ({"name": "a", "paths": ["src", 3]}, "'paths' of probe has an item 2 that must be a string."),
        ({"name": "a", "paths": [None]}, "'paths' of probe has an item 1 that must not be null."),
    ],
)
def test_each_kind_of_value_is_refused_with_what_it_must_be(tool_input: dict[str, Any], expected: str) -> None:
    assert schema.problem("probe", PROBE, tool_input).startswith(expected)


def test_values_that_fit_pass_and_optional_nulls_are_not_given() -> None:
    good = {"name": "abcde", "count": 10, "ratio": 0, "fast": False, "mode": "full", "level": 2, "paths": ["a"]}
    assert schema.problem("probe", PROBE, good) == ""
    assert schema.problem("probe", PROBE, {"name": "a", "ratio": 1, "count": None, "paths": None}) == ""


def test_every_registered_definition_uses_only_what_the_check_covers() -> None:
    for tool in REGISTRY:
        if tool.schema is not None:
            assert schema.unsupported(tool.schema) == [], tool.name
    assert schema.unsupported(PROBE) == []


def test_a_keyword_the_check_would_ignore_is_named() -> None:
    loose = {
        "type": "object",
        "properties": {
            "when": {"type": "string", "format": "date-time"},
            "where": {"type": "object"},
            "tags": {"type": "string", "items": {"type": "string"}},
        },
        "required": ["who"],
    }
    assert schema.unsupported(loose) == [
        "extra fields are not refused (additionalProperties must be false)",
        "'who' is required but not a property",
        "'when': keyword 'format'",
        "'where': type 'object' (supported: string, integer, number, boolean, array)",
        "'tags': items, minItems or maxItems on a type that is not an array",
    ]
