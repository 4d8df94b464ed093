"""The eval's report: JSON for machines and --compare, a summary table, the cost lines.

The JSON is the record of a run: the settings, every run with what was said, called and saved,
every score with its reasons, a per-scenario summary and the token counts from the API's usage
fields. `--compare` reads two of them; the HTML report is drawn from the same data.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.atomic import write_text_atomic
from app.core.errors import UserFacingError
from app.eval.record import RunRecord, add_usage, empty_usage

if TYPE_CHECKING:
    from app.eval.runner import Outcome

FORMAT = "voice-dev-agent-eval/1"
ALL = "(all scores)"


class ReportError(UserFacingError):
    """A report file that cannot be read for --compare."""


def build(outcome: Outcome, *, base_url: str = "") -> dict[str, Any]:
    scenarios = [
        {
            "name": s.name,
            "title": s.title,
            "description": s.description,
            "scores": [{"name": c.name, "description": c.description, "session": c.session} for c in s.scores],
        }
        for s in outcome.scenarios
    ]
    order = {s.name: i for i, s in enumerate(outcome.scenarios)}
    runs = [r.to_dict() for r in sorted(outcome.runs, key=lambda r: (order.get(r.scenario, len(order)), r.run))]
    return {
        "format": FORMAT,
        "model": outcome.model,
        "effort": outcome.effort,
        "api": base_url or "Anthropic API",
        "runs_per_scenario": outcome.runs_per_scenario,
        "started_at": outcome.started_at.isoformat(timespec="seconds"),
        "finished_at": (outcome.finished_at or datetime.now().astimezone()).isoformat(timespec="seconds"),
        "interrupted": outcome.interrupted,
        "scenarios": scenarios,
        "summary": summarise(scenarios, outcome.runs),
        "usage": outcome.usage,
        "runs": runs,
    }


def summarise(scenarios: list[dict[str, Any]], runs: list[RunRecord]) -> dict[str, Any]:
    """Per scenario: runs recorded, scored, failed; per score how many scored runs passed it; tokens."""
    summary: dict[str, Any] = {}
    for scenario in scenarios:
        mine = [r for r in runs if r.scenario == scenario["name"] and r.status != "interrupted"]
        scored = [r for r in mine if r.status == "scored"]
        usage = empty_usage()
        for run in mine:
            add_usage(usage, run.usage)
        scores = {
            c["name"]: {"passed": sum(1 for r in scored for s in r.scores if s.name == c["name"] and s.passed),
                        "of": len(scored)}
            for c in scenario["scores"]
        }  # fmt: skip
        summary[scenario["name"]] = {
            "runs": len(mine),
            "scored": len(scored),
            "errors": sum(1 for r in mine if r.status == "error"),
            "passed_all": sum(1 for r in scored if r.passed),
            "scores": scores,
            "usage": usage,
        }
    return summary


def save(report: dict[str, Any], out_dir: Path, html_text: str) -> tuple[Path, Path]:
    """Write eval-<time>.json and .html into `out_dir`; each file appears whole or not at all."""
    stamp = datetime.fromisoformat(report["started_at"]).strftime("%Y%m%d-%H%M%S")
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, html_path = out_dir / f"eval-{stamp}.json", out_dir / f"eval-{stamp}.html"
    write_text_atomic(json_path, json.dumps(report, indent=2, ensure_ascii=False) + "\n", mode=0o644)
    write_text_atomic(html_path, html_text, mode=0o644)
    return json_path, html_path


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReportError(f"Cannot read the report {path} ({exc.strerror or exc}).") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise ReportError(f"{path} is not a JSON eval report ({exc}).") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("summary"), dict):
        raise ReportError(f"{path} is not an eval report of this app (expected format {FORMAT}).")
    return data


# -- text -----------------------------------------------------------------------------------------


def table(report: dict[str, Any]) -> str:
    """Per scenario: how many runs passed every score, then each score; then the failed runs."""
    rows: list[tuple[str, str, str]] = []
    for name, entry in report["summary"].items():
        rows.append((name, ALL, _fraction(entry["passed_all"], entry["scored"])))
        rows += [("", score, _fraction(c["passed"], c["of"])) for score, c in entry["scores"].items()]
        if entry["errors"]:
            rows.append(("", "runs failed (not scored)", f"{entry['errors']}/{entry['runs']}"))
    lines = [_columns(("scenario", "score", "passed"), rows)]
    failed = [r for r in report["runs"] if r["status"] != "scored"]
    for run in failed:
        lines.append(f"{run['scenario']} run {run['run']} {run['status']}: {run['error']}")
    if report.get("interrupted"):
        lines.append("Interrupted with Ctrl+C: the report holds the runs that finished.")
    return "\n".join(lines)


def cost_lines(report: dict[str, Any]) -> str:
    """Tokens per scenario and in total, from the API's usage fields."""
    rows = [(name, *_usage_cells(entry["usage"])) for name, entry in report["summary"].items()]
    rows.append(("total", *_usage_cells(report["usage"])))
    return _columns(("tokens", "input", "cache read", "cache write", "output"), rows, right_from=1)


