"""The self-contained HTML report: a summary, then one row per scenario run with everything it did.

One file with its styles inline and no script, so it opens anywhere and can be attached to a
review. Every text in it came from a model, a repository or a scenario file and is escaped.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from app.eval.record import RunRecord
from app.eval.report import ALL

_STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.meta{color:#555;margin-bottom:16px}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #d0d0d5;padding:6px 8px;vertical-align:top;text-align:left}
th{background:#f2f2f5}td.num{text-align:right;white-space:nowrap}
table.runs{table-layout:fixed}table.runs td{overflow-wrap:anywhere}
.summary{max-width:1100px}small{color:#555}
.pass{color:#116329;font-weight:600}.fail{color:#a40e26;font-weight:600}.error{color:#8a4b00;font-weight:600}
.said{margin:4px 0 0}.said b{color:#444}.reply{margin:2px 0 8px 14px;white-space:pre-wrap}
.step{color:#555;font-style:italic}.session{font-weight:600;margin-top:6px}
code,pre{font:12px/1.4 ui-monospace,monospace}pre{white-space:pre-wrap;margin:2px 0;background:#f7f7f9;padding:4px}
ul{margin:2px 0;padding-left:18px}details summary{cursor:pointer;color:#333}
"""


def render(report: dict[str, Any]) -> str:
    title = f"Agent eval: {report.get('model', '')}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f'<div class="meta">{_e(_meta(report))}</div>',
        "<h2>Summary</h2>",
        _summary(report),
        "<h2>Runs</h2>",
        _runs(report),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _meta(report: dict[str, Any]) -> str:
    runs = int(report.get("runs_per_scenario") or 0)
    bits = [
        f"effort {report.get('effort')}",
        f"{runs} run{'' if runs == 1 else 's'} per scenario",
        f"API: {report.get('api')}",
        f"started {report.get('started_at')}",
        f"finished {report.get('finished_at')}",
    ]
    if report.get("interrupted"):
        bits.append("interrupted with Ctrl+C (partial report)")
    return " · ".join(str(b) for b in bits)


def _summary(report: dict[str, Any]) -> str:
    rows = ['<table class="summary"><tr><th>scenario</th><th>score</th><th>passed</th><th>input</th><th>cache read</th>'
            "<th>cache write</th><th>output</th></tr>"]  # fmt: skip
    descriptions = {(s["name"], c["name"]): c["description"] for s in report["scenarios"] for c in s["scores"]}
    for name, entry in report["summary"].items():
        usage = entry["usage"]
        span = len(entry["scores"]) + 1
        tokens = "".join(
            f'<td class="num" rowspan="{span}">{usage.get(k, 0):,}</td>'
            for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens", "output_tokens")
        )
        errors = f" · {entry['errors']} failed" if entry["errors"] else ""
        rows.append(
            f'<tr><td rowspan="{span}">{_e(name)}</td><td>{ALL}{_e(errors)}</td>'
            f'<td class="num">{_fraction(entry["passed_all"], entry["scored"])}</td>{tokens}</tr>'
        )
        for score, counts in entry["scores"].items():
            tip = descriptions.get((name, score), "")
            rows.append(
                f'<tr><td title="{_e(tip)}">{_e(score)}</td>'
                f'<td class="num">{_fraction(counts["passed"], counts["of"])}</td></tr>'
            )
    rows.append("</table>")
    return "\n".join(rows)


