"""`python -m app bench`: speed, size and cost figures of the app, each suite in its own module of app/bench."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

# (flag, module, function, help): the suites of app/bench, imported by name so that a build
# without one still runs the others (and so `commands` and `bench` stay independent layers).
SUITES = (
    ("agent", "app.bench.agent", "run_agent_bench", "request sizes and the agent loop's own overhead"),
    ("voice", "app.bench.voice", "run_voice_bench", "model loads, transcription, synthesis, vocabulary"),
    (
        "vocabulary",
        "app.bench.vocabulary",
        "run_vocabulary_bench",
        "identifiers spelled right on four repositories in two voices; false snaps; a 50,000-file build",
    ),
    ("startup", "app.bench.startup", "run_startup_bench", "launch to a usable tray app (needs a display)"),
    ("models", "app.bench.models", "run_models_bench", "each installed speech model: speed, streaming, identifiers"),
    # The panel's own figures live beside it in ui: the layers keep bench from importing ui.
    ("panel", "app.ui.panel_bench", "run_panel_bench", "how long the answer panel takes for the costliest pages"),
    ("idle", "app.bench.idle", "run_idle_bench", "CPU and memory of the idle tray app (needs the test desktop)"),
    ("turn", "app.bench.turn", "run_turn_bench", "the whole spoken turn and barge-in (needs the test desktop)"),
    (
        "soak",
        "app.bench.soak",
        "run_soak_bench",
        "memory, CPU and reply time over --turns spoken questions (needs the test desktop)",
    ),
    ("memory", "app.bench.memory", "run_memory_bench", "the memory block on a 10,000-commit repo, the write gate"),
    ("team", "app.bench.team", "run_team_bench", "team memory on a local PostgreSQL: promotions, start, NOTIFY"),
    ("masking", "app.bench.masking", "run_masking_bench", "what masking secrets adds to each tool on a large result"),
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure speed, request sizes and idle cost (no timed tests)",
        description="Without a suite flag every suite runs. Exit status 2: a chosen suite could not run here "
        "(no display or sound devices); 1: a suite failed.",
    )
    for flag, _module, _func, what in SUITES:
        parser.add_argument(f"--{flag}", action="store_true", help=what)
    parser.add_argument("--runs", type=int, default=5, help="repetitions for medians (default 5)")
    parser.add_argument("--idle-seconds", type=float, default=30.0, help="the idle window (default 30)")
    parser.add_argument("--turns", type=int, default=100, help="questions the soak asks (default 100)")
    parser.add_argument(
        "--trace-python",
        action="store_true",
        help="soak: trace Python allocations (tracemalloc; slows the app) and report their growth; "
        "idle: one more start, traced, splits the Python heap by package",
    )
    parser.add_argument(
        "--language",
        default="",
        metavar="CODE",
        help="voice: word error rate on questions spoken in this language (de, es) beside tiny.en's English",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = [s for s in SUITES if getattr(args, s[0])] or list(SUITES)
    options: dict[str, dict[str, Any]] = {
        "idle": {"seconds": max(1.0, args.idle_seconds), "trace": args.trace_python},
        "soak": {"turns": max(1, args.turns), "trace": args.trace_python},
        "voice": {"language": args.language.strip().lower()} if args.language.strip() else {},
    }
    results: dict[str, Any] = {}
    for flag, module_name, func_name, _what in chosen:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            print(f"{flag}: not available in this build", file=sys.stderr)
            continue
        bench = getattr(module, func_name)
        results[flag] = bench(runs=max(1, args.runs), echo=not args.json, **options.get(flag, {}))
    if args.json:
        print(json.dumps(results, indent=2))
    # A suite that could not run says why itself ({"skipped": ...}, {"failed": ...}).
    if any(isinstance(r, dict) and "failed" in r for r in results.values()):
        return 1
    return 2 if any(isinstance(r, dict) and "skipped" in r for r in results.values()) else 0
