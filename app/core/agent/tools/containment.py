"""Keep every process a build or test starts inside the tool call, daemons included, and end them all with it.

A test suite can start a server with `setsid` or a double fork; such a process leaves
its parent's process group and, once its parent exits, is adopted by init, where
killing the command's process tree no longer finds it. So:

- Linux: the app makes itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so
  orphans of a tool stay below the app instead of moving to init; each tool run marks
  its environment with a token, and at the end (or on cancel or timeout) every
  process below the app that carries the token, or descends from the command, is killed
  and the ones the app adopted are reaped. A process that both double-forks and clears
  its whole environment before the command ends escapes the token; it is still a child
  of the app, and is killed when the app exits its session of tools (not tracked here).
- Windows: the command is put in a job object that kills every process in it when the
  job is closed. (Written for Windows and guarded by platform; it is not exercised by
  this project's tests, which run on Linux.) A process started in the moment between
  the command's start and its assignment to the job is not in the job.
- Other systems (macOS): the command's process group is killed, as before.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import subprocess
import sys
import threading
import time

TOKEN_VARIABLE = "VDA_TOOL_RUN"
_PR_SET_CHILD_SUBREAPER = 36
_SCAN_SECONDS = 0.25
_subreaper_lock = threading.Lock()
_subreaper: bool | None = None
_LINUX = sys.platform.startswith("linux")


def become_subreaper() -> bool:
    """Make this process adopt its orphaned descendants (Linux); True when it does."""
    global _subreaper
    with _subreaper_lock:
        if _subreaper is None:
            _subreaper = False
            if _LINUX:
                with contextlib.suppress(OSError, AttributeError):
                    libc = ctypes.CDLL(None, use_errno=True)
                    _subreaper = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
        return _subreaper


class Containment:
    """The processes of one tool run: mark them, follow them, end them all."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(12)
        self._seen: set[int] = set()  # every pid seen as part of this run (Linux)
        self._job: int | None = None  # Windows job handle
        self._last_scan = 0.0
        if _LINUX:
            become_subreaper()

    def environment(self, env: dict[str, str]) -> dict[str, str]:
        return {**env, TOKEN_VARIABLE: self.token}

    def started(self, proc: subprocess.Popen[bytes]) -> None:
        if os.name == "nt":
            self._job = _windows_job(proc)

    def follow(self, proc: subprocess.Popen[bytes]) -> None:
        """Called while the command runs: note its processes now and then, so ones that exit early are reaped."""
        now = time.monotonic()
        if _LINUX and now - self._last_scan >= _SCAN_SECONDS:
            self._last_scan = now
            self._seen.update(self._members(proc.pid))

    def end(self, proc: subprocess.Popen[bytes], grace: float) -> None:
        """Stop the command and everything it started; reap what the app adopted."""
        if os.name == "nt":
            _end_windows(proc, self._job)
            return
        if not _LINUX:
            _signal_group(proc.pid, signal.SIGKILL)
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            members = self._members(proc.pid)
            self._seen.update(members)
            _signal_group(proc.pid, sig)
            for pid in members:
                with contextlib.suppress(OSError):
                    os.kill(pid, sig)
            if sig == signal.SIGTERM:
                if proc.poll() is None:
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        proc.wait(grace)
                self._reap()
                if proc.poll() is not None and not any(_alive(pid) for pid in self._members(proc.pid)):
                    break
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            self._reap()
            if not any(_alive(pid) for pid in self._seen if pid != proc.pid):
                break
            time.sleep(0.01)

    def _members(self, leader: int) -> list[int]:
        """Processes below the command, and processes below the app that carry this run's token."""
        children = _children_map()
        found = _below(children, leader)
        marker = f"{TOKEN_VARIABLE}={self.token}".encode()
        for pid in _below(children, os.getpid()):
            if pid in found or pid == leader:
                continue
            try:
                with open(f"/proc/{pid}/environ", "rb") as handle:
                    if marker in handle.read().split(b"\0"):
                        found.append(pid)
                        found.extend(p for p in _below(children, pid) if p not in found)
            except OSError:
                continue
        return found

    def _reap(self) -> None:
        """Collect the exit status of adopted processes of this run, so none stays a zombie of the app."""
        me = os.getpid()
        for pid in list(self._seen):
            if _parent(pid) != me:
                continue
            with contextlib.suppress(ChildProcessError, OSError):
                done, _ = os.waitpid(pid, os.WNOHANG)
                if done:
                    self._seen.discard(pid)


