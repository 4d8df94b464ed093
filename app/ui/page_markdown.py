"""The model's Markdown bounded so that Qt lays out any page quickly, whatever its shape.

Qt's Markdown import and layout cost grows faster than the text for a few shapes
(measured on Qt 6.11 with `python -m app bench --panel`): lines styled one by one, table cells (a 3,000-row
table took seconds), items of one list (quadratic: 12,000 items took 10 s), inline
formats (code spans, emphasis, links: 15,000 took about 1 s) and unbreakable runs
of characters (one 60,000-character word took 1 s, 10 s with formats inside).
Text is cheap in a code block, so whatever passes a budget is shown there, as
plain text, with a note: nothing the model sent is hidden, and Copy still takes
the page as it was sent. No Qt here: this is text in, text out.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from app.core.ui_text import QT_TRANSLATE_NOOP

TABLE_CELLS = 400  # cells rendered as tables, over the whole page
TABLE_COLUMNS = 24  # a wider table reads better as text, and costs less
LIST_ITEMS = 500  # list items over the whole page
INLINE_MARKS = 3_000  # `, *, _, ~ and [ outside code blocks: each pair is one format run
BLOCKS = 3_000  # lines outside code blocks (headings, paragraphs...): each is styled and laid out apart
LONG_RUN = 1_000  # characters without a break opportunity before one is added
ZERO_WIDTH_SPACE = "\u200b"

REST_AS_TEXT = QT_TRANSLATE_NOOP(
    "page_markdown", "_The rest of this page is long, so it is shown as plain text below (Copy takes the whole page)._"
)

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_QUOTE_PREFIX = re.compile(r"^(?: {0,3}>)+ ?")
_DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_INLINE_MARK = re.compile(r"[`*_~\[]")
_LONG_RUN = re.compile(r"\S{" + str(LONG_RUN + 1) + ",}")
_BACKTICKS_AT_START = re.compile(r"^ *(`+)", re.MULTILINE)


def bound_markdown(markdown: str) -> str:
    """The page as Qt should see it: the same Markdown up to the first budget passed, the rest as text."""
    lines = markdown.split("\n")
    out: list[str] = []
    cells, items, marks, blocks = TABLE_CELLS, LIST_ITEMS, INLINE_MARKS, BLOCKS
    fence = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if fence:
            out.append(line)
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = ""
            i += 1
            continue
        opening = _FENCE.match(line)
        if opening:
            fence = opening.group(1)
            out.append(line)
            i += 1
            continue
        content = _QUOTE_PREFIX.sub("", line)
        if "|" in content and i + 1 < len(lines) and _is_delimiter_row(_QUOTE_PREFIX.sub("", lines[i + 1])):
            end = _table_end(lines, i + 2)
            columns = _count_cells(content)
            fitting = min(end - i - 1, cells // columns) if columns <= TABLE_COLUMNS else 0
            if fitting < 2:  # not even the header and one row: all of it as text
                return _with_rest_as_text(out, lines[i:])
            table = lines[i : i + 1 + fitting]  # header, delimiter row and the rows that fit
            marks -= sum(_marks(row) for row in table)
            if marks < 0:
                return _with_rest_as_text(out, lines[i:])
            cells -= columns * fitting
            out.extend(_break_long_runs(row) for row in table)
            if i + 1 + fitting < end:
                return _with_rest_as_text(out, lines[i + 1 + fitting :])
            i = end
            continue
        if _LIST_ITEM.match(content):
            items -= 1
        marks -= _marks(content)
        blocks -= 1 if line.strip() else 0
        if items < 0 or marks < 0 or blocks < 0:
            return _with_rest_as_text(out, lines[i:])
        out.append(_break_long_runs(line))
        i += 1
    return "\n".join(out)


def separate_tables_from_code(markdown: str) -> str:
    """Put an invisible paragraph between a code block and a table right after it.

    Qt's Markdown import (6.11) merges the first header cell of such a table with the
    code block's end: the cell loses its bold and gains an empty line.
    """
    lines = markdown.split("\n")
    out: list[str] = []
    fence = ""
    for i, line in enumerate(lines):
        out.append(line)
        stripped = line.strip()
        if not fence and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence and stripped.startswith(fence):
            fence = ""
            following = next((later for later in lines[i + 1 :] if later.strip()), "")
            if following.lstrip().startswith("|"):
                out.extend(["", ZERO_WIDTH_SPACE])
    return "\n".join(out)


def _is_delimiter_row(line: str) -> bool:
    return "-" in line and _DELIMITER_ROW.match(line) is not None


def _table_end(lines: list[str], start: int) -> int:
    # A table runs to the first blank line or the start of a code block.
    end = start
    while end < len(lines) and lines[end].strip() and not _FENCE.match(lines[end]):
        end += 1
    return end


def _count_cells(row: str) -> int:
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return max(1, len(re.split(r"(?<!\\)\|", inner)))


def _marks(line: str) -> int:
    return len(_INLINE_MARK.findall(line))


def _break_long_runs(line: str) -> str:
    # Qt lays out one unbreakable word in time that grows with its length squared; a
    # zero-width space lets it wrap there without showing anything.
    if len(line) <= LONG_RUN:
        return line
    return _LONG_RUN.sub(
        lambda m: ZERO_WIDTH_SPACE.join(m.group(0)[k : k + LONG_RUN] for k in range(0, len(m.group(0)), LONG_RUN)),
        line,
    )


def _with_rest_as_text(done: list[str], rest: list[str]) -> str:
    text = "\n".join(rest)
    # A fence longer than any backtick run that opens a line inside keeps the text in one block.
    longest = max((len(run) for run in _BACKTICKS_AT_START.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return "\n".join(
        [*done, "", QCoreApplication.translate("page_markdown", REST_AS_TEXT), "", fence + "text", text, fence, ""]
    )
