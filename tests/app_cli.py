"""Run the command line in this process, as `python -m app ARGS` runs it, and get what a person sees.

A process of the app costs its Python start and its imports (0.3-2 s of CPU each, most of the
fast lane's time when every CLI test paid it). Here `app.main.main(args)` runs under the
given environment, working folder and stdin, with stdout and stderr captured and the exit
code kept, and the process-wide state a run sets up (logging handlers, excepthooks, the
message sink, what was said once) is put back afterwards, so the next run starts as fresh
as a new process would. The components stay real: temp folders, the SDK over HTTP to the
fake Messages API, the PostgreSQL cluster. What only a process can show (the console
script, exit codes from the real entry point, imports left out, signals, a terminal)
stays in process-level tests.
"""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol


class Runner(Protocol):
    """run_app or run_process: one command line, its exit code, stdout and stderr."""

    def __call__(
        self, *args: str, env: Mapping[str, str] | None = ..., cwd: Path | str | None = ..., input: str = ...
    ) -> subprocess.CompletedProcess[str]: ...


def run_app(
    *args: str,
    env: Mapping[str, str] | None = None,
    cwd: Path | str | None = None,
    input: str = "",  # named as subprocess.run names it
) -> subprocess.CompletedProcess[str]:
    """`python -m app *args` in this process: its exit code, stdout and stderr, as subprocess.run gives them.

    `env` replaces the whole environment for the run (None: this process's); stdin is `input`,
    never a terminal, as with `stdin=subprocess.DEVNULL` or `input=`.
    """
    from app import main as entry

    out, err = _stream(), _stream()
    with _environment(env), _folder(cwd), _fresh_process_state(), _streams(io.StringIO(input), out, err):
        try:
            code = entry.main(list(args))
        except SystemExit as exc:  # argparse's --help and usage errors, and any command that exits
            code = _exit_code(exc.code, err)
        except BaseException:  # as Python ends a process: the installed excepthook reports, exit 1
            sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
    return subprocess.CompletedProcess(["python", "-m", "app", *args], code, _text(out), _text(err))


def run_process(
    *args: str,
    env: Mapping[str, str] | None = None,
    cwd: Path | str | None = None,
    input: str = "",  # named as subprocess.run names it
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """The same run as a real process of the app, for what only a process shows (the entry point's exit code)."""
    return subprocess.run(
        [sys.executable, "-m", "app", *args], input=input, capture_output=True, text=True, env=env, cwd=cwd,
        timeout=timeout,
    )  # fmt: skip


def _stream() -> io.TextIOWrapper:
    # A text stream with a .buffer, as a process's are (some output is written as bytes).
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "backslashreplace")


def _exit_code(code: object, err: io.TextIOWrapper) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)  # SystemExit("text"): Python prints the text and exits 1
    return 1


@contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    before = dict(os.environ)
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


@contextmanager
def _folder(cwd: Path | str | None) -> Iterator[None]:
    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


@contextmanager
def _streams(stdin: io.StringIO, stdout: io.TextIOWrapper, stderr: io.TextIOWrapper) -> Iterator[None]:
    before = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = before


@contextmanager
def _fresh_process_state() -> Iterator[None]:
    """What a new process starts without, given for the run and taken back after it."""
    from app.core import api_key, heap, messages, settings

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    filters = {id(h): list(h.filters) for h in handlers}
    levels = {name: log.level for name, log in _loggers()}
    hooks = sys.excepthook, threading.excepthook
    state = messages._sink, list(messages._held), set(settings._reported), api_key._session_key
    # A new process has no log file handler yet: one a test left (pointing at its own home) would
    # take this run's records and stop logs.setup from opening this home's file.
    root.handlers[:] = [h for h in handlers if not getattr(h, "_voice_dev_agent", False)]
    # glibc's heap settings are the process's own: a command's heap.configure (two arenas, MKL's memory
    # manager off) would stay for every later test of this process.
    configure = heap.configure
    heap.configure = lambda: None
    messages.set_sink(None)
    messages._held[:] = []
    settings._reported.clear()
    api_key._session_key = ""
    try:
        yield
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                handler.close()
        root.handlers[:] = handlers
        root.setLevel(level)
        for handler in handlers:
            handler.filters[:] = filters[id(handler)]
        for name, log in _loggers():
            log.setLevel(levels.get(name, logging.NOTSET))
        heap.configure = configure
        sys.excepthook, threading.excepthook = hooks
        messages._sink = state[0]
        messages._held[:] = state[1]
        settings._reported.clear()
        settings._reported.update(state[2])
        api_key._session_key = state[3]


def _loggers() -> Iterator[tuple[str, logging.Logger]]:
    for name, log in list(logging.Logger.manager.loggerDict.items()):
        if isinstance(log, logging.Logger):
            yield name, log
