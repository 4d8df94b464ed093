"""The process's heap settings: what app.core.heap.configure sets before any worker starts."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from app.core import heap

PROBE = "import os, app.core.heap as h; h.configure(); import ctranslate2; print(os.environ.get('MKL_DISABLE_FAST_MM'))"


def _run(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_mkls_memory_manager_is_off_before_ctranslate2_loads() -> None:
    env = {k: v for k, v in os.environ.items() if k != heap.MKL_FAST_MM}
    assert _run(env) == "1"


def test_a_value_the_person_set_wins() -> None:
    env = {k: v for k, v in os.environ.items() if k != heap.MKL_FAST_MM}
    assert _run({**env, heap.MKL_FAST_MM: "0"}) == "0"


# glibc raises its mmap threshold to a large block's size once it is freed, so the next block of
# that size comes from the heap; a fixed threshold (which these settings once set) maps and faults
# in every one again: each of Whisper's decode steps did, and a transcription took 1.85 times as long.
REUSE = (
    "import ctypes, app.core.heap as h, app.core.heap_probe as p; h.configure(); c = h.libc(); "
    "c.malloc.restype = ctypes.c_void_p; c.free.argtypes = [ctypes.c_void_p]; "
    "c.mallinfo2.restype = p._MallInfo2; c.free(c.malloc(1 << 20)); mapped = c.mallinfo2().hblks; "
    "kept = c.malloc(1 << 20); print(c.mallinfo2().hblks - mapped)"
)


def test_a_freed_large_block_is_reused_from_the_heap_not_mapped_again() -> None:
    libc = heap.libc()
    if libc is None or not hasattr(libc, "mallinfo2"):
        pytest.skip("glibc's mallinfo2 is not here")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    done = subprocess.run([sys.executable, "-c", REUSE], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0", "the second 1 MB block was mapped: a fixed mmap threshold is set"
