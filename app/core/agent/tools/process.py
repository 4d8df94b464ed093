"""Run one build or test command with a time limit, an output cap and a cancel event.

The command runs in its own process group (its own session on POSIX) and inside a
`Containment`, so a cancel, a timeout, or the end of the command kills every process
it started, daemons included: a test runner's workers must never outlive the tool call.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from app.core.agent.tools.containment import Containment

HEAD_BYTES = 1_000_000
TAIL_BYTES = 1_000_000
_POLL_SECONDS = 0.05
_TERM_GRACE_SECONDS = 0.25
# Never hand the app's own secrets to the repository's code.
_DROPPED_ENV_PREFIXES = ("ANTHROPIC_", "VOICE_DEV_AGENT_")
_CMD_SPECIAL = frozenset('&|<>^%"!`\n\r')
_QUIET_ENV = {
    "NO_COLOR": "1",
    "CLICOLOR": "0",
    "TERM": "dumb",
    "CARGO_TERM_COLOR": "never",
    "RUST_BACKTRACE": "0",
    "DOTNET_CLI_TELEMETRY_OPTOUT": "1",
    "DOTNET_NOLOGO": "1",
    # MSBuild and the compiler server otherwise stay running after the build, holding our output pipe.
    "MSBUILDDISABLENODEREUSE": "1",
    "DOTNET_CLI_USE_MSBUILD_SERVER": "0",
    "npm_config_update_notifier": "false",
    "npm_config_fund": "false",
    "npm_config_audit": "false",
}


@dataclass(frozen=True)
class Outcome:
    """How a command ended, with its combined stdout and stderr (head and tail kept when huge)."""

    exit_code: int | None  # None when it was stopped or could not start
    output: str
    seconds: float
    timed_out: bool = False
    cancelled: bool = False
    truncated: bool = False
    start_error: str = ""


def batch_refusal(argv: list[str] | str, *, windows: bool = os.name == "nt") -> str:
    """Why `argv` must not run, or "": on Windows a batch file's arguments pass through cmd.exe, which
    Python cannot quote safely (& | < > ^ % " !), so an argument holding one of those is refused."""
    if not windows or isinstance(argv, str) or not argv:
        return ""
    if not argv[0].lower().endswith((".bat", ".cmd")):
        return ""
    for argument in argv[1:]:
        unsafe = sorted(set(argument) & _CMD_SPECIAL)
        if unsafe:
            return f"an argument for {os.path.basename(argv[0])} holds {' '.join(unsafe)}, which cmd.exe would act on"
    return ""


def command_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith(_DROPPED_ENV_PREFIXES)}
    env.update(_QUIET_ENV)
    if extra:
        env.update(extra)
    return env


class _Collector:
    """Keeps the first HEAD_BYTES and the last TAIL_BYTES of a stream read on its own thread."""

    def __init__(self, stream: object) -> None:
        self._stream = stream
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_size = 0
        self.dropped = False
        self.thread = threading.Thread(target=self._run, name="tool-output", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        read = getattr(self._stream, "read1", None) or self._stream.read  # type: ignore[attr-defined]
        try:
            while True:
                chunk: bytes = read(65536)
                if not chunk:
                    return
                room = HEAD_BYTES - len(self.head)
                if room > 0:
                    self.head += chunk[:room]
                    chunk = chunk[room:]
                if chunk:
                    self.tail.append(chunk)
                    self.tail_size += len(chunk)
                    while self.tail_size - len(self.tail[0]) >= TAIL_BYTES:
                        self.tail_size -= len(self.tail.popleft())
                        self.dropped = True
        except (OSError, ValueError):
            return

    def text(self) -> str:
        head = self.head.decode("utf-8", errors="replace")
        tail = b"".join(self.tail).decode("utf-8", errors="replace")
        if self.dropped:
            return f"{head}\n[... output cut in the middle ...]\n{tail}"
        return head + tail


def run(
    argv: list[str] | str,
    cwd: Path,
    *,
    timeout: float,
    cancel: threading.Event | None = None,
    shell: bool = False,
    env: dict[str, str] | None = None,
) -> Outcome:
    """Run `argv` (a string only with shell=True: a command the user typed in Settings)."""
    started = time.monotonic()
    if cancel is not None and cancel.is_set():
        return Outcome(None, "", 0.0, cancelled=True)
    kwargs: dict[str, object] = {}
    if os.name == "posix":
        kwargs["start_new_session"] = True
    else:
        kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
    refusal = batch_refusal(argv)
    if refusal:
        return Outcome(None, "", 0.0, start_error=refusal)
    contained = Containment()
    try:
        # argv lists; shell=True only for the command the user typed in Settings.
        proc = subprocess.Popen(
            argv,
            cwd=str(cwd),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            shell=shell,
            env=contained.environment(env if env is not None else command_env()),
            **kwargs,  # type: ignore[call-overload]
        )
    except OSError as exc:
        return Outcome(None, "", time.monotonic() - started, start_error=exc.strerror or str(exc))
    contained.started(proc)
    collector = _Collector(proc.stdout)
    deadline = started + timeout
    timed_out = cancelled = False
    try:
        while proc.poll() is None:
            if cancel is not None and cancel.wait(_POLL_SECONDS):
                cancelled = True
                break
            if cancel is None:
                time.sleep(_POLL_SECONDS)
            contained.follow(proc)
            if time.monotonic() >= deadline:
                timed_out = True
                break
    finally:
        # Also after a normal exit: background children and daemons must not outlive the call.
        contained.end(proc, _TERM_GRACE_SECONDS)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(2.0)
    collector.thread.join(timeout=1.0)
    # A process we could not reach (a daemon that double-forked) may still hold the pipe; closing it
    # now would block on the reader's lock, so the reader is left to finish on its own.
    if proc.stdout is not None and not collector.thread.is_alive():
        with contextlib.suppress(OSError):
            proc.stdout.close()
    stopped = timed_out or cancelled
    return Outcome(
        exit_code=None if stopped else proc.returncode,
        output=collector.text(),
        seconds=time.monotonic() - started,
        timed_out=timed_out,
        cancelled=cancelled,
        truncated=collector.dropped,
    )
