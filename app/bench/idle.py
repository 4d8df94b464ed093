"""`python -m app bench --idle`: what the tray app costs while nobody talks to it, CPU and memory.

The real desktop app starts under the test desktop with a throwaway home and a fake API
key (so nothing is missing that a user would have), once per microphone setting. After
its ready line and a short settle (the last start-up work is not idle), CPU time is read
from /proc over the window: utime + stime of all its threads, as a percentage of one core.
Resident memory (RSS) and its proportional share (PSS, shared libraries split between
the processes using them) are sampled every second. Thread wake-ups per second (context
switches of all its threads) show timers and per-block work that CPU time rounds away.
The sound server's CPU over the same window is reported beside the app's: a kept-open
microphone costs the server work too, and a change must not just move the cost there.

After each window the app's heap probe splits its resident memory by owner
(app.core.resident): anonymous memory (its own) against file-backed pages by the library
or model file mapped (shared and droppable), glibc's heap in use and kept free. With
`--trace-python`, one more start with tracemalloc on from the first import
(PYTHONTRACEMALLOC, which costs memory and minutes of its own, so it is never the measured
window) splits the Python heap by package.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

from app.bench.desktop import DesktopApp, desktop_problem, machine_load
from app.bench.fakeapi import FakeAPI
from app.bench.home import temporary_home
from app.bench.vocabulary import make_sample_repo
from app.core import heap_probe
from app.core.settings import Settings

WINDOW = 30.0  # seconds measured
SETTLE = 5.0  # seconds after the ready line before the window starts
SETTINGS = (("microphone kept open", True), ("microphone opens on a press", False))
COMMAND = "source installer/desktop-env.sh; python -m app bench --idle"
TRACE_FRAMES = 10  # deep enough to pass importlib's frames (7) to the package whose import allocated


def run_idle_bench(
    runs: int = 1, echo: bool = True, seconds: float = WINDOW, settle: float = SETTLE, trace: bool = False
) -> dict[str, Any]:
    """Figures per microphone setting; {"skipped": why} without the test desktop. `runs` is unused: one
    window per setting (its length is `seconds`). `trace`: one more start splits the Python heap."""
    problem = desktop_problem() or ("" if Path("/proc/self/stat").is_file() else "no /proc (Linux only)")
    if problem:
        if echo:
            print(f"idle: needs the test desktop ({problem}); run `{COMMAND}`")
        return {"skipped": problem}
    results: dict[str, Any] = {"window_seconds": seconds, "settle_seconds": settle}
    for label, keep_open in SETTINGS:
        with temporary_home("vda-idle-") as home, FakeAPI() as fake:
            repo = make_sample_repo(home)
            probe_dir = home / "heap-probe"
            env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
            env[heap_probe.ENVIRONMENT] = str(probe_dir)
            with DesktopApp(repo, settings=Settings(keep_microphone_open=keep_open), env=env) as app:
                ready = app.wait_ready()
                time.sleep(settle)
                load = machine_load()
                figures = measure(app.pid, seconds, server=sound_server_pid())
                app.alive()
                figures.update(ready=ready, machine=load)
                figures["owners"] = owners_of(app.heap_report(probe_dir, 0))
        key = "microphone_open" if keep_open else "microphone_on_press"
        results[key] = figures
        # A microphone that could not be kept open would make the first row a copy of the second.
        wanted = "microphone open," if keep_open else "microphone opens on a press,"
        figures["setting_applied"] = wanted in ready
        if echo and not figures["setting_applied"]:
            print(f"idle: asked for {label}, but the app reports: {ready}")
        if echo:
            print(
                f"idle, {label} ({seconds:.0f} s from {settle:.0f} s after ready): CPU {figures['cpu_percent']}% "
                f"of one core, {figures['wakeups_per_s']} thread wake-ups/s; memory RSS {figures['rss_mb']} MB "
                f"(peak {figures['rss_peak_mb']}), PSS {figures['pss_mb']} MB; "
                f"sound server CPU {figures['sound_server_cpu_percent']}%; {load}"
            )
            print(f"idle, {label}, resident by owner: {owners_text(figures['owners'])}")
    if not trace:
        return results
    results["python_heap"] = python_heap_at_ready(settle)
    if echo and results["python_heap"]:
        print(f"idle, Python heap at ready by package (a start traced with {TRACE_FRAMES} frames): "
              f"{python_heap_text(results['python_heap'])}")  # fmt: skip
    return results


def python_heap_at_ready(settle: float = SETTLE) -> dict[str, Any]:
    """The app's traced Python heap `settle` s after its ready line, by owner ({} without the probe)."""
    with temporary_home("vda-idle-") as home, FakeAPI() as fake:
        probe_dir = home / "heap-probe"
        env = {"ANTHROPIC_BASE_URL": fake.base_url, "ANTHROPIC_API_KEY": fake.api_key}
        env.update({heap_probe.ENVIRONMENT: str(probe_dir), "PYTHONTRACEMALLOC": str(TRACE_FRAMES)})
        with DesktopApp(make_sample_repo(home), env=env) as app:
            app.wait_ready()
            time.sleep(settle)
            return owners_of(app.heap_report(probe_dir, 0, timeout=600))  # millions of traces to sort


