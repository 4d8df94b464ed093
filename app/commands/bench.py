"""`python -m app bench`: speed and size figures, measured as ratios within one run."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

# (flag, module, function): the suites of app/bench, imported by name so that a build
# without one still runs the others (and so `commands` and `bench` stay independent layers).
SUITES = (
    ("agent", "app.bench.agent", "run_agent_bench"),
    ("voice", "app.bench.voice", "run_voice_bench"),
    ("startup", "app.bench.startup", "run_startup_bench"),
    ("models", "app.bench.models", "run_models_bench"),
    # The panel's own figures live beside it in ui: the layers keep bench from importing ui.
    ("panel", "app.ui.panel_bench", "run_panel_bench"),
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="measure speed and request sizes (no timed tests)")
    for flag, _module, _func in SUITES:
        parser.add_argument(f"--{flag}", action="store_true", help=f"run the {flag} benchmark")
    parser.add_argument("--runs", type=int, default=5, help="repetitions for medians (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = [s for s in SUITES if getattr(args, s[0])] or list(SUITES)
    results: dict[str, Any] = {}
    for flag, module_name, func_name in chosen:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            print(f"{flag}: not available in this build", file=sys.stderr)
            continue
        results[flag] = getattr(module, func_name)(runs=max(1, args.runs), echo=not args.json)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0
