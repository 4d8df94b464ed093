"""Give the C heap's free pages back to the system after a turn, so a long reply's peak does not stay resident.

glibc keeps freed memory in its arenas (one per thread that allocated, up to eight per
core) for the next allocation; the speech runtimes free hundreds of MB after each
transcription and reply, and without a trim most of it stayed resident in an idle tray app.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
import os
import threading
import time

log = logging.getLogger(__name__)
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


@functools.cache
def _malloc_trim() -> object | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return getattr(libc, "malloc_trim", None)  # glibc only: musl, macOS and Windows return memory themselves


def trim() -> float:
    """malloc_trim(0) now; the seconds it took (0.0 where there is none)."""
    function = _malloc_trim()
    if function is None:
        return 0.0
    started = time.perf_counter()
    function(0)  # type: ignore[operator]
    return time.perf_counter() - started


def resident_mb() -> float:
    """This process's resident memory (0.0 where /proc is not there)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * PAGE / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def trim_soon() -> None:
    """Trim on a short-lived thread: it walks every arena, which must not hold up the caller."""

    def run() -> None:
        before = resident_mb()
        seconds = trim()
        log.info("gave back %.0f MB of freed heap in %.3f s (resident %.0f MB)", before - resident_mb(), seconds,
                 resident_mb())

    threading.Thread(target=run, name="heap-trim", daemon=True).start()
