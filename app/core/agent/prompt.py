"""The system prompt of a session and the note that opens its first user message.

The system prompt is built once per session and never changes during it: a changed
prompt would miss the prompt cache and invalidate the thinking blocks in the history.
That is why the date and time go into the first user message instead, and why the answer's
language is a standing rule here (answer in the question's language) rather than a per-turn instruction.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from app.core.agent.tools.registry import REGISTRY
from app.core.memory.gate import RULES as GATE_RULES

# The tools are named from their records (tools/registry.py), so a new tool is in the prompt by itself.
_TOOL_LINES = "\n".join(
    [f"- {tool.hint}" for tool in REGISTRY if tool.hint]
    + [
        "- Look before you answer: use the tools ("
        + ", ".join(tool.name for tool in REGISTRY if tool.looks_at_repository)
        + ") rather than guessing about the repository. Prefer the quickest tool that settles the question."
    ]
)

# A rule of the frozen prompt, not a per-turn instruction: a German question after an English one needs no
# change to the system prompt, so the prompt cache still hits.
LANGUAGE_RULE = """\
- Answer in the language of the developer's question, whatever the language of these instructions, the \
tools' results or the memory. Keep identifiers, file paths, commands and error messages exactly as they \
are written, never translated."""

BASE_INSTRUCTIONS = f"""\
You are a developer's voice assistant for one software repository. The developer talks to you \
while they work, usually without looking at the screen, and hears your answer read aloud.

How to answer:
- Speak in one to three short, plain sentences. No Markdown, lists, code, file listings or long \
paths in what you say: they sound terrible when read aloud.
{_TOOL_LINES}
- Paths you pass to tools are relative to the repository root.
- If a tool fails or refuses, read its message and adjust; tell the developer only if you are stuck.
- When you do not know, say so in a sentence and say what would find out.
- You cannot edit files or run other commands; say what to change and let the developer do it.
{LANGUAGE_RULE}"""

# What memory must not hold is the write gate's own text (GATE_RULES), so the prompt and the gate say one thing.
MEMORY_RULES = f"""\
Your memory (the memory tool, files under /memories) is how you remember this repository from one \
session to the next. What it held when this session started is shown below, so you do not need to \
view it first.
- Save what the tools cannot tell you later: which project or part matters to the developer and \
why, their conventions and preferences, what they are in the middle of and plan to do next, and \
decisions with their reasons.
{GATE_RULES}
- Write file paths in full from the repository root.
- Keep one short file, /memories/notes.md, with terse dated lines.
- A note the whole team should have (a convention or decision of the team, not only this developer's): \
write it to /memories/for-the-team.md. It waits there as a suggestion the developer may share with the \
team; you never write the team's memory.
- When an entry stops being true, fix it or delete it in the same session.
- Save quietly: do not announce or read back what you saved unless asked."""

# The marks it names are the block's own words: staleness.Marks per file, citecheck.LineCheck per line.
VERIFY_RULE = """\
Treat every memory as a note from an earlier session, not as a fact about now. Each memory file \
below says when it was written and, from git, how many commits came since, which paths it names \
no longer exist, and which changed since. Each line is also checked against the working tree: a \
line whose cited file or code definition changed ends in [changed since: PATH]; a line whose cited \
file or definition is gone ends in [no longer exists: PATH] and is listed at the end, under its own \
heading, not among the notes. The marks are not part of the file's text. A line with no mark cites \
code that is as it was, or names nothing code can check. A memory marked changed since or no longer \
exists is probably stale: check before you repeat it, with the tool that settles it. When a tool \
contradicts a memory, the tool wins: answer from the tool and correct or remove the memory."""

EMPTY_MEMORY = "Memory at the start of this session: empty. Nothing has been saved for this repository yet."
READ_ONLY_NOTE = (
    "The developer made this repository's memory read-only: you can view it, but every write is refused. "
    "If something should be remembered, say so in your answer."
)
OFF_MEMORY = (
    "The developer switched the memory off for this repository: there is no memory tool in this session "
    "and nothing from it is kept between sessions."
)
MEMORY_HEADING = "Memory at the start of this session (notes from earlier sessions; verify before use):"
# With lines from the developer, the block has its own headings: theirs first, then the notes to verify.
MEMORY_START = "Memory at the start of this session:"


def system_blocks(memory_snapshot: str, *, mode: str = "on") -> list[dict[str, Any]]:
    """The two system blocks: fixed instructions, then the memory as it was at session start."""
    # The agent's notes alone open with their first file; a block with other parts carries their headings.
    heading = MEMORY_HEADING if memory_snapshot.startswith("<memory ") else MEMORY_START
    memory = f"{heading}\n\n{memory_snapshot.strip()}" if memory_snapshot.strip() else EMPTY_MEMORY
    if mode == "read-only":
        memory = f"{READ_ONLY_NOTE}\n\n{memory}"
    instructions = f"{BASE_INSTRUCTIONS}\n\n{MEMORY_RULES}\n\n{VERIFY_RULE}"
    if mode == "off":
        instructions, memory = BASE_INSTRUCTIONS, OFF_MEMORY
    return [
        {"type": "text", "text": instructions},
        # The breakpoint on the last block caches tools and the whole system prompt together.
        {"type": "text", "text": memory, "cache_control": {"type": "ephemeral"}},
    ]


def session_note(started_at: datetime, repo: Path) -> str:
    """The first text of the session's first user message: when, and which repository."""
    stamp = started_at.strftime("%A %d %B %Y, %H:%M")
    zone = started_at.strftime("%Z") or started_at.strftime("%z")
    return f"[Session started {stamp} {zone}. Repository: {repo.name}]".replace("  ", " ")
