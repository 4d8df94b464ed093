"""`python -m app chat --repo PATH`: a typed conversation in one session, like the voice app without voice.

Replies stream as they arrive; tool activity shows as a short line; screen content is
printed as Markdown. /new starts a new session (from memory), /quit ends. Ctrl-C during
a reply cancels that turn, the way the hotkey does in the desktop app. Sessions follow
the desktop's rule (app.core.agent.lifecycle): after the idle time, or once the history
has grown long, the next question starts a new session from memory.
"""

from __future__ import annotations

import argparse
import sys
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from app.commands.keep_note import KeepNote
from app.commands.on_screen import page_text
from app.commands.trust import terminal_prompt
from app.core import messages, paths
from app.core import settings as settings_module
from app.core.agent.events import Event, ScreenContent, TextDelta, ToolStarted, TrustNeeded, TurnEnded, TurnFailed
from app.core.errors import UserFacingError
from app.core.repos import find_root

if TYPE_CHECKING:
    from app.core.agent.lifecycle import SessionLifecycle
    from app.core.agent.prompt_cache import PromptCache
    from app.core.agent.session import Session
    from app.core.agent.warmup import Warmer

HELP = "Type a question. /new starts a new session, /quit ends (so does Ctrl-D)."


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "chat",
        help="a typed conversation with the agent about a repository",
        description=f"A typed conversation in one session. {HELP}",
    )
    parser.add_argument("--repo", metavar="PATH", help="the repository (default: the current folder)")
    parser.set_defaults(func=run)


class _Printer:
    """Writes a turn's events to the terminal as they come."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.at_line_start = True
        self._ask_trust = terminal_prompt()
        self.keep = KeepNote()  # said by the loop once the turn is over

    def __call__(self, event: Event) -> None:
        self.keep.see(event)
        if isinstance(event, TextDelta):
            self._write(event.text)
        elif isinstance(event, ToolStarted):
            self._line(f"  [{event.label}…]")
        elif isinstance(event, TrustNeeded):
            self._line("")
            self._ask_trust(event)
        elif isinstance(event, ScreenContent):
            self._line("\n" + page_text(event.title, event.markdown))
        elif isinstance(event, TurnFailed):
            self._line(f"error: {event.message}")
        elif isinstance(event, TurnEnded):
            self._line("(cancelled)" if event.cancelled else "")

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()
        if text:
            self.at_line_start = text.endswith("\n")

    def _line(self, text: str) -> None:
        if not self.at_line_start:
            self._write("\n")
        if text:
            self._write(text + "\n")


def _turn(session: Session, text: str, printer: _Printer) -> None:
    """Run one turn on a worker thread so Ctrl-C can cancel it cleanly; recorded in the history like `ask`."""
    from app.core.history import History
    from app.core.turn_record import TurnRecorder

    recorder = TurnRecorder(History.for_settings(session.settings), session.repo, text, source="typed", forward=printer)
    worker = threading.Thread(target=session.run_turn, args=(text, recorder), name="agent-turn", daemon=True)
    worker.start()
    while worker.is_alive():
        try:
            worker.join(0.2)
        except KeyboardInterrupt:
            session.cancel()


def _lifecycle(repo_arg: str | None, prompt_cache: PromptCache) -> SessionLifecycle:
    """The conversation's sessions; the first is made now, so a missing key is one clear line up front."""
    from app.core.agent.lifecycle import SessionLifecycle, new_session

    repo = find_root(Path(repo_arg or "."))
    loaded = settings_module.load()
    lifecycle = SessionLifecycle(repo, loaded.settings, make_session=partial(new_session, prompt_cache=prompt_cache))
    lifecycle.session_for_turn()
    return lifecycle


def _prepare(lifecycle: SessionLifecycle, warmer: Warmer) -> None:
    """While the person types: the connection, and the prompt cache when it is probably cold."""
    try:
        session = lifecycle.prepared_session()
    except UserFacingError:  # the key went missing: the question itself will say so
        return
    if session is not None:
        warmer.start(session, None, warm=lifecycle.settings.prepare_while_speaking)


def run(args: argparse.Namespace) -> int:
    from app.core.agent.prompt_cache import PromptCache
    from app.core.agent.warmup import Warmer

    prompt_cache = PromptCache(record=paths.prompt_cache_file())
    lifecycle = _lifecycle(args.repo, prompt_cache)
    from app.commands.memory import first_use_line

    note = first_use_line(lifecycle.repo, lifecycle.settings) if lifecycle.repo is not None else ""
    if note:
        messages.info(note)  # the one message path: logged, then on stderr as before
    from app.commands.held_note import HeldNote

    held = HeldNote()
    out = sys.stdout
    printer = _Printer(out)
    interactive = sys.stdin.isatty()
    print(f"Talking about {lifecycle.repo}. {HELP}", file=out, flush=True)
    # Typed at a terminal, a question takes seconds to write: time to warm. Piped lines come at once.
    warmer = Warmer(prompt_cache) if interactive else None
    while True:
        if warmer is not None:
            _prepare(lifecycle, warmer)
        try:
            line = input("you> " if interactive else "")
        except EOFError:
            break
        except KeyboardInterrupt:
            print(file=out)
            break
        text = line.strip()
        if not text:
            continue
        if text in ("/quit", "/exit", "/q"):
            break
        if text == "/new":
            lifecycle.restart(lifecycle.repo, lifecycle.settings)
            print("New session (it starts from memory).", file=out, flush=True)
            continue
        if text in ("/help", "/?"):
            print(HELP, file=out, flush=True)
            continue
        turn = lifecycle.session_for_turn()
        if turn.expired:
            minutes = lifecycle.settings.idle_minutes
            print(f"(Idle for over {minutes} minutes: a new session, from memory.)", file=out, flush=True)
        if turn.grew_long:
            from app.core.agent.lifecycle import LONG_SESSION_NOTE

            print(f"({LONG_SESSION_NOTE})", file=out, flush=True)
        _turn(turn.session, text, printer)
        lifecycle.turn_ended()
        printer.keep.after_turn()
        held.after_turn(turn.session.repo, turn.session.id)
    return 0
