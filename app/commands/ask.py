"""`python -m app ask --repo PATH TEXT`: one question, one new session, the reply on stdout."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.commands.keep_note import KeepNote
from app.commands.on_screen import page_text
from app.commands.trust import terminal_prompt
from app.core import messages, paths
from app.core import settings as settings_module
from app.core.agent.events import Event, ToolFinished, TrustNeeded, TurnFailed
from app.core.errors import UserFacingError
from app.core.repos import find_root

if TYPE_CHECKING:
    from app.core.agent.session import Session


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ask",
        help="ask the agent one question about a repository (typed, no voice)",
        description="Ask one question in a new session and print the reply that would be spoken. "
        "ANTHROPIC_BASE_URL points it at any compatible endpoint.",
    )
    parser.add_argument("--repo", metavar="PATH", help="the repository (default: the current folder)")
    parser.add_argument("--json", action="store_true", help='print {"reply", "screen", "tools"} as JSON')
    parser.add_argument("text", nargs="+", help="what to ask")
    parser.set_defaults(func=run)


def open_session(repo_arg: str | None) -> Session:
    """A new session on the repository holding `repo_arg` (raises a UserFacingError when unusable)."""
    # Imported here: the SDK takes seconds to import, and every other subcommand
    # (and --help) would pay for it when the parser is built.
    from app.core.agent.client import make_client
    from app.core.agent.prompt_cache import PromptCache
    from app.core.agent.session import Session
    from app.core.agent.warmup import open_connection_soon

    repo = find_root(Path(repo_arg or "."))
    loaded = settings_module.load()
    # Made up front so a missing key is one clear line before anything else happens.
    client = make_client(loaded.settings)
    # The handshake overlaps loading the memory. No warm-up: the question goes out at once, and the
    # cache write a warm-up would do is the one this question does itself.
    open_connection_soon(client)
    return Session(repo, loaded.settings, client=client, prompt_cache=PromptCache(record=paths.prompt_cache_file()))


def _note_memory(session: Session) -> None:
    from app.commands.memory import first_use_line

    note = first_use_line(session.repo, session.settings)
    if note:
        messages.info(note)  # logged, then on stderr: `ask --json` keeps its output one JSON object


def run(args: argparse.Namespace) -> int:
    text = " ".join(args.text).strip()
    if not text:  # said before a session or a key is needed: an empty question is never sent
        raise UserFacingError("The question is empty: nothing was sent.", hint="Type what to ask after `ask`.")
    session = open_session(args.repo)
    tools: list[dict[str, Any]] = []
    ask_trust = terminal_prompt()
    keep = KeepNote()

    def on_event(event: Event) -> None:
        keep.see(event)
        if isinstance(event, TrustNeeded):
            ask_trust(event)
        elif isinstance(event, ToolFinished):
            tools.append({"name": event.name, "label": event.label, "is_error": event.is_error})

    from app.core.history import History
    from app.core.turn_record import TurnRecorder

    recorder = TurnRecorder(
        History.for_settings(session.settings), session.repo, text, source="typed", forward=on_event
    )
    result = session.run_turn(text, recorder)
    if isinstance(result, TurnFailed):
        messages.error(result.message, speak=False)  # the one message path: logged, then "error: ..." on stderr
        return 1
    _note_memory(session)  # after a reply: a failure stays one line
    keep.after_turn()
    from app.commands.held_note import HeldNote

    HeldNote().after_turn(session.repo, session.id)
    if args.json:
        screens = [{"title": s.title, "markdown": s.markdown} for s in result.screens]
        print(json.dumps({"reply": result.reply, "screen": screens, "tools": tools}, ensure_ascii=False))
    else:
        print(result.reply)
        # No panel here: the page the agent put on screen is part of the answer, so it follows the reply.
        for screen in result.screens:
            print("\n" + page_text(screen.title, screen.markdown))
    return 0
