"""Read and check the scenario files: a repository set up step by step, sessions, and score rules.

A scenario is one TOML file under app/eval/scenarios/ (see README.md there). Everything in it
is checked when it is loaded, so a typo in a new scenario is one clear message naming the file
and the field, never a traceback in the middle of a paid run.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.errors import UserFacingError

SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"

# rule name -> (required fields, optional fields) besides name, rule, description, session, turn
RULES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "answer_mentions": (("all_of",), ()),
    "answer_avoids": ((), ("phrases", "patterns")),
    "answer_qualifies": (("mentions", "with_any"), ()),
    "tool_before_answer": (("checks",), ()),
    "claim_needs_check": (("claims", "checks"), ()),
    "memory_no_state": ((), ()),
    "memory_avoids": ((), ("phrases", "patterns")),
    "block_avoids": ((), ("phrases", "patterns")),
    "block_mentions": (("all_of",), ()),
}
_COMMON = ("name", "rule", "description", "session", "turn")
_STEP_KINDS = ("write", "delete", "commit", "git", "memory", "session")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,60}$")


class ScenarioError(UserFacingError):
    """A scenario file that cannot be used; the message names the file and what is wrong."""


@dataclass(frozen=True)
class Step:
    """One setup or session step; `kind` is one of write, delete, commit, git, memory, session."""

    kind: str
    files: dict[str, str] = field(default_factory=dict)  # write
    paths: tuple[str, ...] = ()  # delete
    message: str = ""  # commit
    days_ago: float = 0.0  # commit: its author and committer date
    args: tuple[str, ...] = ()  # git
    memory_path: str = ""  # memory
    text: str = ""  # memory
    by: str = "agent"  # memory: "agent" (through the memory tool, so the gate applies) or "person"
    name: str = ""  # session
    say: tuple[str, ...] = ()  # session: the developer's words, one turn each


@dataclass(frozen=True)
class Score:
    """One score rule; `params` holds the rule's own fields as they were written."""

    name: str
    rule: str
    description: str
    session: str
    turn: int = -1  # which turn of the session is the answer: the last by default
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    description: str
    repository: str  # the folder name the agent sees
    steps: tuple[Step, ...]
    scores: tuple[Score, ...]
    source: Path

    @property
    def sessions(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "session"]


def available(folder: Path = SCENARIO_DIR) -> list[Scenario]:
    """Every scenario in `folder`, sorted by name."""
    return sorted((load(p) for p in sorted(folder.glob("*.toml"))), key=lambda s: s.name)


def select(names: list[str] | None, folder: Path = SCENARIO_DIR) -> list[Scenario]:
    """The named scenarios in the order given (all of them when `names` is empty)."""
    known = {s.name: s for s in available(folder)}
    if not names:
        return list(known.values())
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ScenarioError(f"No scenario named {', '.join(unknown)}. Known: {', '.join(known)}.")
    return [known[n] for n in dict.fromkeys(names)]


def load(path: Path) -> Scenario:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScenarioError(f"{path.name}: cannot be read ({exc.strerror or exc}).") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path.name}: not valid TOML ({exc}).") from exc
    return parse(data, path)


def parse(data: dict[str, Any], path: Path) -> Scenario:
    where = path.name
    _only(data, ("name", "title", "description", "repository", "steps", "scores"), where)
    name = _text(data, "name", where)
    if not _NAME.match(name):
        raise ScenarioError(f"{where}: name must be lower-case letters, digits and dashes (got {name!r}).")
    repository = str(data.get("repository") or name)
    if not _NAME.match(repository):
        raise ScenarioError(f"{where}: repository must be a plain folder name (got {repository!r}).")
    steps = tuple(_step(raw, f"{where} step {i}") for i, raw in enumerate(_tables(data, "steps", where), 1))
    sessions = [s.name for s in steps if s.kind == "session"]
    if len(sessions) < 2:
        raise ScenarioError(f"{where}: a scenario needs at least two sessions (it has {len(sessions)}).")
    if len(set(sessions)) != len(sessions):
        raise ScenarioError(f"{where}: session names must be different from each other.")
    scores = tuple(_score(raw, f"{where} score {i}", steps) for i, raw in enumerate(_tables(data, "scores", where), 1))
    if not scores:
        raise ScenarioError(f"{where}: a scenario needs at least one score.")
    if len({s.name for s in scores}) != len(scores):
        raise ScenarioError(f"{where}: score names must be different from each other.")
    return Scenario(
        name=name,
        title=_text(data, "title", where),
        description=str(data.get("description", "")).strip(),
        repository=repository,
        steps=steps,
        scores=scores,
        source=path,
    )


