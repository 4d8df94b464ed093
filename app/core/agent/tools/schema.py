"""The JSON Schema subset the tool definitions use, checked against a call: one line the model can act on.

A definition is an object of named properties, with `required` and `additionalProperties: false`.
Each property is a string (`maxLength`), an integer or a number (`minimum`, `maximum`), a boolean,
an `enum`, or an array of one of those (`items`, `minItems`, `maxItems`). An optional property may
be null, as models often send for "not given". `unsupported()` names anything else a definition
says, so no keyword can be written that the check would silently ignore (a test runs it on every
registered tool).
"""

from __future__ import annotations

import json
import math
from typing import Any

TYPES = ("string", "integer", "number", "boolean", "array")
_PROPERTY_KEYS = {"type", "description", "enum", "minimum", "maximum", "maxLength", "items", "minItems", "maxItems"}
_OBJECT_KEYS = {"type", "properties", "required", "additionalProperties"}


def problem(tool: str, schema: dict[str, Any], tool_input: dict[str, Any]) -> str:
    """Why `tool_input` does not fit `schema` (one sentence naming the field and what it takes), or ""."""
    properties: dict[str, Any] = schema["properties"]
    extra = sorted(str(key) for key in tool_input if key not in properties)
    if extra:
        accepted = ", ".join(properties) or "no fields"
        return f"{tool} does not take {', '.join(extra)}; it accepts {accepted}."
    for field in schema.get("required", []):
        if field not in tool_input:
            return f"{tool} needs '{field}'."
    for field, value in tool_input.items():
        if value is None:
            continue
        wrong = _value_problem(value, properties[field])
        if wrong:
            return f"'{field}' of {tool} {wrong}."
    return ""


def _value_problem(value: object, spec: dict[str, Any]) -> str:
    """What is wrong with one value, as the rest of a sentence ("must be ..."), or ""."""
    if "enum" in spec:
        choices: list[Any] = spec["enum"]
        # type() as well as ==: True equals 1 and 1 equals 1.0 in Python, not in the schema.
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            return "must be one of " + ", ".join(json.dumps(choice) for choice in choices)
    kind = spec.get("type")
    if kind == "string":
        if not isinstance(value, str):
            return "must be a string"
        limit = spec.get("maxLength")
        if limit is not None and len(value) > limit:
            return f"must be at most {limit:,} characters (it has {len(value):,})"
    elif kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int) or not _in_range(value, spec):
            return "must be " + _range_words("a whole number", spec)
    elif kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return "must be " + _range_words("a number", spec)
        if not _in_range(value, spec):
            return "must be " + _range_words("a number", spec)
    elif kind == "boolean":
        if not isinstance(value, bool):
            return "must be true or false"
    elif kind == "array":
        return _array_problem(value, spec)
    return ""


def _array_problem(value: object, spec: dict[str, Any]) -> str:
    if not isinstance(value, list):
        return "must be a list"
    least, most = spec.get("minItems"), spec.get("maxItems")
    if least is not None and len(value) < least:
        return f"must be a list of at least {least} item{'s' * (least != 1)}"
    if most is not None and len(value) > most:
        return f"must be a list of at most {most} item{'s' * (most != 1)} (it has {len(value)})"
    items = spec.get("items")
    if items is not None:
        for number, item in enumerate(value, start=1):
            wrong = "must not be null" if item is None else _value_problem(item, items)
            if wrong:
                return f"has an item {number} that {wrong}"
    return ""


def _in_range(value: float, spec: dict[str, Any]) -> bool:
    low, high = spec.get("minimum"), spec.get("maximum")
    return (low is None or value >= low) and (high is None or value <= high)


def _range_words(what: str, spec: dict[str, Any]) -> str:
    low, high = spec.get("minimum"), spec.get("maximum")
    if low is not None and high is not None:
        return f"{what} from {low} to {high}"
    if low is not None:
        return f"{what} of at least {low}"
    if high is not None:
        return f"{what} of at most {high}"
    return what


def unsupported(schema: dict[str, Any]) -> list[str]:
    """What in a tool's input schema this module does not check (empty when it checks all of it)."""
    found = [f"schema keyword '{key}'" for key in sorted(set(schema) - _OBJECT_KEYS)]
    if schema.get("type") != "object":
        found.append("the input is not an object")
    if schema.get("additionalProperties") is not False:
        found.append("extra fields are not refused (additionalProperties must be false)")
    properties = schema.get("properties", {})
    found += [
        f"'{name}' is required but not a property" for name in schema.get("required", []) if name not in properties
    ]
    for name, spec in properties.items():
        found += [f"'{name}': {what}" for what in _unsupported_property(spec)]
    return found


def _unsupported_property(spec: dict[str, Any]) -> list[str]:
    found = [f"keyword '{key}'" for key in sorted(set(spec) - _PROPERTY_KEYS)]
    kind = spec.get("type")
    if kind not in TYPES and not (kind is None and "enum" in spec):  # an enum alone names its own values
        found.append(f"type {kind!r} (supported: {', '.join(TYPES)})")
    if kind == "array":
        if "items" in spec:
            found += [f"items: {what}" for what in _unsupported_property(spec["items"])]
    elif any(key in spec for key in ("items", "minItems", "maxItems")):
        found.append("items, minItems or maxItems on a type that is not an array")
    if "enum" in spec and not (isinstance(spec["enum"], list) and spec["enum"]):
        found.append("an enum that is not a list of choices")
    return found