def failure_reasons(report: dict[str, Any]) -> str:
    """Each failed score of each run with its reasons, for the terminal."""
    lines: list[str] = []
    for run in report["runs"]:
        for score in run.get("scores", []):
            if not score["passed"]:
                lines.append(f"{run['scenario']} run {run['run']} {score['name']}: " + "; ".join(score["reasons"]))
    return "\n".join(lines)


def compare(a: dict[str, Any], b: dict[str, Any], *, a_name: str = "A", b_name: str = "B") -> str:
    """Per scenario and score: the pass counts of two reports and the change in percentage points."""
    head = [f"{tag}: {name} ({_setting(data)})" for tag, name, data in (("A", a_name, a), ("B", b_name, b))]
    rows: list[tuple[str, ...]] = []
    names = list(dict.fromkeys([*a["summary"], *b["summary"]]))
    for name in names:
        left, right = a["summary"].get(name), b["summary"].get(name)
        rows.append((name, ALL, *_pair(left, right, None)))
        scores = list(dict.fromkeys([*(left or {}).get("scores", {}), *(right or {}).get("scores", {})]))
        rows += [("", score, *_pair(left, right, score)) for score in scores]
    ta, tb = sum(a["usage"].values()), sum(b["usage"].values())
    change = f"{round(100 * (tb - ta) / ta):+d}%" if ta else ""
    rows.append(("total", "tokens", f"{ta:,}", f"{tb:,}", change))
    return "\n".join([*head, "", _columns(("scenario", "score", "A", "B", "change"), rows, right_from=2)])


def _setting(data: dict[str, Any]) -> str:
    runs = int(data.get("runs_per_scenario") or 0)
    return f"model {data.get('model')}, effort {data.get('effort')}, {runs} run{'' if runs == 1 else 's'} per scenario"


def _pair(left: dict[str, Any] | None, right: dict[str, Any] | None, score: str | None) -> tuple[str, str, str]:
    def counts(entry: dict[str, Any] | None) -> tuple[int, int] | None:
        if entry is None:
            return None
        if score is None:
            return entry["passed_all"], entry["scored"]
        found = entry["scores"].get(score)
        return (found["passed"], found["of"]) if found else None

    ca, cb = counts(left), counts(right)
    change = ""
    if ca and cb and ca[1] and cb[1]:
        points = round(100 * (cb[0] / cb[1] - ca[0] / ca[1]))
        change = f"{points:+d} pts" if points else "same"
    show = lambda c: "-" if c is None else _fraction(*c)  # noqa: E731
    return show(ca), show(cb), change


def _fraction(passed: int, of: int) -> str:
    return f"{passed}/{of} ({round(100 * passed / of)}%)" if of else "0/0"


def _usage_cells(usage: dict[str, int]) -> tuple[str, str, str, str]:
    return (
        f"{usage.get('input_tokens', 0):,}",
        f"{usage.get('cache_read_input_tokens', 0):,}",
        f"{usage.get('cache_creation_input_tokens', 0):,}",
        f"{usage.get('output_tokens', 0):,}",
    )


def _columns(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], *, right_from: int = 99) -> str:
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]

    def line(row: tuple[str, ...]) -> str:
        cells = [
            str(c).rjust(w) if i >= right_from else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    return "\n".join([line(header), *(line(r) for r in rows)])
