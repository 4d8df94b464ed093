"""The reports open: the JSON parses back, the HTML has a row per run with everything escaped."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.eval import html_report, report
from app.eval.runner import Outcome

pytestmark = pytest.mark.slow  # real sessions, git repositories and pytest runs: seconds each


class _Rows(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.runs: list[tuple[str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if tag == "tr" and found.get("class") == "run":
            self.runs.append((found.get("data-scenario") or "", found.get("data-run") or ""))


def test_json_and_html_reports_open(outcomes: dict[str, Outcome], tmp_path: Path) -> None:
    data = report.build(outcomes["careless"])
    json_path, html_path = report.save(data, tmp_path, html_report.render(data))
    loaded = report.load(json_path)
    assert loaded == json.loads(json.dumps(data))
    assert loaded["summary"]["s3-branch-state"]["scores"]["checked-first"] == {"passed": 0, "of": 1}
    parser = _Rows()
    parser.feed(html_path.read_text(encoding="utf-8"))
    assert sorted(parser.runs) == sorted((r.scenario, str(r.run)) for r in outcomes["careless"].runs)
    assert "script" not in parser.tags and "link" not in parser.tags  # self-contained: nothing loaded from outside
    page = html_path.read_text(encoding="utf-8")
    assert "always fails on CI" in page  # the reasons are in the page


def test_html_escapes_what_the_model_and_repository_said(outcomes: dict[str, Outcome]) -> None:
    data = copy.deepcopy(report.build(outcomes["careful"]))
    hostile = "<script>alert('x')</script>"
    first = data["runs"][0]
    first["sessions"][0]["turns"][0]["timeline"].append({"kind": "text", "text": hostile})
    first["sessions"][-1]["memory_after"] = {"/memories/<b>.md": hostile}
    first["scores"][0]["reasons"] = [hostile]
    page = html_report.render(data)
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "/memories/&lt;b&gt;.md" in page


def test_table_and_cost_lines(outcomes: dict[str, Outcome]) -> None:
    data = report.build(outcomes["careful"])
    table = report.table(data)
    assert "s2-moved-on" in table and "says-finished" in table and "1/1 (100%)" in table
    cost = report.cost_lines(data).splitlines()
    assert cost[0].split() == ["tokens", "input", "cache", "read", "cache", "write", "output"]
    total = cost[-1].split()
    assert total[0] == "total" and int(total[1].replace(",", "")) == data["usage"]["input_tokens"] > 0


def test_compare_shows_the_difference_per_score(outcomes: dict[str, Outcome]) -> None:
    careless, careful = report.build(outcomes["careless"]), report.build(outcomes["careful"])
    text = report.compare(careless, careful, a_name="careless.json", b_name="careful.json")
    lines = text.splitlines()
    assert lines[0].startswith("A: careless.json") and lines[1].startswith("B: careful.json")
    row = next(line for line in lines if "checked-first" in line)
    assert re.search(r"checked-first\s+0/1 \(0%\)\s+1/1 \(100%\)\s+\+100 pts$", row), row
    assert any(re.search(r"^s1-deleted-file\s+\(all scores\)\s+0/1 \(0%\)\s+1/1 \(100%\)", line) for line in lines)


def test_load_refuses_what_is_not_a_report(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(report.ReportError, match="not a JSON eval report"):
        report.load(bad)
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(report.ReportError, match="not an eval report"):
        report.load(other)
    with pytest.raises(report.ReportError, match="Cannot read"):
        report.load(tmp_path / "missing.json")