def _step(raw: dict[str, Any], where: str) -> Step:
    kinds = [k for k in _STEP_KINDS if k in raw]
    if len(kinds) != 1:
        raise ScenarioError(f"{where}: a step has exactly one of {', '.join(_STEP_KINDS)} (found {kinds or 'none'}).")
    kind = kinds[0]
    if kind == "write":
        _only(raw, ("write",), where)
        files = raw["write"]
        if not isinstance(files, dict) or not files or not all(isinstance(v, str) for v in files.values()):
            raise ScenarioError(f"{where}: write is a table of path = text.")
        for rel in files:
            _relative_path(rel, where)
        return Step("write", files=dict(files))
    if kind == "delete":
        _only(raw, ("delete",), where)
        paths = _strings(raw, "delete", where)
        for rel in paths:
            _relative_path(rel, where)
        return Step("delete", paths=paths)
    if kind == "commit":
        _only(raw, ("commit", "days_ago"), where)
        days = raw.get("days_ago", 0)
        if isinstance(days, bool) or not isinstance(days, int | float) or days < 0:
            raise ScenarioError(f"{where}: days_ago is a number of days, 0 or more.")
        return Step("commit", message=_text(raw, "commit", where), days_ago=float(days))
    if kind == "git":
        _only(raw, ("git",), where)
        return Step("git", args=_strings(raw, "git", where))
    if kind == "memory":
        _only(raw, ("memory", "text", "by"), where)
        by = raw.get("by", "agent")
        if by not in ("agent", "person"):
            raise ScenarioError(f"{where}: by is 'agent' or 'person' (got {by!r}).")
        memory_path = _text(raw, "memory", where)
        if not memory_path.startswith("/memories/"):
            raise ScenarioError(f"{where}: memory is a path under /memories/ (got {memory_path!r}).")
        return Step("memory", memory_path=memory_path, text=_text(raw, "text", where), by=by)
    _only(raw, ("session", "say"), where)
    say = _strings(raw, "say", where)
    if not say:
        raise ScenarioError(f"{where}: a session says something (say = [...]).")
    return Step("session", name=_text(raw, "session", where), say=say)


def _score(raw: dict[str, Any], where: str, steps: tuple[Step, ...]) -> Score:
    rule = _text(raw, "rule", where)
    if rule not in RULES:
        raise ScenarioError(f"{where}: unknown rule {rule!r}; rules are {', '.join(RULES)}.")
    required, optional = RULES[rule]
    _only(raw, (*_COMMON, *required, *optional), where)
    for key in required:
        if key not in raw:
            raise ScenarioError(f"{where}: rule {rule} needs {key}.")
    name = _text(raw, "name", where)
    session = _text(raw, "session", where)
    by_name = {s.name: s for s in steps if s.kind == "session"}
    if session not in by_name:
        raise ScenarioError(f"{where}: no session named {session!r} (sessions: {', '.join(by_name)}).")
    turn = raw.get("turn", -1)
    turns = len(by_name[session].say)
    if isinstance(turn, bool) or not isinstance(turn, int) or not -turns <= turn < turns:
        raise ScenarioError(f"{where}: turn must pick one of the session's {turns} turns.")
    params = {k: v for k, v in raw.items() if k not in _COMMON}
    _check_params(rule, params, where)
    return Score(name, rule, _text(raw, "description", where), session, turn, params)


def _check_params(rule: str, params: dict[str, Any], where: str) -> None:
    for key in ("phrases", "mentions", "with_any", "claims", "checks", "patterns"):
        if key in params:
            params[key] = list(_strings(params, key, where))
            if not params[key]:
                raise ScenarioError(f"{where}: {key} must not be empty.")
    for pattern in params.get("patterns", []):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ScenarioError(f"{where}: pattern {pattern!r} is not a valid regular expression ({exc}).") from exc
    if "all_of" in params:
        groups = params["all_of"]
        if not isinstance(groups, list) or not groups:
            raise ScenarioError(f"{where}: all_of is a list of word lists.")
        params["all_of"] = [list(_strings({"group": g}, "group", where)) for g in groups]
    avoids = ("answer_avoids", "memory_avoids", "block_avoids")
    if rule in avoids and not (params.get("phrases") or params.get("patterns")):
        raise ScenarioError(f"{where}: rule {rule} needs phrases or patterns.")


def _only(table: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = sorted(set(table) - set(allowed))
    if extra:
        raise ScenarioError(f"{where}: unknown field {', '.join(extra)} (allowed: {', '.join(allowed)}).")


def _text(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(f"{where}: {key} must be a non-empty text.")
    return value


def _strings(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ScenarioError(f"{where}: {key} must be a list of texts.")
    return tuple(value)


def _tables(data: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ScenarioError(f"{where}: {key} must be a list of tables ([[{key}]]).")
    return value


def _relative_path(rel: str, where: str) -> None:
    parts = rel.replace("\\", "/").split("/")
    if not rel or rel.startswith("/") or any(p in ("", ".", "..", ".git") for p in parts):
        raise ScenarioError(f"{where}: {rel!r} must be a plain path inside the repository.")
