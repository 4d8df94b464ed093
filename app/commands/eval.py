"""`python -m app eval`: run the memory scenarios against a model, score them, write the reports.

python -m app eval [--model M] [--runs N] [--scenario NAME ...] [--json] [--out DIR]
python -m app eval --compare A.json B.json
python -m app eval --list
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from app.core import messages, paths
from app.core import settings as settings_module
from app.core.errors import UserFacingError

DEFAULT_RUNS = 3


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="run the memory scenarios against a model and score them",
        description="Run each scenario (a scripted repository and several sessions through the real agent) "
        "N times against the configured model, score every run in code, print a table and write JSON and "
        "HTML reports. ANTHROPIC_BASE_URL points it at any compatible endpoint.",
    )
    parser.add_argument("--model", metavar="M", help="the model to evaluate (default: the one in settings)")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, metavar="N",
                        help=f"runs of each scenario (default {DEFAULT_RUNS})")  # fmt: skip
    parser.add_argument("--scenario", nargs="+", action="extend", metavar="NAME", help="run only these scenarios")
    parser.add_argument("--json", action="store_true", help="print the JSON report instead of the table")
    parser.add_argument("--out", metavar="DIR", help="folder for the reports (default: the app's data folder)")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two JSON reports and exit")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.eval import report as reports
    from app.eval import scenario as scenarios

    if args.compare:
        first, second = (Path(p) for p in args.compare)
        print(reports.compare(reports.load(first), reports.load(second), a_name=str(first), b_name=str(second)))
        return 0
    chosen = scenarios.select(args.scenario)
    if args.list:
        for item in chosen:
            print(f"{item.name}: {item.title}")
        return 0
    if args.runs < 1:
        raise UserFacingError("--runs must be 1 or more.")
    return _evaluate(args, chosen)


def _evaluate(args: argparse.Namespace, chosen: list[Any]) -> int:
    # Imported here: the SDK takes seconds to import and --list, --compare and --help do not need it.
    from app.core.agent.client import make_client
    from app.eval import html_report, report
    from app.eval.runner import Runner, test_runner_problem

    loaded = settings_module.load()
    client = make_client(loaded.settings)  # no key: one clear line and exit 2, before anything runs
    out_dir = Path(args.out).expanduser() if args.out else paths.data_dir() / "eval"

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    problem = test_runner_problem()
    if problem:
        # The scenarios still run; the ones built on a failing test run just lose their point.
        progress(f"warning: {problem}; the test tool will fail in every scenario that runs the tests")
    runner = Runner(loaded.settings, client, model=args.model or "", progress=progress)
    total = len(chosen) * args.runs
    progress(f"eval: {len(chosen)} scenarios × {args.runs} runs = {total} runs against {runner.settings.model}")
    outcome = runner.run(chosen, args.runs)
    data = report.build(outcome, base_url=os.environ.get("ANTHROPIC_BASE_URL", ""))
    try:
        saved: tuple[Path, Path] | None = report.save(data, out_dir, html_report.render(data))
    except OSError as exc:  # the results still reach the terminal below; only the files are missing
        messages.error(f"could not write the reports to {out_dir} ({exc.strerror or exc})", speak=False)
        saved = None
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(report.table(data))
        reasons = report.failure_reasons(data)
        if reasons:
            print("\nWhy scores failed:\n" + reasons)
        print("\n" + report.cost_lines(data))
    if saved is not None:
        progress(f"reports: {saved[0]}\n         {saved[1]}")
    if outcome.interrupted:
        return 130
    return 1 if saved is None or any(r.status == "error" for r in outcome.runs) else 0