def _children_map() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return children
    for name in names:
        if name.isdigit():
            parent = _parent(int(name))
            if parent is not None:
                children.setdefault(parent, []).append(int(name))
    return children


def _below(children: dict[int, list[int]], root: int) -> list[int]:
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.append(child)
                todo.append(child)
    return found


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return int(handle.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def _alive(pid: int) -> bool:
    """Running (a zombie, killed and waiting to be reaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def _signal_group(leader: int, sig: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(leader, sig)


# -- Windows -------------------------------------------------------------------------------------

_JOB_OBJECT_EXTENDED_LIMIT_INFORMATION = 9
_JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000


def _windows_job(proc: subprocess.Popen[bytes]) -> int | None:
    """A job object holding `proc`, closed (killing all in it) by `_end_windows`; None if it cannot be made."""
    try:
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]

        class _Basic(ctypes.Structure):
            _fields_ = [
                ("PerProcessUserTimeLimit", ctypes.c_int64),
                ("PerJobUserTimeLimit", ctypes.c_int64),
                ("LimitFlags", wintypes.DWORD),
                ("MinimumWorkingSetSize", ctypes.c_size_t),
                ("MaximumWorkingSetSize", ctypes.c_size_t),
                ("ActiveProcessLimit", wintypes.DWORD),
                ("Affinity", ctypes.c_size_t),
                ("PriorityClass", wintypes.DWORD),
                ("SchedulingClass", wintypes.DWORD),
            ]

        class _Io(ctypes.Structure):
            _fields_ = [(name, ctypes.c_uint64) for name in ("r", "w", "o", "rb", "wb", "ob")]

        class _Extended(ctypes.Structure):
            _fields_ = [
                ("BasicLimitInformation", _Basic),
                ("IoInfo", _Io),
                ("ProcessMemoryLimit", ctypes.c_size_t),
                ("JobMemoryLimit", ctypes.c_size_t),
                ("PeakProcessMemoryUsed", ctypes.c_size_t),
                ("PeakJobMemoryUsed", ctypes.c_size_t),
            ]

        kernel32.CreateJobObjectW.restype = wintypes.HANDLE
        job = kernel32.CreateJobObjectW(None, None)
        if not job:
            return None
        info = _Extended()
        info.BasicLimitInformation.LimitFlags = _JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        kernel32.SetInformationJobObject(
            wintypes.HANDLE(job), _JOB_OBJECT_EXTENDED_LIMIT_INFORMATION, ctypes.byref(info), ctypes.sizeof(info)
        )
        handle = int(proc._handle)  # type: ignore[attr-defined]
        if not kernel32.AssignProcessToJobObject(wintypes.HANDLE(job), wintypes.HANDLE(handle)):
            kernel32.CloseHandle(wintypes.HANDLE(job))
            return None
        return int(job)
    except (OSError, AttributeError, ValueError):
        return None


def _end_windows(proc: subprocess.Popen[bytes], job: int | None) -> None:
    if job is not None:
        with contextlib.suppress(OSError, AttributeError):
            from ctypes import wintypes

            kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]
            kernel32.TerminateJobObject(wintypes.HANDLE(job), 1)
            kernel32.CloseHandle(wintypes.HANDLE(job))
    # taskkill /T reaches a tree that is not in a job (the job could not be made).
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True, timeout=5, check=False)
    with contextlib.suppress(OSError):
        proc.kill()
