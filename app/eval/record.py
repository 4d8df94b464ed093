"""What one run of a scenario did, as plain data: words, replies, tool calls, memory, tokens, scores.

The records are built from the session's own message history (the requests as sent), so what is
scored is exactly what the model saw and said, in order. They round-trip through JSON unchanged.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from app.core.agent.turn import USAGE_FIELDS

RESULT_CAP = 3_000  # characters of a tool result kept in the report; enough to see what the model read
_WRITE_COMMANDS = ("create", "str_replace", "insert", "delete", "rename")


def empty_usage() -> dict[str, int]:
    return dict.fromkeys(USAGE_FIELDS, 0)


def add_usage(into: dict[str, int], more: dict[str, int]) -> None:
    for name in USAGE_FIELDS:
        into[name] = into.get(name, 0) + int(more.get(name, 0))


@dataclass
class Turn:
    """One thing the developer said and everything the agent did about it, in order.

    `timeline` items are {"kind": "text", "text"} or {"kind": "tool", "name", "input", "result", "is_error"}.
    """

    said: str
    reply: str = ""
    timeline: list[dict[str, Any]] = field(default_factory=list)
    failed: str = ""  # the TurnFailed message when the API failed

    @property
    def tools(self) -> list[dict[str, Any]]:
        return [item for item in self.timeline if item["kind"] == "tool"]

    @property
    def spoken(self) -> str:
        """Everything the agent said in the turn (what the developer heard), or the reply."""
        texts = [item["text"] for item in self.timeline if item["kind"] == "text"]
        return "\n".join(texts) if texts else self.reply


@dataclass
class SessionRecord:
    name: str
    before: list[str] = field(default_factory=list)  # the steps since the previous session, described
    turns: list[Turn] = field(default_factory=list)
    memory_before: dict[str, str] = field(default_factory=dict)
    memory_after: dict[str, str] = field(default_factory=dict)
    memory_block: str = ""  # the memory as the system prompt showed it at the session's start
    usage: dict[str, int] = field(default_factory=empty_usage)

    @property
    def saved_lines(self) -> list[str]:
        """Memory lines present after the session that were not there before it (any file)."""
        before = {line.strip() for text in self.memory_before.values() for line in text.splitlines()}
        saved: list[str] = []
        for text in self.memory_after.values():
            for line in text.splitlines():
                if line.strip() and line.strip() not in before and line.strip() not in saved:
                    saved.append(line.strip())
        return saved

    @property
    def refused_writes(self) -> list[dict[str, Any]]:
        """Memory writes the store refused (the gate, a cap, the credential filter), with its message."""
        return [
            tool
            for turn in self.turns
            for tool in turn.tools
            if tool["name"] == "memory" and tool["is_error"] and tool["input"].get("command") in _WRITE_COMMANDS
        ]


@dataclass
class ScoreResult:
    name: str
    description: str
    passed: bool
    reasons: list[str] = field(default_factory=list)  # why it failed: the words or the missing call


@dataclass
class RunRecord:
    scenario: str
    run: int  # 1-based
    status: str = "running"  # scored, error (setup or API failure), interrupted
    error: str = ""
    elapsed_seconds: float = 0.0
    usage: dict[str, int] = field(default_factory=empty_usage)
    sessions: list[SessionRecord] = field(default_factory=list)
    scores: list[ScoreResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.status == "scored" and all(s.passed for s in self.scores)

    def session(self, name: str) -> SessionRecord | None:
        return next((s for s in self.sessions if s.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunRecord:
        sessions = [
            SessionRecord(
                name=s["name"],
                before=list(s.get("before", [])),
                turns=[Turn(**t) for t in s.get("turns", [])],
                memory_before=dict(s.get("memory_before", {})),
                memory_after=dict(s.get("memory_after", {})),
                memory_block=str(s.get("memory_block", "")),
                usage={**empty_usage(), **s.get("usage", {})},
            )
            for s in data.get("sessions", [])
        ]
        return cls(
            scenario=data["scenario"],
            run=int(data["run"]),
            status=data.get("status", "scored"),
            error=data.get("error", ""),
            elapsed_seconds=float(data.get("elapsed_seconds", 0.0)),
            usage={**empty_usage(), **data.get("usage", {})},
            sessions=sessions,
            scores=[ScoreResult(**s) for s in data.get("scores", [])],
        )


def timeline(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turn's texts and tool calls in order, from the messages it added to the history."""
    results: dict[str, dict[str, Any]] = {}
    for message in messages:
        if message["role"] == "user" and isinstance(message["content"], list):
            for block in message["content"]:
                if block.get("type") == "tool_result":
                    results[block.get("tool_use_id", "")] = block
    items: list[dict[str, Any]] = []
    for message in messages:
        if message["role"] != "assistant":
            continue
        for block in message["content"]:
            if block.get("type") == "text" and block.get("text", "").strip():
                items.append({"kind": "text", "text": block["text"]})
            elif block.get("type") == "tool_use":
                answer = results.get(block.get("id", ""), {})
                items.append(
                    {
                        "kind": "tool",
                        "name": str(block.get("name", "")),
                        "input": block.get("input") if isinstance(block.get("input"), dict) else {},
                        "result": _result_text(answer.get("content"))[:RESULT_CAP],
                        "is_error": bool(answer.get("is_error", False)),
                    }
                )
    return items


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return ""
