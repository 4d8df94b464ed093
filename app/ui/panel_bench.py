"""`python -m app bench --panel`: how long the panel takes to show the costliest pages a model can send.

Each shape fills the show_on_screen cap (60,000 characters) with one construct that
Qt's Markdown import or layout handles slowly, or sits just under the panel's
budgets for all of them at once. Every page is shown after an earlier page, in a
visible panel, and timed until it is painted: what the GUI thread is busy for.
Runs offscreen when there is no display.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from app.core.agent.toolbox import SCREEN_TEXT_CAP
from app.ui import page_markdown


def _fill(unit: str, head: str = "", tail: str = "") -> str:
    return head + unit * ((SCREEN_TEXT_CAP - len(head) - len(tail)) // len(unit)) + tail


def _table(columns: int) -> str:
    head = "|" + "|".join(f"c{i}" for i in range(columns)) + "|\n|" + "---|" * columns + "\n"
    return _fill("|" + "|".join("x" for _ in range(columns)) + "|\n", head)


def _just_under_every_budget() -> str:
    # As many table cells, list items and inline formats as render formatted, then long text.
    rows = page_markdown.TABLE_CELLS // 4 - 1
    table = "| a | b | c | d |\n|---|---|---|---|\n" + "| x | y | z | w |\n" * rows
    items = "- item\n" * (page_markdown.LIST_ITEMS - 1)
    inline = "`a` " * ((page_markdown.INLINE_MARKS - 2) // 2) + "\n\n"
    page = f"# Mixed\n\n{table}\n{items}\n{inline}"
    return _fill("lorem ipsum dolor sit amet ", page)


SHAPES: dict[str, Callable[[], str]] = {
    "table 2 columns, many rows": lambda: _table(2),
    "table 6 columns, many rows": lambda: _table(6),
    "one row, many columns": lambda: "|" + "a|" * 4000 + "\n|" + "-|" * 4000 + "\n" + "|" + "b|" * 4000 + "\n",
    "one-column table rows": lambda: _fill("|b|\n", "|a|\n|-|\n"),
    "many tiny tables": lambda: _fill("|a|\n|-|\n|b|\n\n"),
    "one long list": lambda: _fill("1. x\n"),
    "deep nested list": lambda: "".join("  " * i + "- x\n" for i in range(200)),
    "deep quote": lambda: ">" * SCREEN_TEXT_CAP,
    "deep quote, long text": lambda: _fill("word ", ">" * 2000 + " "),
    "deep list, long text": lambda: _fill("word ", "".join("  " * i + "- x\n" for i in range(100)) + "  " * 100 + "- "),
    "long code block": lambda: _fill("print('hello, world')\n", "```python\n", "```\n"),
    "one long word": lambda: "x" * SCREEN_TEXT_CAP,
    "formats in one word": lambda: "*a" * (SCREEN_TEXT_CAP // 2),
    "many links": lambda: _fill("[l](https://example.com/a) "),
    "many reference links": lambda: _fill("[a] ", "", "\n\n[a]: https://example.com\n"),
    "many code spans": lambda: _fill("`a` "),
    "many headings": lambda: _fill("# h\n"),
    "CJK text, no spaces": lambda: "漢字" * (SCREEN_TEXT_CAP // 2),
    "one letter, many accents": lambda: "a" + "\u0301" * (SCREEN_TEXT_CAP - 1),
    "raw html": lambda: _fill("<b>x</b><a href='vscode://x'>y</a>\n"),
    "just under every budget": _just_under_every_budget,
}


def render_seconds(panel: Any, markdown: str) -> tuple[float, float]:
    """Wall and GUI-thread CPU seconds from handing the page to the panel until it is painted.

    An earlier page is shown first (the case that froze the panel). The CPU time is what
    the GUI thread itself spent: on a machine busy with other work it stays put while the
    wall time grows.
    """
    from PySide6.QtWidgets import QApplication

    from app.core.agent.events import ScreenContent

    panel.add_screen(ScreenContent("# Earlier page\n\nSomething shown before.", "Earlier"))
    QApplication.processEvents()
    started, cpu_started = time.perf_counter(), time.thread_time()
    panel.add_screen(ScreenContent(markdown, "Page"))
    QApplication.processEvents()
    panel.grab()
    return time.perf_counter() - started, time.thread_time() - cpu_started


def run_panel_bench(runs: int = 5, echo: bool = True) -> dict[str, Any]:
    if not os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.ui.panel import AnswerPanel

    app = QApplication.instance() or QApplication([])
    panel = AnswerPanel()
    results: dict[str, Any] = {}
    try:
        for name, make in SHAPES.items():
            markdown = make()
            measured = [render_seconds(panel, markdown) for _ in range(runs)]
            wall = statistics.median(m[0] for m in measured)
            cpu = statistics.median(m[1] for m in measured)
            results[name] = {"chars": len(markdown), "median_s": round(wall, 3), "median_cpu_s": round(cpu, 3)}
            if echo:
                print(f"panel: {name:28} {len(markdown):6,} chars  median {wall:.3f} s (GUI thread CPU {cpu:.3f} s)")
        worst = max(results, key=lambda n: results[n]["median_s"])
        results["worst"] = {"shape": worst, **results[worst]}
        if echo:
            print(
                f"panel: worst shape is '{worst}': {results[worst]['median_s']:.3f} s, "
                f"GUI thread CPU {results[worst]['median_cpu_s']:.3f} s (goal under 1 s)"
            )
    finally:
        panel.close()
        panel.deleteLater()
        app.processEvents()
    return results
