"""What a running turn tells its caller, as small frozen objects.

A turn emits these in order through the `on_event` callback it is given; the
callback runs on the agent's thread, so a UI must hand them to its own thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.core.keep_offer import KeepOffer

if TYPE_CHECKING:  # the report's module imports the tools, which import these events
    from app.core.editor.report import EditorReport


@dataclass(frozen=True)
class TextDelta:
    """More of the reply's text, as it streams."""

    text: str


@dataclass(frozen=True)
class ToolStarted:
    tool_use_id: str
    name: str
    label: str  # short and human, e.g. "building", "reading src/app.py"


@dataclass(frozen=True)
class ToolFinished:
    tool_use_id: str
    name: str
    label: str
    is_error: bool
    # Lines the person asked to remember that the memory's write gate refused: the person may keep them anyway.
    offers: tuple[KeepOffer, ...] = ()


@dataclass(frozen=True)
class ScreenContent:
    """Something the model chose to show rather than say (`show_on_screen`)."""

    markdown: str
    title: str = ""


@dataclass(frozen=True)
class TrustNeeded:
    """A tool would run the repository's own code, which the person has not trusted: ask them.

    A listener may trust the repository before it returns (a terminal's y/N); then the call runs.
    With an `ask_id` the turn waits for the answer given later under that id (the desktop's panel,
    `AgentWorker.answer_trust`), and the call runs in the same turn once the person trusted it.
    """

    repo: str
    tool: str  # "build", "test"
    command: str  # the command line that would run
    folder: str  # where it would run
    ask_id: int = 0  # 0: nobody waits for a later answer


@dataclass(frozen=True)
class TurnEnded:
    """The turn is over; `reply` is what to say (never empty)."""

    reply: str
    screens: tuple[ScreenContent, ...] = field(default=())
    cancelled: bool = False


@dataclass(frozen=True)
class TurnFailed:
    """The turn could not complete; `message` is one sentence a person can act on."""

    message: str


@dataclass(frozen=True)
class Answer:
    """One finished turn as the desktop keeps it (the panel's history, "Show last answer"); not an event."""

    question: str
    reply: str
    screens: tuple[ScreenContent, ...]
    editor: EditorReport | None = None  # what the editor showed, sent with the question (the panel says so)


Event = TextDelta | ToolStarted | ToolFinished | ScreenContent | TrustNeeded | TurnEnded | TurnFailed
