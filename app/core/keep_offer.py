"""A line the person asked to remember that the agent's write gate refused, and how they can keep it anyway.

The memory store makes one when it refuses, as state, a line the turn's own words asked for (a line the
agent wrote on its own initiative gets none). It rides on the tool's result and the `ToolFinished` event
to whatever shows the turn: the answer panel offers "Keep it anyway", `ask` and `chat` print `hint()`.
Keeping it is `memory add`: the person's own line, which the gate never judges; the credential filter and
the caps still apply. Nothing here imports the memory package, which imports this module's users.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_FILE = "notes.md"  # where `memory add` writes without --file
SHOWN_CHARS = 200  # of the line in the command: a longer line is kept whole from the panel


@dataclass(frozen=True)
class KeepOffer:
    """One refused line the person asked for: the line, why the agent may not keep it, where it was going."""

    line: str  # as the agent wrote it, without its list marker
    reason: str  # the gate's reason, in words ("it reads like a report of how things stand now ...")
    path: str = f"/memories/{DEFAULT_FILE}"  # the memory file the agent tried to write
    repository: str = ""  # the repository whose memory it is ("" when the store has none)

    @property
    def file(self) -> str:
        """The memory file's name as a person reads it (`notes.md`)."""
        return self.path.removeprefix("/memories").lstrip("/") or DEFAULT_FILE

    def command(self) -> str:
        """The `memory add` command line that keeps the line as the person's own."""
        where = "" if self.file == DEFAULT_FILE else f" --file {self.file}"
        shown = self.line if len(self.line) <= SHOWN_CHARS else self.line[:SHOWN_CHARS].rstrip() + "…"
        shown = shown.replace('"', "'")  # a double quote would end the argument; a shell reads a single one as is
        return f'voice-dev-agent memory add --repo {self.repository or "PATH"}{where} "{shown}"'

    def hint(self) -> str:
        """One line for a terminal or a notification: what was not remembered and the two ways to keep it."""
        return (
            f"Not remembered: “{self.line}” ({self.reason}). To keep it as your own line: "
            f"Settings → Memory, or {self.command()}"
        )


def offered_line(line: str) -> str:
    """A refused line as the offer holds it: one line, without the list marker the agent wrote."""
    return " ".join(line.split()).lstrip("-*+ ").strip()
