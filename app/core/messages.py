"""One path for every message meant for the user.

Anything in the app that has something to tell the user (an error, a warning, a
notice) calls `error()`, `warning()` or `info()`. The message is logged first,
then handed to the sink the front end installed (the tray, or stderr for the
CLI). Messages sent before a sink exists are held and delivered when one is set,
so nothing said during start-up is lost. Unhandled exceptions in any thread are
routed here too by `install_excepthooks()`.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from types import TracebackType

from app.core.errors import UserFacingError

log = logging.getLogger("app.messages")


class Level(Enum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    level: Level
    text: str
    speak: bool = False  # worth saying aloud as well as showing
    # (key, label) buttons, where the desktop's notifications show them; `on_action(key)` runs on a click.
    actions: tuple[tuple[str, str], ...] = ()
    on_action: Callable[[str], object] | None = field(default=None, compare=False)
    # Its text quotes memory lines: the log says a message was shown, not its words, so that forgetting
    # a repository's memory leaves no copy of them in the log.
    private: bool = False


Sink = Callable[[Message], None]

_lock = threading.Lock()
_sink: Sink | None = None
_held: list[Message] = []


def set_sink(sink: Sink | None) -> None:
    """Install the front end's sink and deliver anything held so far."""
    global _sink
    with _lock:
        _sink = sink
        pending, _held[:] = list(_held), []
    if sink is not None:
        for message in pending:
            _deliver(sink, message)


def post(message: Message) -> None:
    """Say a message made whole (with actions, say): logged, then to the sink, as info/warning/error do."""
    _post(message)


def _post(message: Message) -> None:
    log_level = {Level.INFO: logging.INFO, Level.WARNING: logging.WARNING, Level.ERROR: logging.ERROR}
    if message.private:
        log.log(log_level[message.level], "(a message about memory, %d characters)", len(message.text))
    else:
        log.log(log_level[message.level], "%s", message.text)
    with _lock:
        sink = _sink
        if sink is None:
            _held.append(message)
            return
    _deliver(sink, message)


def _deliver(sink: Sink, message: Message) -> None:
    try:
        sink(message)
    except Exception:  # a broken sink must not take the caller down with it
        log.exception("message sink failed")


def info(
    text: str,
    *,
    speak: bool = False,
    actions: tuple[tuple[str, str], ...] = (),
    on_action: Callable[[str], object] | None = None,
    private: bool = False,
) -> None:
    _post(Message(Level.INFO, text, speak, actions, on_action, private))


def warning(text: str, *, speak: bool = False) -> None:
    _post(Message(Level.WARNING, text, speak))


def error(text: str, *, speak: bool = True) -> None:
    _post(Message(Level.ERROR, text, speak))


def report_exception(exc: BaseException) -> None:
    """Tell the user about an exception: its own words if it is user-facing, else a short note."""
    if isinstance(exc, UserFacingError):
        error(str(exc))
        return
    log.error("unexpected error", exc_info=(type(exc), exc, exc.__traceback__))
    error(f"Something went wrong ({type(exc).__name__}). Details are in the log file.", speak=False)


def call_reporting(callback: Callable[..., object] | None, *args: object) -> None:
    """Call `callback` (if any) with `args`; what it raises goes to the user, not to the caller.

    For threads that run other code's callbacks (the microphone's consumer, the speaker, the
    hotkey's dispatcher): one broken callback must not end the thread that serves them all.
    """
    if callback is None:
        return
    try:
        callback(*args)
    except Exception as exc:
        report_exception(exc)


def stderr_sink(message: Message) -> None:
    prefix = {Level.INFO: "", Level.WARNING: "warning: ", Level.ERROR: "error: "}[message.level]
    print(prefix + message.text, file=sys.stderr)


def install_excepthooks() -> None:
    """Route uncaught exceptions of the main thread and every other thread to the user."""

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        log.error("uncaught exception:\n%s", "".join(traceback.format_exception(exc_type, exc, tb)))
        report_exception(exc)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            hook(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = hook
    threading.excepthook = thread_hook
