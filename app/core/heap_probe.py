"""A debug hook for the soak bench: on a signal, write what the process's memory holds and where it grew.

Off unless ENVIRONMENT names a folder (the soak bench sets it in the app it starts). Then
each SIGNAL writes report-NNNN.json there (NNNN from the file `next`): resident memory,
glibc's heap (in use and free but kept), the Python objects the garbage collector tracks,
the counters registered with `count` (Qt widgets, panel pages, the session's history),
resident memory by owner (app.core.resident: mapped files, and the Python heap by package
when tracemalloc runs, also when PYTHONTRACEMALLOC started it before any import), and,
with TRACE set to a frame depth, a tracemalloc snapshot heap-NNNN.snap. A `trim`
file beside it asks for malloc_trim(0) first and reports the resident memory it returned,
which tells the C heap's kept-free pages from memory still in use.
"""

from __future__ import annotations

import ctypes
import gc
import json
import logging
import os
import signal
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.core import heap, resident

ENVIRONMENT = "VDA_HEAP_PROBE"
TRACE = "VDA_HEAP_TRACE"  # frames per traced allocation; unset: no tracemalloc (it slows every allocation)
SIGNAL = signal.SIGUSR1

log = logging.getLogger(__name__)
_counters: dict[str, Callable[[], int]] = {}


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def enabled() -> bool:
    return bool(os.environ.get(ENVIRONMENT))


def count(name: str, counter: Callable[[], int]) -> None:
    """Report `counter()` under `name` in each report (only kept while the probe is on)."""
    if enabled():
        _counters[name] = counter


def install() -> None:
    """Start the probe when the environment asks for it; call early, on the main thread."""
    if not enabled():
        return
    frames = os.environ.get(TRACE, "")
    if frames.isdigit() and int(frames) > 0:
        tracemalloc.start(int(frames))
    signal.signal(SIGNAL, lambda *_: _write_report())
    log.info("heap probe on: reports go to %s on signal %d", os.environ[ENVIRONMENT], SIGNAL)


def _write_report() -> None:
    folder = Path(os.environ[ENVIRONMENT])
    try:
        number = int((folder / "next").read_text().strip() or 0)
        report: dict[str, Any] = {}
        if (folder / "trim").is_file():
            before = heap.resident_mb()
            heap.trim()  # nothing where the C library has no malloc_trim
            report["malloc_trim_returned_mb"] = round(before - heap.resident_mb(), 1) if heap.can_trim() else 0.0
        report.update(rss_mb=round(heap.resident_mb(), 1), **resident_parts_mb(), **c_heap_mb())
        report["owners"] = resident.breakdown()
        report["gc_objects"] = len(gc.get_objects())
        for name, counter in _counters.items():
            report[name] = counter()
        if tracemalloc.is_tracing() and os.environ.get(TRACE):
            report["python_traced_mb"] = round(tracemalloc.get_traced_memory()[0] / 2**20, 1)
            tracemalloc.take_snapshot().dump(str(folder / f"heap-{number:04d}.snap"))
        partial = folder / f"report-{number:04d}.json.part"
        partial.write_text(json.dumps(report))
        partial.replace(folder / f"report-{number:04d}.json")
    except Exception:  # a debug hook must never take the app down
        log.exception("heap probe report failed")


# /proc/self/status's split of resident memory: the process's own (heaps, arenas, mappings of
# its data) against pages of files it maps (shared libraries' code, model weights read by
# mmap), which the kernel can drop and read again, and which other processes may share.
_PARTS = {"RssAnon:": "rss_anon_mb", "RssFile:": "rss_file_mb", "RssShmem:": "rss_shmem_mb"}


def resident_parts_mb() -> dict[str, float]:
    """Resident memory by kind, in MB (empty where /proc has no such lines)."""
    parts: dict[str, float] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key = line.split(maxsplit=1)[0] if line else ""
            if key in _PARTS:
                parts[_PARTS[key]] = round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        return {}
    return parts


def c_heap_mb() -> dict[str, float]:
    """glibc's heap: bytes in use by malloc, and free bytes it keeps (empty off glibc)."""
    libc = heap.libc()
    if libc is None or not hasattr(libc, "mallinfo2"):
        return {}
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    return {
        "malloc_in_use_mb": round((info.uordblks + info.hblkhd) / 2**20, 1),
        "malloc_free_kept_mb": round(info.fordblks / 2**20, 1),
    }


def compare(older: Path, newer: Path, limit: int = 15) -> list[str]:
    """The source lines whose traced memory grew most between two snapshots, as printable lines."""
    filters = [tracemalloc.Filter(False, tracemalloc.__file__)]
    start = tracemalloc.Snapshot.load(str(older)).filter_traces(filters)
    end = tracemalloc.Snapshot.load(str(newer)).filter_traces(filters)
    return [str(stat) for stat in end.compare_to(start, "lineno")[:limit]]