def _runs(report: dict[str, Any]) -> str:
    widths = (9, 3, 8, 28, 20, 16, 16)  # per cent; long paths and patterns wrap inside their cell
    heads = ("scenario", "run", "result", "what was said", "tool calls", "memory written", "scores")
    cols = "".join(f'<col style="width:{w}%">' for w in widths)
    rows = [f'<table class="runs">{cols}<tr>' + "".join(f"<th>{h}</th>" for h in heads) + "</tr>"]
    titles = {s["name"]: s.get("title", "") for s in report["scenarios"]}
    for run in report["runs"]:
        rows.append(
            f'<tr class="run" data-scenario="{_e(run["scenario"])}" data-run="{int(run["run"])}">'
            f"<td>{_e(run['scenario'])}<br><small>{_e(titles.get(run['scenario'], ''))}</small></td>"
            f'<td class="num">{int(run["run"])}</td>'
            f"<td>{_result(run)}</td><td>{_conversation(run)}</td><td>{_tools(run)}</td>"
            f"<td>{_memory(run)}</td><td>{_scores(run)}</td></tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def _result(run: dict[str, Any]) -> str:
    tokens = sum(run.get("usage", {}).values())
    tail = f"<br><small>{float(run.get('elapsed_seconds', 0)):.1f} s · {tokens:,} tokens</small>"
    if run["status"] != "scored":
        return f'<span class="error">{_e(run["status"])}</span><br>{_e(run.get("error", ""))}{tail}'
    scores = run.get("scores", [])
    passed = sum(1 for s in scores if s["passed"])
    css = "pass" if passed == len(scores) else "fail"
    return f'<span class="{css}">{passed}/{len(scores)} passed</span>{tail}'


def _conversation(run: dict[str, Any]) -> str:
    out: list[str] = []
    for session in run.get("sessions", []):
        out += [f'<div class="step">{_e(step)}</div>' for step in session.get("before", [])]
        out.append(f'<div class="session">{_e(session["name"])}</div>')
        if session.get("memory_block"):
            block = _e(session["memory_block"])
            out.append(f"<details><summary>memory shown at the start</summary><pre>{block}</pre></details>")
        for turn in session.get("turns", []):
            out.append(f'<div class="said"><b>Developer:</b> {_e(turn["said"])}</div>')
            answer = turn.get("failed") or _spoken(turn)
            css = "reply error" if turn.get("failed") else "reply"
            out.append(f'<div class="{css}">{_e(answer)}</div>')
    return "\n".join(out)


def _tools(run: dict[str, Any]) -> str:
    out: list[str] = []
    for session in run.get("sessions", []):
        calls = [(i, item) for i, turn in enumerate(session.get("turns", []), 1)
                 for item in turn.get("timeline", []) if item["kind"] == "tool"]  # fmt: skip
        if not calls:
            continue
        out.append(f'<div class="session">{_e(session["name"])}</div><ul>')
        for turn_number, call in calls:
            flag = ' <span class="fail">error</span>' if call.get("is_error") else ""
            summary = f"turn {turn_number}: {call['name']} {_arguments(call.get('input', {}))}"
            out.append(
                f"<li><details><summary><code>{_e(summary)}</code>{flag}</summary>"
                f"<pre>{_e(call.get('result', ''))}</pre></details></li>"
            )
        out.append("</ul>")
    return "\n".join(out) or "none"


def _memory(run: dict[str, Any]) -> str:
    out: list[str] = []
    for session in RunRecord.from_dict(run).sessions:
        saved, refused = session.saved_lines, session.refused_writes
        if not saved and not refused:
            continue
        out.append(f'<div class="session">{_e(session.name)}</div>')
        if saved:
            out.append("<ul>" + "".join(f"<li><code>{_e(line)}</code></li>" for line in saved) + "</ul>")
        for item in refused:
            out.append(f'<div class="fail">refused:</div><pre>{_e(item.get("result", ""))}</pre>')
    final = run["sessions"][-1].get("memory_after", {}) if run.get("sessions") else {}
    if final:
        files = "".join(f"<b>{_e(path)}</b><pre>{_e(text)}</pre>" for path, text in final.items())
        out.append(f"<details><summary>memory at the end</summary>{files}</details>")
    return "\n".join(out) or "nothing"


def _scores(run: dict[str, Any]) -> str:
    out = ["<ul>"]
    for score in run.get("scores", []):
        mark = '<span class="pass">pass</span>' if score["passed"] else '<span class="fail">fail</span>'
        reasons = "".join(f"<li>{_e(r)}</li>" for r in score.get("reasons", []))
        out.append(f'<li title="{_e(score["description"])}">{mark} {_e(score["name"])}'
                   f"{'<ul>' + reasons + '</ul>' if reasons else ''}</li>")  # fmt: skip
    out.append("</ul>")
    return "".join(out) if run.get("scores") else "not scored"


def _spoken(turn: dict[str, Any]) -> str:
    texts = [item["text"] for item in turn.get("timeline", []) if item["kind"] == "text"]
    return "\n".join(texts) if texts else turn.get("reply", "")


def _arguments(tool_input: dict[str, Any]) -> str:
    text = json.dumps(tool_input, ensure_ascii=False) if tool_input else ""
    return text if len(text) <= 160 else text[:159] + "…"


def _fraction(passed: int, of: int) -> str:
    return f"{passed}/{of}" if of else "–"


def _e(value: object) -> str:
    return escape(str(value), quote=True)