def owners_of(report: dict[str, Any]) -> dict[str, Any]:
    """The resident split of a heap probe report, with glibc's figures beside it ({} without one)."""
    owners: dict[str, Any] = dict(report.get("owners", {}))
    if owners:
        owners.update({k: report[k] for k in ("rss_mb", "malloc_in_use_mb", "malloc_free_kept_mb") if k in report})
    return owners


def owners_text(owners: dict[str, Any]) -> str:
    """One line of the resident split (app.core.resident's breakdown, the probe's glibc figures beside)."""
    if not owners:
        return "not reported (an app without the heap probe's owners)"
    files = owners.get("file_backed_by_owner_mb", {})
    return (
        f"RSS {owners.get('rss_mb')} MB: anonymous {owners.get('anonymous_mb')} MB "
        f"(glibc in use {owners.get('malloc_in_use_mb', '?')}, "
        f"kept free {owners.get('malloc_free_kept_mb', '?')}); file-backed {round(sum(files.values()), 1)} MB: "
        + ", ".join(f"{owner} {mb}" for owner, mb in files.items() if mb >= 0.5)
    )


def python_heap_text(owners: dict[str, Any]) -> str:
    by_owner = owners.get("python_heap_by_owner_mb", {})
    return (
        f"{owners.get('python_heap_mb')} MB (tracemalloc's own {owners.get('tracemalloc_own_mb')} MB apart): "
        + ", ".join(f"{owner} {mb}" for owner, mb in by_owner.items() if mb >= 0.1)
    )


def measure(pid: int, seconds: float, server: int | None = None) -> dict[str, Any]:
    """CPU % of one core, thread wake-ups per second and memory of process `pid` over `seconds`, and the
    CPU % of the sound server's process `server` over the same window (None when it is not known)."""
    tick = os.sysconf("SC_CLK_TCK")
    server_before = _cpu_ticks(server) if server else 0
    cpu_before, started = _cpu_ticks(pid), time.monotonic()
    switches_before = _context_switches(pid)
    switches_seen = dict(switches_before)
    rss: list[float] = []
    pss: list[float] = []
    deadline = started + seconds
    while (now := time.monotonic()) < deadline:
        switches_seen.update(_context_switches(pid))  # a thread that ends keeps the count it last had
        memory = _memory_kib(pid)
        rss.append(memory["Rss"] / 1024)
        if "Pss" in memory:
            pss.append(memory["Pss"] / 1024)
        time.sleep(min(1.0, max(0.0, deadline - now)))
    wall = time.monotonic() - started
    cpu = (_cpu_ticks(pid) - cpu_before) / tick
    server_cpu = _cpu_percent(server, server_before, tick, wall) if server else None
    return {
        "cpu_percent": round(100 * cpu / wall, 2),
        "wakeups_per_s": round(_switches_since(switches_before, switches_seen, _context_switches(pid)) / wall, 1),
        "rss_mb": round(statistics.median(rss), 1),
        "rss_peak_mb": round(max(rss), 1),
        "pss_mb": round(statistics.median(pss), 1) if pss else None,
        "seconds": round(wall, 2),
        "sound_server_cpu_percent": server_cpu,
    }


def _cpu_percent(pid: int, ticks_before: int, tick: int, wall: float) -> float | None:
    try:
        return round(100 * (_cpu_ticks(pid) - ticks_before) / tick / wall, 2)
    except OSError:  # the server ended meanwhile
        return None


def sound_server_pid() -> int | None:
    """The PulseAudio (or PipeWire) process serving this session: on the test desktop, the one whose
    PULSE_RUNTIME_PATH is ours; None when there is none or it cannot be told apart."""
    ours = os.environ.get("PULSE_RUNTIME_PATH", "")
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() not in ("pulseaudio", "pipewire-pulse", "pipewire"):
                continue
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if not ours or f"PULSE_RUNTIME_PATH={ours}".encode() in environ:
            found.append(int(entry.name))
    return found[0] if len(found) == 1 else None


def _cpu_ticks(pid: int) -> int:
    """utime + stime of every thread of `pid`, in clock ticks."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # the name in parentheses may hold spaces
    return int(fields[11]) + int(fields[12])


def _context_switches(pid: int) -> dict[int, int]:
    """Voluntary and involuntary context switches of each live thread of `pid`, by thread id."""
    counts: dict[int, int] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "status").read_text()
        except OSError:
            continue  # the thread ended meanwhile
        counts[int(task.name)] = sum(
            int(line.split()[1])
            for line in text.splitlines()
            if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:"))
        )
    return counts


def _switches_since(before: dict[int, int], seen: dict[int, int], now: dict[int, int]) -> int:
    """Switches over the window, per thread, counting threads that ended in it up to their last reading."""
    last = {**seen, **now}
    return sum(count - before.get(tid, 0) for tid, count in last.items())


def _memory_kib(pid: int) -> dict[str, int]:
    """Rss (and Pss where the kernel has smaps_rollup) of `pid` in KiB."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            out["Rss"] = int(line.split()[1])
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                out["Pss"] = int(line.split()[1])
    except OSError:
        pass
    return out
