"""The panel's Markdown budget: cheap pages pass unchanged, costly ones keep every word, as text past the budget."""

from __future__ import annotations

from app.ui import page_markdown
from app.ui.page_markdown import REST_AS_TEXT, ZERO_WIDTH_SPACE, bound_markdown


def _visible(markdown: str) -> str:
    return markdown.replace(ZERO_WIDTH_SPACE, "")


def test_an_ordinary_page_passes_unchanged() -> None:
    page = "# Build\n\n- one\n- two\n\n```python\nx = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nDone *now*.\n"
    assert bound_markdown(page) == page


def test_a_huge_table_keeps_its_first_rows_as_a_table_and_the_rest_as_text() -> None:
    rows = [f"| r{n} | y |" for n in range(3000)]
    page = "\n".join(["| a | b |", "|---|---|", *rows, "", "Summary after the table."])
    bounded = bound_markdown(page)
    head, rest = bounded.split(REST_AS_TEXT)
    assert head.count("\n| r") == page_markdown.TABLE_CELLS // 2 - 1
    assert rest.lstrip().startswith("```text") and rest.rstrip().endswith("```")
    for line in (*rows, "Summary after the table."):
        assert line in bounded


def test_code_fences_inside_the_rest_cannot_end_its_text_block() -> None:
    page = "- x\n" * (page_markdown.LIST_ITEMS + 5) + "````\ncode\n````\n\nafter\n"
    bounded = bound_markdown(page)
    rest = bounded.split(REST_AS_TEXT)[1]
    assert rest.lstrip().startswith("`````text")  # longer than the four-backtick fence inside
    assert rest.rstrip().endswith("`````") and "after" in rest


def test_long_words_get_break_opportunities_but_read_the_same() -> None:
    word = "x" * 5000
    bounded = bound_markdown(f"see {word} and [a link](https://example.com/short)")
    assert ZERO_WIDTH_SPACE in bounded and _visible(bounded) == f"see {word} and [a link](https://example.com/short)"
    code = f"```\n{word}\n```"
    assert bound_markdown(code) == code  # code keeps its bytes


def test_inline_formats_and_lines_past_the_budget_become_text() -> None:
    spans = "`a` " * page_markdown.INLINE_MARKS
    assert REST_AS_TEXT in bound_markdown(spans)
    headings = "# h\n" * (page_markdown.BLOCKS + 1)
    bounded = bound_markdown(headings)
    assert bounded.split(REST_AS_TEXT)[0].count("# h") == page_markdown.BLOCKS
