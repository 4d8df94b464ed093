"""How results look to the model: numbered lines, sizes, listings, snippets (the documented formats)."""

from __future__ import annotations

from app.core.memory.limits import VIEW_CAP

LINE_NUMBER_WIDTH = 6
MAX_LINES = 999_999


def split_lines(text: str) -> list[str]:
    """Lines split on LF only, without the empty tail a final newline leaves."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def numbered(lines: list[str], first: int) -> list[str]:
    return [f"{number:>{LINE_NUMBER_WIDTH}}\t{line}" for number, line in enumerate(lines, start=first)]


def human_size(size: int) -> str:
    """Sizes the way `du -h` shows them: 512B, 1.5K, 17K, 1.2M."""
    value = float(size)
    for unit in ("B", "K", "M", "G"):
        if value < 1024 or unit == "G":
            if unit == "B":
                return f"{int(value)}B"
            return f"{value:.1f}{unit}" if value < 10 else f"{round(value)}{unit}"
        value /= 1024
    raise AssertionError("unreachable")


def listing(path: str, root_size: int, items: list[tuple[str, int]]) -> str:
    """The documented directory view: a header, then size, a tab and the path of each item."""
    header = (
        f"Here're the files and directories up to 2 levels deep in {path}, excluding hidden items and node_modules:"
    )
    lines = [f"{human_size(root_size)}\t{path}", *(f"{human_size(size)}\t{item}" for item, size in items)]
    return "\n".join([header, *lines])


def file_view(path: str, lines: list[str], first: int, total: int) -> str:
    """The documented file view, cut at VIEW_CAP characters with a note saying how to see the rest."""
    header = f"Here's the content of {path} with line numbers:"
    out = [header]
    used = len(header)
    for index, line in enumerate(numbered(lines, first)):
        if used + 1 + len(line) > VIEW_CAP - 200:
            shown_last = first + index - 1
            room = VIEW_CAP - 200 - used - 1
            if index == 0 and room > 0:  # one line longer than the whole budget: show its start
                out.append(line[:room])
                shown_last = first
            out.append(
                f"[Output cut at {VIEW_CAP:,} characters: showing lines {first}-{shown_last} of {total}. "
                f"Use view_range to read from line {shown_last + 1}.]"
            )
            break
        out.append(line)
        used += 1 + len(line)
    return "\n".join(out)


def snippet(text: str, changed_line: int, changed_count: int = 1) -> str:
    """Numbered lines around an edit: two before, the changed ones, two after."""
    lines = split_lines(text)
    start = max(0, changed_line - 2)
    end = min(len(lines), changed_line + changed_count + 2)
    return "\n".join(numbered(lines[start:end], start + 1))


def quoted(text: str, limit: int = 300) -> str:
    """A model-supplied string echoed back in an error, shortened when long."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text):,} characters)"
