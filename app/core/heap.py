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
def libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name) if name else None
    except OSError:
        return None


def _malloc_trim() -> object | None:
    return getattr(libc(), "malloc_trim", None)  # glibc only: musl, macOS and Windows return memory themselves


# glibc's arenas: its default of eight per core kept each speech thread's peak apart. One, not two:
# with glibc's own mmap threshold (below) two arenas left 9 MB more resident after 30 questions of the
# soak bench (449.8 MB against 440.5 with one, main's fixed threshold and two arenas 440.5), and one
# decodes as fast (the bench's 15 Piper questions of 10-15 s: 0.343 / 0.354 s against 0.349 / 0.369 s).
ARENAS = 1
_M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h
# No fixed mmap threshold: setting one (M_MMAP_THRESHOLD, or the MALLOC_MMAP_THRESHOLD_ variable) also
# stops glibc from raising its trim threshold, so every decode step's tensors were mapped, or the
# heap's top trimmed, and faulted in again. Whisper took 1.85 times as long: the bench's 15 Piper
# questions of 10-15 s, a one-pass median of 0.71-0.75 s with the 256 KB threshold sessions 12-15 set,
# 0.38-0.40 s without it (arenas and MKL as here, alternated, 3 runs each), 0.52-0.58 s with 4 or 32 MB
# alone; 0.39-0.41 s with 32 MB and a 64 MB trim threshold, which is glibc's own ceiling for both.
# Its purpose, that large freed blocks do not stay resident, is served by the trims after each turn and
# once the output has gone quiet (glibc itself trims only past twice its raised threshold, up to 64 MB).
# Measured on the soak bench, two apps side by side on 2 cores (load 3-5), 40 questions each: resident memory
# grew 4.4 MB from question 10 to 40 with MKL's memory manager and 2.4 MB without (glibc's in-use bytes
# 190.0 → 193.3 MB against 190.1 → 190.4 MB); a 3 s transcription took 451 / 461 ms of CPU with it and
# 436 / 450 ms without (alternated, 30 each): no cost. heaptrack named it: from question 10 to 30 of a soak,
# 768 KB allocated by mm_internal_malloc was never freed, the largest native share after numpy's buffers.
# With it set, heaptrack (question 10 to 40 of a later soak) still names mm_internal_malloc: 768 KB from 60
# calls in the Whisper encoder's Conv1D, and mkl_free_buffers() after each decode did not change the C
# heap's growth (60 decodes: +0.6 MB either way). What remains there is not MKL's buffer cache.
MKL_FAST_MM = "MKL_DISABLE_FAST_MM"


def configure() -> None:
    """Set glibc's arena count; call first thing, before any thread starts.

    Each thread that allocates gets an arena of its own, up to eight per core, and the speech
    runtimes' peaks stayed resident in each (the soak bench, 30 questions at load ~11 on 2 cores:
    409 / 411 MB after 10 and 20 questions with two arenas and a fixed mmap threshold, 502 / 521 MB
    with neither; the threshold is no longer set and the arenas are one, see ARENAS). A
    MALLOC_ARENA_MAX the person set wins.

    It also turns off the memory manager of the Intel MKL that CTranslate2 carries inside it (its
    `mm_internal_malloc`), which keeps the buffers of every decode for the next one, by size and
    thread, and never gives them back: it reads MKL_FAST_MM when CTranslate2 first runs, so the
    variable is set here, before the speech worker starts (a value the person set wins).
    """
    os.environ.setdefault(MKL_FAST_MM, "1")
    c = libc()
    mallopt = getattr(c, "mallopt", None) if c is not None else None
    if mallopt is None:
        return
    if "MALLOC_ARENA_MAX" not in os.environ:
        mallopt(_M_ARENA_MAX, ARENAS)


def can_trim() -> bool:
    """Whether this C library can give its free heap back (glibc)."""
    return _malloc_trim() is not None


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
        log.info(
            "gave back %.0f MB of freed heap in %.3f s (resident %.0f MB)",
            before - resident_mb(),
            seconds,
            resident_mb(),
        )

    threading.Thread(target=run, name="heap-trim", daemon=True).start()
